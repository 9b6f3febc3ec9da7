import { mkdtemp, writeFile } from "node:fs/promises";
import { deserialize } from "node:v8";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readChecked } from "../../src/core/disk-cache.ts";
import { build } from "../../src/engine/build.ts";
import { readPageCache, writePageCache, type PageRecord } from "../../src/output/page-cache.ts";
import { READ_OPTIONS } from "../../src/output/search-index.ts";
import { language } from "../../src/search/language.ts";
import { pageEntry } from "../../src/search/page-entry.ts";
import { PageReader } from "../../src/search/read-page.ts";
import { attempt } from "../helpers/outcome.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";

const parts = { code: "c", site: "s", route: "r", markdown: "m", listings: "l" };
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
  };
}

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
    expect(first.pages.get("page-1.html")?.search?.[0]?.items).toBeInstanceOf(Int32Array);
    expect("scan" in first.pages.get("plain.html")!).toBe(false);

    // A rebuild writes the records it reused, with their files' new stats, from what it read.
    const stat = { size: 10, mtimeMs: 1.5, ctimeMs: 2.5, ino: 7 };
    writePageCache(join(dir, "b"), "code", first, new Map([["page-1.html", stat]]));
    const second = readPageCache(join(dir, "b"), "code")!;
    for (const [file, page] of pages) expect(second.pages.get(file)?.scan, file).toEqual(page.scan);
    for (const [file, page] of pages) expect(second.pages.get(file)?.search, file).toEqual(page.search);
    expect(second.pages.get("page-1.html")?.stat).toEqual(stat);
    expect(second.pages.get("page-0.html")?.stat).toBeUndefined();

    // A scan read from the cache is made when asked for and not kept by the record.
    const reused = second.pages.get("page-2.html")!;
    expect(reused.scan).not.toBe(reused.scan);
    // The header's references were stored once, and are read back as one list for every page.
    const refsOf = (file: string) => second.pages.get(file)?.scan?.shared?.[0]?.refs;
    expect(refsOf("page-0.html")).toEqual(header);
    expect(refsOf("page-2.html")).toBe(refsOf("page-0.html"));
    // The file: the length of its header, the header (all but the search entries), the search entries.
    const file = readChecked(join(dir, "b.pages"))!;
    const stored = deserialize(file.subarray(4, 4 + file.readUInt32LE(0))) as { partAt: Int32Array };
    expect(stored.partAt).toHaveLength(1);
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
