/**
 * One page's part of the search index, made from what read-page.ts read of it (Pagefind's
 * `parse_digest` and the per-page half of its `build_indexes`): the words and where they stand,
 * each location with its weight; the page's fragment (the JSON a result shows); its meta words and
 * filters. Everything here depends on the page alone, so a page's entry is made once, in the thread
 * that rendered the page, and kept with the page (output/page-cache.ts) until the page changes;
 * assemble.ts joins the entries of a whole site into the index.
 */
import { stemEnglish } from "./english-stemmer.ts";
import type { ReadPage } from "./read-page.ts";
import { type IndexableWord, indexableWords, normalizeContent, splitWhitespace, WORD_SYMBOLS } from "./words.ts";

/**
 * A page's (or a record's) entry in the index. Its words' locations are one array of numbers,
 * which crosses threads and goes into the page cache as it is.
 */
export interface SearchEntry {
  url: string;
  /** The page's fragment as Pagefind writes it: url, content, word_count, filters, meta, anchors. */
  fragment: string;
  wordCount: number;
  /** Every word of the page's text and meta. */
  words: string[];
  /** The words as written with diacritics (café for cafe), which `items` name by number. */
  forms: string[];
  /** The page's meta fields, sorted: meta locations number them so. */
  metaFields: string[];
  /** Its filters and their values, filters sorted. */
  filters: [filter: string, values: string[]][];
  /**
   * For each word in turn: its locations in the text (their count, then Pagefind's packing: a
   * weight change is -(weight + 1) and an absolute position, else a delta from the last), its
   * locations in the meta fields (count, then -(field + 1) where the field changes and deltas),
   * and its variants (count, then each one's form number and its two lists as before).
   */
  items: Int32Array;
}

/** Whether a page's text gave a word: Pagefind leaves a page out of the index when it gave none. */
export function hasText(entry: Pick<SearchEntry, "items" | "words">): boolean {
  const { items } = entry;
  let p = 0;
  for (let w = 0; w < entry.words.length; w++) {
    const locs = items[p++] ?? 0;
    if (locs > 0) return true;
    p += locs;
    p += (items[p] ?? 0) + 1;
    const variants = items[p++] ?? 0;
    for (let v = 0; v < variants; v++) {
      p++;
      const vl = items[p++] ?? 0;
      if (vl > 0) return true;
      p += vl;
      p += (items[p] ?? 0) + 1;
    }
  }
  return false;
}

/**
 * What is wrong with an entry read from outside this process (a shard's manifest), if anything: its
 * locations must be lists whose counts hold, each weight a byte, each position at least 0, each
 * meta field and form one the entry names; its fragment a JSON object. An entry that passes can
 * be joined into an index without a crash, whatever else it says.
 */
export function entryProblem(entry: SearchEntry): { at: "items" | "fragment"; problem: string } | undefined {
  const problem = locationsProblem(entry);
  if (problem) return { at: "items", problem };
  try {
    const fragment: unknown = JSON.parse(entry.fragment);
    if (typeof fragment !== "object" || fragment === null || Array.isArray(fragment))
      return { at: "fragment", problem: "is not a JSON object" };
  } catch {
    return { at: "fragment", problem: "is not JSON" };
  }
  return undefined;
}

function locationsProblem(entry: SearchEntry): string | undefined {
  const { items } = entry;
  let p = 0;
  const list = (meta: boolean): string | undefined => {
    const n = items[p++];
    if (n === undefined || n < 0 || p + n > items.length) return "a count of locations runs past the list";
    const end = p + n;
    while (p < end) {
      const v = items[p++] ?? 0;
      if (v >= 0) continue;
      if (meta ? -v > entry.metaFields.length : -v > 256)
        return `a marker ${v} names no ${meta ? "meta field" : "weight"}`;
      // A weight marker is followed by an absolute position.
      if (!meta && (p >= end || (items[p++] ?? -1) < 0)) return "a weight marker is not followed by a position";
    }
    return undefined;
  };
  for (let w = 0; w < entry.words.length; w++) {
    const problem = list(false) ?? list(true);
    if (problem) return problem;
    const variants = items[p++];
    if (variants === undefined || variants < 0) return "a count of variants is missing";
    for (let v = 0; v < variants; v++) {
      const form = items[p++];
      if (form === undefined || form < 0 || form >= entry.forms.length) return "a variant names no form";
      const inner = list(false) ?? list(true);
      if (inner) return inner;
    }
  }
  if (p !== items.length) return `${items.length - p} numbers follow the last word's locations`;
  return undefined;
}

