/**
 * The search index in Pagefind's format, joined from the pages' entries (page-entry.ts) in the
 * order given (the second half of Pagefind's `build_indexes` and its `output` module): the pages
 * numbered in that order, every word's locations on every page, the words in sorted chunks
 * (`index/*.pf_index`), each page's fragment (`fragment/*.pf_fragment`, several to a file past
 * `maxFragments`), the filters (`filter/*.pf_filter`), the metadata that ties them together
 * (`pagefind.*.pf_meta`) and `pagefind-entry.json`. Files are named by a digest of their bytes,
 * so the same entries give the same files on any machine, and a rebuild writes only the files
 * whose bytes changed. The chunks and metadata are CBOR (cbor2), as Pagefind's client decodes them.
 */
import { encode } from "cbor2";
import { pagefindDigest } from "../core/digest.ts";
import { compareCodePoints } from "./code-points.ts";
import { fragmentJson, sortedFragmentJson } from "./fragment.ts";
import { type ChangedPage, chunkBytes, chunkRanges, type IndexWords, updatedWords, wordsOf } from "./index-words.ts";
import { hasText, type SearchEntry } from "./page-entry.ts";
import { WORD_SYMBOLS } from "./words.ts";

/** A file of the index, before compression. */
export interface IndexFile {
  /** Its path under the index's folder. */
  path: string;
  /**
   * Its bytes, made when first asked: a fragment group the last build wrote (`known`) is named
   * without them, and a build that links the served file never makes them.
   */
  bytes(): Uint8Array;
  /** Whether Pagefind's client reads it gzipped, behind Pagefind's signature (compress.ts). */
  compressed: boolean;
}

/** The files of an index, and what the next build may reuse of it (AssembleOptions.known, `previous`). */
export interface AssembledIndex {
  files: IndexFile[];
  /** Each fragment group's key (the digest of its members' names) and the digest of its bytes. */
  groups: [key: string, digest: string][];
  state: IndexState | undefined;
  /** Whether the words were updated from the previous index's, or made from every page. */
  made: "updated" | "whole";
}

export interface AssembleOptions {
  /** The index's language, as Pagefind names it ("en"). */
  language: string;
  /** Whether the words were stemmed in the language: its client stems queries with its WebAssembly then. */
  stemmed: boolean;
  /** The Pagefind version whose client reads the index. */
  version: string;
  /** Past this many pages, fragments share files (Pagefind's maxFragments); 0: never. */
  maxFragments: number;
  /**
   * The fragment groups of an index made before (AssembledIndex.groups): a group of the same
   * members has the same bytes, so its name is known without them. Its members' fragments are
   * most of an index's bytes, and a one-page edit changes one group.
   */
  known?: ReadonlyMap<string, string>;
}

/** The entries of one route (or any other source of entries), in the index's order. */
export interface RouteEntries {
  route: string;
  entries(): readonly SearchEntry[];
  /**
   * Whether its entries are those the previous index (IndexState) was made from; if not, its
   * entries then, if it had any.
   */
  same: boolean;
  before?(): readonly SearchEntry[] | undefined;
}

/** What a build keeps of the index it made, for the next build to update rather than make again. */
export interface IndexState {
  /** Each route of the index in order, and how many pages (its entries with words) it gave. */
  routes: string[];
  routePages: number[];
  /** Per page: its URL, the digest of its fragment and its word count. */
  urls: string[];
  fragmentDigests: string[];
  wordCounts: number[];
  words: IndexWords;
  /** Each chunk: its first and last word, how many words, and the digest of its bytes. */
  chunks: [first: string, last: string, count: number, digest: string][];
}

const file = (path: string, bytes: Uint8Array, compressed = true): IndexFile => ({
  path,
  bytes: () => bytes,
  compressed,
});

/** A page of the index: its entry made when first asked for (a fragment group that changed needs it). */
interface IndexPage {
  url: string;
  fragmentDigest: string;
  wordCount: number;
  entry(): SearchEntry;
}

/** Entries given as one list, none known to a previous index. */
export function entriesOnly(entries: readonly SearchEntry[]): RouteEntries[] {
  return [{ route: "", entries: () => entries, same: false }];
}

/**
 * The index's files, for the routes' entries in order (entries with no words are left out, as
 * Pagefind leaves them). With `previous`, when the same routes gave the same number of pages at the
 * same URLs, only the words of the pages that changed are read and written again.
 */
