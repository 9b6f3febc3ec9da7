/**
 * A route's search entries as bytes, for the page cache: in two parts, because a build reads them
 * in two ways. Joining the index (assemble.ts) reads every page's words and locations on every
 * build; it reads a page's fragment (its text and anchors, most of an entry's bytes) only when the
 * fragment's group changed, which after a one-page edit is one group. So the words are read at
 * once, and a fragment when first asked for.
 *
 * A page the build reuses keeps its bytes: the page cache copies them, and a rebuild serializes
 * only the entries of the pages it rendered.
 */
import { deserialize, serialize } from "node:v8";
import type { Anchor } from "./fragment.ts";
import type { SearchEntry } from "./page-entry.ts";

export interface PackedEntries {
  /** Each entry's URL, words, forms, locations, meta, filters, word count and fragment digest. */
  words: Uint8Array;
  /** Each entry's text (as UTF-8) and anchors. */
  fragments: Uint8Array;
}

/** Joins a list of words; a list holding the separator itself is kept as a list. */
const SEPARATOR = "\u0000";

type PackedWords = [
  url: string,
  words: string | string[],
  forms: string | string[],
  items: Int16Array | Int32Array,
  meta: SearchEntry["meta"],
  filters: SearchEntry["filters"],
  wordCount: number,
  fragmentDigest: string,
];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function packEntries(entries: readonly SearchEntry[]): PackedEntries {
  // No words and one empty word would join alike.
  const joined = (list: string[]) =>
    list.length === 0 || list.some((w) => w.includes(SEPARATOR)) ? list : list.join(SEPARATOR);
  const words = entries.map(
    (e): PackedWords => [
      e.url,
      joined(e.words),
      joined(e.forms),
      narrowed(e.items),
      e.meta,
      e.filters,
      e.wordCount,
      e.fragmentDigest,
    ],
  );
  const fragments = entries.map((e) => [encoder.encode(e.content), e.anchors]);
  return { words: serialize(words), fragments: serialize(fragments) };
}

/**
 * The entries, each fragment's text and anchors read from `packed.fragments` when one of them is
 * first asked for.
 */
export function unpackEntries(packed: PackedEntries): SearchEntry[] {
  const split = (list: string | string[]) => (typeof list === "string" ? list.split(SEPARATOR) : list);
  let fragments: [content: Uint8Array, anchors: Anchor[]][] | undefined;
  const fragment = (i: number) => {
    fragments ??= deserialize(packed.fragments) as [Uint8Array, Anchor[]][];
    const found = fragments[i];
    if (!found) throw new Error("a page cache's search entries hold fewer fragments than entries");
    return found;
  };
  return (deserialize(packed.words) as PackedWords[]).map(
    ([url, words, forms, items, meta, filters, wordCount, fragmentDigest], i) => {
      const entry = {
        url,
        words: split(words),
        forms: split(forms),
        items: items instanceof Int32Array ? items : Int32Array.from(items),
        meta,
        filters,
        wordCount,
        fragmentDigest,
      } as SearchEntry;
      let content: string | undefined;
      return Object.defineProperties(entry, {
        content: { enumerable: true, get: () => (content ??= decoder.decode(fragment(i)[0])) },
        anchors: { enumerable: true, get: () => fragment(i)[1] },
      });
    },
  );
}

/**
 * Locations as 16-bit numbers when every one fits, as they do but on a page of more than 32,767 words:
 * half the bytes.
 */
function narrowed(items: Int32Array): Int16Array | Int32Array {
  for (const v of items) if (v > 32_767 || v < -32_768) return items;
  return Int16Array.from(items);
}