/** The stemmer of a language Pagefind stems, when ppguide has it; search/assemble.ts says what the site is given. */
export function stemmerOf(language: string): ((word: string) => string) | undefined {
  return language.split("-")[0] === "en" ? memoized(stemEnglish) : undefined;
}

function memoized(stem: (word: string) => string): (word: string) => string {
  const known = new Map<string, string>();
  return (word) => {
    let stemmed = known.get(word);
    if (stemmed === undefined) {
      stemmed = stem(word);
      if (known.size > 200_000) known.clear();
      known.set(word, stemmed);
    }
    return stemmed;
  };
}

const INCLUDE = new Set(WORD_SYMBOLS);

/**
 * A word's entries, remembered: a site repeats its words page after page, and working out a
 * word's parts and stem costs far more than looking it up.
 */
function wordsOfMemo(dotted: boolean): (raw: string, stem: ((word: string) => string) | undefined) => IndexableWord[] {
  let known = new Map<string, IndexableWord[]>();
  let stemmer: ((word: string) => string) | undefined;
  return (raw, stem) => {
    if (stem !== stemmer) {
      known = new Map();
      stemmer = stem;
    }
    let entries = known.get(raw);
    if (entries === undefined) {
      entries = indexableWords(raw, stem, INCLUDE, dotted);
      if (known.size > 100_000) known.clear();
      known.set(raw, entries);
    }
    return entries;
  };
}
/** A word of a page's text; one of its meta, where what follows a full stop is no entry of its own. */
const wordsOf = wordsOfMemo(true);
const metaWordsOf = wordsOfMemo(false);
/** A weight of 1, as Pagefind stores it: weights are tenths... of 24ths (`weight_multiplier`). */
const WEIGHT_ONE = 24;
const WEIGHT_MAX = 10;

interface Position {
  position: number;
  weight: number;
  original: string | undefined;
}

interface MetaPosition {
  field: number;
  position: number;
  original: string | undefined;
}

/** A page's entry from what was read of it; `url` as a link writes it. */
export function pageEntry(
  url: string,
  page: Pick<ReadPage, "digest" | "meta" | "filters" | "anchorContent" | "anchorTitles">,
  stem: ((word: string) => string) | undefined,
): SearchEntry {
  const { content, words, anchors, wordCount } = countWords(page, stem);
  const meta = sortedEntries(tidy(page.meta));
  const filters = sortedEntries(page.filters).map(
    ([name, values]) => [name, values.map(untagged)] as [string, string[]],
  );
  const metaFields = meta.map(([key]) => key);
  const fragment = fragmentJson(url, content, wordCount, filters, meta, anchors);
  interface Located {
    locs: number[];
    metaLocs: number[];
    variants: Map<string, { locs: number[]; metaLocs: number[] }>;
  }
  const located = new Map<string, Located>();
  const of = (word: string): Located => {
    let at = located.get(word);
    if (!at) located.set(word, (at = { locs: [], metaLocs: [], variants: new Map() }));
    return at;
  };
  for (const [word, positions] of words) {
    const at = of(word);
    const plain = positions.filter((p) => p.original === undefined);
    if (plain.length) at.locs = packPositions(plain);
    for (const [form, those] of byForm(positions)) at.variants.set(form, { locs: packPositions(those), metaLocs: [] });
  }
  for (const [word, positions] of metaWords(meta, stem)) {
    const at = of(word);
    const plain = positions.filter((p) => p.original === undefined);
    if (plain.length) at.metaLocs = packMeta(plain);
    for (const [form, those] of byForm(positions)) {
      const variant = at.variants.get(form);
      if (variant) variant.metaLocs = packMeta(those);
      else at.variants.set(form, { locs: [], metaLocs: packMeta(those) });
    }
  }
  const forms: string[] = [];
  const formNumber = new Map<string, number>();
  const items: number[] = [];
  const list = (values: number[]) => {
    items.push(values.length);
    for (const v of values) items.push(v);
  };
  for (const at of located.values()) {
    list(at.locs);
    list(at.metaLocs);
    items.push(at.variants.size);
    for (const [form, variant] of at.variants) {
      let n = formNumber.get(form);
      if (n === undefined) formNumber.set(form, (n = forms.push(form) - 1));
      items.push(n);
      list(variant.locs);
      list(variant.metaLocs);
    }
  }
  return {
    url,
    fragment,
    wordCount,
    words: [...located.keys()],
    forms,
    metaFields,
    filters,
    items: Int32Array.from(items),
  };
}

