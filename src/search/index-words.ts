/**
 * The words of an index, as a build keeps them for the next one (IndexWords): every word in order,
 * how many pages list it, its variants, and each of its pages (and its variants' pages) with the
 * bytes of that page's locations as a chunk holds them; the pages' meta fields and filters, each
 * with how many pages give it.
 *
 * A first build makes them from every page's entry (wordsOf). A rebuild in which some routes' pages
 * changed, and none came or went, updates them (updatedWords): a word the changed pages list, before
 * or now, loses those pages and gains them as they are now; each other page of it keeps its bytes,
 * and every other word is left as it was. Chunks are written from them alike (chunkBytes), so the
 * two agree byte for byte (test/search/index-words.test.ts), and `ppguide build --verify` compares a
 * rebuild with a build from nothing.
 */
import { defaultEncodeOptions, writeInt, writeString } from "cbor2/encoder";
import { Writer } from "cbor2/writer";
import { compareCodePoints } from "./code-points.ts";
import type { SearchEntry } from "./page-entry.ts";

export interface IndexWords {
  /** The words, in code point order. */
  words: string[];
  /** Per word: how many pages list it (a page may list a word with no location of its own, for its variants). */
  listed: Int32Array;
  /** Per word, where its variants start in `forms` (one more offset ends the last word's). */
  variantAt: Int32Array;
  /** The variants' forms (café for cafe), word by word, in the order Pagefind meets them. */
  forms: string[];
  /**
   * Where each list of pages starts among the postings (one more offset ends the last): the list of
   * word i is list i, that of variant k (in `forms`) is list `words.length + k`.
   */
  listAt: Int32Array;
  /**
   * Per posting (a page of a list, in page order): the page, its number of locations, and where its
   * locations' bytes are in `bytes`.
   */
  pages: Int32Array;
  counts: Int32Array;
  bodyAt: Float64Array;
  bodyLength: Int32Array;
  bytes: Uint8Array;
  /** The meta fields in code point order, each with how many pages give it. */
  metaFields: string[];
  metaListed: number[];
  /** The filters in code point order: how many pages give each, its values in order and each one's pages. */
  filters: [filter: string, listed: number, values: [value: string, pages: number[]][]][];
}

/** CBOR's major type of an array (RFC 8949, 3.1), which cbor2's writeInt writes a length under. */
const ARRAY = 4;

/** Words' locations per chunk, counted as Pagefind counts them (`index_chunk_size`). */
const CHUNK_SIZE = 20_000;

/** A page of a list, its locations' bytes in `bytes` when made (a new page's), or in the previous words'. */
interface Posting {
  page: number;
  count: number;
  at: number;
  length: number;
}

/** The words of the pages (entries with words, numbered in order). */
export function wordsOf(pages: readonly SearchEntry[]): IndexWords {
  const meta = new Map<string, number>();
  for (const entry of pages) for (const [field] of entry.meta) meta.set(field, (meta.get(field) ?? 0) + 1);
  const metaFields = [...meta.keys()].sort(compareCodePoints);
  const fieldNumber = new Map(metaFields.map((field, i) => [field, i]));
  const remaps = pages.map((entry) => entry.meta.map(([field]) => fieldNumber.get(field) ?? 0));
  const { words, filters } = invert(pages);
  const sorted = [...words.values()].sort((a, b) => compareCodePoints(a.word, b.word));
  const body = new Writer({ chunkSize: 256 * 1024 });
  // A page's two lists of locations, written from its entry; its meta fields renumbered as the index numbers them.
  const posting = (page: number, at: number, count: number): Posting => {
    const start = body.length;
    const items = pages[page]?.items ?? new Int32Array();
    writeList(body, items, writeList(body, items, at, undefined), remaps[page]);
    return { page, count, at: start, length: body.length - start };
  };
  const lists: Posting[][] = [];
  const variantLists: Posting[][] = [];
  const forms: string[] = [];
  const variantAt = new Int32Array(sorted.length + 1);
  sorted.forEach((word, i) => {
    variantAt[i] = forms.length;
    lists.push(postingsOf(word, posting));
    for (const variant of word.variants) {
      forms.push(variant.form);
      variantLists.push(postingsOf(variant, posting));
    }
  });
  variantAt[sorted.length] = forms.length;
  return {
    ...tables([...lists, ...variantLists], body.read()),
    words: sorted.map((word) => word.word),
    listed: Int32Array.from(sorted, (word) => word.listed),
    variantAt,
    forms,
    metaFields,
    metaListed: metaFields.map((field) => meta.get(field) ?? 0),
    filters: [...filters]
      .sort(([a], [b]) => compareCodePoints(a, b))
      .map(([filter, { listed, values }]) => [filter, listed, [...values].sort(([a], [b]) => compareCodePoints(a, b))]),
  };
}

