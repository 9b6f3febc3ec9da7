/**
 * One page's part of the search index, made from what read-page.ts read of it (Pagefind's
 * `parse_digest` and the per-page half of its `build_indexes`): the words and where they stand,
 * each location with its weight; the page's fragment (what a result shows); its meta words and
 * filters. Everything here depends on the page alone, so a page's entry is made once, in the thread
 * that rendered the page, and kept with the page (output/page-cache.ts) until the page changes;
 * assemble.ts joins the entries of a whole site into the index.
 */
import { compareCodePoints, sortedEntries } from "./code-points.ts";
import { type Anchor, type Fragment, fragmentDigest } from "./fragment.ts";
import type { Language } from "./language.ts";
import type { ReadPage } from "./read-page.ts";
import { normalizeContent, splitWhitespace } from "./words.ts";

/**
 * A page's (or a record's) entry in the index: its fragment, the fragment's digest (its name), and
 * its words' locations as one array of numbers, which crosses threads and goes into the page
 * cache as it is.
 */
export interface SearchEntry extends Fragment {
  /** The digest of the fragment's JSON (fragment.ts), which Pagefind names it by. */
  fragmentDigest: string;
  /** Every word of the page's text and meta. */
  words: string[];
  /** The words as written with diacritics (café for cafe), which `items` name by number. */
  forms: string[];
  /**
   * For each word in turn: its locations in the text (their count, then Pagefind's packing: a
   * weight change is -(weight + 1) and an absolute position, else a delta from the last), its
   * locations in the meta fields (count, then -(field + 1) where the field changes and deltas;
   * fields numbered in the order of `meta`), and its variants (count, then each one's form number
   * and its two lists as before).
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
export function entryProblem(entry: SearchEntry): { at: keyof SearchEntry; problem: string } | undefined {
  const problem = locationsProblem(entry);
  if (problem) return { at: "items", problem };
  if (entry.fragmentDigest !== fragmentDigest(entry))
    return { at: "fragmentDigest", problem: "is not the digest of the fragment" };
  const unsorted = (keys: string[]) => keys.some((k, i) => i > 0 && compareCodePoints(keys[i - 1] ?? "", k) >= 0);
  if (unsorted(entry.meta.map(([k]) => k)))
    return { at: "meta", problem: "is not in the order of its fields, each once" };
  if (unsorted(entry.filters.map(([k]) => k)))
    return { at: "filters", problem: "is not in the order of its filters, each once" };
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
      if (meta ? -v > entry.meta.length : -v > 256) return `a marker ${v} names no ${meta ? "meta field" : "weight"}`;
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
  language: Language,
): SearchEntry {
  const { content, words, anchors, wordCount } = countWords(page, language);
  const meta = sortedEntries(tidy(page.meta));
  const filters = sortedEntries(page.filters).map(
    ([name, values]) => [name, values.map(untagged)] as [string, string[]],
  );
  const fragment: Fragment = { url, content, wordCount, filters, meta, anchors };
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
  for (const [word, positions] of metaWords(meta, language)) {
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
    ...fragment,
    fragmentDigest: fragmentDigest(fragment),
    words: [...located.keys()],
    forms,
    items: Int32Array.from(items),
  };
}

/** Pagefind's private markers, which must not reach a meta value or filter (`tidy_meta_and_filters`). */
const MARKER = /___PAGEFIND_\S+\s?/g;
const untagged = (value: string): string => (value.includes("___PAGEFIND_") ? value.replace(MARKER, "") : value);

function tidy(meta: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...meta].map(([key, value]) => [key, untagged(value)]));
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

/** The page's words in order, each at its position with its weight; its content and anchors (`parse_digest`). */
function countWords(
  page: Pick<ReadPage, "digest" | "anchorContent" | "anchorTitles">,
  language: Language,
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
    const entries = language.text(base);
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
function metaWords(meta: [string, string][], language: Language): Map<string, MetaPosition[]> {
  const words = new Map<string, MetaPosition[]>();
  meta.forEach(([, value], field) => {
    splitWhitespace(value).forEach((word, position) => {
      for (const entry of language.meta(word)) {
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

/**
 * Meta locations packed (`meta_positions_to_packed`): a field marker where the field changes, then
 * deltas from its start.
 */
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