/**
 * A fragment as serde_json writes Pagefind's struct: fields in its order, maps' keys in theirs
 * (a JavaScript object would put keys that look like numbers first).
 */
function fragmentJson(
  url: string,
  content: string,
  wordCount: number,
  filters: [string, string[]][],
  meta: [string, string][],
  anchors: Anchor[],
): string {
  const j = JSON.stringify;
  const map = (entries: [string, unknown][]) => `{${entries.map(([k, v]) => `${j(k)}:${j(v)}`).join(",")}}`;
  return `{"url":${j(url)},"content":${j(content)},"word_count":${wordCount},"filters":${map(filters)},"meta":${map(meta)},"anchors":${j(anchors)}}`;
}

/** Pagefind's private markers, which must not reach a meta value or filter (`tidy_meta_and_filters`). */
const MARKER = /___PAGEFIND_\S+\s?/g;
const untagged = (value: string): string => (value.includes("___PAGEFIND_") ? value.replace(MARKER, "") : value);

function tidy(meta: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...meta].map(([key, value]) => [key, untagged(value)]));
}

/** A map's entries by key, in the order Rust's BTreeMap keeps them (by code point). */
export function sortedEntries<V>(map: ReadonlyMap<string, V>): [string, V][] {
  return [...map].sort(([a], [b]) => compareCodePoints(a, b));
}

/** Strings compared by code point, as Rust compares them (UTF-16 order differs past U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (half of an astral character) sorts after every character of the BMP.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The positions of a word written with diacritics, by how it was written, forms in order. */
function byForm<P extends { original: string | undefined }>(positions: P[]): [string, P[]][] {
  const forms = new Map<string, P[]>();
  for (const p of positions) {
    if (p.original === undefined) continue;
    const at = forms.get(p.original) ?? [];
    at.push(p);
    forms.set(p.original, at);
  }
  return sortedEntries(forms);
}

interface Anchor {
  element: string;
  id: string;
  text: string;
  title?: string;
  location: number;
}

