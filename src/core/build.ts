import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ImageService } from "../assets/images.ts";
import { listPublicFiles } from "../assets/public-files.ts";
import { RasterPipeline, referencedText } from "../assets/raster.ts";
import { loadContent, type ContentIndex } from "../content/load.ts";
import { checkCrossReferences } from "../manifest/cross-references.ts";
import { loadManifest } from "../manifest/load.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import type { YamlSource } from "../manifest/yaml-source.ts";
import { buildAssets, scriptsFor, type SiteAssets } from "../output/assets.ts";
import { redirectsFile, robotsTxt, sitemapXml } from "../output/site-files.ts";
import { StagedOutput, type WrittenFiles } from "../output/write.ts";
import { createSiteContext } from "../render/page-model.ts";
import { loadTemplates, renderAlias, renderNotFound, renderRoute, type RenderedPage, type Templates } from "../render/render.tsx";
import { PpgError, PpgErrorList } from "./errors.ts";
import type { PageScan } from "../links/types.ts";
import { timed, type StageTimings } from "./timing.ts";

export interface BuildOptions {
  /** The site folder, holding site.yaml, content/ and public/. */
  root: string;
  /** Output folder, relative to root unless absolute. Default `dist`. */
  out?: string;
  /** false: render in memory only and return the pages (tests, dev mode). */
  write?: boolean;
  /** Overrides site.checkLinks. */
  checkLinks?: "error" | "warn" | "off";
}

export interface BuildResult {
  /** Every page written; with `write: false` each also carries its HTML. */
  pages: BuiltPage[];
  aliases: number;
  assets: number;
  outDir?: string;
  warnings: string[];
  timings: StageTimings;
  seconds: number;
}

