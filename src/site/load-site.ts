import { lstatSync, realpathSync } from "node:fs";
import { basename, join } from "node:path";
import { listPublicFiles } from "../assets/public-files.ts";
import { manifestText, namedRasters, RASTER_EXTENSIONS, RasterPipeline } from "../assets/raster.ts";
import { ShareImages } from "../assets/share-images.ts";
import { CacheWarnings } from "../assets/image-cache.ts";
import { factDatesAfter } from "../content/fact-figures.ts";
import { checkPageDates } from "../content/page-dates.ts";
import { bodyAnswer, KeptMarkdown, type Stamps } from "../content/kept-markdown.ts";
import { loadContent, type ContentIndex } from "../content/load.ts";
import { digestJson } from "../core/digest.ts";
import { validateAgainstSchema } from "../manifest/schema.ts";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import { ROUTE_KINDS } from "../render/kinds/index.ts";
import { parseYamlSource } from "../manifest/yaml-source.ts";
import { answerOnce, checkedOnce, ParsedYaml } from "../manifest/parsed-yaml.ts";
import { publishedAnswer, type Answering } from "./published-answer.ts";
import { currentCode } from "../core/code-id.ts";
import type { YamlSource } from "../manifest/yaml-path.ts";
import { readSourceFile } from "../core/source-text.ts";
import { buildAssets, type SiteAssets } from "../assets/bundles.ts";
import type { Templates } from "../render/model.ts";
import { errorsOf, isUserError, PpgError, PpgErrorList, PROBLEMS_AS_DATA } from "../core/errors.ts";
import { CACHE_FOLDER, cacheRoot, siteCache } from "../core/disk-cache.ts";
import { isInside, realish } from "../core/site-folder.ts";
import { missingImages } from "../assets/image-references.ts";
import { checkCrossReferences, checkOutputNames } from "../manifest/cross-references.ts";
import { locateImageErrors } from "./locate-images.ts";
import { applySchedule, type Schedule } from "./schedule.ts";
import { currentDay } from "../core/clock.ts";
import { found, MANIFEST_FILE, type FoundSite } from "./find-site.ts";

/**
 * Loading a site: site.yaml found, read and checked against the schema and for cross-references;
 * then content/, public/, the bundles, the templates and the images; then the schedule.
 */

export interface LoadedManifest {
  manifest: Manifest;
  source: YamlSource;
}

/**
 * Reads site.yaml and checks it against the schema and for cross-references; throws a
 * PpgErrorList naming every problem.
 * Not cached by its text: that saved too little to earn a cache (docs/performance.md, YAML).
 */
export async function loadManifest(site: FoundSite | string, parsed?: ParsedYaml): Promise<LoadedManifest> {
  return checkManifest(readManifestText(found(site).root).text, parsed);
}

/**
 * site.yaml's text as every command reads it (build, dev, new): strict UTF-8, a leading byte-order mark dropped (and
 * said: `bom`), any line break YAML has (LF, CR LF, CR alone: yaml-source.ts) read as one.
 */
export function readManifestText(root: string): { text: string; bom: boolean } {
  return readSourceFile(root, MANIFEST_FILE);
}

/** site.yaml's text parsed and checked against the schema and for cross-references; throws every problem. */
export function checkManifest(text: string, parsed?: ParsedYaml): LoadedManifest {
  const loaded = parseManifest(text, MANIFEST_FILE, parsed);
  const problems = checkedOnce(parsed, text, "cross-references", () =>
    checkCrossReferences(loaded.manifest, loaded.source),
  );
  if (problems.length) throw new PpgErrorList(problems);
  return loaded;
}

export function parseManifest(text: string, file = MANIFEST_FILE, parsed?: ParsedYaml): LoadedManifest {
  const source = parseYamlSource(text, file, 0, parsed);
  const problems = checkedOnce(parsed, text, "site schema", () =>
    validateAgainstSchema(source, "site", "ManifestInvalid"),
  );
  if (problems.length) throw new PpgErrorList(problems);
  return { manifest: source.data as Manifest, source };
}