function postingsOf(to: Postings, posting: (page: number, at: number, count: number) => Posting): Posting[] {
  const made: Posting[] = [];
  for (let k = 0; k < to.pages.length; k += 3)
    made.push(posting(to.pages[k] ?? 0, to.pages[k + 1] ?? 0, to.pages[k + 2] ?? 0));
  return made;
}

/** The lists' postings as the tables of IndexWords. */
function tables(
  lists: readonly (readonly Posting[])[],
  bytes: Uint8Array,
): Pick<IndexWords, "listAt" | "pages" | "counts" | "bodyAt" | "bodyLength" | "bytes"> {
  const total = lists.reduce((n, list) => n + list.length, 0);
  const listAt = new Int32Array(lists.length + 1);
  const pages = new Int32Array(total);
  const counts = new Int32Array(total);
  const bodyAt = new Float64Array(total);
  const bodyLength = new Int32Array(total);
  let j = 0;
  lists.forEach((list, i) => {
    listAt[i] = j;
    for (const p of list) {
      pages[j] = p.page;
      counts[j] = p.count;
      bodyAt[j] = p.at;
      bodyLength[j] = p.length;
      j++;
    }
  });
  listAt[lists.length] = j;
  return { listAt, pages, counts, bodyAt, bodyLength, bytes };
}

/** The postings of list `l`. */
function listOf(words: IndexWords, l: number): Posting[] {
  const list: Posting[] = [];
  for (let j = words.listAt[l] ?? 0; j < (words.listAt[l + 1] ?? 0); j++)
    list.push({
      page: words.pages[j] ?? 0,
      count: words.counts[j] ?? 0,
      at: words.bodyAt[j] ?? 0,
      length: words.bodyLength[j] ?? 0,
    });
  return list;
}

/** Each chunk's words, `[start, end)` in the word list: about CHUNK_SIZE locations each, as Pagefind cuts them. */
export function chunkRanges(words: IndexWords): [start: number, end: number][] {
  const n = words.words.length;
  // A list's size: each page's locations and one. Pagefind 1.6.0 counts a variant's pages, and the
  // variant itself (seen: its chunks end where this count says).
  const listSize = (l: number) => {
    let size = 0;
    for (let j = words.listAt[l] ?? 0; j < (words.listAt[l + 1] ?? 0); j++) size += (words.counts[j] ?? 0) + 1;
    return size;
  };
  const ranges: [number, number][] = [];
  let start = 0;
  let size = 0;
  for (let i = 0; i < n; i++) {
    size += listSize(i);
    for (let k = words.variantAt[i] ?? 0; k < (words.variantAt[i + 1] ?? 0); k++) size += listSize(n + k) + 1;
    if (size >= CHUNK_SIZE) {
      ranges.push([start, i + 1]);
      start = i + 1;
      size = 0;
    }
  }
  if (start < n) ranges.push([start, n]);
  return ranges;
}

/**
 * A chunk as Pagefind's client reads it: `[[word, pages, variants], …]` in one array, each page
 * `[its number less the one before it, locations, meta locations]`, each variant `[form, pages]`;
 * written with cbor2's own writers, as `encode` writes the same lists.
 */