export function assembleIndex(
  routes: readonly RouteEntries[],
  options: AssembleOptions,
  previous?: IndexState,
): AssembledIndex {
  const made = (previous && updated(routes, previous)) ?? fromAll(routes);
  const { pages, words, touched } = made;
  // No page with a word: Pagefind writes an entry that knows no language, and nothing else.
  if (pages.length === 0)
    return { files: [entryFile(options, undefined)], groups: [], state: undefined, made: "whole" };
  const files: IndexFile[] = [];
  const fragments = fragmentFiles(pages, options);
  files.push(...fragments.files);
  const names = new Names(options.language);
  const reusable = new Map(
    previous?.chunks.map(([first, last, count, digest]) => [`${first} ${last} ${count}`, digest]),
  );
  const chunks = chunkRanges(words).map(([start, end]) => {
    const first = words.words[start] ?? "";
    const last = words.words[end - 1] ?? "";
    const bytes = once(() => chunkBytes(words, start, end));
    // The same words, none of them changed: the same bytes.
    const same = touched && words.words.slice(start, end).every((w) => !touched.has(w));
    const digest = (same && reusable.get(`${first} ${last} ${end - start}`)) || pagefindDigest(bytes());
    const name = names.take(digest);
    files.push({ path: `index/${name}.pf_index`, bytes, compressed: true });
    return { first, last, count: end - start, digest, name };
  });
  const metaFilters = words.filters.map(([filter, , values]) => {
    const bytes = encode([filter, values]);
    const name = names.take(pagefindDigest(bytes));
    files.push(file(`filter/${name}.pf_filter`, bytes));
    return [filter, name];
  });
  const meta = encode([
    options.version,
    pages.map((page, i) => [fragments.names[i], page.wordCount, fragments.groups[i] ?? ""]),
    chunkBounds(chunks).map(([from, to], i) => [from, to, chunks[i]?.name]),
    metaFilters,
    [],
    words.metaFields,
  ]);
  const metaName = `${options.language}_${pagefindDigest(meta).slice(0, options.language.length + 8)}`;
  files.push(file(`pagefind.${metaName}.pf_meta`, meta));
  files.push(entryFile(options, { hash: metaName, pages: pages.length }));
  const state: IndexState = {
    routes: made.routes,
    routePages: made.routePages,
    urls: pages.map((p) => p.url),
    fragmentDigests: pages.map((p) => p.fragmentDigest),
    wordCounts: pages.map((p) => p.wordCount),
    words,
    chunks: chunks.map((c) => [c.first, c.last, c.count, c.digest]),
  };
  return { files, groups: fragments.keys, state, made: touched ? "updated" : "whole" };
}

interface Made {
  routes: string[];
  routePages: number[];
  pages: IndexPage[];
  words: IndexWords;
  /** The words read again, when the others are the previous index's. */
  touched?: ReadonlySet<string>;
}

/** The index's words and pages made from every route's entries. */
function fromAll(routes: readonly RouteEntries[]): Made {
  const perRoute = routes.map((r) => r.entries().filter(hasText));
  const entries = perRoute.flat();
  return {
    routes: routes.map((r) => r.route),
    routePages: perRoute.map((p) => p.length),
    pages: entries.map(pageOf),
    words: wordsOf(entries),
  };
}

/**
 * The index's words and pages as `previous` had them, the pages of the routes that changed read
 * again; undefined when a route came or went, or gave other pages (another number, or other URLs),
 * or the pages' meta fields changed: every page is numbered, and its meta locations written, by those.
 */
function updated(routes: readonly RouteEntries[], previous: IndexState): Made | undefined {
  if (routes.length !== previous.routes.length || routes.some((r, i) => r.route !== previous.routes[i]))
    return undefined;
  const pages: IndexPage[] = [];
  const changed: ChangedPage[] = [];
  let start = 0;
  for (const [i, route] of routes.entries()) {
    const count = previous.routePages[i] ?? 0;
    if (route.same) {
      const own = lazyPages(route);
      for (let k = 0; k < count; k++) {
        const at = start + k;
        pages.push({
          url: previous.urls[at] ?? "",
          fragmentDigest: previous.fragmentDigests[at] ?? "",
          wordCount: previous.wordCounts[at] ?? 0,
          entry: () => own()[k] ?? unexpected(route.route),
        });
      }
    } else {
      const now = route.entries().filter(hasText);
      const before = route.before?.()?.filter(hasText);
      if (!before || now.length !== count || before.length !== count) return undefined;
      for (let k = 0; k < count; k++) {
        const page = start + k;
        const entry = now[k] as SearchEntry;
        if (entry.url !== previous.urls[page] || before[k]?.url !== entry.url) return undefined;
        changed.push({ page, before: before[k] as SearchEntry, now: entry });
        pages.push(pageOf(entry));
      }
    }
    start += count;
  }
  // Past a quarter of the pages, reading each changed word's pages back costs more than making them all.
  if (changed.length * 4 > pages.length) return undefined;
  const words = changed.length
    ? updatedWords(previous.words, changed)
    : { words: previous.words, touched: new Set<string>() };
  if (!words) return undefined;
  return {
    routes: previous.routes,
    routePages: previous.routePages,
    pages,
    words: words.words,
    touched: words.touched,
  };
}

function pageOf(entry: SearchEntry): IndexPage {
  return { url: entry.url, fragmentDigest: entry.fragmentDigest, wordCount: entry.wordCount, entry: () => entry };
}

/** A route's pages, read when first asked for. */
function lazyPages(route: RouteEntries): () => readonly SearchEntry[] {
  let pages: readonly SearchEntry[] | undefined;
  return () => {
    pages ??= route.entries().filter(hasText);
    return pages;
  };
}

function unexpected(route: string): never {
  throw new Error(`search index: ${route} gives fewer pages than the index it was kept with says`);
}

