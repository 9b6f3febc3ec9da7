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
import { defaultEncodeOptions, writeInt, writeString } from "cbor2/encoder";
import { Writer } from "cbor2/writer";
import { pagefindDigest } from "../core/digest.ts";
import { compareCodePoints } from "./code-points.ts";
import { fragmentJson, sortedFragmentJson } from "./fragment.ts";
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

/** The files of an index, and its fragment groups as a later build may know them (AssembleOptions.known). */
export interface AssembledIndex {
  files: IndexFile[];
  /** Each fragment group's key (the digest of its members' names) and the digest of its bytes. */
  groups: [key: string, digest: string][];
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

const file = (path: string, bytes: Uint8Array, compressed = true): IndexFile => ({
  path,
  bytes: () => bytes,
  compressed,
});

/** Words' locations per chunk, counted as Pagefind counts them (`index_chunk_size`). */
const CHUNK_SIZE = 20_000;

/** CBOR's major type of an array (RFC 8949, 3.1), which cbor2's writeInt writes a length under. */
const ARRAY = 4;

/**
 * A word's pages, each as two numbers: the page, and where its two lists of locations start in the
 * page's entry (`items`); they are written into the chunk from there, never copied into lists.
 */
interface Postings {
  pages: number[];
  /** Its locations, as Pagefind counts a chunk's size (`sizeOf`). */
  size: number;
}

interface WordPages extends Postings {
  word: string;
  variants: (Postings & { form: string })[];
}

/** The index's files, for the entries in page order (entries with no words are left out, as Pagefind leaves them). */
export function assembleIndex(entries: readonly SearchEntry[], options: AssembleOptions): AssembledIndex {
  const pages = entries.filter(hasText);
  // No page with a word: Pagefind writes an entry that knows no language, and nothing else.
  if (pages.length === 0) return { files: [entryFile(options, undefined)], groups: [] };
  const metaFields = [...new Set(pages.flatMap((p) => p.meta.map(([field]) => field)))].sort(compareCodePoints);
  const { words, filters } = invert(pages);
  const files: IndexFile[] = [];
  const fragments = fragmentFiles(pages, options);
  files.push(...fragments.files);
  const chunks = chunkWords([...words.values()].sort((a, b) => compareCodePoints(a.word, b.word)));
  const names = new Names(options.language);
  const remaps = fieldRemaps(pages, metaFields);
  const chunkNames = chunks.map((chunk) => {
    const bytes = chunkBytes(chunk, pages, remaps);
    const name = names.take(pagefindDigest(bytes));
    files.push(file(`index/${name}.pf_index`, bytes));
    return name;
  });
  const metaFilters = [...filters]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([filter, byValue]) => {
      const values = [...byValue].sort(([a], [b]) => compareCodePoints(a, b));
      const bytes = encode([filter, values]);
      const name = names.take(pagefindDigest(bytes));
      files.push(file(`filter/${name}.pf_filter`, bytes));
      return [filter, name];
    });
  const meta = encode([
    options.version,
    pages.map((entry, i) => [fragments.names[i], entry.wordCount, fragments.groups[i] ?? ""]),
    chunkBounds(chunks).map(([from, to], i) => [from, to, chunkNames[i]]),
    metaFilters,
    [],
    metaFields,
  ]);
  const metaName = `${options.language}_${pagefindDigest(meta).slice(0, options.language.length + 8)}`;
  files.push(file(`pagefind.${metaName}.pf_meta`, meta));
  files.push(entryFile(options, { hash: metaName, pages: pages.length }));
  return { files, groups: fragments.keys };
}