export function chunkBytes(words: IndexWords, start: number, end: number): Uint8Array {
  const w = new Writer({ chunkSize: 64 * 1024 });
  const n = words.words.length;
  const list = (l: number) => {
    const from = words.listAt[l] ?? 0;
    const to = words.listAt[l + 1] ?? 0;
    writeInt(to - from, w, ARRAY);
    let last = 0;
    for (let j = from; j < to; j++) {
      const page = words.pages[j] ?? 0;
      writeInt(3, w, ARRAY);
      writeInt(page - last, w);
      last = page;
      const at = words.bodyAt[j] ?? 0;
      w.write(words.bytes.subarray(at, at + (words.bodyLength[j] ?? 0)));
    }
  };
  writeInt(1, w, ARRAY);
  writeInt(end - start, w, ARRAY);
  for (let i = start; i < end; i++) {
    writeInt(3, w, ARRAY);
    writeString(words.words[i] ?? "", w, defaultEncodeOptions);
    list(i);
    const from = words.variantAt[i] ?? 0;
    const to = words.variantAt[i + 1] ?? 0;
    writeInt(to - from, w, ARRAY);
    for (let k = from; k < to; k++) {
      writeInt(2, w, ARRAY);
      writeString(words.forms[k] ?? "", w, defaultEncodeOptions);
      list(n + k);
    }
  }
  return w.read();
}

/** A page whose entry changed: its number, and its entry before and now. */
export interface ChangedPage {
  page: number;
  before: SearchEntry;
  now: SearchEntry;
}

/** A word as updatedWords makes it again. */
interface Remade {
  listed: number;
  pages: Posting[];
  variants: { form: string; pages: Posting[] }[];
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
  const fields = [...metaListed].filter(([, n]) => n > 0);
  if (fields.length !== previous.metaFields.length || previous.metaFields.some((f) => !(metaListed.get(f) ?? 0)))
    return undefined;
  const pagesChanged = new Set(changed.map((c) => c.page));
  const fieldNumber = new Map(previous.metaFields.map((field, i) => [field, i]));
  const n = previous.words.length;
  const index = new Map(previous.words.map((word, i) => [word, i]));

  // The changed pages' lists now, their bytes written after the previous words' bytes.
  const body = new Writer({ chunkSize: 64 * 1024 });
  const base = previous.bytes.length;
  const edits = new Map<
    string,
    { listed: number; pages: Posting[]; variants: Map<string, { pages: Posting[]; order: Map<number, number> }> }
  >();
  const edit = (word: string) => {
    let e = edits.get(word);
    if (!e) edits.set(word, (e = { listed: 0, pages: [], variants: new Map() }));
    return e;
  };
  for (const { page, before, now } of changed) {
    for (const word of before.words) edit(word).listed--;
    const remap = now.meta.map(([field]) => fieldNumber.get(field) ?? 0);
    const { items } = now;
    let p = 0;
    const posting = (): Posting => {
      const at = body.length;
      const count = (items[p] ?? 0) + (items[p + (items[p] ?? 0) + 1] ?? 0);
      p = writeList(body, items, writeList(body, items, p, undefined), remap);
      return { page, count, at: base + at, length: body.length - at };
    };
    for (const word of now.words) {
      const e = edit(word);
      e.listed++;
      const mine = posting();
      // A word with no location is not on the page: Pagefind writes no page for it.
      if (mine.count > 0) e.pages.push(mine);
      const variants = items[p++] ?? 0;
      for (let v = 0; v < variants; v++) {
        const form = now.forms[items[p++] ?? 0] ?? "";
        let variant = e.variants.get(form);
        if (!variant) e.variants.set(form, (variant = { pages: [], order: new Map() }));
        variant.order.set(page, v);
        variant.pages.push(posting());
      }
    }
  }

