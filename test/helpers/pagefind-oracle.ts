/**
 * Pagefind's own indexer as the oracle of ppguide's index (src/search/): the same sources, in the
 * same order, given to the pinned `pagefind` package's binary through its Node API; both indexes
 * decoded into what Pagefind's client reads (words with their pages, locations and weights; every
 * fragment; filters; chunk boundaries; the metadata) and compared, each difference named.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decode } from "cbor2";
import * as pagefind from "pagefind";
import {
  indexSources,
  indexUrl,
  languageOf,
  mainOf,
  MAX_FRAGMENTS,
  READ_OPTIONS,
} from "../../src/output/search-index.ts";
import { sitePages } from "../../src/render/kinds/index.ts";
import { assembleIndex, entriesOnly } from "../../src/search/assemble.ts";
import { PAGEFIND_VERSION } from "../../src/search/client.ts";
import { gunzipped, gzipped } from "../../src/search/compress.ts";
import { language } from "../../src/search/language.ts";
import { pageEntry } from "../../src/search/page-entry.ts";
import { PageReader } from "../../src/search/read-page.ts";
import type { LoadedSite } from "../../src/site/load-site.ts";

/** An index's files by their path in its folder, as written (compressed where Pagefind compresses). */
export type IndexFiles = Map<string, Uint8Array>;

/** The files of the index in a built output folder. */
export function builtIndex(out: string): IndexFiles {
  const dir = join(out, "pagefind");
  const files: IndexFiles = new Map();
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true }))
      if (entry.isDirectory()) walk(join(sub, entry.name));
      else files.set(join(sub, entry.name), new Uint8Array(readFileSync(join(dir, sub, entry.name))));
  };
  walk("");
  return files;
}

/**
 * Pagefind's index of a built site's pages and the site's records, given in ppguide's order
 * (indexSources), read as ppguide reads them (<main>, less the parts left out).
 */
export async function pagefindIndexOf(
  site: Pick<LoadedSite, "manifest" | "content">,
  out: string,
): Promise<IndexFiles> {
  const fileOf = new Map(sitePages(site.manifest).map((p) => [p.route, p.file]));
  const { index, errors } = await pagefind.createIndex({
    rootSelector: READ_OPTIONS.root,
    excludeSelectors: [...READ_OPTIONS.exclude],
    forceLanguage: languageOf(site.manifest),
    maxFragments: MAX_FRAGMENTS,
  });
  if (!index) throw new Error(`Pagefind did not start: ${errors.join("; ")}`);
  try {
    for (const source of indexSources(site)) {
      let added: { errors: string[] };
      if ("page" in source) {
        const html = readFileSync(join(out, fileOf.get(source.page) ?? ""), "utf8");
        added = await index.addHTMLFile({
          url: indexUrl(source.page),
          content: `<html><body>${mainOf(html)}</body></html>`,
        });
      } else if ("document" in source)
        added = await index.addHTMLFile({ url: source.document.url, content: source.document.html });
      else added = await index.addCustomRecord({ ...source.record, language: languageOf(site.manifest) });
      if (added.errors.length) throw new Error(`Pagefind refused a source: ${added.errors.join("; ")}`);
    }
    const { files, errors: failed } = await index.getFiles();
    if (failed.length) throw new Error(`Pagefind wrote no index: ${failed.join("; ")}`);
    return new Map(files.map((f) => [f.path, f.content]));
  } finally {
    await pagefind.close();
  }
}

type Posting = [page: number, locs: number[], metaLocs: number[]];

/** An index as its client reads it. */
export interface DecodedIndex {
  /** Every index file's path: they are named by the digest of their content. */
  paths: string[];
  entry: unknown;
  /** The metadata: version, each page's fragment name, word count and group, chunk bounds, filters, meta fields. */
  meta: unknown[];
  /** Each chunk's words, in order: where the chunks break. */
  chunks: string[][];
  /** Each word's pages (numbered, not as deltas) with their locations and meta locations, and its variants'. */
  words: Map<string, { pages: Posting[]; variants: [form: string, pages: Posting[]][] }>;
  /** Each page's fragment, by its name, as the client parses it (one from a group file alike). */
  fragments: Map<string, unknown>;
  filters: Map<string, unknown>;
}

export function decodeIndex(files: IndexFiles): DecodedIndex {
  const decoded: DecodedIndex = {
    // The index's own files: Pagefind writes its ready-made UIs too, which the site does not ship.
    paths: [...files.keys()].filter((p) => /\.pf_|pagefind-entry/.test(p)).sort(),
    entry: undefined,
    meta: [],
    chunks: [],
    words: new Map(),
    fragments: new Map(),
    filters: new Map(),
  };
  const pageNumbers = (pages: Posting[]): Posting[] => {
    let page = 0;
    return pages.map(([delta, locs, metaLocs]) => [(page += delta), locs, metaLocs]);
  };
  const chunks: [string, string[]][] = [];
  for (const [path, bytes] of files) {
    const raw = () => gunzipped(bytes);
    if (path === "pagefind-entry.json") decoded.entry = JSON.parse(Buffer.from(bytes).toString("utf8"));
    else if (path.endsWith(".pf_meta")) decoded.meta = decode(raw()) as unknown[];
    else if (path.endsWith(".pf_index")) {
      const [words] = decode(raw()) as [[string, Posting[], [string, Posting[]][]][]];
      chunks.push([words[0]?.[0] ?? "", words.map(([w]) => w)]);
      for (const [word, pages, variants] of words)
        decoded.words.set(word, {
          pages: pageNumbers(pages),
          variants: variants.map(([form, at]) => [form, pageNumbers(at)]),
        });
    } else if (path.endsWith(".pf_fragment")) {
      const name = path.replace(/^fragment\//, "").replace(/\.pf_fragment$/, "");
      const json = JSON.parse(Buffer.from(raw()).toString("utf8")) as Record<string, unknown>;
      // A group file holds its fragments by name.
      if (name.includes("_group_"))
        for (const [member, fragment] of Object.entries(json)) decoded.fragments.set(member, fragment);
      else decoded.fragments.set(name, json);
    } else if (path.endsWith(".pf_filter")) decoded.filters.set(path, decode(raw()));
  }
  decoded.chunks = chunks.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, words]) => words);
  return decoded;
}

