/**
 * The site's full-text search index, made by Pagefind (https://pagefind.app/docs/node-api/) from the pages as written,
 * and put into the copy of the site being built, so the index is committed with the pages it describes and never
 * describes another build.
 *
 * Pagefind reads what a visitor reads: <main> (never the header, menus and footer), less the parts that repeat other
 * pages (EXCLUDE), plus the page's front-matter keywords. Each listing is a result of its own, pointing at its card's
 * anchor on its directory page. Pagefind folds accents itself, in the index and in queries: "dona" finds Doña
 * (test/e2e/search.test.ts).
 *
 * Pagefind cannot update an index, only make a whole one (Pagefind/pagefind#71). The index is made again only when
 * what it is made from changed: the pages' <main>s (by digest, known from each page's record, so a nav label renamed
 * on every page costs the index nothing) and the records. A site may split it into parts
 * (site.searchIndex.pagesPerShard), each page in the part its URL hashes to, each part made again only when one of
 * its pages or records changed, and joined in the browser by Pagefind's mergeIndex (src/client/search-page.ts). Not by
 * default: Pagefind ranks each part's results by that part's own statistics (how many of its pages hold a word,
 * their average length), so merged parts can order results unlike one whole index (docs/performance.md measures how
 * often).
 *
 * An index (or part) is made from each page's <main>, given to Pagefind in the order of site.yaml as soon as it is
 * known (output/index-maker.ts), so Pagefind parses while pages are still being made, and the same pages give the
 * same bytes on any machine.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";
import type * as pagefind from "pagefind";
import { escapeAttribute, escapeUTF8 } from "entities";
import { listingAnchor, listingTown } from "../content/listings.ts";
import { bucketOf, checksum, Digest } from "../core/digest.ts";
import { expected } from "../core/invariant.ts";
import type { PagefindRecord } from "./pagefind-runner.ts";
import type { Manifest } from "../manifest/types.ts";
import type { LoadedSite } from "../site/load-site.ts";
import { kindOf, ROUTE_KINDS, type PageKindName } from "../render/kinds/index.ts";
import type { IndexRecord } from "./page-cache.ts";

/** The folder of the index in the output; src/client/search-page.ts imports /pagefind/pagefind.js. */
export const INDEX_DIR = "pagefind";
/**
 * A keywords record's meta fields: the URL of the page it stands for (Pagefind keeps one record
 * per URL, so the record has a URL of its own) and that page's description, shown instead of an excerpt.
 */
export const KEYWORDS_META = { page: "keywords_for", description: "description" } as const;

/**
 * Parts of <main> left out: the byline, table of contents and contact line say the same on every
 * article, and the related cards and listing grid are other results' text (each listing is
 * indexed on its own).
 */
const EXCLUDE = [".byline", ".toc", ".contact-line", ".related", ".listings"];

/**
 * Pagefind writes each result's text (its "fragment") to a file of its own, up to this many per
 * index; a larger index shares files among several results, which a query loads a few of. Many
 * small files cost a build more to write than they save a reader (docs/performance.md).
 */
const MAX_FRAGMENTS = 256;

/**
 * Parts at most, when a site asks for them. Each part costs the first query on /search a few
 * requests of its own (its entry, meta and index chunk; the WebAssembly is the first part's):
 * four keep the first query within 1.5 times a single index's requests (docs/performance.md).
 */
const MAX_PARTS = 4;

/**
 * Files of Pagefind's bundle the site's own search page does not load: its ready-made UIs (the
 * page has its own small result list), the highlighter for target pages, the playground, and the
 * WebAssembly for pages of no known language (every record is indexed as the site's language).
 * A part after the first needs only its entry, meta, index and fragments: mergeIndex runs it on
 * the first part's script and WebAssembly.
 */
const UNUSED = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|wasm\.unknown\.pagefind|playground\/.*)$/;
const RUNTIME = /^(pagefind(-worker)?\.js|wasm\.[a-z-]+\.pagefind)$/;

/** Whether a page belongs in the index, as its kind says (not a redirect page, the 404 page or a noindex page). */
export function indexable(page: { kind: PageKindName }): boolean {
  return kindOf(page.kind).indexed;
}

/** How many parts a site's index is split into: one, or one per pagesPerShard indexable routes, at most MAX_PARTS. */
export function partCount(manifest: Manifest): number {
  const per = manifest.site.searchIndex?.pagesPerShard;
  if (!per) return 1;
  const pages = manifest.routes.filter(indexable).length;
  return Math.min(MAX_PARTS, Math.max(1, Math.ceil(pages / per)));
}

