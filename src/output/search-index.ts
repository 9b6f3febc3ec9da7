/**
 * The site's full-text search index: what goes into it, in what order, and writing it into the copy
 * of the site being built, so the index is committed with the pages it describes.
 *
 * ppguide writes the index itself, in Pagefind's format (src/search/), and ships Pagefind's own
 * client to read it (https://pagefind.app/docs/api/). The index reads what a visitor reads: <main>
 * (never the header, menus and footer), less the parts that repeat other pages (EXCLUDE); each
 * page's front-matter keywords are a record of their own; each listing is a result of its own,
 * pointing at its card's anchor on its directory page. Accents are folded in the index and in
 * queries: "dona" finds Doña (test/e2e/search.test.ts).
 *
 * A page's entry is made by the thread that rendered it, from the same pass over its HTML as its
 * link scan, and kept with the page's record (output/page-cache.ts): a rebuild reads no page back.
 * The entries are joined in the order of site.yaml (each page, then its keywords and listings), so
 * a first build, a rebuild, dev mode and a merge of shards make the same bytes on any machine, and
 * only the files whose bytes changed are written again.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { escapeAttribute, escapeUTF8 } from "entities";
import type { ContentIndex } from "../content/load.ts";
import { listingAnchor, listingTown } from "../content/listings.ts";
import { checksum } from "../core/digest.ts";
import type { Manifest } from "../manifest/types.ts";
import { type AssembledIndex, assembleIndex, type IndexFile, type RouteEntries } from "../search/assemble.ts";
import { clientFiles, PAGEFIND_VERSION } from "../search/client.ts";
import { gzipped } from "../search/compress.ts";
import { language } from "../search/language.ts";
import { pageEntry, type SearchEntry } from "../search/page-entry.ts";
import type { PageReader, ReadOptions, ReadPage } from "../search/read-page.ts";
import type { LoadedSite } from "../site/load-site.ts";
import { kindOf, ROUTE_KINDS, type PageKindName } from "../render/kinds/index.ts";
import { sameSearch, type IndexRecord, type PageRecord } from "./page-cache.ts";
import type { CopyWriter } from "./write.ts";

/** The folder of the index in the output; src/client/search-page.ts imports /pagefind/pagefind.js. */
export const INDEX_DIR = "pagefind";
/**
 * A keywords record's meta fields: the URL of the page it stands for (a record has a URL of its
 * own) and that page's description, shown instead of an excerpt.
 */
export const KEYWORDS_META = { page: "keywords_for", description: "description" } as const;

/**
 * Parts of <main> left out: the byline, table of contents and contact line say the same on every
 * article, and the related cards and listing grid are other results' text (each listing is
 * indexed on its own).
 */
const EXCLUDE = [".byline", ".toc", ".contact-line", ".related", ".listings"];

/** What the index reads of a page. */
export const READ_OPTIONS: ReadOptions = { root: "main", exclude: EXCLUDE };

/**
 * Pagefind writes each result's text (its "fragment") to a file of its own, up to this many per
 * index; a larger index shares files among several results, which a query loads a few of. Many
 * small files cost a build more to write than they save a reader (docs/performance.md).
 */
export const MAX_FRAGMENTS = 256;

/** Whether a page belongs in the index, as its kind says (not a redirect page, the 404 page or a noindex page). */
export function indexable(page: { kind: PageKindName }): boolean {
  return kindOf(page.kind).indexed;
}

/**
 * The site's language as the index names it: the site declares a locale (en-US); Pagefind keeps
 * one index per base language.
 */
export function languageOf(manifest: Manifest): string {
  // split() gives at least one part, if only the empty string.
  const [base = ""] = manifest.site.language.split("-");
  return base.toLowerCase();
}

/**
 * The page's <main>: all the index reads of it (READ_OPTIONS). The layout (templates/Layout.tsx)
 * writes one <main>, before the content and closed after it, so the first "<main" and the last
 * "</main>" are its own.
 */
export function mainOf(html: string): string {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  return start >= 0 && end > start ? html.slice(start, end + "</main>".length) : html;
}