/** The page's words in order, each at its position with its weight; its content and anchors (`parse_digest`). */
function countWords(
  page: Pick<ReadPage, "digest" | "anchorContent" | "anchorTitles">,
  stem: ((word: string) => string) | undefined,
): { content: string; words: Map<string, Position[]>; anchors: Anchor[]; wordCount: number } {
  const words = new Map<string, Position[]>();
  const anchors: Anchor[] = [];
  const content: string[] = [];
  let index = 0;
  let last = 0;
  const weights = [WEIGHT_ONE];
  for (const word of splitWhitespace(page.digest)) {
    if (word.startsWith("___PAGEFIND_ANCHOR___")) {
      // Every copy of the marker's name goes, as Rust's str::replace takes them all.
      const marker = word.replaceAll("___PAGEFIND_ANCHOR___", "");
      const colon = marker.indexOf(":");
      if (colon === -1) continue;
      const anchorId = marker.slice(colon + 1);
      const idAt = anchorId.indexOf(":");
      if (idAt === -1) continue;
      const text = normalizeContent(normalizeContent(page.anchorContent.get(anchorId) ?? ""));
      const title = page.anchorTitles.get(anchorId);
      anchors.push({
        element: marker.slice(0, colon),
        id: anchorId.slice(idAt + 1),
        text,
        ...(title !== undefined && { title }),
        location: index,
      });
      continue;
    }
    if (word.startsWith("___PAGEFIND_WEIGHT___")) {
      const weight = parseWeight(word.replaceAll("___PAGEFIND_WEIGHT___", ""));
      weights.push(weight <= 0 ? 0 : Math.max(1, scaled(weight)));
      continue;
    }
    if (word.startsWith("___PAGEFIND_AUTO_WEIGHT___")) {
      // A heading inside an element weighted explicitly takes that weight.
      if (weights.length === 1) weights.push(scaled(parseWeight(word.replaceAll("___PAGEFIND_AUTO_WEIGHT___", ""))));
      else weights.push(weights[weights.length - 1] ?? WEIGHT_ONE);
      continue;
    }
    if (word.startsWith("___END_PAGEFIND_WEIGHT___")) {
      weights.pop();
      continue;
    }
    // Zero-width spaces mark boundaries for some languages: never part of a word.
    const base = word.includes("\u200b") ? word.replaceAll("\u200b", "") : word;
    if (!base) continue;
    content.push(base);
    const weight = weights[weights.length - 1] ?? 1;
    const entries = wordsOf(base, stem);
    const compound = entries.filter((w) => w.compound).length;
    const partial = compound > 0 && weight > 0 ? Math.max(1, Math.floor(weight / Math.min(compound, 255))) : 0;
    for (const entry of entries) {
      const at: Position = { position: index, weight: entry.compound ? partial : weight, original: entry.original };
      const list = words.get(entry.stemmed);
      if (list) list.push(at);
      else words.set(entry.stemmed, [at]);
    }
    last = index;
    index++;
  }
  return { content: content.join(" "), words, anchors, wordCount: last + 1 };
}

/** A weight as Rust parses an f32 ("2", "0.5", "1e1"), 1 when it is none. */
function parseWeight(text: string): number {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(inf|infinity|nan)$/i.test(text)) return 1;
  const value = /inf/i.test(text) ? (text.startsWith("-") ? -Infinity : Infinity) : Number(text);
  return Math.fround(value);
}

/** A weight from 0 to 10 in 24ths, computed in single precision and cut to a byte as Rust's `as u8` does. */
function scaled(weight: number): number {
  const product = Math.fround(Math.min(Math.max(weight, 0), WEIGHT_MAX) * WEIGHT_ONE);
  return Number.isNaN(product) ? 0 : Math.trunc(product);
}

/** Each meta field's words, by field number (the fields sorted) and position in the field (`parse_meta_words`). */
function metaWords(
  meta: [string, string][],
  stem: ((word: string) => string) | undefined,
): Map<string, MetaPosition[]> {
  const words = new Map<string, MetaPosition[]>();
  meta.forEach(([, value], field) => {
    splitWhitespace(value).forEach((word, position) => {
      for (const entry of metaWordsOf(word, stem)) {
        const at = { field, position, original: entry.original };
        const list = words.get(entry.stemmed);
        if (list) list.push(at);
        else words.set(entry.stemmed, [at]);
      }
    });
  });
  return words;
}

/**
 * A word's locations packed as Pagefind packs them (`positions_to_packed_page`): grouped by weight
 * (stable), each group a marker and an absolute position, then deltas.
 */
function packPositions(positions: Position[]): number[] {
  const sorted = [...positions].sort((a, b) => a.weight - b.weight || a.position - b.position);
  const out: number[] = [];
  // 25 is what Pagefind's packer takes for the common weight; it is no weight a word has.
  let weight = 25;
  let last = 0;
  for (const { position, weight: w } of sorted) {
    if (w !== weight) {
      out.push(-w - 1, position);
      weight = w;
    } else out.push(position - last);
    last = position;
  }
  return out;
}

/** Meta locations packed (`meta_positions_to_packed`): a field marker where the field changes, then deltas from its start. */
function packMeta(positions: MetaPosition[]): number[] {
  const sorted = [...positions].sort((a, b) => a.field - b.field || a.position - b.position);
  const out: number[] = [];
  let field = -1;
  let last = 0;
  for (const { field: f, position } of sorted) {
    if (f !== field) {
      out.push(-(f + 1));
      field = f;
      last = 0;
    }
    out.push(position - last);
    last = position;
  }
  return out;
}
