import { lstatSync, realpathSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { listPublicFiles } from "../assets/public-files.ts";
import { RasterPipeline, referencedTexts } from "../assets/raster.ts";
import { ShareImages } from "../assets/share-images.ts";
import { CacheWarnings } from "../assets/image-cache.ts";
import { factDatesAfter } from "../content/fact-figures.ts";
import { loadContent, type ContentIndex } from "../content/load.ts";
import { validateAgainstSchema } from "../manifest/schema.ts";
import type { Manifest } from "../manifest/types.ts";
import { parseYamlSource, type YamlSource } from "../manifest/yaml-source.ts";
import { readSourceText } from "../core/source-text.ts";
import { buildAssets, type SiteAssets } from "../assets/bundles.ts";
import type { Templates } from "../render/model.ts";
import { errorsOf, isUserError, PpgError, PpgErrorList } from "../core/errors.ts";
import { CACHE_FOLDER, cacheRoot, siteCache } from "../core/disk-cache.ts";
import { isInside, realish } from "../core/site-folder.ts";
import { missingImages } from "../assets/image-references.ts";
import { checkCrossReferences, checkOutputNames } from "../manifest/cross-references.ts";
import { locateImageErrors } from "./locate-images.ts";
import { applySchedule, resolveClock, type Schedule } from "./schedule.ts";

/**
 * Loading a site: site.yaml found, read and checked against the schema and for cross-references;
 * then content/, public/, the bundles, the templates and the images; then the schedule.
 */

export const MANIFEST_FILE = "site.yaml";

export interface LoadedManifest {
  manifest: Manifest;
  source: YamlSource;
}

/** A site folder known to hold a site.yaml file: what findManifest gives, and loading starts from. */
export interface FoundSite {
  readonly root: string;
}

/**
 * Throws unless `root` holds a site.yaml file: the first thing a command checks, before it makes
 * anything (once: a build in a folder without one left dist.ppguide/ behind, and a mistyped
 * --root made the whole missing chain of folders).
 */
export function findManifest(root: string): FoundSite {
  const info = statSync(join(root, MANIFEST_FILE), { throwIfNoEntry: false });
  if (!info) throw new PpgError("ManifestMissing", { file: MANIFEST_FILE, root });
  if (info.isDirectory())
    throw new PpgError(
      "SourceIsFolder",
      { file: MANIFEST_FILE },
      {
        hint:
          `Put the site's manifest in ${join(root, MANIFEST_FILE)} ` +
          `as a file, or pass --root DIR for the folder that holds it.`,
      },
    );
  return { root };
}

/** The site found, or the folder to find it in. */
export function found(site: FoundSite | string): FoundSite {
  return typeof site === "string" ? findManifest(site) : site;
}

/**
 * Reads site.yaml and checks it against the schema and for cross-references; throws a
 * PpgErrorList naming every problem.
 * Not cached by its text: that saved too little to earn a cache (docs/performance.md, YAML).
 */
export async function loadManifest(site: FoundSite | string): Promise<LoadedManifest> {
  const loaded = parseManifest(readSourceText(found(site).root, MANIFEST_FILE));
  const problems = checkCrossReferences(loaded.manifest, loaded.source);
  if (problems.length) throw new PpgErrorList(problems);
  return loaded;
}

export function parseManifest(text: string, file = MANIFEST_FILE): LoadedManifest {
  const source = parseYamlSource(text, file);
  const problems = validateAgainstSchema(source, "site", "ManifestInvalid");
  if (problems.length) throw new PpgErrorList(problems);
  return { manifest: source.data as Manifest, source };
}

/**
 * Everything rendering needs, loaded and checked: build() renders it all once; dev mode keeps it and re-renders parts.
 */
export interface LoadedSite {
  root: string;
  manifest: Manifest;
  source: YamlSource;
  content: ContentIndex;
  publicFiles: Set<string>;
  assets: SiteAssets;
  templates: Templates;
  raster: RasterPipeline;
  /** Raster og:image and structured-data images of each page's image. */
  share: ShareImages;
  /** The day the site is built as of, what it leaves out that day, and the next day that changes. */
  schedule: Schedule;
  /** The image cache's damaged entries found so far, each made again (assets/image-cache.ts). */
  cacheWarnings: CacheWarnings;
}

export interface LoadOptions {
  /** Lets dev mode load the templates through a fresh module graph, so TSX edits take effect without restarting. */
  templates?: () => Promise<Templates>;
  /** Build as of this day (YYYY-MM-DD); default PPGUIDE_CLOCK, else today (schedule.ts). */
  clock?: string;
  /** "hide" (build): unpublished pages are left out; "show" (dev): kept, with a banner. */
  drafts?: "hide" | "show";
  /** A folder for the image cache instead of the site's .ppguide-cache/ (--verify's clean build: an empty one). */
  caches?: string;
}

/**
 * site.yaml, then content/, public/, the stylesheet and scripts, the templates and the images,
 * then the schedule: what is published on the clock's day. `site`: found by findManifest, or the
 * folder to find it in.
 */
export async function loadSite(site: FoundSite | string, opts: LoadOptions = {}): Promise<LoadedSite> {
  const { root } = found(site);
  const clock = resolveClock(opts.clock);
  checkCacheFolders(root);
  const loaded = await loadManifest({ root });
  const [allContent, publicFiles, assets, templates] = await Promise.all([
    loadContent(root, loaded.manifest, loaded.source),
    listPublicFiles(root),
    buildAssets(),
    (opts.templates ?? loadTemplates)(),
  ]);
  // Every page is checked, drafts too; only what is published today goes on to the later stages.
  const { manifest, source, content, schedule, errors } = applySchedule(loaded.manifest, loaded.source, allContent, {
    clock,
    drafts: opts.drafts ?? "hide",
  });
  checkNames({ manifest, source, content, publicFiles, schedule }, errors);
  // Photos are encoded (or taken from the cache) before rendering, which needs their sizes and variants.
  const cacheWarnings = new CacheWarnings(root);
  const raster = createRaster(root, cacheWarnings, opts.caches);
  const share = createShareImages(root, cacheWarnings, opts.caches);
  await prepareImages({ root, source, content }, [
    raster.prepare(publicFiles, referencedTexts(manifest, content)),
    share.prepare(manifest, publicFiles),
  ]);
  return { root, manifest, source, content, publicFiles, assets, templates, raster, share, schedule, cacheWarnings };
}

/**
 * What the manifest and listings name that the loaded files must have: each image a file of
 * public/, each path short enough to be a file name. Dev mode runs it after every reload too.
 */
export function checkNames(
  site: Pick<LoadedSite, "manifest" | "source" | "content" | "publicFiles"> & Partial<Pick<LoadedSite, "schedule">>,
  found: PpgError[] = [],
): void {
  const { manifest, source, content, publicFiles } = site;
  const missing = [
    ...found,
    // A fact dated after the clock's day: no page can have stated it yet.
    ...(site.schedule ? factDatesAfter(manifest.facts, (p) => source.locate(p), site.schedule.clock) : []),
    ...checkOutputNames(manifest, source),
    ...[source, ...content.listingSources.values()].flatMap((s) => missingImages(s, publicFiles)),
  ];
  if (missing.length) throw new PpgErrorList(missing);
}

/**
 * Waits for the image pipelines' preparations; a picture sharp cannot read is thrown located where
 * the site names it (locate-images.ts), every such picture at once.
 */
export async function prepareImages(
  site: Pick<LoadedSite, "root" | "source" | "content">,
  work: Promise<void>[],
): Promise<void> {
  const failed = (await Promise.allSettled(work)).flatMap((r) =>
    r.status === "rejected" ? [r.reason as unknown] : [],
  );
  if (failed.length === 0) return;
  const located = failed.map((err) => locateImageErrors(err, site));
  const other = located.find((err) => !isUserError(err));
  if (other !== undefined) throw other;
  // A photo is both encoded (raster.ts) and drawn for sharing (share-images.ts): one report each.
  const seen = new Set<unknown>();
  const errors = located
    .flatMap((err) => errorsOf(err as PpgError | PpgErrorList))
    .filter((e) => e.code !== "ImageUnreadable" || (!seen.has(e.data?.path) && seen.add(e.data?.path)));
  throw new PpgErrorList(errors);
}

/** ppguide's own templates (dev mode compiles them afresh after an edit: src/dev/templates.ts). */
export function loadTemplates(): Promise<Templates> {
  return import("../../templates/index.ts");
}

export function createRaster(root: string, warnings = new CacheWarnings(root), caches?: string): RasterPipeline {
  return new RasterPipeline(join(root, "public"), imageCacheDir(root, caches), warnings);
}

export function createShareImages(root: string, warnings = new CacheWarnings(root), caches?: string): ShareImages {
  return new ShareImages(join(root, "public"), imageCacheDir(root, caches), warnings);
}

/** The site's image cache, or `images` under the folder a build was given (--verify). */
function imageCacheDir(root: string, caches: string | undefined): string {
  return caches ? join(caches, "images") : siteCache(root, "images");
}

/**
 * The caches are ppguide's to write and evict, so they may not be where the sources are (a cache
 * in public/ would be published, one in content/ read as content, and eviction would delete
 * sources), and the site's image cache may not lead out of the site (once: 129 JPEGs written
 * wherever a linked .ppguide-cache pointed).
 */
function checkCacheFolders(root: string): void {
  const siteReal = realpathSync(root);
  const imageCache = siteCache(root);
  if (lstatSync(imageCache, { throwIfNoEntry: false })?.isSymbolicLink()) {
    let real: string | undefined;
    try {
      real = realpathSync(imageCache);
    } catch {
      // A dangling link: refused below as leading nowhere in the site.
    }
    if (!real || !isInside(real, siteReal)) {
      throw new PpgError(
        "CacheFolderRefused",
        { link: CACHE_FOLDER, ...(real === undefined ? {} : { real }) },
        {
          hint: "Delete the link; ppguide makes the folder itself.",
        },
      );
    }
  }
  const caches = realish(cacheRoot());
  for (const source of ["content", "public", "templates", "src"].map((f) => join(siteReal, f))) {
    if (isInside(caches, source)) {
      throw new PpgError(
        "CacheFolderRefused",
        { caches, folder: basename(source) },
        { hint: "Point PPGUIDE_CACHE_DIR at a folder outside content/, public/, templates/ and src/." },
      );
    }
  }
}
