/**
 * The fuzz test's promise (fuzz.test.ts) for the file a merge trusts most: whatever is done to a shard's
 * ppguide-shard.json (a value replaced by a huge, negative, fractional or wrong-typed one, a path that climbs out,
 * a key removed or added, the text cut short or a character changed), `ppguide merge` either
 * - exits 1 with every problem located at a `file:line:col` of a file that exists (the shard's manifest, mostly), or
 * - merges the site a single build writes, byte for byte;
 * never 70 (a thrown non-user error fails the property), never an allocation sized by the file (a merge over
 * MERGE_LIMIT_MS fails it).
 *
 * Regression (issue 51): a `shard.total` of 2^53+1 or 4294967296 crashed merge with exit 70 ("Invalid array
 * length"), 1e8 took 41 s and 4.6 GB, 1e9 ran V8 out of heap, and `../../etc/hostname` in a file list was blamed
 * on the site (OutputPathOutside) without a location.
 *
 * `npm test` runs SHARD_FUZZ_RUNS edits (default 24), half under a fixed seed, half under a random one
 * (test/helpers/property.ts); FUZZ_SEED=n replays a seed a failure printed.
 */
import fc from "fast-check";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsOf, exitCodeOf, fromFileSystemError, isUserError } from "../../src/core/errors.ts";
import { build } from "../../src/engine/build.ts";
import { merge } from "../../src/engine/merge.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { describeDifference, readTree, type Tree } from "../helpers/output-tree.ts";
import { assertProperty } from "../helpers/property.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

const RUNS = Number(process.env.SHARD_FUZZ_RUNS ?? 24);
/** A merge of this tiny site that takes longer is sized by something it read. */
const MERGE_LIMIT_MS = 20_000;

/** Two pages, each with its links and its search entry, the merge's to check. */
const SITE = `
-- site.yaml --
site:
  name: Inline Site
  url: https://inline.example
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }
  email: info@inline.example
  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }
  disclosure: Some links are affiliate links.
routes:
  - { path: /harbour, kind: article, content: harbour.md }
  - { path: /ferries, kind: article, content: ferries.md }
-- content/harbour.md --
The harbour, with a [link to the ferries](/ferries#times).
-- content/ferries.md --
## Times {#times}

The ferries leave at dawn. Back to [the harbour](/harbour).
`;

let root = "";
let single: Tree;
const shards: string[] = [];

beforeAll(async () => {
  root = await writeInlineSite(SITE);
  removeWhenDone(root);
  for (const index of [1, 2]) {
    shards.push(join(root, `s${index}`));
    await build({ root, out: join(root, `s${index}`), shard: { index, total: 2 } });
  }
  await build({ root, out: join(root, "single") });
  single = await readTree(join(root, "single"));
}, 120_000);

afterAll(() => {
  console.log(`shard fuzz: ${tally.merged} edits merged into the single build's site, ${tally.refused} refused`);
});

/** Values a careless or hostile edit writes in place of one of the manifest's. */
const hostile = fc.oneof(
  fc.constantFrom<unknown>(
    2 ** 53 + 1,
    4294967296,
    1e8,
    1e9,
    999999,
    1e308,
    -1,
    0,
    1.5,
    null,
    true,
    "",
    [],
    {},
    "../../etc/hostname",
    "/etc/hostname",
    "pagefind/../../x",
    "a\\b",
    "index.html",
    "pagefind/pagefind.js",
    "x".repeat(10_000),
    Array.from({ length: 1000 }, () => 1),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 30 }),
);

type Edit =
  | { kind: "set"; path: Path; value: unknown }
  | { kind: "replace"; at: number; value: unknown }
  | { kind: "remove"; at: number }
  | { kind: "add"; at: number; key: string; value: unknown }
  | { kind: "cut"; fraction: number }
  | { kind: "char"; fraction: number; char: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), value: hostile }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      at: fc.nat(),
      key: fc.constantFrom("extra", "stat", "format", "total"),
      value: hostile,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cut" as const), fraction: fc.double({ min: 0, max: 1 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("char" as const),
      fraction: fc.double({ min: 0, max: 1 }),
      char: fc.constantFrom("0", "9", "}", '"', ",", "-", "\\", "\u0000", "é"),
    }),
  },
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every value's path in a JSON document, the document itself first. */
function pathsOf(value: Json, at: Path = []): Path[] {
  const inner =
    value !== null && typeof value === "object"
      ? Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, Array.isArray(value) ? Number(k) : k]))
      : [];
  return [at, ...inner];
}