/** A page's URL in the index: as a link writes it (/café is /caf%C3%A9, as the site's links and the host name it). */
export function indexUrl(route: string): string {
  return encodeURI(route);
}

/** What of a site the index is made from: its routes, and its Markdown's front matter and listings. */
export interface IndexedSite {
  manifest: Manifest;
  content: Pick<ContentIndex, "markdown" | "listings">;
}

/**
 * What the index is made of, in its order: for each indexable route of site.yaml, the page, then
 * its keywords (a record: text taken as it is, with its meta), then its listings (small documents).
 * Pagefind's own indexer is given the same sources in the same order to check ppguide's index
 * (test/search/pagefind-parity.test.ts).
 */
export type IndexSource =
  | { page: string }
  | { record: { url: string; content: string; meta: Record<string, string> } }
  | { document: { url: string; html: string } };

/** An indexable route's sources, its page first. */
export function routeSources(site: Pick<IndexedSite, "content">, route: Manifest["routes"][number]): IndexSource[] {
  const sources: IndexSource[] = [{ page: route.path }];
  const keywords = keywordsRecord(site, route);
  if (keywords) sources.push({ record: keywords });
  for (const document of listingDocuments(site, route)) sources.push({ document });
  return sources;
}

/** Every source of the index, in its order. */
export function indexSources(site: IndexedSite): IndexSource[] {
  return site.manifest.routes.filter(indexable).flatMap((route) => routeSources(site, route));
}

/**
 * The entries of a route's sources (routeSources), made where its page renders and kept with the
 * page's record, so a rebuild makes none again for a page it reuses: `read`, what was read of the
 * page itself (in its link scan's pass, or from its <main>).
 */
export function routeEntries(
  site: IndexedSite,
  route: Manifest["routes"][number],
  read: ReadPage,
  reader: PageReader,
): SearchEntry[] {
  const words = language(languageOf(site.manifest));
  const none = new Map<string, string>();
  return routeSources(site, route).map((source) => {
    if ("page" in source) return pageEntry(indexUrl(source.page), read, words);
    if ("document" in source) return pageEntry(source.document.url, reader.read(source.document.html), words);
    // A record's text is taken as it is: it is not HTML.
    const { url, content, meta } = source.record;
    const record = {
      digest: content,
      meta: new Map(Object.entries(meta)),
      filters: new Map(),
      anchorContent: none,
      anchorTitles: none,
    };
    return pageEntry(url, record, words);
  });
}

/**
 * The index's entries, each indexable route's in its order, as its page's record keeps them:
 * `records(route)` gives its record now and, when a previous index was made, the record it was made
 * from (the same object when the page was reused, whose entries are then not read again).
 */
export function indexRoutes(
  site: Pick<LoadedSite, "manifest">,
  records: (route: string) => { now: PageRecord | undefined; before?: PageRecord | undefined },
): RouteEntries[] {
  return site.manifest.routes.filter(indexable).map((route) => {
    const { now, before } = records(route.path);
    return {
      route: route.path,
      entries: () => now?.search ?? [],
      same: now !== undefined && before !== undefined && sameSearch(now, before),
      before: () => before?.search,
    };
  });
}

/**
 * A page's front-matter keywords as a record of their own at the page's URL: they name what a page
 * is about in words its prose may never use ("safety" for "Staying Safe and Healthy"). A record of
 * their own rather than text spliced into the page, so they never make the page's excerpt: the
 * search page shows one result per URL, with the page's own excerpt, or its description when only
 * its keywords matched (src/client/search-page.ts).
 */
function keywordsRecord(
  site: Pick<IndexedSite, "content">,
  route: Manifest["routes"][number],
): { url: string; content: string; meta: Record<string, string> } | undefined {
  const words = route.content ? site.content.markdown.get(route.content)?.frontMatter.keywords : undefined;
  if (!words?.length) return undefined;
  return {
    url: `${route.path}#keywords`,
    content: words.join(". "),
    meta: {
      title: route.title,
      [KEYWORDS_META.page]: route.path,
      [KEYWORDS_META.description]: route.description ?? "",
    },
  };
}