  const byPage = (a: Posting, b: Posting) => a.page - b.page;
  const kept = (list: Posting[]) => list.filter((x) => !pagesChanged.has(x.page));
  const remade = new Map<string, Remade | undefined>();
  for (const [word, e] of edits) {
    const i = index.get(word);
    const listed = (i === undefined ? 0 : (previous.listed[i] ?? 0)) + e.listed;
    const pages = [...(i === undefined ? [] : kept(listOf(previous, i))), ...e.pages].sort(byPage);
    // Variants in the order Pagefind meets them: by the first page that lists each, and within a
    // page in the order it lists them.
    const variants: { form: string; pages: Posting[]; first: number; order: number; moved: boolean }[] = [];
    const at = (form: string, all: Posting[], order: Map<number, number> | undefined, k: number, moved: boolean) => {
      const first = all[0]?.page ?? 0;
      // A variant first met on a changed page is placed as that page lists it; one first met on a
      // page that did not change keeps its place among the previous variants.
      variants.push({ form, pages: all, first, order: order?.get(first) ?? k, moved });
    };
    if (i !== undefined)
      for (let k = previous.variantAt[i] ?? 0; k < (previous.variantAt[i + 1] ?? 0); k++) {
        const form = previous.forms[k] ?? "";
        const before = listOf(previous, n + k);
        const now = e.variants.get(form);
        const all = [...kept(before), ...(now?.pages ?? [])].sort(byPage);
        if (all.length) at(form, all, now?.order, k, all[0]?.page !== before[0]?.page);
        e.variants.delete(form);
      }
    for (const [form, now] of e.variants) at(form, now.pages.sort(byPage), now.order, 0, true);
    // Two variants first met on one page that did not change, one of them met earlier before: their
    // order is that page's, which only its entry knows. Rare; the words are made from all pages then.
    for (const v of variants)
      if (v.moved && !pagesChanged.has(v.first) && variants.some((o) => o !== v && o.first === v.first))
        return undefined;
    variants.sort((a, b) => a.first - b.first || a.order - b.order);
    remade.set(word, listed > 0 ? { listed, pages, variants } : undefined);
  }

  // The words in order: the previous ones less those now listed by no page, and those new.
  const added = [...remade.keys()].filter((word) => !index.has(word)).sort(compareCodePoints);
  const words: string[] = [];
  const listed: number[] = [];
  const lists: Posting[][] = [];
  const variantLists: Posting[][] = [];
  const forms: string[] = [];
  const variantAt: number[] = [];
  const push = (word: string, made: Remade) => {
    words.push(word);
    listed.push(made.listed);
    variantAt.push(forms.length);
    lists.push(made.pages);
    for (const v of made.variants) {
      forms.push(v.form);
      variantLists.push(v.pages);
    }
  };
  const previousWord = (i: number): Remade => ({
    listed: previous.listed[i] ?? 0,
    pages: listOf(previous, i),
    variants: Array.from({ length: (previous.variantAt[i + 1] ?? 0) - (previous.variantAt[i] ?? 0) }, (_, v) => {
      const k = (previous.variantAt[i] ?? 0) + v;
      return { form: previous.forms[k] ?? "", pages: listOf(previous, n + k) };
    }),
  });
  let a = 0;
  const pushAdded = (until: string | undefined) => {
    for (; a < added.length && (until === undefined || compareCodePoints(added[a] ?? "", until) < 0); a++) {
      const made = remade.get(added[a] ?? "");
      if (made) push(added[a] ?? "", made);
    }
  };
  previous.words.forEach((word, i) => {
    pushAdded(word);
    const made = remade.has(word) ? remade.get(word) : previousWord(i);
    if (made) push(word, made);
  });
  pushAdded(undefined);
  variantAt.push(forms.length);

  return {
    words: {
      ...tables([...lists, ...variantLists], compacted([...lists, ...variantLists], previous.bytes, body.read())),
      words,
      listed: Int32Array.from(listed),
      variantAt: Int32Array.from(variantAt),
      forms,
      metaFields: previous.metaFields,
      metaListed: previous.metaFields.map((field) => metaListed.get(field) ?? 0),
      filters: updatedFilters(previous.filters, changed, pagesChanged),
    },
    touched: new Set(edits.keys()),
  };
}