function applyEdit(text: string, e: Edit): string {
  if (e.kind === "cut") return text.slice(0, Math.floor(text.length * e.fraction));
  if (e.kind === "char") {
    const i = Math.min(text.length - 1, Math.floor(text.length * e.fraction));
    return text.slice(0, i) + e.char + text.slice(i + 1);
  }
  const doc = JSON.parse(text) as Json;
  const paths = pathsOf(doc).slice(1);
  const path = e.kind === "set" ? e.path : paths[e.at % paths.length]!;
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, doc) as
    | Json[]
    | Record<string, Json>;
  const key = path[path.length - 1]!;
  if (e.kind === "replace" || e.kind === "set") (parent as Record<string | number, unknown>)[key] = e.value;
  else if (e.kind === "remove") {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else {
    const target = (parent as Record<string | number, Json>)[key];
    if (target !== null && typeof target === "object" && !Array.isArray(target))
      (target as Record<string, unknown>)[e.key] = e.value;
    else (parent as Record<string | number, unknown>)[key] = { [e.key]: e.value };
  }
  return JSON.stringify(doc);
}

/** How the edits ended, only printed: the named cases below assert both ends of the promise, whatever a seed draws. */
const tally = { merged: 0, refused: 0 };

/**
 * Merges the two shards, one of them with its manifest edited: exit 0 for the single build's site, 1 with the
 * problems, each `Code  file:line:col  path  message`, all located.
 */