/** Which part a URL belongs to, by the URL alone; build shards split pages by the same hash (engine/shard.ts). */
export function partOf(url: string, parts: number): number {
  return bucketOf(url, parts);
}

/** An indexable page as the index knows it: its URL, and the digest of its <main>. */
export interface IndexedPage {
  route: string;
  main: string;
}

/** A part to make or reuse: its folder, the digest of everything it is made from, its pages and records. */
export interface PartPlan {
  dir: string;
  digest: string;
  options: pagefind.PagefindServiceConfig;
  pages: IndexedPage[];
  records: PagefindRecord[];
}

/**
 * The parts of the site's index, each with the URLs of its pages and its records: each page in
 * the part its URL hashes to, its keywords with it, each listing by its own URL. A part that
 * gets nothing is left out; the first is /pagefind/ itself, the others /pagefind/1/, /pagefind/2/...
 * Known before anything renders: the search page names the parts it merges.
 */
export function assignParts(site: Pick<LoadedSite, "manifest" | "content">): PartPlan[] {
  const count = partCount(site.manifest);
  const language = languageOf(site.manifest);
  const options = optionsFor(language, count);
  if (count === 1)
    return [
      {
        dir: INDEX_DIR,
        digest: "",
        options,
        pages: indexedRoutes(site.manifest),
        records: [...keywordRecords(site, language), ...listingRecords(site)],
      },
    ];
  const parts: PartPlan[] = Array.from({ length: count }, () => ({
    dir: "",
    digest: "",
    options,
    pages: [],
    records: [],
  }));
  // partOf gives a number from 0 to count - 1, and there is a part for each.
  const partFor = (url: string) => expected(parts[partOf(url, count)], `the index part of ${url}`);
  for (const page of indexedRoutes(site.manifest)) partFor(page.route).pages.push(page);
  for (const record of keywordRecords(site, language)) partFor(record.meta[KEYWORDS_META.page]).records.push(record);
  for (const record of listingRecords(site)) partFor(record.url).records.push(record);
  const used = parts.filter((s) => s.pages.length || s.records.length);
  used.forEach((part, n) => (part.dir = n === 0 ? INDEX_DIR : `${INDEX_DIR}/${n}`));
  return used;
}

function indexedRoutes(manifest: Manifest): IndexedPage[] {
  return manifest.routes.filter(indexable).map((route) => ({ route: route.path, main: "" }));
}

/** The URLs of the parts after the first, which the search page merges: none for one index (the default). */
export function mergedParts(site: Pick<LoadedSite, "manifest" | "content">): string[] {
  return partCount(site.manifest) === 1
    ? []
    : assignParts(site)
        .slice(1)
        .map((part) => `/${part.dir}/`);
}

/**
 * The parts with what each is made of, and its digest: every page's URL and <main> digest
 * (`mains`, by route), every record, the language and options, and Pagefind's version. `parts`:
 * assignParts' (a build shard's own only: it knows its own pages' <main>s alone).
 */
export function planIndex(parts: PartPlan[], mains: ReadonlyMap<string, string>): PartPlan[] {
  const common = JSON.stringify([
    pagefindVersion(),
    process.env.PAGEFIND_BINARY_PATH ?? "",
    parts[0]?.options,
    UNUSED.source,
    RUNTIME.source,
  ]);
  for (const part of parts) {
    // Every caller gives the digest of each indexable page's <main>.
    for (const page of part.pages) page.main = expected(mains.get(page.route), `the <main> of ${page.route}`);
    const hash = new Digest().add(common, part.dir);
    for (const page of [...part.pages].sort((a, b) => (a.route < b.route ? -1 : 1)))
      hash.add(`\n${page.route}\0${page.main}`);
    for (const record of part.records) hash.add(`\n${JSON.stringify(record)}`);
    part.digest = hash.checksum();
  }
  return parts;
}

/** A file of a part: its path in the output, where Pagefind wrote it (until the next part), and its bytes' digest. */
export interface PartFile {
  file: string;
  from: string;
  sum: string;
}

/**
 * The files Pagefind wrote for a part into `out`, less those the site does not load, each with
 * its path in the output and its bytes' digest.
 */
export function partFilesIn(part: Pick<PartPlan, "dir">, out: string): PartFile[] {
  const primary = part.dir === INDEX_DIR;
  return readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(out, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !UNUSED.test(path) && (primary || !RUNTIME.test(path)))
    .map((path): PartFile => ({ file: `${part.dir}/${path}`, from: join(out, path), sum: fileSum(join(out, path)) }))
    .sort((a, b) => (a.file < b.file ? -1 : 1));
}

/**
 * The site's language as Pagefind indexes it: the site declares a locale (en-US); Pagefind keeps one index per base
 * language.
 */