/** The site as read from its files, before the schedule left out what is not published on the clock's day. */
export interface SiteAsRead {
  manifest: Manifest;
  source: YamlSource;
  content: ContentIndex;
}

/**
 * Everything rendering needs, loaded and checked: build() renders it all once; dev mode keeps it and re-renders parts.
 * `manifest`, `source` and `content` are what is published on the clock's day (dev mode's: everything, the
 * unpublished pages marked for a banner); `read`, everything the files hold.
 */
export interface LoadedSite {
  root: string;
  read: SiteAsRead;
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
  /** The Markdown files as this load found them, for the next build: saved once this one succeeds. */
  kept?: KeptMarkdown;
  /**
   * The store of parsed YAML this load read (manifest/parsed-yaml.ts), which keeps what the scans of the site's
   * YAML texts answer (publishedAnswer); saved by the load, and again by a build once its checks have run.
   */
  parsed?: ParsedYaml;
}

export interface LoadOptions {
  /** Lets dev mode load the templates through a fresh module graph, so TSX edits take effect without restarting. */
  templates?: () => Promise<Templates>;
  /** Build as of this day, YYYY-MM-DD (checked by the CLI: cli/options.ts); default PPGUIDE_CLOCK, else today. */
  clock?: string;
  /** "hide" (build): unpublished pages are left out; "show" (dev): kept, with a banner. */
  drafts?: "hide" | "show";
  /** A folder for the image cache instead of the site's .ppguide-cache/ (--verify's clean build: an empty one). */
  caches?: string;
  /**
   * Called with site.yaml's data as soon as it is read and checked, before content/ loads (the build starts its
   * render threads then).
   */
  onManifest?: (manifest: Manifest) => void;
  /**
   * A build's stamps of the site's files, taken before it read any: a Markdown file whose stamp is as the last
   * build kept it is not read (content/kept-markdown.ts). None in dev mode, in memory and with --no-cache.
   */
  stamps?: Stamps;
  /**
   * Where the load puts the problems the stages after it can go on in spite of (GOES_ON), so that a build reports
   * them with what those stages find; without it (dev mode), they are thrown with the load's others.
   */
  deferred?: PpgError[];
}

/**
 * What a build can go on rendering and checking in spite of, and fail with at its end: an image the site names
 * that public/ lacks (a page is rendered without it, as dev mode shows one), a fact dated after the clock.
 */
const GOES_ON: ReadonlySet<string> = new Set(["AssetMissing", "FactDateFuture"]);

/**
 * site.yaml, then content/, public/, the stylesheet and scripts, the templates and the images,
 * then the schedule: what is published on the clock's day. `site`: found by findManifest, or the
 * folder to find it in.
 */
export async function loadSite(site: FoundSite | string, opts: LoadOptions = {}): Promise<LoadedSite> {
  const { root } = found(site);
  const clock = currentDay(opts.clock);
  checkCacheFolders(root);
  const parsed = ParsedYaml.open(cacheFile(root, opts.caches, "parsed-yaml"), currentCode());
  const kept =
    opts.stamps && KeptMarkdown.open(cacheFile(root, opts.caches, "markdown"), currentCode(), opts.stamps, parsed);
  const [loaded, allContent, publicFiles, assets, templates] = await readFiles(root, opts, parsed, kept);
  const read = { manifest: loaded.manifest, source: loaded.source, content: allContent };
  const scheduled = schedule(read, clock, opts.drafts);
  const { manifest, source, content } = scheduled.site;
  const answering = { parsed, read, schedule: scheduled.site.schedule };
  // Every route's images are files of public/, drafts' too, each at its own line of site.yaml.
  const problems = [
    ...scheduled.errors,
    ...nameProblems({ manifest, source, content, publicFiles }, read.source, answering),
  ];
  const photos = photosNamed(publicFiles, manifest, content, answering);
  // Only a load that read every text replaces the store: after a failed one, it still holds the texts
  // the failure kept this load from reaching.
  parsed.save();
  deferOrThrow(problems, opts.deferred);
  // Photos are encoded (or taken from the cache) before rendering, which needs their sizes and variants.
  const cacheWarnings = new CacheWarnings(root);
  const raster = createRaster(root, cacheWarnings, opts.caches);
  const share = createShareImages(root, cacheWarnings, opts.caches);
  await prepareImages({ root, source, content }, [
    raster.prepare(photos),
    share.prepare(manifest, publicFiles, schemaImages),
  ]).catch((err: unknown) => {
    // A picture that cannot be read is reported with the problems deferred above, not instead of them.
    throw problems.length && isUserError(err) ? new PpgErrorList([...problems, ...errorsOf(err)]) : err;
  });
  return { root, read, ...scheduled.site, publicFiles, assets, templates, raster, share, cacheWarnings, kept, parsed };
}

