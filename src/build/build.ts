import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { findPlaceholders } from "../check/placeholders.ts";
import { errorsOf, PpgError, PpgErrorList, reviveUserError, type PpgErrorData } from "../core/errors.ts";
import { whileInterruptible } from "../core/interrupt.ts";
import { timed, type StageTimings } from "../core/timing.ts";
import { checkLinks } from "../links/check.ts";
import type { LinkReport, PageScan } from "../links/types.ts";
import { extraFiles } from "../output/extra-files.ts";
import { OutputFolder } from "../output/output-folder.ts";
import { loadPageCache, PageCacheWriter, savePageCache } from "../output/page-cache.ts";
import { indexable, mainOf, SearchIndex, type IndexOutput } from "../output/search-index.ts";
import { redirectsFile, robotsTxt, sitemapXml } from "../output/site-files.ts";
import { removeStale, StageWriter, type StageSpec } from "../output/write.ts";
import { loadSite, type LoadedSite } from "../site/load-site.ts";
import { inSourceFiles } from "./link-sources.ts";
import { pageJobs, type PageJob } from "./page-keys.ts";
import { renderInputOf, type RenderInput } from "./page-renderer.ts";
import { renderJobs } from "./render-pool.ts";
import { dedupe, missingImageErrors, renderPages, type BuiltPage } from "./render-pages.ts";

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
  /** Render on a pool of worker threads, one per core. Default: from 300 pages to render (build/render-pool.ts). */
  workers?: boolean;
  /** Default true: render only the pages whose key changed since the served copy (output/page-cache.ts); false renders all. */
  cache?: boolean;
  /** Fail, writing nothing, while the site still holds placeholders (check/placeholders.ts). */
  strict?: boolean;
  /** Default true: write the full-text search index (/pagefind/) with the pages (output/search-index.ts). */
  searchIndex?: boolean;
  /** Build as of this day, YYYY-MM-DD (site/schedule.ts): default PPGUIDE_CLOCK, else today. */
  clock?: string;
}

export interface BuildResult {
  /** Every page written; with `write: false` each also carries its HTML. */
  pages: BuiltPage[];
  /** The route paths of the pages this build rendered (the others were linked from the served copy). */
  rendered?: string[];
  aliases: number;
  assets: number;
  outDir?: string;
  /** Located problems that do not fail the build (content no route uses, links under checkLinks: warn, listing data to look at). */
  warnings: PpgError[];
  /** Stand-ins still to replace before going live: listed by the CLI, fatal with `strict`. */
  placeholders: PpgError[];
  /** The next day on which the output will change with no edit (a page's publication or expiry day). */
  nextChange?: { date: string; why: string };
  timings: StageTimings;
  seconds: number;
}

/**
 * The whole pipeline: load (and validate) → check → key every page → render what changed (and
 * index for search) → write the rest → check links → commit (writeSite).
 * Every stage collects all the problems it can find before failing, and nothing is served until
 * everything has succeeded.
 */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(opts.root);
  const timings: StageTimings = {};
  if (opts.write === false) {
    const site = await loadSite(root, timings, { clock: opts.clock });
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
    folder = timed(timings, "open", () => OutputFolder.open(root, outDir, opts.force));
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
  const warnings = [...content.unused.map((f) => new PpgError("ContentUnused", { file: `content/${f}` }, { location: { file: `content/${f}`, line: 1, column: 1 } })), ...content.warnings];
  const placeholders = findPlaceholders(site);
  if (opts.strict && placeholders.length) throw new PpgErrorList(placeholders);
  return { pages: [], aliases: manifest.aliases?.length ?? 0, assets: publicFiles.size + 1 + assets.scripts.length, warnings, placeholders, nextChange: site.schedule.next, timings, seconds: 0 };
}

/**
 * The write path of build(): load, key every page, render the pages whose key changed into the
 * copy not served (linking the others from the served copy), add the rest of the site, check its
 * links, then serve it.
 */
async function writeSite(root: string, folder: OutputFolder, opts: BuildOptions, timings: StageTimings): Promise<BuildResult> {
  const site = await loadSite(root, timings, { clock: opts.clock });
  const done = checkLoaded(site, opts, timings);
  const checkMode = opts.checkLinks ?? site.manifest.site.checkLinks ?? "error";
  const spec: StageSpec = { target: folder.target, live: folder.live };
  const input = timed(timings, "keys", () => renderInputOf(site, spec, checkMode !== "off"));
  const jobs = timed(timings, "keys", () => pageJobs(input));
  done.pages = jobs.map(({ route, file, kind }) => ({ route, file, kind }));
  const own = new StageWriter(spec);
  // --no-cache makes the index again too, rather than link the served one.
  const search = opts.searchIndex === false ? undefined : await SearchIndex.create(site, opts.cache === false ? undefined : folder.live, jobs);
  // The threads return each page's <main> only when Pagefind is to be given the pages.
  input.search = search?.needsPages ?? false;
  try {
    const { changed, pages } = await timed(timings, "render", () => renderChanged(input, jobs, own, opts, search));
    done.rendered = changed.map((job) => job.route);
    const searchFiles = search ? await timed(timings, "index", () => search.files()) : { write: [], link: [] };
    const publicScans = await timed(timings, "write", () => writeTheRest(site, own, searchFiles, input.scan));
    const report = await timed(timings, "check", async () => {
      if (!input.scan) return undefined;
      const files = [...new Set([...own.produced, ...changed.map((job) => job.file)])];
      return checkLinks({ dir: spec.target, files, scans: new Map([...pages.scans, ...publicScans]) });
    });
    if (report?.problems.length) await reportBrokenLinks(inSourceFiles(report, site), checkMode, done.warnings);
    await timed(timings, "commit", async () => {
      await removeStale(folder.target, folder.listing, [own, { produced: changed.map((job) => job.file) }]);
      folder.commit();
      savePageCache(folder.target, pages.cache.finish());
    });
    return done;
  } catch (err) {
    // Nothing may still be writing when the lock is released.
    await own.flush().catch(() => {});
    throw err;
  } finally {
    await search?.dispose();
  }
}