/** Every word's pages (numbered in order) with where its locations are, and its variants'; every filter value's pages. */
function invert(pages: readonly SearchEntry[]): {
  words: Map<string, WordPages>;
  filters: Map<string, Map<string, number[]>>;
} {
  const words = new Map<string, WordPages>();
  const filters = new Map<string, Map<string, number[]>>();
  pages.forEach((entry, page) => {
    const { items } = entry;
    let p = 0;
    /** Adds the page to `to`, with where its two lists of locations start. */
    const post = (to: Postings, at: number, count: number): void => {
      to.pages.push(page, at);
      to.size += count + 1;
    };
    /** The number of locations in the two lists at `p`. */
    const counted = () => (items[p] ?? 0) + (items[p + (items[p] ?? 0) + 1] ?? 0);
    for (const w of entry.words) {
      let word = words.get(w);
      if (!word) words.set(w, (word = { word: w, pages: [], size: 0, variants: [] }));
      const count = counted();
      // A word with no location is not on the page: Pagefind writes no page for it.
      if (count > 0) post(word, p, count);
      p += count + 2;
      const variants = items[p++] ?? 0;
      for (let v = 0; v < variants; v++) {
        const form = entry.forms[items[p++] ?? 0] ?? "";
        let variant = word.variants.find((x) => x.form === form);
        if (!variant) word.variants.push((variant = { form, pages: [], size: 0 }));
        const inVariant = counted();
        post(variant, p, inVariant);
        p += inVariant + 2;
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
  return { words, filters };
}

/**
 * For each page, its meta fields' numbers in the index: a page numbers its meta fields among its
 * own, the index among all pages' (`metaFields`), so a page's meta markers are renumbered as they
 * are written.
 */
function fieldRemaps(pages: readonly SearchEntry[], metaFields: readonly string[]): number[][] {
  const fieldNumber = new Map(metaFields.map((field, i) => [field, i]));
  return pages.map((entry) => entry.meta.map(([field]) => fieldNumber.get(field) ?? 0));
}

/**
 * A chunk as Pagefind's client reads it: `[[word, pages, variants], …]` in one array, each page
 * `[its number less the one before it, locations, meta locations]`, each variant `[form, pages]`;
 * written with cbor2's own writers from the entries' locations, as `encode` writes the same lists.
 */
function chunkBytes(chunk: readonly WordPages[], pages: readonly SearchEntry[], remaps: number[][]): Uint8Array {
  const w = new Writer({ chunkSize: 64 * 1024 });
  const list = (items: Int32Array, at: number, remap: number[] | undefined): number => {
    const n = items[at] ?? 0;
    writeInt(n, w, ARRAY);
    for (let i = at + 1; i <= at + n; i++) {
      const v = items[i] ?? 0;
      writeInt(remap && v < 0 ? -(remap[-v - 1] ?? 0) - 1 : v, w);
    }
    return at + n + 1;
  };
  const postings = ({ pages: posted }: Postings) => {
    writeInt(posted.length / 2, w, ARRAY);
    let last = 0;
    for (let k = 0; k < posted.length; k += 2) {
      const page = posted[k] ?? 0;
      const items = pages[page]?.items ?? new Int32Array();
      writeInt(3, w, ARRAY);
      writeInt(page - last, w);
      last = page;
      list(items, list(items, posted[k + 1] ?? 0, undefined), remaps[page]);
    }
  };
  writeInt(1, w, ARRAY);
  writeInt(chunk.length, w, ARRAY);
  for (const word of chunk) {
    writeInt(3, w, ARRAY);
    writeString(word.word, w, defaultEncodeOptions);
    postings(word);
    writeInt(word.variants.length, w, ARRAY);
    for (const variant of word.variants) {
      writeInt(2, w, ARRAY);
      writeString(variant.form, w, defaultEncodeOptions);
      postings(variant);
    }
  }
  return w.read();
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

/** The words in chunks of about CHUNK_SIZE locations, in order. */
function chunkWords(sorted: WordPages[]): WordPages[][] {
  const chunks: WordPages[][] = [];
  let chunk: WordPages[] = [];
  let size = 0;
  for (const word of sorted) {
    size += word.size;
    // Pagefind 1.6.0 counts a variant's pages, and the variant itself (seen: its chunks end where this count says).
    for (const variant of word.variants) size += variant.size + 1;
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

/**
 * The fragment files, each page's name and group: one file per page, named by the digest of its
 * fragment; or past `maxFragments` pages, pages in order in groups of equal size, each group one
 * JSON object of its fragments by name, named by its digest (known, or made).
 */
function fragmentFiles(
  pages: readonly SearchEntry[],
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
    const files = pages.map((entry, i) => ({
      path: `fragment/${names[i]}.pf_fragment`,
      bytes: once(() => utf8(fragmentJson(entry))),
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
      .map((entry, i) => [names[start + i] ?? "", entry, fullNames[start + i] ?? ""] as const)
      .sort(([a], [b]) => compareCodePoints(a, b));
    // A fragment's full name is the digest of all it holds, and its short name is what the group
    // holds it under: together they are the group's bytes.
    const key = pagefindDigest(members.map(([name, , full]) => `${name} ${full}`).join("\n"));
    const bytes = once(() =>
      utf8(`{${members.map(([name, entry]) => `${JSON.stringify(name)}:${sortedFragmentJson(entry)}`).join(",")}}`),
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
