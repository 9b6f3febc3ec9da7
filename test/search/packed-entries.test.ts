/**
 * A route's search entries packed for the page cache come back as they were: every field, words
 * that hold the separator, locations past 16 bits, text in any script; and a fragment's text is
 * read only when asked for.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { packEntries, unpackEntries } from "../../src/search/packed-entries.ts";
import type { SearchEntry } from "../../src/search/page-entry.ts";
import { assertProperty } from "../helpers/property.ts";

const text = fc.string({ unit: "grapheme", maxLength: 40 });
const entry: fc.Arbitrary<SearchEntry> = fc.record({
  url: text,
  content: fc.string({ unit: "binary", maxLength: 400 }),
  wordCount: fc.nat(),
  filters: fc.array(fc.tuple(text, fc.array(text, { maxLength: 3 })), { maxLength: 3 }),
  meta: fc.array(fc.tuple(text, text), { maxLength: 3 }),
  anchors: fc.array(
    fc.record(
      { element: text, id: text, text, title: text, location: fc.nat() },
      { requiredKeys: ["element", "id", "text", "location"] },
    ),
    { maxLength: 3 },
  ),
  fragmentDigest: fc.stringMatching(/^[0-9a-f]{40}$/),
  // The separator itself, and the empty word, among the words.
  words: fc.array(fc.oneof(text, fc.constant("\u0000"), fc.constant("")), { maxLength: 20 }),
  forms: fc.array(text, { maxLength: 5 }),
  items: fc
    .array(fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), {
      maxLength: 50,
    })
    .map((xs) => Int32Array.from(xs)),
});

const plain = (e: SearchEntry) => ({ ...e, items: Array.from(e.items) });

it("packed and unpacked, entries are as they were", async () => {
  await assertProperty(
    fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
      const back = unpackEntries(packEntries(entries));
      expect(back.map(plain)).toEqual(entries.map(plain));
      for (const e of back) expect(e.items).toBeInstanceOf(Int32Array);
    }),
    { numRuns: 200 },
  );
});

it("a fragment's text is read when first asked for, not before", () => {
  const one = {
    url: "/a",
    content: "Doña Blanca’s café",
    wordCount: 3,
    filters: [],
    meta: [["title", "A"]],
    anchors: [],
    fragmentDigest: "0".repeat(40),
    words: ["dona"],
    forms: ["doña"],
    items: Int32Array.of(1, 0, 0, 0),
  } satisfies SearchEntry;
  const packed = packEntries([one]);
  // Damaged fragments: the words still unpack; the text fails only when it is read.
  const [back] = unpackEntries({ ...packed, fragments: packed.fragments.subarray(0, 3) });
  expect(back?.words).toEqual(["dona"]);
  expect(() => back?.content).toThrow();
  expect(unpackEntries(packed)[0]?.content).toBe("Doña Blanca’s café");
});
