/**
 * The words of an index, as a build keeps them for the next one (IndexWords): every word in order
 * with its bytes as a chunk holds them, its share of a chunk's size, and how many pages list it;
 * the pages' meta fields and filters, each with how many pages give it.
 *
 * A first build makes them from every page's entry (wordsOf). A rebuild in which some routes'
 * pages changed, and none came or went, updates them (updatedWords): only the words those pages
 * list, before and now, are read and written again; every other word keeps its bytes. The two
 * agree byte for byte (test/search/index-words.test.ts), and `ppguide build --verify` compares a
 * rebuild with a build from nothing.
 */
import { decode, encode } from "cbor2";
import { defaultEncodeOptions, writeInt, writeString } from "cbor2/encoder";
import { Writer } from "cbor2/writer";
import { compareCodePoints } from "./code-points.ts";
import type { SearchEntry } from "./page-entry.ts";

export interface IndexWords {
  /** The words, in code point order. */
  words: string[];
  /** Per word: how many pages list it (a page may list a word with no location of its own, for its variants). */
  listed: Int32Array;
  /** Per word: its locations, as Pagefind counts a chunk's size (`index_chunk_size`): each page's locations and one, each variant's so and one. */
  sizes: Int32Array;
  /** Per word, where its bytes start in `bytes`; one more offset ends the last. */
  at: Float64Array;
  /** Each word as a chunk holds it, `[word, pages, variants]` (CBOR), one after another. */
  bytes: Uint8Array;
  /** The meta fields in code point order, each with how many pages give it. */
  metaFields: string[];
  metaListed: number[];
  /** The filters in code point order: how many pages give each, its values in order and each one's pages. */
  filters: [filter: string, listed: number, values: [value: string, pages: number[]][]][];
}

/** CBOR's major type of an array (RFC 8949, 3.1), which cbor2's writeInt writes a length under. */
const ARRAY = 4;

/**
 * A word's pages, each as two numbers: the page, and where its two lists of locations start in the
 * page's entry (`items`); they are written from there, never copied into lists.
 */
interface Postings {
  pages: number[];
  size: number;
}

interface WordPages extends Postings {
  word: string;
  listed: number;
  variants: (Postings & { form: string })[];
}

/** The words of the pages (entries with words, numbered in order). */
export function wordsOf(pages: readonly SearchEntry[]): IndexWords {
  const meta = new Map<string, number>();
  for (const entry of pages) for (const [field] of entry.meta) meta.set(field, (meta.get(field) ?? 0) + 1);
  const metaFields = [...meta.keys()].sort(compareCodePoints);
  const remaps = fieldRemaps(pages, metaFields);
  const { words, filters } = invert(pages);
  const sorted = [...words.values()].sort((a, b) => compareCodePoints(a.word, b.word));
  const w = new Writer({ chunkSize: 256 * 1024 });
  const at = new Float64Array(sorted.length + 1);
  sorted.forEach((word, i) => {
    at[i] = w.length;
    writeWord(w, word, pages, remaps);
  });
  at[sorted.length] = w.length;
  return {
    words: sorted.map((word) => word.word),
    listed: Int32Array.from(sorted, (word) => word.listed),
    sizes: Int32Array.from(sorted, chunkSize),
    at,
    bytes: w.read(),
    metaFields,
    metaListed: metaFields.map((field) => meta.get(field) ?? 0),
    filters: [...filters]
      .sort(([a], [b]) => compareCodePoints(a, b))
      .map(([filter, { listed, values }]) => [filter, listed, [...values].sort(([a], [b]) => compareCodePoints(a, b))]),
  };
}

/** A word's bytes, as a chunk holds it. */
export function wordBytes(words: IndexWords, i: number): Uint8Array {
  return words.bytes.subarray(words.at[i] ?? 0, words.at[i + 1] ?? 0);
}

/** A page whose entry changed: its number, and its entry before and now. */
export interface ChangedPage {
  page: number;
  before: SearchEntry;
  now: SearchEntry;
}

/**
 * The words of `previous` with the pages `changed` (every other page as it was), and which words
 * changed; undefined when the pages' meta fields changed (every page's meta locations are
 * numbered by them: the words are made from all pages then).
 */