export function languageOf(manifest: Manifest): string {
  // split() gives at least one part, if only the empty string.
  const [base = ""] = manifest.site.language.split("-");
  return base.toLowerCase();
}

function optionsFor(language: string, parts: number): pagefind.PagefindServiceConfig {
  return {
    rootSelector: "main",
    excludeSelectors: EXCLUDE,
    forceLanguage: language,
    maxFragments: Math.ceil(MAX_FRAGMENTS / parts),
  };
}

/**
 * The served copy's part, when it was made from the same inputs and its files all still hold the
 * bytes recorded: a cached part is a hint, checked before it is linked into the new copy (once, a
 * file of the index edited in the served copy was carried into every later build).
 */
export function servedPart(
  live: string | undefined,
  record: IndexRecord | undefined,
  part: PartPlan,
): { files: string[]; sums: string[] } | undefined {
  const served = live ? record?.parts.find((s) => s.dir === part.dir && s.digest === part.digest) : undefined;
  if (!live || !served || served.sums?.length !== served.files.length) return undefined;
  const intact = (f: string, i: number) =>
    f.startsWith(`${part.dir}/`) && !f.split("/").includes("..") && fileSum(join(live, f)) === served.sums[i];
  return served.files.every(intact) ? served : undefined;
}

/** The SHA-256 of a file's bytes, or "" when it cannot be read as a file. */
export function fileSum(path: string): string {
  try {
    return checksum(readFileSync(path));
  } catch {
    return "";
  }
}

/**
 * The pagefind package's version, which pins its binary's (an optional dependency). Found as Node
 * finds the package: its package.json is not among the files it exports.
 */
function pagefindVersion(): string {
  for (const dir of createRequire(import.meta.url).resolve.paths("pagefind") ?? []) {
    const manifest = join(dir, "pagefind/package.json");
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
  }
  return "unknown";
}

/**
 * Each page's front-matter keywords as a record of their own at the page's URL: they name
 * what a page is about in words its prose may never use ("safety" for "Staying Safe and
 * Healthy"). A record of their own rather than text spliced into the page, so they never make
 * the page's excerpt: the search page shows one result per URL, with the page's own excerpt,
 * or its description when only its keywords matched (src/client/search-page.ts).
 */
/** A page's keywords as a record of its own: the page it is for, by its path, and its description. */
type KeywordsRecord = PagefindRecord & {
  meta: { title: string; [KEYWORDS_META.page]: string; [KEYWORDS_META.description]: string };
};

function keywordRecords(site: Pick<LoadedSite, "manifest" | "content">, language: string): KeywordsRecord[] {
  const records: KeywordsRecord[] = [];
  for (const route of site.manifest.routes) {
    const words = route.content ? site.content.markdown.get(route.content)?.frontMatter.keywords : undefined;
    if (!words?.length || !indexable(route)) continue;
    const meta = {
      title: route.title,
      [KEYWORDS_META.page]: route.path,
      [KEYWORDS_META.description]: route.description ?? "",
    };
    records.push({ url: `${route.path}#keywords`, content: words.join(". "), language, meta });
  }
  return records;
}

/** Every listing of every directory page, each as a result of its own at its card's anchor. */
function listingRecords(site: Pick<LoadedSite, "manifest" | "content">): PagefindRecord[] {
  const records: PagefindRecord[] = [];
  for (const route of site.manifest.routes) {
    if (!ROUTE_KINDS[route.kind].listings) continue;
    for (const item of site.content.listings.get(route.listings ?? "")?.items ?? []) {
      // A small document rather than a custom record: its <h1> gives the name the weight of a
      // page title, and the directory's title says where the card is.
      const text = (s: string | undefined) => (s ? escapeUTF8(s) : "");
      const html =
        `<html><body><main><h1>${text(item.name)}</h1>` +
        `<p>${text([item.area, listingTown(item)].filter(Boolean).join(", "))}</p><p>${text(item.description)}</p>` +
        // An attribute, not text: the directory's title is shown with the result, not searched.
        `<span data-pagefind-meta="section:${escapeAttribute(route.title)}"></span></main></body></html>`;
      records.push({ url: `${route.path}#${listingAnchor(item.id)}`, content: html });
    }
  }
  return records;
}

/**
 * The page's <main>: all Pagefind reads of it (rootSelector). The layout (templates/Layout.tsx)
 * writes one <main>, before the content and closed after it, so the first "<main" and the last
 * "</main>" are its own.
 */
export function mainOf(html: string): string {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  return start >= 0 && end > start ? html.slice(start, end + "</main>".length) : html;
}