/**
 * The whole pipeline: load → validate → load content → render → write → check links.
 * Every stage collects all the problems it can find before failing, and nothing touches the
 * output folder until everything has succeeded.
 */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(opts.root);
  const timings: StageTimings = {};
  const warnings: string[] = [];

  const site = await loadSite(root, timings);
  const { manifest, content, publicFiles, assets, raster } = site;
  for (const f of content.unused) warnings.push(`content/${f} is not used by any route in site.yaml`);

  const result: BuildResult = { pages: [], aliases: manifest.aliases?.length ?? 0, assets: publicFiles.size + 1 + assets.scripts.length, warnings, timings, seconds: 0 };
  if (opts.write === false) {
    result.pages = await timed(timings, "render", async () => renderPages(site));
  } else {
    const outDir = resolve(root, opts.out ?? "dist");
    const checkMode = opts.checkLinks ?? manifest.site.checkLinks ?? "error";
    const staged = await StagedOutput.create(outDir);
    // Each page is scanned for links as it is rendered, so the link check reads nothing back.
    const scans = checkMode === "off" ? undefined : new Map<string, PageScan>();
    const scanPage = scans && (await import("../links/extract.ts")).scanPage;
    const writer = staged.writer();
    try {
      // Each page goes to the writer as soon as it is rendered: the writes run on libuv's threads
      // while the next pages render, and memory stays flat however large the site.
      await timed(timings, "render", async () => {
        const errors: PpgError[] = [];
        for (const page of renderPageStream(site, {}, errors)) {
          result.pages.push({ route: page.route, file: page.file, kind: page.kind });
          scans?.set(page.file, scanPage!(page.html));
          await writer.add(page.file, page.html);
        }
        if (errors.length) throw new PpgErrorList(dedupe(errors));
      });
      await timed(timings, "write", async () => {
        for (const url of publicFiles) {
          const from = join(root, "public", decodeURI(url));
          if (scans && /\.html?$/i.test(url)) scans.set(url.slice(1), scanPage!(readFileSync(from, "utf8")));
          await writer.copy(from, url.slice(1));
        }
        for (const { file, content } of [
          { file: assets.css.url.slice(1), content: assets.css.content },
          ...assets.scripts.map((s) => ({ file: s.url.slice(1), content: s.content })),
          ...(await raster.files()),
          { file: "sitemap.xml", content: sitemapXml(manifest) },
          { file: "robots.txt", content: robotsTxt(manifest) },
          { file: "_redirects", content: redirectsFile(manifest) },
        ]) {
          await writer.add(file, content);
        }
        await writer.flush();
      });
      const written = [writer.files()];
      if (scans && checkMode !== "off") await timed(timings, "check", async () => checkOutput(staged.dir, written, checkMode, warnings, scans));
      await staged.commit(written);
    } catch (err) {
      await writer.flush().catch(() => {});
      await staged.discard();
      throw err;
    }
    result.outDir = outDir;
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export type BuiltPage = Omit<RenderedPage, "html"> & { html?: string };

/** Everything rendering needs, loaded and checked: build() renders it all once; dev mode keeps it and re-renders parts. */
export interface LoadedSite {
  root: string;
  manifest: Manifest;
  source: YamlSource;
  content: ContentIndex;
  publicFiles: Set<string>;
  assets: SiteAssets;
  templates: Templates;
  raster: RasterPipeline;
}

/**
 * The load, validate and content stages. `templates` lets dev mode load the templates through a
 * fresh module graph, so TSX edits take effect without restarting.
 */
export async function loadSite(root: string, timings: StageTimings = {}, opts: { templates?: () => Promise<Templates> } = {}): Promise<LoadedSite> {
  const { manifest, source } = await timed(timings, "load", () => loadManifest(root));
  await timed(timings, "validate", async () => {
    const problems = checkCrossReferences(manifest, source);
    if (problems.length) throw new PpgErrorList(problems);
  });
  const [content, publicFiles, assets, templates] = await timed(timings, "content", () =>
    Promise.all([loadContent(root, manifest, source), listPublicFiles(root), buildAssets(), (opts.templates ?? loadTemplates)()]),
  );
  // Photos are encoded (or taken from the cache) before rendering, which needs their sizes and variants.
  const raster = createRaster(root);
  await timed(timings, "content", () => raster.prepare(publicFiles, referencedText(manifest, content)));
  return { root, manifest, source, content, publicFiles, assets, templates, raster };
}

export function createRaster(root: string): RasterPipeline {
  return new RasterPipeline(join(root, "public"), join(root, ".ppguide-cache", "images"));
}

export interface RenderSelection {
  /** Default: every route. */
  routes?: Iterable<RouteEntry>;
  /** Default true: the redirect page of every alias. */
  aliases?: boolean;
  /** Default true: the 404 page. */
  notFound?: boolean;
}

/** The render stage, for all pages or some of them; throws every problem found at once. */
export function renderPages(site: LoadedSite, select: RenderSelection = {}): RenderedPage[] {
  const errors: PpgError[] = [];
  const rendered = [...renderPageStream(site, select, errors)];
  if (errors.length) throw new PpgErrorList(dedupe(errors));
  return rendered;
}

/**
 * Renders pages one at a time, so a build can write each page as soon as it exists instead of
 * holding the whole site in memory. Problems are pushed to `errors`; the caller fails once the
 * stream ends (a build then discards its staging folder).
 */
export function* renderPageStream(site: LoadedSite, select: RenderSelection, errors: PpgError[]): Generator<RenderedPage> {
  const { manifest, assets, templates } = site;
  const images = new ImageService(join(site.root, "public"), site.publicFiles, site.raster);
  const ctx = createSiteContext(manifest, site.content, images, (kind) => ({ css: assets.css.url, scripts: scriptsFor(kind, assets.scripts) }));
  for (const route of select.routes ?? manifest.routes) yield renderRoute(ctx, templates, route, errors);
  if (select.aliases !== false) for (const a of manifest.aliases ?? []) yield renderAlias(ctx, templates, a.from, a.to);
  if (select.notFound !== false) yield renderNotFound(ctx, templates);
  for (const src of images.missing) {
    errors.push(new PpgError("AssetMissing", `image '${src}' is not a file under public/`, { hint: "Add the file to public/ or fix the path in site.yaml or the listings file that names it." }));
  }
}

async function checkOutput(dir: string, written: WrittenFiles[], mode: "error" | "warn", warnings: string[], scans: ReadonlyMap<string, PageScan>): Promise<void> {
  const { checkLinks, formatText } = await import("../links/index.ts");
  const report = await checkLinks({ dir, files: written.flatMap((w) => w.produced), scans });
  if (report.problems.length === 0) return;
  const text = formatText(report);
  if (mode === "warn") {
    warnings.push(text);
    return;
  }
  throw new PpgError("BrokenLink", `the built site has broken internal links:\n${text.trimEnd()}`, {
    hint: "Fix the links, or set site.checkLinks to 'warn' in site.yaml while you work.",
  });
}

function dedupe(errors: PpgError[]): PpgError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = e.format();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