/**
 * The photos of public/ that site.yaml, a listings file or a Markdown file names, as written or URL-encoded, in
 * public/'s order. Each text's are kept with it while public/ has the same photos: site.yaml's and a listings
 * file's in the store of parsed YAML (publishedAnswer), a Markdown file's with the file (content/kept-markdown.ts).
 */
export function photosNamed(
  publicFiles: Iterable<string>,
  manifest: Manifest,
  content: Pick<ContentIndex, "markdown" | "listings" | "listingSources">,
  answering?: Answering,
): string[] {
  const photos = [...publicFiles].filter((f) => RASTER_EXTENSIONS.test(f));
  const context = digestJson(photos);
  const named = new Set(
    publishedAnswer(answering, "photos", context, () => namedRasters(photos, [manifestText(manifest)])),
  );
  const add = (found: readonly string[]) => {
    for (const photo of found) named.add(photo);
  };
  for (const [name, listings] of content.listings)
    add(
      answerOnce(answering?.parsed, content.listingSources.get(name)?.text, "photos", context, () =>
        namedRasters(photos, [JSON.stringify(listings)]),
      ),
    );
  for (const file of content.markdown.values())
    add(bodyAnswer(file, "photos", context, (body) => namedRasters(photos, [body, JSON.stringify(file.frontMatter)])));
  return photos.filter((f) => named.has(f));
}

/** site.yaml (its data given to `onManifest` at once), then content/, public/, the stylesheet, scripts, templates. */
async function readFiles(root: string, opts: LoadOptions, parsed: ParsedYaml, kept: KeptMarkdown | undefined) {
  const loaded = await loadManifest({ root }, parsed);
  opts.onManifest?.(loaded.manifest);
  const [content, others] = await contentBeside(
    loaded,
    loadContent(root, loaded.manifest, loaded.source, undefined, parsed, kept),
    Promise.all([listPublicFiles(root), buildAssets(), (opts.templates ?? loadTemplates)()]),
  );
  return [loaded, content, ...others] as const;
}

/**
 * content/ read beside public/ (`others`, public/'s files first), in the one order a load and a
 * reload (dev mode) both report: public/'s refusal (a link out of the site) first; else content/'s
 * problems with site.yaml's own names that public/ lacks, in one report, neither hiding the other.
 */
export async function contentBeside<T extends [Set<string>, ...unknown[]]>(
  loaded: Pick<SiteAsRead, "manifest" | "source">,
  content: Promise<ContentIndex>,
  others: Promise<T>,
): Promise<[ContentIndex, T]> {
  const [read, rest] = await Promise.allSettled([content, others]);
  if (rest.status === "rejected") throw rest.reason;
  if (read.status === "rejected") {
    if (!isUserError(read.reason)) throw read.reason;
    throw new PpgErrorList([
      ...errorsOf(read.reason),
      ...checkOutputNames(loaded.manifest, loaded.source),
      ...missingImages(loaded.source, rest.value[0]),
    ]);
  }
  return [read.value, rest.value];
}

