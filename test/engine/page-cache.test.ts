import { lstatSync } from "node:fs";
import { mkdtemp, readdir, readFile, rename, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { deserialize } from "node:v8";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { currentCode } from "../../src/core/code-id.ts";
import { readChecked } from "../../src/core/disk-cache.ts";
import { build } from "../../src/engine/build.ts";
import { servedCopy } from "../../src/output/output-folder.ts";
import { readPageCache, removeUnusedPacks, writePageCache, type PageRecord } from "../../src/output/page-cache.ts";
import { READ_OPTIONS } from "../../src/output/search-index.ts";
import { language } from "../../src/search/language.ts";
import { pageEntry } from "../../src/search/page-entry.ts";
import { PageReader } from "../../src/search/read-page.ts";
import { attempt } from "../helpers/outcome.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";

const parts = { code: "c", site: "s", chrome: "n", route: "r", markdown: "m", listings: "l" };
const readPage = (html: string) => new PageReader(READ_OPTIONS).read(html);
// A header's references, one list for every page it is on, as a build's render batch gives them;
// page 2 has a copy of it, as the next batch's would be.
const header = [
  { href: "/", line: 1, col: 20, kind: "page" as const },
  { href: "/beaches/", line: 2, col: 9, kind: "page" as const },
];

function record(n: number): PageRecord {
  return {
    parts,
    images: ["/images/photo.svg"],
    imagesKey: "k",
    hash: `h${n}`,
    ...(n !== 3 && {
      search: [pageEntry(`/page-${n}`, readPage(`<main><h1>Page ${n}</h1><p>Café ${n}</p></main>`), language("en"))],
    }),
    scan: {
      refs: [
        { href: "/", line: 3, col: 14, kind: "page" },
        { href: `/page-${n + 1}#top`, line: 40 + n, col: 7, kind: "page" },
        { href: "/images/photo.svg", line: 41, col: 12, kind: "asset" },
      ],
      anchors: ["top", `section-${n}`],
      base: n === 1 ? "/b/" : null,
      ...(n < 3 && { shared: [{ refs: n === 2 ? structuredClone(header) : header, line: 2, col: 7 + n }] }),
    },
    ...(n !== 2 && { chrome: { header: [120 + n, 900], footer: [4_000 + n, 700], eager: n === 0 } }),
  };
}

const packsIn = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith(".pack")).sort();
// The packs of search entries among those a cache names: its link scans are in a pack of their own.
const searchPacks = (names: readonly string[]) => names.filter((name) => name.startsWith("search-"));