export function updatedWords(
  previous: IndexWords,
  changed: readonly ChangedPage[],
): { words: IndexWords; touched: Set<string> } | undefined {
  const metaListed = new Map(previous.metaFields.map((field, i) => [field, previous.metaListed[i] ?? 0]));
  for (const { before, now } of changed) {
    for (const [field] of before.meta) metaListed.set(field, (metaListed.get(field) ?? 0) - 1);
    for (const [field] of now.meta) metaListed.set(field, (metaListed.get(field) ?? 0) + 1);
  }
  const metaFields = [...metaListed].filter(([, n]) => n > 0).map(([field]) => field);
  if (metaFields.length !== previous.metaFields.length || previous.metaFields.some((f) => !(metaListed.get(f) ?? 0)))
    return undefined;
  const pagesChanged = new Set(changed.map((c) => c.page));

  // Each word the changed pages list, before or now: its pages less theirs, with theirs now.
  const edits = new Map<string, { listed: number; pages: Posting[]; variants: Map<string, VariantEdit> }>();
  const edit = (word: string) => {
    let e = edits.get(word);
    if (!e) edits.set(word, (e = { listed: 0, pages: [], variants: new Map() }));
    return e;
  };
  const fieldNumber = new Map(previous.metaFields.map((field, i) => [field, i]));
  for (const { page, before, now } of changed) {
    for (const word of before.words) edit(word).listed--;
    const remap = now.meta.map(([field]) => fieldNumber.get(field) ?? 0);
    readWords(now, remap, (word, locs, metaLocs, variants) => {
      const e = edit(word);
      e.listed++;
      if (locs.length + metaLocs.length > 0) e.pages.push([page, locs, metaLocs]);
      variants.forEach(([form, vLocs, vMeta], order) => {
        let v = e.variants.get(form);
        if (!v) e.variants.set(form, (v = { pages: [], order: new Map() }));
        v.pages.push([page, vLocs, vMeta]);
        v.order.set(page, order);
      });
    });
  }

  const index = new Map(previous.words.map((word, i) => [word, i]));
  const made = new Map<string, { listed: number; size: number; bytes: Uint8Array }>();
  for (const [word, e] of edits) {
    const i = index.get(word);
    const listed = (i === undefined ? 0 : (previous.listed[i] ?? 0)) + e.listed;
    const was = i === undefined ? undefined : (decode(wordBytes(previous, i)) as EncodedWord);
    const pages = [...absolute(was?.[1] ?? []).filter(([p]) => !pagesChanged.has(p)), ...e.pages].sort(
      (a, b) => a[0] - b[0],
    );
    // Variants in the order Pagefind meets them: by the first page that lists each, and within a
    // page in the order it lists them.
    const variants: { form: string; pages: Posting[]; first: number; order: number; moved: boolean }[] = [];
    (was?.[2] ?? []).forEach(([form, posted], k) => {
      const before = absolute(posted);
      const now = e.variants.get(form);
      const all = [...before.filter(([p]) => !pagesChanged.has(p)), ...(now?.pages ?? [])].sort((a, b) => a[0] - b[0]);
      if (all.length) variants.push(variantAt(form, all, now, k, all[0]?.[0] !== before[0]?.[0]));
      e.variants.delete(form);
    });
    for (const [form, now] of e.variants)
      variants.push(
        variantAt(
          form,
          now.pages.sort((a, b) => a[0] - b[0]),
          now,
          0,
          true,
        ),
      );
    // Two variants first met on one page that did not change, one of them met earlier before: their
    // order is that page's, which only its entry knows. Rare; the words are made from all pages then.
    for (const v of variants)
      if (v.moved && !pagesChanged.has(v.first) && variants.some((o) => o !== v && o.first === v.first))
        return undefined;
    variants.sort((a, b) => a.first - b.first || a.order - b.order);
    if (listed <= 0) continue;
    const encoded: EncodedWord = [word, relative(pages), variants.map((v) => [v.form, relative(v.pages)])];
    const size = postingsSize(pages) + variants.reduce((sum, v) => sum + postingsSize(v.pages) + 1, 0);
    made.set(word, { listed, size, bytes: encode(encoded) });
  }

  // The words in order: the previous ones less those now listed by no page, and those new.
  const added = [...made.keys()].filter((word) => !index.has(word)).sort(compareCodePoints);
  const words: string[] = [];
  const listed: number[] = [];
  const sizes: number[] = [];
  const parts: Uint8Array[] = [];
  const at: number[] = [];
  let length = 0;
  const push = (word: string, n: number, size: number, bytes: Uint8Array) => {
    words.push(word);
    listed.push(n);
    sizes.push(size);
    at.push(length);
    parts.push(bytes);
    length += bytes.length;
  };
  let a = 0;
  const pushAdded = (before: string | undefined) => {
    while (a < added.length && (before === undefined || compareCodePoints(added[a] ?? "", before) < 0)) {
      const word = added[a++] ?? "";
      const m = made.get(word);
      if (m) push(word, m.listed, m.size, m.bytes);
    }
  };
  previous.words.forEach((word, i) => {
    pushAdded(word);
    if (!edits.has(word)) push(word, previous.listed[i] ?? 0, previous.sizes[i] ?? 0, wordBytes(previous, i));
    else {
      const m = made.get(word);
      if (m) push(word, m.listed, m.size, m.bytes);
    }
  });
  pushAdded(undefined);
  at.push(length);

  return {
    words: {
      words,
      listed: Int32Array.from(listed),
      sizes: Int32Array.from(sizes),
      at: Float64Array.from(at),
      bytes: Buffer.concat(parts, length),
      metaFields: previous.metaFields,
      metaListed: previous.metaFields.map((field) => metaListed.get(field) ?? 0),
      filters: updatedFilters(previous.filters, changed, pagesChanged),
    },
    touched: new Set(edits.keys()),
  };
}