/** Every listing of a directory page as a small document, at its card's anchor. */
function listingDocuments(
  site: Pick<IndexedSite, "content">,
  route: Manifest["routes"][number],
): { url: string; html: string }[] {
  if (!ROUTE_KINDS[route.kind].listings) return [];
  return (site.content.listings.get(route.listings ?? "")?.items ?? []).map((item) => {
    // A small document: its <h1> gives the name the weight of a page title, and the directory's
    // title says where the card is.
    const text = (s: string | undefined) => (s ? escapeUTF8(s) : "");
    const html =
      `<html><body><main><h1>${text(item.name)}</h1>` +
      `<p>${text([item.area, listingTown(item)].filter(Boolean).join(", "))}</p><p>${text(item.description)}</p>` +
      // An attribute, not text: the directory's title is shown with the result, not searched.
      `<span data-pagefind-meta="section:${escapeAttribute(route.title)}"></span></main></body></html>`;
    return { url: `${route.path}#${listingAnchor(item.id)}`, html };
  });
}

/**
 * The index's files (assembleIndex) and the client that reads them, by their path in the index's
 * folder, uncompressed; `known`, the fragment groups of the index served (IndexRecord.groups).
 */
export function indexFiles(
  site: Pick<LoadedSite, "manifest">,
  routes: readonly RouteEntries[],
  served?: Pick<IndexRecord, "groups" | "state">,
): AssembledIndex {
  const known = served?.groups;
  const words = language(languageOf(site.manifest));
  const options = {
    language: words.name,
    stemmed: words.stemmed,
    version: PAGEFIND_VERSION,
    maxFragments: MAX_FRAGMENTS,
    ...(known && { known: new Map(known) }),
  };
  const index = assembleIndex(routes, options, served?.state);
  const client = clientFiles().map(({ path, bytes }): IndexFile => ({ path, bytes: () => bytes, compressed: false }));
  return { ...index, files: [...index.files, ...client] };
}

/** Index files whose names are digests of what they hold: the same name, the same content. */
const NAMED_BY_CONTENT = /\.pf_(index|fragment|filter|meta)$/;

/**
 * The index's files and Pagefind's client (indexFiles), written into the copy. A file the served
 * copy has under the same content-digest name, its bytes still those recorded, is linked and not
 * compressed again; any other is compressed and written (the writer links equal bytes too).
 */
export async function writeSearchIndex(
  site: Pick<LoadedSite, "manifest">,
  routes: readonly RouteEntries[],
  writer: CopyWriter,
  served: { live: string; record: IndexRecord } | undefined,
): Promise<{ record: IndexRecord; written: string[] }> {
  const { files, groups, state } = indexFiles(site, routes, served?.record);
  const servedSums = new Map(served?.record.files.map((file, i) => [file, served.record.sums[i] ?? ""]));
  const done = await Promise.all(
    files.map(async ({ path, bytes, compressed }) => {
      const file = `${INDEX_DIR}/${path}`;
      const before = servedSums.get(file);
      const now = served && before ? await servedSum(served.live, file) : "";
      if (now && now === before && NAMED_BY_CONTENT.test(path)) {
        await writer.link(file);
        return { file, sum: now, anew: false };
      }
      const content = compressed ? await gzipped(bytes()) : bytes();
      await writer.add(file, content);
      const sum = checksum(content);
      // The same bytes as the served file's are linked by the writer: nothing new there.
      return { file, sum, anew: now !== sum };
    }),
  );
  done.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    record: { files: done.map((d) => d.file), sums: done.map((d) => d.sum), groups, ...(state && { state }) },
    written: done.filter((d) => d.anew).map((d) => d.file),
  };
}

/** The digest of a served file's bytes, or "" when it is not a file that can be read. */
async function servedSum(live: string, file: string): Promise<string> {
  try {
    return checksum(await readFile(join(live, file)));
  } catch {
    return "";
  }
}