/**
 * Every page is checked, drafts too; only what is published on the clock's day goes on to the later
 * stages (dev mode's `show`: every page, the others marked for a banner).
 */
export function schedule(
  read: SiteAsRead,
  clock: string,
  drafts: LoadOptions["drafts"] = "hide",
): { site: Pick<LoadedSite, "manifest" | "source" | "content" | "schedule">; errors: PpgError[] } {
  const { errors, ...site } = applySchedule(read.manifest, read.source, read.content, { clock, drafts });
  // A fact dated after the clock's day: no page can have stated it yet. A page dated before a fact it
  // shows is held to the facts up to that day (a later date is FactDateFuture's).
  errors.push(
    ...factDatesAfter(read.manifest.facts, (p) => read.source.locate(p), clock),
    ...checkPageDates(read.manifest, read.source, read.content, clock),
  );
  return { site, errors };
}

/** Whether a route's image is drawn in the structured-data ratios too: its kind's record says. */
export function schemaImages(route: RouteEntry): boolean {
  return ROUTE_KINDS[route.kind].schemaImages;
}

/**
 * What the manifest and listings name that the loaded files must have: each image a file of
 * public/, each path short enough to be a file name. Dev mode runs it after every reload too.
 */
export function checkNames(
  site: Pick<LoadedSite, "manifest" | "source" | "content" | "publicFiles">,
  found: PpgError[] = [],
  /** site.yaml whose images must be files: by default the site's; the load's names the unpublished routes' too. */
  images: YamlSource = site.source,
  deferred?: PpgError[],
): void {
  deferOrThrow([...found, ...nameProblems(site, images)], deferred);
}

/** `problems` kept in `deferred` when a later stage can go on in spite of each (GOES_ON), else thrown. */
function deferOrThrow(problems: PpgError[], deferred: PpgError[] | undefined): void {
  if (problems.some((p) => !deferred || !GOES_ON.has(p.code))) throw new PpgErrorList(problems);
  deferred?.push(...problems);
}

/**
 * What checkNames throws: each path too long for a file name, each image named that public/ lacks. A load's are
 * kept with site.yaml's text and each listings file's while public/ holds the same files (publishedAnswer).
 */
function nameProblems(
  site: Pick<LoadedSite, "manifest" | "source" | "content" | "publicFiles">,
  images: YamlSource,
  answering?: Answering,
): PpgError[] {
  const { manifest, source, content, publicFiles } = site;
  const context = answering ? digestJson([...publicFiles]) : "";
  return [
    ...publishedAnswer(
      answering,
      "names",
      context,
      () => [...checkOutputNames(manifest, source), ...missingImages(images, publicFiles)],
      PROBLEMS_AS_DATA,
    ),
    ...[...content.listingSources.values()].flatMap((s) =>
      answerOnce(
        answering?.parsed,
        s.text,
        "images named",
        context,
        () => missingImages(s, publicFiles),
        PROBLEMS_AS_DATA,
      ),
    ),
  ];
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
  return new RasterPipeline(join(root, "public"), cacheFile(root, caches, "images"), warnings);
}

export function createShareImages(root: string, warnings = new CacheWarnings(root), caches?: string): ShareImages {
  return new ShareImages(join(root, "public"), cacheFile(root, caches, "images"), warnings);
}

/**
 * A cache of the site's, `name` under the folder a build was given (--verify's clean build), else in the site's
 * cache folder: the images, the YAML texts as last parsed (manifest/parsed-yaml.ts), the Markdown files as last
 * loaded (content/kept-markdown.ts).
 */
function cacheFile(root: string, caches: string | undefined, name: "images" | "parsed-yaml" | "markdown"): string {
  return caches ? join(caches, name) : siteCache(root, name);
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