async function check(shard: number, e: Edit): Promise<{ exit: number; lines: string[] }> {
  const work = await mkdtemp(join(root, "edit-"));
  const given = await Promise.all(
    shards.map(async (from, i) => {
      const to = join(work, `s${i + 1}`);
      await cp(`${from}/`, to, { recursive: true, dereference: true });
      return to;
    }),
  );
  const manifest = join(given[shard]!, "ppguide-shard.json");
  await writeFile(manifest, applyEdit(await readFile(manifest, "utf8"), e));
  const out = join(work, "out");
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the merge took over ${MERGE_LIMIT_MS} ms`)), MERGE_LIMIT_MS);
  });
  try {
    await Promise.race([merge({ root, shards: given, out }), limit]);
  } catch (thrown) {
    const err = fromFileSystemError(thrown);
    if (!isUserError(err)) throw thrown;
    const problems = errorsOf(err);
    for (const p of problems) {
      expect(p.location, `${p.code}: ${p.message}`).toBeDefined();
      const file = p.location!.file;
      expect(existsSync(isAbsolute(file) ? file : join(root, file)), `${p.code} at ${file}`).toBe(true);
      expect(p.location!.line).toBeGreaterThan(0);
      expect(p.location!.column).toBeGreaterThan(0);
      // One line, however large what the edit wrote: a --format json report stays small.
      expect(p.format().length, p.code).toBeLessThan(2_000);
    }
    expect(exitCodeOf(err), problems.map((p) => p.format()).join("\n")).toBe(1);
    tally.refused++;
    return { exit: 1, lines: problems.map((p) => `${p.code}  ${p.format(false)}`) };
  } finally {
    clearTimeout(timer);
  }
  expect(describeDifference(await readTree(out), single, ["merged site", "single build"])).toBeUndefined();
  tally.merged++;
  return { exit: 0, lines: [] };
}

describe("any edit of a shard's manifest", () => {
  it(
    "merges the single build's site, or fails with every problem located; never 70, never sized by the file",
    async () => {
      await assertProperty(
        fc.asyncProperty(fc.constantFrom(0, 1), edit, async (shard, e) => void (await check(shard, e))),
        { numRuns: RUNS },
      );
    },
    Math.max(120_000, RUNS * 10_000),
  );

  it.each<[string, number, Edit, RegExp]>([
    [
      "a shard.total of 2^53+1",
      0,
      { kind: "set", path: ["shard", "total"], value: 2 ** 53 + 1 },
      /^ShardManifestInvalid {2}.*\/s1\/ppguide-shard\.json:1:\d+ {2}shard\.total {2}must be <= 999999$/,
    ],
    [
      "a shard.total of 4294967296",
      1,
      { kind: "set", path: ["shard", "total"], value: 4294967296 },
      /^ShardManifestInvalid {2}.*\/s2\/ppguide-shard\.json:1:\d+ {2}shard\.total {2}must be <= 999999$/,
    ],
    [
      "a shard.total of 1e8",
      0,
      { kind: "set", path: ["shard", "total"], value: 1e8 },
      /^ShardManifestInvalid {2}.*shard\.total {2}must be <= 999999$/,
    ],
    [
      "a shard.total of 1e9",
      1,
      { kind: "set", path: ["shard", "total"], value: 1e9 },
      /^ShardManifestInvalid {2}.*shard\.total {2}must be <= 999999$/,
    ],
    [
      "a page's file ../../etc/hostname",
      0,
      { kind: "set", path: ["pages", 0, "file"], value: "../../etc/hostname" },
      /^ShardManifestInvalid {2}.*\/s1\/ppguide-shard\.json:1:\d+ {2}pages\[0\]\.file {2}'\.\.\/\.\.\/etc\/hostname' is not a path inside the shard folder$/,
    ],
    [
      "a search entry's count of locations that runs past its list",
      1,
      { kind: "set", path: ["pages", 0, "record", "search", 0, "items", 0], value: 999999 },
      /^ShardManifestInvalid {2}.*\/s2\/ppguide-shard\.json:1:\d+ {2}pages\[0\]\.record\.search\[0\]\.items {2}a count of locations runs past the list$/,
    ],
    [
      "a search entry's text edited, its digest not",
      0,
      { kind: "set", path: ["pages", 0, "record", "search", 0, "content"], value: "Something else." },
      /^ShardManifestInvalid {2}.*\/s1\/ppguide-shard\.json:1:\d+ {2}pages\[0\]\.record\.search\[0\]\.fragmentDigest {2}is not the digest of the fragment$/,
    ],
    [
      "a link of the link check edited",
      1,
      { kind: "set", path: ["pages", 0, "record", "scan", "refs", 0, "href"], value: "$" },
      /^ShardManifestInvalid {2}.*\/s2\/ppguide-shard\.json:1:\d+ {2}sum {2}is not the digest of the manifest's other values/,
    ],
    [
      "a key the format does not have",
      1,
      { kind: "set", path: ["extra"], value: 1 },
      /^ShardManifestInvalid {2}.*\/s2\/ppguide-shard\.json:1:\d+ {2}extra {2}unknown field 'extra'$/,
    ],
    [
      "a link's kind replaced by a thousand-item list",
      0,
      { kind: "set", path: ["pages", 1, "record", "scan", "refs", 1, "kind"], value: Array(1000).fill(1) },
      /^ShardManifestInvalid {2}.*\/s1\/ppguide-shard\.json:1:\d+ {2}pages\[1\]\.record\.scan\.refs\[1\]\.kind {2}'\[1,1,1,.{150,170}\(2001 characters\)' is not allowed$/,
    ],
    [
      "the manifest cut in half",
      1,
      { kind: "cut", fraction: 0.5 },
      /^ShardUnreadable {2}.*\/s2\/ppguide-shard\.json:1:\d+ {2}.*\/s2 is not a shard of a ppguide build: its ppguide-shard\.json is not JSON/,
    ],
  ])("regression: %s is a located error", async (_what, shard, e, expected) => {
    const { exit, lines } = await check(shard, e);
    expect(exit).toBe(1);
    expect(lines).toEqual([expect.stringMatching(expected)]);
  });

  it("a manifest written back as it was merges into the single build's site (so the runs reach the comparison)", async () => {
    expect((await check(0, { kind: "cut", fraction: 1 })).exit).toBe(0);
  });
});