/**
 * What differs between two decoded indexes, at most `limit` lines: each word, fragment, filter,
 * chunk boundary or metadata value that is not the same, with both sides.
 */
export function indexDifferences(ours: DecodedIndex, theirs: DecodedIndex, limit = 20): string[] {
  const found: string[] = [];
  const say = (what: string, a: unknown, b: unknown) => {
    if (found.length < limit) found.push(`${what}\n  ppguide:  ${short(a)}\n  Pagefind: ${short(b)}`);
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(ours.entry, theirs.entry)) say("pagefind-entry.json", ours.entry, theirs.entry);
  for (const [i, name] of ["version", "pages", "chunks", "filters", "sorts", "meta fields"].entries())
    if (!same(ours.meta[i], theirs.meta[i])) say(`the metadata's ${name}`, ours.meta[i], theirs.meta[i]);
  const lastWords = (d: DecodedIndex) => d.chunks.map((c) => c[c.length - 1]);
  if (!same(lastWords(ours), lastWords(theirs))) say("the chunks' last words", lastWords(ours), lastWords(theirs));
  for (const word of new Set([...ours.words.keys(), ...theirs.words.keys()]))
    if (!same(ours.words.get(word), theirs.words.get(word)))
      say(`the word "${word}"`, ours.words.get(word), theirs.words.get(word));
  for (const name of new Set([...ours.fragments.keys(), ...theirs.fragments.keys()]))
    if (!same(ours.fragments.get(name), theirs.fragments.get(name)))
      say(`the fragment ${name}`, ours.fragments.get(name), theirs.fragments.get(name));
  for (const path of new Set([...ours.filters.keys(), ...theirs.filters.keys()]))
    if (!same(ours.filters.get(path), theirs.filters.get(path)))
      say(`the filter ${path}`, ours.filters.get(path), theirs.filters.get(path));
  if (!same(ours.paths, theirs.paths)) {
    const only = (a: string[], b: string[]) => a.filter((p) => !b.includes(p));
    say("the files' names (digests of their bytes)", only(ours.paths, theirs.paths), only(theirs.paths, ours.paths));
  }
  return found;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  const limit = Number(process.env.ORACLE_DIFF_CHARS ?? 400);
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** A source of an index for the oracle: an HTML document, or a record (its text taken as it is, with its meta). */
export type OracleSource =
  | { url: string; html: string }
  | { url: string; record: { content: string; meta: Record<string, string> } };

/**
 * ppguide's index of `sources` and Pagefind's, made from them in the same order with the same
 * options (ppguide's: READ_OPTIONS, English), decoded.
 */
export async function bothIndexes(
  sources: readonly OracleSource[],
): Promise<{ ours: DecodedIndex; theirs: DecodedIndex }> {
  const reader = new PageReader(READ_OPTIONS);
  const none = new Map<string, string>();
  const entries = sources.map((s) =>
    "html" in s
      ? pageEntry(s.url, reader.read(s.html), language("en"))
      : pageEntry(
          s.url,
          {
            digest: s.record.content,
            meta: new Map(Object.entries(s.record.meta)),
            filters: new Map(),
            anchorContent: none,
            anchorTitles: none,
          },
          language("en"),
        ),
  );
  const { files } = assembleIndex(entriesOnly(entries), {
    language: "en",
    stemmed: true,
    version: PAGEFIND_VERSION,
    maxFragments: MAX_FRAGMENTS,
  });
  const ours: IndexFiles = new Map();
  for (const f of files) ours.set(f.path, f.compressed ? await gzipped(f.bytes()) : f.bytes());
  const { index, errors } = await pagefind.createIndex({
    rootSelector: READ_OPTIONS.root,
    excludeSelectors: [...READ_OPTIONS.exclude],
    forceLanguage: "en",
    maxFragments: MAX_FRAGMENTS,
  });
  if (!index) throw new Error(`Pagefind did not start: ${errors.join("; ")}`);
  try {
    for (const s of sources) {
      const added =
        "html" in s
          ? await index.addHTMLFile({ url: s.url, content: s.html })
          : await index.addCustomRecord({ url: s.url, ...s.record, language: "en" });
      if (added.errors.length) throw new Error(`Pagefind refused ${s.url}: ${added.errors.join("; ")}`);
    }
    const written = await index.getFiles();
    return { ours: decodeIndex(ours), theirs: decodeIndex(new Map(written.files.map((f) => [f.path, f.content]))) };
  } finally {
    await pagefind.close();
  }
}
