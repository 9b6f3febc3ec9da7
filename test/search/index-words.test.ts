/**
 * An index updated from the one before (only the words of the pages that changed read again) is
 * the index made from every page, byte for byte: every file and what it keeps for the next build.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { type AssembleOptions, assembleIndex, type IndexState, type RouteEntries } from "../../src/search/assemble.ts";
import { language } from "../../src/search/language.ts";
import { pageEntry, type SearchEntry } from "../../src/search/page-entry.ts";
import { PageReader } from "../../src/search/read-page.ts";
import { READ_OPTIONS } from "../../src/output/search-index.ts";
import { assertProperty } from "../helpers/property.ts";
import { document } from "../helpers/search-documents.ts";

/** Fragments share files past two pages, so groups are made, known and linked too. */
const OPTIONS: AssembleOptions = { language: "en", stemmed: true, version: "1.6.0", maxFragments: 2 };
const reader = new PageReader(READ_OPTIONS);

/** A route's documents as its entries, at URLs of its own. */
const entriesOf = (route: number, docs: readonly string[]): SearchEntry[] =>
  docs.map((html, k) => pageEntry(`/r${route}${k ? `#p${k}` : ""}`, reader.read(html), language("en")));

const whole = (routes: readonly SearchEntry[][]): RouteEntries[] =>
  routes.map((entries, i) => ({ route: `/r${i}`, entries: () => entries, same: false }));

/**
 * What the next build reads of an index's state: each posting's locations as bytes, wherever they
 * lie (an updated state keeps the previous bytes and adds its own after them).
 */
const kept = (state: IndexState | undefined) => {
  if (!state) return state;
  const { bytes, bodyAt, bodyLength, ...words } = state.words;
  const bodies = Array.from(bodyAt, (at, j) =>
    Buffer.from(bytes.subarray(at, at + (bodyLength[j] ?? 0))).toString("base64"),
  );
  return { ...state, words: { ...words, bodies } };
};

const files = (index: ReturnType<typeof assembleIndex>) =>
  new Map(index.files.map((f) => [f.path, Buffer.from(f.bytes()).toString("base64")]));

/** The index of `after` made from every page, and updated from `before`'s: both, and whether it was updated. */
function bothWays(before: SearchEntry[][], after: SearchEntry[][], changed: ReadonlySet<number>) {
  const first = assembleIndex(whole(before), OPTIONS);
  const known = new Map(first.groups);
  const routes: RouteEntries[] = after.map((entries, i) => ({
    route: `/r${i}`,
    entries: () => entries,
    same: !changed.has(i),
    before: () => before[i],
  }));
  const updated = assembleIndex(routes, { ...OPTIONS, known }, first.state);
  const fresh = assembleIndex(whole(after), OPTIONS);
  return { updated, fresh, state: first.state as IndexState };
}

/**
 * Generated routes among routes that never change: past a quarter of the pages changed, the index
 * is made whole (cheaper then), and the property is about updating.
 */
const FILLER = Array.from({ length: 40 }, (_, i) => [
  // Every meta field a generated document may give, so that the fields stay those of the index.
  `<html><body><main><h1>Filler ${i}</h1><p>beach ${"café ".repeat(i % 3)}page ${i}</p>` +
    `<span data-pagefind-meta="m:v"></span><span data-pagefind-meta="m2"></span><span data-pagefind-default-meta="d:x"></span>` +
    `<img src="/i.png" alt="pic"></main></body></html>`,
]);
/** A generated document with a word of its own at the end: a page of the index whatever else it holds. */
const page = document.map((html) => html.replace("</main>", "<p>sea</p></main>"));
const site = fc
  .array(fc.array(page, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 7 })
  .map((routes) => routes.flatMap((docs, i) => [docs, ...FILLER.slice(i * 5, i * 5 + 5)]));

it("an index updated from the previous one is the index made from every page", async () => {
  await assertProperty(
    fc.property(site, fc.array(fc.tuple(fc.nat(), fc.array(page, { minLength: 3, maxLength: 3 }))), (docs, edits) => {
      const before = docs.map((d, i) => entriesOf(i, d));
      const after = docs.map((d) => [...d]);
      const changed = new Set<number>();
      for (const [at, replacement] of edits) {
        // A generated route: every sixth.
        const i = (at % Math.ceil(after.length / 6)) * 6;
        // The same number of documents: the route's pages keep their URLs.
        after[i] = replacement.slice(0, after[i]?.length);
        changed.add(i);
      }
      const { updated, fresh } = bothWays(
        before,
        after.map((d, i) => entriesOf(i, d)),
        changed,
      );
      expect(files(updated)).toEqual(files(fresh));
      expect(kept(updated.state)).toEqual(kept(fresh.state));
    }),
    { numRuns: 300 },
  );
});

const doc = (body: string) => `<html><body><main>${body}</main></body></html>`;

it("one page's words edited: the index is updated, not made again, and its other chunks keep their bytes", () => {
  const page = (i: number, extra = "") =>
    doc(`<h1>Page ${i}</h1><p>Beaches of Sosúa and Cabarete, café ${i} ${"word ".repeat(i % 7)}${extra}</p>`);
  const docs = Array.from({ length: 60 }, (_, i) => [page(i)]);
  const before = docs.map((d, i) => entriesOf(i, d));
  const after = docs.map((d, i) => entriesOf(i, i === 17 ? [page(17, "snorkelling Doña")] : d));
  const { updated, fresh, state } = bothWays(before, after, new Set([17]));
  expect(files(updated)).toEqual(files(fresh));
  expect(updated.made).toBe("updated");
  // The new words are in the updated index; a word of no changed page kept its bytes.
  expect(updated.state?.words.words).toContain("snorkel");
  expect(state.words.words).not.toContain("snorkel");
});

it("a page that gives a meta field no page gave before: every word made again, the same bytes", () => {
  const docs = [[doc("<p>one beach</p>")], [doc("<p>two beaches</p>")]];
  const before = docs.map((d, i) => entriesOf(i, d));
  const after = [before[0] as SearchEntry[], entriesOf(1, [doc('<p data-pagefind-meta="town:Sosúa">two beaches</p>')])];
  const { updated, fresh } = bothWays(before, after, new Set([1]));
  expect(updated.made).toBe("whole");
  expect(files(updated)).toEqual(files(fresh));
});

it("variants of a word keep the order Pagefind meets them in, when the page that met one first changes", () => {
  const fillers = FILLER.slice(0, 12).map((docs, i) => entriesOf(10 + i, docs));
  const check = (pages: string[], edited: string, expected: "updated" | "whole") => {
    const before = [...pages.map((body, i) => entriesOf(i, [doc(body)])), ...fillers];
    const after = [entriesOf(0, [doc(edited)]), ...before.slice(1)];
    const { updated, fresh } = bothWays(before, after, new Set([0]));
    expect(files(updated)).toEqual(files(fresh));
    expect(updated.made).toBe(expected);
  };
  // café was met first on the page that changed; now cafè is, on a page that did not.
  check(["<p>café beach</p>", "<p>cafè</p>", "<p>café sea</p>"], "<p>beach only</p>", "updated");
  // Both are now met first on one page that did not change: its order is the index's, which only
  // its entry knows, so every word is made again.
  check(["<p>café beach</p>", "<p>cafè café</p>", "<p>sea</p>"], "<p>beach only</p>", "whole");
});

it("rebuild after rebuild of one page: the same bytes as an index made whole, and the kept bytes stay near the index's own", () => {
  const docs = FILLER.map((d) => d[0] as string);
  let state: IndexState | undefined = assembleIndex(whole(docs.map((d, i) => entriesOf(i, [d]))), OPTIONS).state;
  let before = docs.map((d, i) => entriesOf(i, [d]));
  for (let round = 0; round < 30; round++) {
    docs[3] = `<html><body><main><h1>Round ${round}</h1><p>${"beach café sea ".repeat(round % 5)}round${round}</p></main></body></html>`;
    const after = docs.map((d, i) => (i === 3 ? entriesOf(i, [d]) : (before[i] as SearchEntry[])));
    const routes = after.map((entries, i) => ({
      route: `/r${i}`,
      entries: () => entries,
      same: i !== 3,
      before: () => before[i],
    }));
    const updated = assembleIndex(routes, OPTIONS, state);
    const fresh = assembleIndex(whole(after), OPTIONS);
    expect(updated.made).toBe("updated");
    expect(files(updated)).toEqual(files(fresh));
    const live = [...(updated.state?.words.bodyLength ?? [])].reduce((a, b) => a + b, 0);
    expect(updated.state?.words.bytes.length).toBeLessThanOrEqual(2 * live);
    state = updated.state;
    before = after;
  }
});