/**
 * The bytes of the lists' postings: the previous bytes and the new ones after them, each posting's
 * `at` unchanged; or, once more than half of that would be bytes no posting names (pages changed
 * build after build), only the postings' bytes, their `at` moved.
 */
function compacted(lists: readonly Posting[][], previous: Uint8Array, added: Uint8Array): Uint8Array {
  let live = 0;
  for (const list of lists) for (const p of list) live += p.length;
  if (previous.length + added.length <= 2 * live) return Buffer.concat([previous, added]);
  const bytes = new Uint8Array(live);
  let to = 0;
  for (const list of lists)
    for (const p of list) {
      const from =
        p.at < previous.length
          ? previous.subarray(p.at, p.at + p.length)
          : added.subarray(p.at - previous.length, p.at - previous.length + p.length);
      bytes.set(from, to);
      p.at = to;
      to += p.length;
    }
  return bytes;
}

/**
 * Writes the list of locations at `items[at]` (its count, then its values; a meta marker renumbered by
 * `remap`); returns where it ends.
 */
function writeList(w: Writer, items: Int32Array, at: number, remap: number[] | undefined): number {
  const n = items[at] ?? 0;
  writeInt(n, w, ARRAY);
  for (let i = at + 1; i <= at + n; i++) {
    const v = items[i] ?? 0;
    writeInt(remap && v < 0 ? -(remap[-v - 1] ?? 0) - 1 : v, w);
  }
  return at + n + 1;
}

/** Each filter's pages, by value. */
type FilterPages = Map<string, { listed: number; values: Map<string, number[]> }>;

/** Lists `page` under each of its filters and their values, after the pages listed so far. */
function listFilters(filters: FilterPages, page: number, own: SearchEntry["filters"]): void {
  for (const [filter, values] of own) {
    let byValue = filters.get(filter);
    if (!byValue) filters.set(filter, (byValue = { listed: 0, values: new Map() }));
    byValue.listed++;
    for (const value of values) {
      const at = byValue.values.get(value) ?? [];
      at.push(page);
      byValue.values.set(value, at);
    }
  }
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
    listFilters(filters, page, now.filters);
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

/** A word's (or a variant's) pages: per page, its number, where its lists start in its entry, and its locations. */
interface Postings {
  pages: number[];
}

interface WordPages extends Postings {
  word: string;
  listed: number;
  variants: (Postings & { form: string })[];
}

/**
 * Every word's pages (numbered in order) with where its locations are, and its variants'; every filter
 * value's pages.
 */
function invert(pages: readonly SearchEntry[]): {
  words: Map<string, WordPages>;
  filters: FilterPages;
} {
  const words = new Map<string, WordPages>();
  const filters: FilterPages = new Map();
  pages.forEach((entry, page) => {
    const { items } = entry;
    let p = 0;
    /** The number of locations in the two lists at `p`. */
    const counted = () => (items[p] ?? 0) + (items[p + (items[p] ?? 0) + 1] ?? 0);
    for (const w of entry.words) {
      let word = words.get(w);
      if (!word) words.set(w, (word = { word: w, listed: 0, pages: [], variants: [] }));
      word.listed++;
      const count = counted();
      // A word with no location is not on the page: Pagefind writes no page for it.
      if (count > 0) word.pages.push(page, p, count);
      p += count + 2;
      const variants = items[p++] ?? 0;
      for (let v = 0; v < variants; v++) {
        const form = entry.forms[items[p++] ?? 0] ?? "";
        let variant = word.variants.find((x) => x.form === form);
        if (!variant) word.variants.push((variant = { form, pages: [] }));
        const inVariant = counted();
        variant.pages.push(page, p, inVariant);
        p += inVariant + 2;
      }
    }
    listFilters(filters, page, entry.filters);
  });
  return { words, filters };
}
