/**
 * The search index in Pagefind's format, joined from the pages' entries (page-entry.ts) in the
 * order given (the second half of Pagefind's `build_indexes` and its `output` module): the pages
 * numbered in that order, every word's locations on every page, the words in sorted chunks
 * (`index/*.pf_index`), each page's fragment (`fragment/*.pf_fragment`, several to a file past
 * `maxFragments`), the filters (`filter/*.pf_filter`), the metadata that ties them together
 * (`pagefind.*.pf_meta`) and `pagefind-entry.json`. Files are named by a digest of their bytes,
 * so the same entries give the same files on any machine, and a rebuild writes only the files
 * whose bytes changed. The chunks and metadata are CBOR (cborg), as Pagefind's client decodes them.
 */
import { createHash } from "node:crypto";
import { encode } from "cborg";
import { compareCodePoints, hasText, type SearchEntry } from "./page-entry.ts";
import { WORD_SYMBOLS } from "./words.ts";

/** A file of the index, before compression. */
export interface IndexFile {
  /** Its path under the index's folder. */
  path: string;
  bytes: Uint8Array;
  /** Whether Pagefind's client reads it gzipped, behind Pagefind's signature (gzip.ts). */
  compressed: boolean;
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
}

/** Words' locations per chunk, counted as Pagefind counts them (`index_chunk_size`). */
const CHUNK_SIZE = 20_000;

type PackedPage = [page: number, locs: number[], metaLocs: number[]];

interface WordPages {
  word: string;
  pages: PackedPage[];
  variants: { form: string; pages: PackedPage[] }[];
}

/** The index's files, for the entries in page order (entries with no words are left out, as Pagefind leaves them). */
export function assembleIndex(entries: readonly SearchEntry[], options: AssembleOptions): IndexFile[] {
  const { language } = options;
  const pages = entries.filter(hasText);
  // No page with a word: Pagefind writes an entry that knows no language, and nothing else.
  if (pages.length === 0) return [entryFile(options, undefined)];
  const metaFields = [...new Set(pages.flatMap((p) => p.metaFields))].sort(compareCodePoints);
  const fieldNumber = new Map(metaFields.map((field, i) => [field, i]));
  const words = new Map<string, WordPages>();
  const filters = new Map<string, Map<string, number[]>>();
  pages.forEach((entry, page) => {
    const { items } = entry;
    // A page numbers its meta fields among its own; the index numbers them among all pages'.
    const remap = entry.metaFields.map((field) => fieldNumber.get(field) ?? 0);
    let p = 0;
    const list = (meta: boolean): number[] => {
      const n = items[p++] ?? 0;
      const values = Array.from(items.subarray(p, p + n));
      p += n;
      if (meta)
        for (let i = 0; i < n; i++) if ((values[i] ?? 0) < 0) values[i] = -(remap[-(values[i] ?? 0) - 1] ?? 0) - 1;
      return values;
    };
    for (const w of entry.words) {
      let word = words.get(w);
      if (!word) words.set(w, (word = { word: w, pages: [], variants: [] }));
      const locs = list(false);
      const metaLocs = list(true);
      if (locs.length || metaLocs.length) word.pages.push([page, locs, metaLocs]);
      const variants = items[p++] ?? 0;
      for (let v = 0; v < variants; v++) {
        const form = entry.forms[items[p++] ?? 0] ?? "";
        let variant = word.variants.find((x) => x.form === form);
        if (!variant) word.variants.push((variant = { form, pages: [] }));
        variant.pages.push([page, list(false), list(true)]);
      }
    }
    for (const [filter, values] of entry.filters) {
      let byValue = filters.get(filter);
      if (!byValue) filters.set(filter, (byValue = new Map()));
      for (const value of values) {
        const at = byValue.get(value) ?? [];
        at.push(page);
        byValue.set(value, at);
      }
    }
  });

  const files: IndexFile[] = [];
  const named = new Names();

  const fragmentNames = new Map<string, string>();
  const fragmentHashes = pages.map((entry) => {
    const full = `${language}_${fullHash(utf8(entry.fragment))}`;
    let short = full.slice(0, language.length + 8);
    for (let taken = fragmentNames.get(short); taken !== undefined; taken = fragmentNames.get(short)) {
      if (taken === full) throw new Error(`search index: two pages have the same fragment (${entry.url})`);
      short = full.slice(0, short.length + 1);
    }
    fragmentNames.set(short, full);
    return short;
  });
  const groups = groupFragments(pages, fragmentHashes, options);
  for (const group of groups)
    files.push({ path: `fragment/${group.name}.pf_fragment`, bytes: group.bytes, compressed: true });

  const chunks = chunkWords([...words.values()].sort((a, b) => compareCodePoints(a.word, b.word)));
  const indexChunks = chunks.map((chunk) => {
    const bytes = encode([chunk.map(deltaEncoded)]);
    const name = named.take(`${language}_${fullHash(bytes)}`, language.length + 8, 2);
    files.push({ path: `index/${name}.pf_index`, bytes, compressed: true });
    return name;
  });
  const bounds = chunkBounds(chunks);

  const filterEntries = [...filters].sort(([a], [b]) => compareCodePoints(a, b));
  const metaFilters = filterEntries.map(([filter, byValue]) => {
    const values = [...byValue].sort(([a], [b]) => compareCodePoints(a, b));
    const bytes = encode([filter, values.map(([value, at]) => [value, at])]);
    const name = named.take(`${language}_${fullHash(bytes)}`, language.length + 8, 2);
    files.push({ path: `filter/${name}.pf_filter`, bytes, compressed: true });
    return [filter, name];
  });

  const meta = encode([
    options.version,
    pages.map((entry, i) => [fragmentHashes[i], entry.wordCount, groups.groupOf[i] ?? ""]),
    bounds.map(([from, to], i) => [from, to, indexChunks[i]]),
    metaFilters,
    [],
    metaFields,
  ]);
  const metaName = `${language}_${fullHash(meta).slice(0, language.length + 8)}`;
  files.push({ path: `pagefind.${metaName}.pf_meta`, bytes: meta, compressed: true });

  files.push(entryFile(options, { hash: metaName, pages: pages.length }));
  return files;
}