/** Short names, unique within one index: a digest's start, longer when two would share it. */
class Names {
  private readonly taken = new Set<string>();

  constructor(private readonly language: string) {}

  /** `language_` and the digest's first 7 characters, two more at a time while the name is taken. */
  take(digest: string): string {
    const full = `${this.language}_${digest}`;
    let short = full.slice(0, this.language.length + 8);
    while (this.taken.has(short) && short.length < full.length) short = full.slice(0, short.length + 2);
    this.taken.add(short);
    return short;
  }
}

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array => encoder.encode(text);

/**
 * Each chunk's first and last word, cut to the shortest prefixes that still tell it from its
 * neighbours (`chunk_meta`): the client loads the chunks a query's word falls between.
 */
function chunkBounds(chunks: readonly { first: string; last: string }[]): [from: string, to: string][] {
  const bounds = chunks.map((chunk): [string, string] => [chunk.first, chunk.last]);
  for (let i = 0; i + 1 < bounds.length; i++) {
    const a = bounds[i] as [string, string];
    const b = bounds[i + 1] as [string, string];
    const [toPrefix, fromPrefix] = prefixes(a[1], b[0]);
    if (compareCodePoints(toPrefix, a[0]) >= 0) a[1] = toPrefix;
    b[0] = fromPrefix;
  }
  return bounds;
}

/** The shortest prefixes of `a` and `b` that differ: their common part and one character more. */
function prefixes(a: string, b: string): [string, string] {
  const as = Array.from(a);
  const bs = Array.from(b);
  let common = 0;
  while (common < as.length && common < bs.length && as[common] === bs[common]) common++;
  return [as.slice(0, common + 1).join(""), bs.slice(0, common + 1).join("")];
}

/**
 * The fragment files, each page's name and group: one file per page, named by the digest of its
 * fragment; or past `maxFragments` pages, pages in order in groups of equal size, each group one
 * JSON object of its fragments by name, named by its digest (known, or made).
 */
function fragmentFiles(
  pages: readonly IndexPage[],
  options: AssembleOptions,
): { files: IndexFile[]; names: string[]; groups: string[]; keys: [string, string][] } {
  const { language } = options;
  const byName = new Map<string, string>();
  const fullNames = pages.map((entry) => `${language}_${entry.fragmentDigest}`);
  const names = fullNames.map((full, i) => {
    let short = full.slice(0, language.length + 8);
    for (let taken = byName.get(short); taken !== undefined; taken = byName.get(short)) {
      if (taken === full) throw new Error(`search index: two pages have the same fragment (${pages[i]?.url})`);
      short = full.slice(0, short.length + 1);
    }
    byName.set(short, full);
    return short;
  });
  const max = options.maxFragments;
  if (!(max > 0 && max < pages.length)) {
    const files = pages.map((page, i) => ({
      path: `fragment/${names[i]}.pf_fragment`,
      bytes: once(() => utf8(fragmentJson(page.entry()))),
      compressed: true,
    }));
    return { files, names, groups: [], keys: [] };
  }
  // Pagefind divides in single precision.
  const size = Math.ceil(Math.fround(Math.fround(pages.length) / Math.fround(max)));
  const files: IndexFile[] = [];
  const groups: string[] = [];
  const keys: [string, string][] = [];
  const taken = new Set<string>();
  for (let start = 0; start < pages.length; start += size) {
    const members = pages
      .slice(start, start + size)
      .map((page, i) => [names[start + i] ?? "", page, fullNames[start + i] ?? ""] as const)
      .sort(([a], [b]) => compareCodePoints(a, b));
    // A fragment's full name is the digest of all it holds, and its short name is what the group
    // holds it under: together they are the group's bytes.
    const key = pagefindDigest(members.map(([name, , full]) => `${name} ${full}`).join("\n"));
    const bytes = once(() =>
      utf8(
        `{${members.map(([name, page]) => `${JSON.stringify(name)}:${sortedFragmentJson(page.entry())}`).join(",")}}`,
      ),
    );
    const digest = options.known?.get(key) ?? pagefindDigest(bytes());
    keys.push([key, digest]);
    const full = `${language}_group_${digest}`;
    let short = full.slice(0, language.length + 14);
    while (taken.has(short) && short.length < full.length) short = full.slice(0, short.length + 2);
    taken.add(short);
    files.push({ path: `fragment/${short}.pf_fragment`, bytes, compressed: true });
    for (let i = 0; i < members.length; i++) groups.push(short);
  }
  return { files, names, groups, keys };
}

/** `make`'s value, made on the first call. */
function once(make: () => Uint8Array): () => Uint8Array {
  let made: Uint8Array | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** pagefind-entry.json: the version, and the index's language with its metadata file and page count. */
function entryFile(options: AssembleOptions, index: { hash: string; pages: number } | undefined): IndexFile {
  const { language, stemmed, version } = options;
  const languages = index
    ? { [language]: { hash: index.hash, wasm: stemmed ? language : null, page_count: index.pages } }
    : {};
  const entry = { version, languages, include_characters: WORD_SYMBOLS };
  return file("pagefind-entry.json", utf8(JSON.stringify(entry)), false);
}