/**
 * The pages whose key the page cache of the served copy does not hold are rendered (on the pool);
 * the others are linked from the served copy, with their recorded scans.
 */
async function renderChanged(input: RenderInput, jobs: PageJob[], own: StageWriter, opts: BuildOptions, search?: SearchIndex) {
  const live = input.spec.live;
  const cache = opts.cache === false || !live ? undefined : loadPageCache(live);
  const next = new PageCacheWriter();
  const scans: [string, PageScan][] = [];
  const changed: PageJob[] = [];
  const index = input.search ? inOrder(jobs, search!) : undefined;
  for (const job of jobs) {
    const old = cache?.reuse(job.file, job.key);
    if (!old || (input.scan && !old.scan)) {
      changed.push(job);
      continue;
    }
    await own.link(job.file, old.stat.ino);
    next.add(job.file, job.key, old.stat, old.scan);
    if (old.scan) scans.push([job.file, old.scan]);
    index?.(job, () => mainOf(readFileSync(join(live!, job.file), "utf8")));
  }
  // By batch, so that problems are reported in the order of the routes whatever thread found them.
  const errors: PpgError[][] = [];
  const missing = new Set<string>();
  await renderJobs(
    input,
    changed,
    (result, batch) => {
      errors[batch] = reviveAll(result.errors);
      for (const src of result.missing) missing.add(src);
      for (const { job, stat, scan, main } of result.pages) {
        next.add(job.file, job.key, stat, scan);
        if (scan) scans.push([job.file, scan]);
        index?.(job, () => main);
      }
    },
    opts.workers,
  );
  const all = errors.flat();
  all.push(...missingImageErrors(missing, all));
  if (all.length) throw new PpgErrorList(dedupe(all));
  return { changed, pages: { cache: next, scans } };
}

/**
 * Gives the index each page's <main> in the order of the routes, whatever order the threads
 * finish them in: Pagefind groups results into files by the order it was given them, and the
 * output must be the same bytes from build to build.
 */
function inOrder(jobs: PageJob[], search: SearchIndex): (job: PageJob, main: () => string | undefined) => void {
  // By file: a job comes back from a thread as a copy.
  const position = new Map(jobs.map((job, i) => [job.file, i]));
  const held: (string | null | undefined)[] = new Array(jobs.length);
  let next = 0;
  return (job, main) => {
    held[position.get(job.file)!] = indexable(job) ? (main() ?? null) : null;
    for (; next < jobs.length && held[next] !== undefined; next++) {
      const text = held[next];
      if (text !== null) search.addPage(jobs[next]!.route, text!);
    }
  };
}

function reviveAll(data: PpgErrorData[]): PpgError[] {
  return data.length ? errorsOf(reviveUserError(data)) : [];
}

/** Everything but the pages: public/, the bundles, images, sitemap, robots, feed, headers, redirects, the index. Returns public HTML's scans. */
async function writeTheRest(site: LoadedSite, own: StageWriter, searchFiles: IndexOutput, scan: boolean): Promise<[string, PageScan][]> {
  const { root, manifest, publicFiles, assets, raster } = site;
  const scans: [string, PageScan][] = [];
  const scanPage = scan ? (await import("../links/extract.ts")).scanPage : undefined;
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
  return scans;
}

function redirects(manifest: LoadedSite["manifest"]): { file: string; content: string }[] {
  const content = redirectsFile(manifest);
  return content === undefined ? [] : [{ file: "_redirects", content }];
}

/** Each broken link or anchor is its own located error, so the dev overlay can point at each. */
async function reportBrokenLinks(report: LinkReport, mode: "error" | "warn" | "off", warnings: PpgError[]): Promise<void> {
  const problems = report.problems.map(({ file, line, col, href, reason, suggestion }) =>
    new PpgError("BrokenLink", suggestion === undefined ? { href, reason } : { href, reason, suggestion }, { location: { file, line, column: col } }),
  );
  if (mode === "warn") warnings.push(...problems);
  else throw new PpgErrorList(problems);
}
