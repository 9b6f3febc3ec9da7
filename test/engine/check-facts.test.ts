/**
 * The freshness audit (issue 33): `ppguide check-facts` lists every listing contact fact and
 * article source with no date or one older than the limit, at its line; each listing card says
 * when its newest source was dated.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { auditFreshness } from "../../src/audits/freshness.ts";
import { OPTIONS } from "../../src/cli/options.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { runCli } from "../helpers/outcome.ts";

const SITE = `
-- site.yaml --
routes:
  - { kind: directory, columns: 2, listings: l.yaml, path: /shops, title: Shops, description: The shops of a test directory., image: { src: /images/photo.svg, alt: A }, content: shops.md, related: [/filler-1, /filler-2, /filler-3] }
  - { path: /fares, kind: article, title: Fares, description: What the buses cost in a test site., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2026-03-31 }, content: fares.md, related: [/filler-1, /filler-2, /filler-3] }
-- content/shops.md --
Shops.
-- content/fares.md --
---
sources:
  - { url: "https://bus.example.org/fares", says: "RD$50 a ride", date: "2026-03" }
  - { url: "https://bus.example.org/old", says: "RD$40 a ride", date: "2020" }
  - { url: "https://bus.example.org/undated", says: "buses every 20 minutes" }
---
Fares.
-- content/l.yaml --
itemType: Store
items:
  - id: 1
    name: Old Shop
    image: /images/photo.svg
    alt: A shop
    address1: Calle Duarte 1
    address2: Puerto Plata
    phone: "809 571 1507"
    link: "https://shop.example.org"
    sources:
      - { url: "https://shop.example.org/contact", supports: [phone], says: "Tel. 809 571 1507", date: "2019-03" }
      - { url: "https://shop.example.org/about", supports: [address1], says: "Calle Duarte 1", date: "2025-09-10" }
      - { url: "https://shop.example.org", supports: [link], says: "Home page" }
  - { id: 2, name: New Shop, image: /images/photo.svg, alt: Another shop, address2: Puerto Plata }
`;

describe("ppguide check-facts", () => {
  it("finds each undated and stale fact at its line, a year or month counting as its last day", async () => {
    const root = await writeInlineSite(SITE);
    const report = await auditFreshness(root, { clock: "2026-06-15", months: 12 });
    expect(report.cutoff).toBe("2025-06-15");
    expect(report.checked).toBe(6);
    expect(report.problems.map((e) => `${e.code}  ${e.format(false)}`)).toEqual([
      "FactStale  content/l.yaml:9:12  items[0].phone  phone of 'Old Shop' was last dated 2019-03, more than 12 months ago",
      "FactUndated  content/l.yaml:10:11  items[0].link  website of 'Old Shop' has no dated source",
      "FactStale  content/fares.md:4:5  sources[1]  source https://bus.example.org/old was last dated 2020, more than 12 months ago",
      "FactUndated  content/fares.md:5:5  sources[2]  source https://bus.example.org/undated has no dated source",
    ]);
    // Two years: a 2020 source is still too old; six months: the address of 2025-09-10 is too.
    const two = await auditFreshness(root, { clock: "2026-06-15", months: 24 });
    expect(two.problems.map((e) => e.path)).toEqual(["items[0].phone", "items[0].link", "sources[1]", "sources[2]"]);
    expect(two.cutoff).toBe("2024-06-15");
    expect((await auditFreshness(root, { clock: "2026-06-15", months: 6 })).problems.map((e) => e.path)).toContain(
      "items[0].address1",
    );
  }, 60_000);

  it("exits 1 under --strict, prints one JSON object with --format json, refuses a bad --older-than", async () => {
    const root = await writeInlineSite(SITE);
    const plain = await runCli(["check-facts", "--clock", "2026-06-15"], root);
    expect(plain.code).toBe(0);
    expect(plain.stdout.trim().split("\n").at(-1)).toBe(
      "4 of 6 facts to check again: 2 with no date, 2 dated before 2025-06-15",
    );
    expect((await runCli(["check-facts", "--clock", "2026-06-15", "--strict"], root)).code).toBe(1);
    const json = await runCli(["check-facts", "--clock", "2026-06-15", "--format", "json", "--strict"], root);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({
      version: 1,
      command: "check-facts",
      ok: false,
      exitCode: 1,
      summary: { checked: 6, undated: 2, stale: 2 },
    });
    expect(report.problems[0]).toEqual(
      expect.objectContaining({ severity: "error", file: "content/l.yaml", line: 9, column: 12 }),
    );
    const bad = await runCli(["check-facts", "--older-than", "soon"], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--older-than 'soon' is not an age such as 12mo or 2y");
    const age = (text: string) => {
      try {
        return OPTIONS.olderThan.parse(text);
      } catch {
        return undefined;
      }
    };
    expect([age("18mo"), age("2y"), age("0y"), age("1 week")]).toEqual([18, 24, undefined, undefined]);
  }, 60_000);
});

describe("a listing card", () => {
  it("says when its newest source was dated, and nothing when none is", async () => {
    const { exit, root } = await buildInline(SITE);
    expect(exit).toBe(0);
    const $ = load(await readFile(join(root, "dist/shops.html"), "utf8"));
    const cards = $(".listing-card");
    expect(cards.eq(0).find(".listing-checked").text()).toBe("Checked September 2025");
    expect(cards.eq(0).find(".listing-checked time").attr("datetime")).toBe("2025-09");
    expect(cards.eq(1).find(".listing-checked")).toHaveLength(0);
  }, 60_000);
});
