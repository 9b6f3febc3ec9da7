import { readFileSync } from "node:fs";
import { MarkdownCache } from "../content/markdown-cache.ts";
import { join, resolve } from "node:path";
import type { LinkReport, PageScan } from "../links/types.ts";
import { pageSink } from "../output/page-sink.ts";
import { extraFiles } from "../output/extra-files.ts";
import { redirectsFile, robotsTxt, sitemapXml } from "../output/site-files.ts";
import { saveRecord } from "../output/record.ts";
import { findPlaceholders } from "../check/placeholders.ts";
import { OutputFolder } from "../output/output-folder.ts";
import { removeStale, StageWriter, type StageSpec } from "../output/write.ts";
import { indexingSink, SearchIndex } from "../output/search-index.ts";
import { whileInterruptible } from "../core/interrupt.ts";
import { inSourceFiles } from "./link-sources.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { dedupe, renderPages, renderToOutput, type BuiltPage } from "./render-pages.ts";
import { loadSite, type LoadedSite } from "../site/load-site.ts";
import { timed, type StageTimings } from "../core/timing.ts";

export type { BuiltPage } from "./render-pages.ts";

export interface BuildOptions {
  /** The site folder, holding site.yaml, content/ and public/. */
  root: string;
  /** Output folder, relative to root unless absolute. Default `dist`. */
  out?: string;
  /** Replace an output folder that ppguide did not create (see output-folder.ts). */
  force?: boolean;
  /** false: render in memory only and return the pages (tests, dev mode). */
  write?: boolean;
  /** Overrides site.checkLinks. */
  checkLinks?: "error" | "warn" | "off";
  /**
   * Scan, compare and write pages on a worker thread. Default: from OUTPUT_THREAD_THRESHOLD routes.
   */
  workers?: boolean;
  /** Fail, writing nothing, while the site still holds placeholders (check/placeholders.ts). */
  strict?: boolean;
  /** Default true: write the full-text search index (/pagefind/) with the pages (output/search-index.ts). */
  searchIndex?: boolean;
}

export interface BuildResult {
  /** Every page written; with `write: false` each also carries its HTML. */
  pages: BuiltPage[];
  aliases: number;
  assets: number;
  outDir?: string;
  warnings: string[];
  /** Stand-ins still to replace before going live: listed by the CLI, fatal with `strict`. */
  placeholders: PpgError[];
  timings: StageTimings;
  seconds: number;
}

/**
 * The whole pipeline: load → validate → load content → render (and index for search) → write →
 * check links.
 * Every stage collects all the problems it can find before failing, and nothing touches the
 * output folder until everything has succeeded.
 */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(opts.root);
  const timings: StageTimings = {};
  if (opts.write === false) {
    const site = await loadSite(root, timings);
    const done = checkLoaded(site, opts, timings);
    done.pages = await timed(timings, "render", async () => renderPages(site));
    done.seconds = (performance.now() - started) / 1000;
    return done;
  }

  const outDir = resolve(root, opts.out ?? "dist");
  // Interrupted, the build lets go of the lock and its temporary link; the copy it was writing is
  // not served, so whatever it holds is simply brought up to date by the next build. The handlers
  // are in place before the lock is taken, so no signal can leave the lock behind.
  let folder: OutputFolder | undefined;
  return whileInterruptible(() => folder?.release(), async () => {
    folder = OutputFolder.open(root, outDir, opts.force);
    let done: BuildResult;
    try {
      done = await writeSite(root, folder, opts, timings);
    } finally {
      folder.release();
    }
    done.outDir = outDir;
    done.seconds = (performance.now() - started) / 1000;
    return done;
  });
}

/** What a loaded site tells before rendering: content no route uses, placeholders (fatal with `strict`). */
function checkLoaded(site: LoadedSite, opts: BuildOptions, timings: StageTimings): BuildResult {
  const { manifest, content, publicFiles, assets } = site;
  const warnings = content.unused.map((f) => `content/${f} is not used by any route in site.yaml`);
  const placeholders = findPlaceholders(site);
  if (opts.strict && placeholders.length) throw new PpgErrorList(placeholders);
  return { pages: [], aliases: manifest.aliases?.length ?? 0, assets: publicFiles.size + 1 + assets.scripts.length, warnings, placeholders, timings, seconds: 0 };
}