describe("the page cache", () => {
  it("gives each stored scan back as it was written, after being read and written again in turn", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-page-cache-"));
    const pages = new Map([0, 1, 2, 3].map((n) => [`page-${n}.html`, record(n)]));
    pages.set("plain.html", { parts, images: [], imagesKey: "k", hash: "p" });
    writePageCache(join(dir, "a"), "code", { pages });

    const first = readPageCache(join(dir, "a"), "code")!;
    for (const [file, page] of pages) expect(first.pages.get(file)?.scan, file).toEqual(page.scan);
    // Each page's search entry, its locations an Int32Array as the index reads them.
    for (const [file, page] of pages) expect(first.pages.get(file)?.search, file).toEqual(page.search);
    // Where each page's header and footer are, for the next build to replace them; none where none was.
    for (const [file, page] of pages) expect(first.pages.get(file)?.chrome, file).toEqual(page.chrome);
    expect(first.pages.get("page-1.html")?.search?.[0]?.items).toBeInstanceOf(Int32Array);
    expect("scan" in first.pages.get("plain.html")!).toBe(false);

    // A rebuild writes the records it reused, with their files' new stats, from what it read.
    const stat = { size: 10, mtimeMs: 1.5, ctimeMs: 2.5, ino: 7 };
    writePageCache(join(dir, "b"), "code", first, new Map([["page-1.html", stat]]));
    const second = readPageCache(join(dir, "b"), "code")!;
    for (const [file, page] of pages) expect(second.pages.get(file)?.scan, file).toEqual(page.scan);
    for (const [file, page] of pages) expect(second.pages.get(file)?.search, file).toEqual(page.search);
    for (const [file, page] of pages) expect(second.pages.get(file)?.chrome, file).toEqual(page.chrome);
    expect(second.pages.get("page-1.html")?.stat).toEqual(stat);
    expect(second.pages.get("page-0.html")?.stat).toBeUndefined();

    // A scan read from the cache is made when asked for and not kept by the record.
    const reused = second.pages.get("page-2.html")!;
    expect(reused.scan).not.toBe(reused.scan);
    // The header's references were stored once, and are read back as one list for every page.
    const refsOf = (file: string) => second.pages.get(file)?.scan?.shared?.[0]?.refs;
    expect(refsOf("page-0.html")).toEqual(header);
    expect(refsOf("page-2.html")).toBe(refsOf("page-0.html"));
    // The record holds all but the search entries, which stay in the one pack the first write made: the second,
    // which rendered nothing, named it and wrote none.
    const stored = deserialize(readChecked(join(dir, "b.pages"))!) as {
      partAt: Int32Array;
      packs: unknown[][];
      scans: unknown[];
    };
    expect(stored.partAt).toHaveLength(1);
    // And the scans, in the pack the first write made, named by the second as it is.
    expect(await packsIn(dir)).toEqual([stored.scans[0], stored.packs[0]?.[0]]);
    expect(first.packs).toEqual(second.packs);
  });

  it("keeps the search entries in packs: new ones for pages rendered, the rest named, a damaged one never trusted", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-page-cache-"));
    const pages = new Map([0, 1, 2].map((n) => [`page-${n}.html`, record(n)]));
    const first = writePageCache(join(dir, "a"), "code", { pages });
    const read = readPageCache(join(dir, "a"), "code")!;
    // One page rendered again: its entries in a pack of their own, the others' where they were.
    read.pages.set("page-1.html", record(7));
    const second = writePageCache(join(dir, "b"), "code", read);
    expect(searchPacks(second).slice(0, 1)).toEqual(searchPacks(first));
    expect(searchPacks(second)).toHaveLength(2);
    expect(second.filter((name) => name.startsWith("scans-"))).toEqual(first.filter((n) => n.startsWith("scans-")));
    const again = readPageCache(join(dir, "b"), "code")!;
    expect(again.pages.get("page-1.html")?.search).toEqual(record(7).search);
    expect(again.pages.get("page-2.html")?.search).toEqual(record(2).search);

    // A pack only a replaced cache named is removed; the ones named are kept.
    removeUnusedPacks(dir, second);
    expect(await packsIn(dir)).toEqual([...second].sort());
    removeUnusedPacks(dir, second.slice(1));
    expect(await packsIn(dir)).toEqual(second.slice(1).sort());
    // ... and the cache that named it is not trusted any more.
    expect(readPageCache(join(dir, "b"), "code")).toBeUndefined();

    // A pack touched (a CI cache restored) is checked by its bytes and trusted; one edited is not.
    const third = writePageCache(join(dir, "c"), "code", { pages });
    const pack = join(dir, third[0]!);
    const now = new Date();
    await utimes(pack, now, now);
    expect(readPageCache(join(dir, "c"), "code")?.pages.get("page-0.html")?.search).toEqual(record(0).search);
    const bytes = await readFile(pack);
    bytes[10] = (bytes[10] ?? 0) ^ 1;
    await writeFile(pack, bytes);
    expect(readPageCache(join(dir, "c"), "code")).toBeUndefined();

    // A pack replaced by a link, even to its own bytes elsewhere, is not read through: the cache is not trusted.
    const fourth = writePageCache(join(dir, "d"), "code", { pages });
    const moved = join(dir, "elsewhere.bytes");
    await rename(join(dir, fourth[0]!), moved);
    await symlink(moved, join(dir, fourth[0]!));
    expect(readPageCache(join(dir, "d"), "code")).toBeUndefined();
    // And removing packs removes the link, never what it leads to.
    removeUnusedPacks(dir, []);
    expect(await readFile(moved)).toBeInstanceOf(Buffer);
    expect(await packsIn(dir)).toEqual([]);
  });

  it("keeps the link scans in a pack of their own, trusted as the search entries' packs are", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-page-cache-"));
    const pages = new Map([0, 1, 2].map((n) => [`page-${n}.html`, record(n)]));
    const scansIn = (names: string[]) => names.filter((name) => name.startsWith("scans-"));
    for (const [copy, harm] of [
      ["a", async (pack: string) => utimes(pack, new Date(), new Date())],
      [
        "b",
        async (pack: string) =>
          writeFile(
            pack,
            (await readFile(pack)).map((byte, i) => (i === 8 ? byte ^ 1 : byte)),
          ),
      ],
      ["c", async (pack: string) => rename(pack, `${pack}.moved`).then(() => symlink(`${pack}.moved`, pack))],
    ] as const) {
      const [scans] = scansIn(writePageCache(join(dir, copy), "code", { pages }));
      await harm(join(dir, scans!));
      const read = readPageCache(join(dir, copy), "code");
      // Touched, its bytes still the ones its checksum vouches for: trusted, and the scans read from it.
      if (copy === "a") for (const [file, page] of pages) expect(read?.pages.get(file)?.scan, file).toEqual(page.scan);
      // Edited, or a link put in its place: the whole cache is not trusted.
      else expect(read, copy).toBeUndefined();
    }
  });

  it("writes every page's entries anew once the packs it names hold more than twice what they name", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-page-cache-"));
    // Six pages of entries of about 120 kB. Round r renders pages r and after again, so each pack is left named by
    // the one page it still holds: the packs named grow round after round until they are written anew.
    const big = (n: number, round: number): PageRecord => ({
      ...record(n),
      search: [
        pageEntry(`/page-${n}`, readPage(`<main><p>${"Café ".repeat(24_000)}${round}</p></main>`), language("en")),
      ],
    });
    const files = [0, 1, 2, 3, 4, 5].map((n) => `page-${n}.html`);
    const rounds = files.map(() => 0);
    let copy = join(dir, "a");
    const [first] = writePageCache(copy, "code", { pages: new Map(files.map((f, n) => [f, big(n, 0)])) });
    const all = (await stat(join(dir, first!))).size;
    const named: number[] = [];
    for (let round = 1; round <= 4; round++) {
      const read = readPageCache(copy, "code")!;
      for (const [n, file] of files.entries())
        if (n >= round) {
          read.pages.set(file, big(n, round));
          rounds[n] = round;
        }
      copy = join(dir, round % 2 ? "b" : "a");
      const packs = writePageCache(copy, "code", read);
      removeUnusedPacks(dir, packs);
      named.push(searchPacks(packs).length);
      const sizes = await Promise.all(packs.map((name) => stat(join(dir, name))));
      expect(
        sizes.reduce((sum, s) => sum + s.size, 0),
        `round ${round}`,
      ).toBeLessThan(2 * all + 1_100_000);
      const again = readPageCache(copy, "code")!;
      for (const [n, file] of files.entries())
        expect(again.pages.get(file)?.search, `round ${round}`).toEqual(big(n, rounds[n]!).search);
    }
    // Named where they were, then, past the bound, written anew into one pack.
    expect(named[0]).toBe(2);
    expect(named.indexOf(1)).toBeGreaterThan(0);
  });

  it("copies a reused page's row as it is, and writes every row anew once it keeps twice the strings it names", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-page-cache-"));
    // Each round renders one page again, with strings of its own: the rows of the others are copied, and the strings
    // and scans only the replaced rows named stay behind in the cache, until they are twice what was written anew.
    const made = (n: number, round: number): PageRecord => {
      const page = record(n);
      const scan = page.scan!;
      const refs = [...scan.refs, { href: `/round-${round}/page-${n}`, line: round, col: 3, kind: "page" as const }];
      return { ...page, hash: `h${n}-${round}`, parts: { ...parts, route: `r${round}` }, scan: { ...scan, refs } };
    };
    const files = [0, 1, 2, 3].map((n) => `page-${n}.html`);
    const now = files.map((_, n) => made(n, 0));
    let copy = join(dir, "a");
    writePageCache(copy, "code", { pages: new Map(files.map((f, n) => [f, now[n]!])) });
    const sizes: { strings: number; fresh: number }[] = [];
    for (let round = 1; round <= 12; round++) {
      const read = readPageCache(copy, "code")!;
      // What a build reuses is the record it read, which nothing may change on the way to the next cache.
      expect(() => Object.assign(read.pages.get(files[0]!)!, { hash: "edited" })).toThrow(TypeError);
      const n = round % files.length;
      now[n] = made(n, round);
      read.pages.set(files[n]!, now[n]!);
      copy = join(dir, round % 2 ? "b" : "a");
      writePageCache(copy, "code", read);
      const again = readPageCache(copy, "code")!;
      for (const [k, file] of files.entries()) {
        const { scan, hash, parts: keyed, images, chrome } = again.pages.get(file)!;
        const want = now[k]!;
        expect({ scan, hash, parts: keyed, images, chrome }, `round ${round}, ${file}`).toEqual({
          scan: want.scan,
          hash: want.hash,
          parts: want.parts,
          images: want.images,
          chrome: want.chrome,
        });
      }
      const stored = deserialize(readChecked(`${copy}.pages`)!) as { strings: string[]; fresh: [number, number] };
      sizes.push({ strings: stored.strings.length, fresh: stored.fresh[0] });
    }
    // The strings grow round after round, each past bound written anew: never more than twice the fresh count.
    for (const { strings, fresh } of sizes) expect(strings).toBeLessThanOrEqual(2 * fresh + 20);
    const shrank = sizes.findIndex((s, i) => i > 0 && s.strings < sizes[i - 1]!.strings);
    expect(shrank).toBeGreaterThan(1);
    expect(sizes[shrank - 1]!.strings).toBeGreaterThan(sizes[0]!.strings);
  });

  it("records each served page's stat as it is, for a page left in place as for one written", async () => {
    const root = await writeInlineSite(`
      -- site.yaml --
      routes:
        - { path: /a, kind: article, content: a.md }
        - { path: /b, kind: article, content: b.md }
        - { path: /c, kind: article, content: c.md }
      -- content/a.md --
      Fish by the harbour.
      -- content/b.md --
      Rice and beans.
      -- content/c.md --
      A walk on the Malecón.
    `);
    // From the third build on, the copy written holds the pages of the build before last: the unchanged ones are left
    // in place (their stat is the one found there), and one changed since then is linked anew (its stat is taken after).
    for (const [round, name] of ["", "a", "b", "c", "a"].entries()) {
      if (name) await writeFile(join(root, `content/${name}.md`), `Round ${round}.\n`);
      const built = await build({ root, searchIndex: false });
      if (name)
        expect(
          built.rendered?.map((r) => r.route),
          `round ${round}`,
        ).toEqual([`/${name}`]);
      const served = servedCopy(join(root, "dist"))!;
      const cache = readPageCache(served, currentCode())!;
      for (const [file, record] of cache.pages) {
        const { size, mtimeMs, ctimeMs, ino } = lstatSync(join(served, file));
        expect(record.stat, `round ${round}, ${file}`).toEqual({ size, mtimeMs, ctimeMs, ino });
      }
    }
  });

  it("keeps a reused page's links checked: an anchor removed from the page it names breaks it, rebuild after rebuild", async () => {
    const root = await writeInlineSite(`
      -- site.yaml --
      routes:
        - { path: /a, kind: article, content: a.md }
        - { path: /b, kind: article, content: b.md }
      -- content/a.md --
      ## Where to eat {#eat}

      Fish by the harbour.
      -- content/b.md --
      Read [where to eat](/a#eat) first.
    `);
    expect((await attempt({ root })).exit).toBe(0);
    // /a loses its anchor; /b is not rendered again, so its links come from the page cache, twice
    // (the second rebuild reads what the first wrote of /b's record without rendering it).
    await writeFile(join(root, "content/a.md"), "## Where to sleep {#sleep}\n\nA room by the harbour.\n");
    for (const round of [1, 2]) {
      const warned = await build({ root, linkMode: "warn" });
      expect(
        warned.rendered?.map((r) => r.route),
        `round ${round}`,
      ).toEqual(round === 1 ? ["/a"] : []);
      const broken = warned.warnings.filter((w) => w.code === "BrokenLink").map((w) => w.format());
      expect(broken, `round ${round}`).toEqual([expect.stringMatching(/^content\/b\.md:1:\d+ .*\/a#eat/)]);
    }
    const outcome = await attempt({ root });
    expect(outcome.exit).toBe(1);
    expect(outcome.lines.join("\n")).toMatch(/BrokenLink {2}content\/b\.md:1:\d+.*\/a#eat/);
  });
});