/** pagefind-entry.json: the version, and the index's language with its metadata file and page count. */
function entryFile(options: AssembleOptions, index: { hash: string; pages: number } | undefined): IndexFile {
  const { language, stemmed, version } = options;
  const languages = index
    ? { [language]: { hash: index.hash, wasm: stemmed ? language : null, page_count: index.pages } }
    : {};
  const entry = { version, languages, include_characters: WORD_SYMBOLS };
  return { path: "pagefind-entry.json", bytes: utf8(JSON.stringify(entry)), compressed: false };
}

/** Short names, unique within one index: a digest's start, longer when two would share it. */
class Names {
  private readonly taken = new Set<string>();

  take(full: string, length: number, step: number): string {
    let short = full.slice(0, length);
    while (this.taken.has(short) && short.length < full.length) short = full.slice(0, short.length + step);
    this.taken.add(short);
    return short;
  }
}

/**
 * Pagefind's digest of a file's bytes: SHA-1, each byte in hex without its leading zero
 * (`format!("{:x?}")`), which is how Pagefind names its files and what its client asks for.
 */
function fullHash(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of createHash("sha1").update(bytes).digest()) hex += byte.toString(16);
  return hex;
}

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** The words in chunks of about CHUNK_SIZE locations, in order. */
function chunkWords(sorted: WordPages[]): WordPages[][] {
  const chunks: WordPages[][] = [];
  let chunk: WordPages[] = [];
  let size = 0;
  for (const word of sorted) {
    size += sizeOf(word.pages);
    // Pagefind 1.6.0 counts a variant's pages, and the variant itself (seen: its chunks end where this count says).
    for (const variant of word.variants) size += sizeOf(variant.pages) + 1;
    chunk.push(word);
    if (size >= CHUNK_SIZE) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

function sizeOf(pages: PackedPage[]): number {
  let size = 0;
  for (const [, locs, metaLocs] of pages) size += locs.length + metaLocs.length + 1;
  return size;
}

/**
 * Each chunk's first and last word, cut to the shortest prefixes that still tell it from its
 * neighbours (`chunk_meta`): the client loads the chunks a query's word falls between.
 */
function chunkBounds(chunks: WordPages[][]): [from: string, to: string][] {
  const bounds = chunks.map((chunk): [string, string] => [chunk[0]?.word ?? "", chunk[chunk.length - 1]?.word ?? ""]);
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

/** A word as a chunk holds it: its pages numbered from the one before (`delta`), its variants so too. */
function deltaEncoded(word: WordPages): unknown[] {
  const delta = (pages: PackedPage[]) => {
    let last = 0;
    return pages.map(([page, locs, metaLocs]) => {
      const d = page - last;
      last = page;
      return [d, locs, metaLocs];
    });
  };
  return [word.word, delta(word.pages), word.variants.map((v) => [v.form, delta(v.pages)])];
}

interface Groups extends Iterable<{ name: string; bytes: Uint8Array }> {
  /** Each page's group file, by page number; none when each has a file of its own. */
  groupOf: string[];
}

/**
 * The fragment files: one per page, or past `maxFragments` pages, pages in order in groups of
 * equal size, each group one JSON object of its fragments by name (keys sorted, as Pagefind
 * re-serializes them).
 */
function groupFragments(pages: SearchEntry[], names: string[], options: AssembleOptions): Groups {
  const files: { name: string; bytes: Uint8Array }[] = [];
  const groupOf: string[] = [];
  const max = options.maxFragments;
  if (!(max > 0 && max < pages.length)) {
    pages.forEach((entry, i) => files.push({ name: names[i] ?? "", bytes: utf8(entry.fragment) }));
    return Object.assign(files, { groupOf });
  }
  // Pagefind divides in single precision.
  const size = Math.ceil(Math.fround(Math.fround(pages.length) / Math.fround(max)));
  const taken = new Set<string>();
  for (let start = 0; start < pages.length; start += size) {
    const members = pages.slice(start, start + size).map((entry, i) => [names[start + i] ?? "", entry] as const);
    const group: Record<string, unknown> = {};
    for (const [name, entry] of [...members].sort(([a], [b]) => compareCodePoints(a, b)))
      group[name] = JSON.parse(entry.fragment);
    const bytes = utf8(sortedJson(group));
    const full = `${options.language}_group_${fullHash(bytes)}`;
    let short = full.slice(0, options.language.length + 14);
    while (taken.has(short) && short.length < full.length) short = full.slice(0, short.length + 2);
    taken.add(short);
    files.push({ name: short, bytes });
    for (let i = 0; i < members.length; i++) groupOf.push(short);
  }
  return Object.assign(files, { groupOf });
}

/** JSON with every object's keys sorted by code point, as serde_json writes a parsed value. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort(compareCodePoints);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
