/**
 * A page's fragment: what a search result shows of it (its URL, text, meta, filters and anchors).
 * Pagefind writes one as JSON in its struct's field order and names it by that JSON's digest; past
 * `maxFragments` pages it writes groups of them, each fragment re-serialized with every object's
 * keys sorted. Both are written here from the fields, so joining an index parses no JSON.
 */
import { pagefindDigest } from "../core/digest.ts";

export interface Anchor {
  element: string;
  id: string;
  text: string;
  title?: string;
  location: number;
}

export interface Fragment {
  url: string;
  content: string;
  wordCount: number;
  /** Each filter and its values, filters by code point. */
  filters: [filter: string, values: string[]][];
  /** Each meta field and its value, fields by code point. */
  meta: [field: string, value: string][];
  anchors: Anchor[];
}

const j = JSON.stringify;
const map = (entries: readonly [string, unknown][]) => `{${entries.map(([k, v]) => `${j(k)}:${j(v)}`).join(",")}}`;

/**
 * The fragment as serde_json writes Pagefind's struct: fields in its order, maps' keys in theirs
 * (a JavaScript object would put keys that look like numbers first).
 */
export function fragmentJson(f: Fragment): string {
  const anchors = f.anchors.map((a) => {
    const title = a.title === undefined ? "" : `"title":${j(a.title)},`;
    return `{"element":${j(a.element)},"id":${j(a.id)},"text":${j(a.text)},${title}"location":${a.location}}`;
  });
  return (
    `{"url":${j(f.url)},"content":${j(f.content)},"word_count":${f.wordCount},` +
    `"filters":${map(f.filters)},"meta":${map(f.meta)},"anchors":[${anchors.join(",")}]}`
  );
}

/**
 * The fragment as a group file holds it: every object's keys sorted, as serde_json writes a parsed
 * value.
 */
export function sortedFragmentJson(f: Fragment): string {
  const anchors = f.anchors.map((a) => {
    const title = a.title === undefined ? "" : `,"title":${j(a.title)}`;
    return `{"element":${j(a.element)},"id":${j(a.id)},"location":${a.location},"text":${j(a.text)}${title}}`;
  });
  return (
    `{"anchors":[${anchors.join(",")}],"content":${j(f.content)},"filters":${map(f.filters)},` +
    `"meta":${map(f.meta)},"url":${j(f.url)},"word_count":${f.wordCount}}`
  );
}

/** The digest Pagefind names a fragment by: of its JSON. */
export function fragmentDigest(f: Fragment): string {
  return pagefindDigest(fragmentJson(f));
}