/** The write path of build(): load, render into the copy not served, check, then serve it. */
async function writeSite(root: string, folder: OutputFolder, opts: BuildOptions, timings: StageTimings): Promise<BuildResult> {
  const site = await loadSite(root, timings);
  const done = checkLoaded(site, opts, timings);
  const { manifest, publicFiles, assets, raster } = site;
  const checkMode = opts.checkLinks ?? manifest.site.checkLinks ?? "error";
  const spec: StageSpec = { target: folder.target, live: folder.live };
  // The index is given each page as it renders; its files go into the same copy.
  const search = opts.searchIndex === false ? undefined : await SearchIndex.create(site, folder.live);
  const sink = indexingSink(pageSink(spec, checkMode !== "off", manifest.routes.length, opts.workers), search);
  const markdown = new MarkdownCache(root);
  const own = new StageWriter(spec);
  try {
    done.pages = await timed(timings, "render", async () => {
      const rendered = await renderToOutput(site, {}, sink, markdown.render);
      if (rendered.errors.length) throw new PpgErrorList(dedupe(rendered.errors));
      return rendered.pages;
    });
    // Waits for Pagefind to finish the pages it was given, unless the served index will do.
    const searchFiles = search ? await timed(timings, "index", () => search.files()) : { write: [], link: [] };
    const scans: [string, PageScan][] = [];
    await timed(timings, "write", async () => {
      const scanPage = checkMode === "off" ? undefined : (await import("../links/extract.ts")).scanPage;
      for (const url of publicFiles) {
        const from = join(root, "public", decodeURI(url));
        if (scanPage && /\.html?$/i.test(url)) scans.push([url.slice(1), scanPage(readFileSync(from, "utf8"))]);
        await own.copy(from, url.slice(1));
      }
      for (const { file, content } of [
        { file: assets.css.url.slice(1), content: assets.css.content },
        ...assets.scripts.map((s) => ({ file: s.url.slice(1), content: s.content })),
        ...(await raster.files()),
        { file: "sitemap.xml", content: sitemapXml(manifest) },
        { file: "robots.txt", content: robotsTxt(manifest) },
        ...(await extraFiles(site)),
        ...redirects(manifest),
        ...searchFiles.write,
      ]) {
        await own.add(file, content);
      }
      for (const file of searchFiles.link) await own.link(file);
      await own.flush();
    });
    const { written, report, record } = await timed(timings, "check", () => sink.finish({ files: own.produced, scans, check: checkMode !== "off" }));
    if (report?.problems.length) await reportBrokenLinks(inSourceFiles(report, site), checkMode, done.warnings);
    await removeStale(folder.target, folder.listing, [written, own]);
    folder.commit();
    saveRecord(folder.target, record);
    markdown.save();
    return done;
  } catch (err) {
    // Nothing may still be writing when the lock is released.
    await sink.cancel();
    await own.flush().catch(() => {});
    throw err;
  } finally {
    await search?.dispose();
  }
}

function redirects(manifest: LoadedSite["manifest"]): { file: string; content: string }[] {
  const content = redirectsFile(manifest);
  return content === undefined ? [] : [{ file: "_redirects", content }];
}

/** Each broken link or anchor is its own located error, so the dev overlay can point at each. */
async function reportBrokenLinks(report: LinkReport, mode: "error" | "warn" | "off", warnings: string[]): Promise<void> {
  if (mode === "warn") {
    const { formatText } = await import("../links/report.ts");
    warnings.push(formatText(report));
    return;
  }
  throw new PpgErrorList(
    report.problems.map(({ file, line, col, href, reason, suggestion }) =>
      new PpgError("BrokenLink", suggestion === undefined ? { href, reason } : { href, reason, suggestion }, { location: { file, line, column: col } }),
    ),
  );
}