type Posting = [page: number, locs: number[], metaLocs: number[]];
type EncodedWord = [word: string, pages: Posting[], variants: [form: string, pages: Posting[]][]];
interface VariantEdit {
  pages: Posting[];
  /** Per changed page that lists the variant, its place among the variants the page lists for the word. */
  order: Map<number, number>;
}

function variantAt(form: string, pages: Posting[], now: VariantEdit | undefined, k: number, moved: boolean) {
  const first = pages[0]?.[0] ?? 0;
  // A variant first met on a changed page is placed as that page lists it; one first met on a page
  // that did not change keeps its place among the previous variants.
  return { form, pages, first, order: now?.order.get(first) ?? k, moved };
}

/** Pages numbered from the one before, as a chunk holds them, numbered from the start. */
function absolute(pages: Posting[]): Posting[] {
  let last = 0;
  return pages.map(([d, locs, metaLocs]) => {
    last += d;
    return [last, locs, metaLocs];
  });
}

function relative(pages: Posting[]): Posting[] {
  let last = 0;
  return pages.map(([p, locs, metaLocs]) => {
    const d = p - last;
    last = p;
    return [d, locs, metaLocs];
  });
}

function postingsSize(pages: Posting[]): number {
  let size = 0;
  for (const [, locs, metaLocs] of pages) size += locs.length + metaLocs.length + 1;
  return size;
}

function updatedFilters(
  previous: IndexWords["filters"],
  changed: readonly ChangedPage[],
  pagesChanged: ReadonlySet<number>,
): IndexWords["filters"] {
  const filters = new Map(
    previous.map(([filter, listed, values]) => [
      filter,
      { listed, values: new Map(values.map(([v, pages]) => [v, pages.filter((p) => !pagesChanged.has(p))])) },
    ]),
  );
  for (const { page, before, now } of changed) {
    for (const [filter] of before.filters) {
      const f = filters.get(filter);
      if (f) f.listed--;
    }
    for (const [filter, values] of now.filters) {
      let f = filters.get(filter);
      if (!f) filters.set(filter, (f = { listed: 0, values: new Map() }));
      f.listed++;
      for (const value of values) {
        const pages = f.values.get(value) ?? [];
        pages.push(page);
        f.values.set(value, pages);
      }
    }
  }
  return [...filters]
    .filter(([, f]) => f.listed > 0)
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([filter, { listed, values }]) => [
      filter,
      listed,
      [...values]
        .filter(([, pages]) => pages.length > 0)
        .map(([v, pages]): [string, number[]] => [v, pages.sort((x, y) => x - y)])
        .sort(([x], [y]) => compareCodePoints(x, y)),
    ]);
}

/** Each word an entry lists, with its locations, meta locations (renumbered by `remap`) and variants'. */
function readWords(
  entry: SearchEntry,
  remap: number[],
  each: (word: string, locs: number[], metaLocs: number[], variants: [string, number[], number[]][]) => void,
): void {
  const { items } = entry;
  let p = 0;
  const list = (meta: boolean): number[] => {
    const n = items[p++] ?? 0;
    const values = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const v = items[p++] ?? 0;
      values[i] = meta && v < 0 ? -(remap[-v - 1] ?? 0) - 1 : v;
    }
    return values;
  };
  for (const word of entry.words) {
    const locs = list(false);
    const metaLocs = list(true);
    const variants: [string, number[], number[]][] = [];
    const n = items[p++] ?? 0;
    for (let v = 0; v < n; v++) {
      const form = entry.forms[items[p++] ?? 0] ?? "";
      variants.push([form, list(false), list(true)]);
    }
    each(word, locs, metaLocs, variants);
  }
}

/** Every word's pages (numbered in order) with where its locations are, and its variants'; every filter value's pages. */
function invert(pages: readonly SearchEntry[]): {
  words: Map<string, WordPages>;
  filters: Map<string, { listed: number; values: Map<string, number[]> }>;
} {
  const words = new Map<string, WordPages>();
  const filters = new Map<string, { listed: number; values: Map<string, number[]> }>();
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
      if (!word) words.set(w, (word = { word: w, listed: 0, pages: [], size: 0, variants: [] }));
      word.listed++;
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
      if (!byValue) filters.set(filter, (byValue = { listed: 0, values: new Map() }));
      byValue.listed++;
      for (const value of values) {
        const at = byValue.values.get(value) ?? [];
        at.push(page);
        byValue.values.set(value, at);
      }
    }
  });
  return { words, filters };
}

/** A word's share of a chunk's size: Pagefind 1.6.0 counts a variant's pages, and the variant itself (seen: its chunks end where this count says). */
function chunkSize(word: WordPages): number {
  return word.size + word.variants.reduce((sum, v) => sum + v.size + 1, 0);
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
 * A word as a chunk holds it: `[word, pages, variants]`, each page `[its number less the one before
 * it, locations, meta locations]`, each variant `[form, pages]`; written with cbor2's own writers
 * from the entries' locations, as `encode` writes the same lists.
 */
function writeWord(w: Writer, word: WordPages, pages: readonly SearchEntry[], remaps: number[][]): void {
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
