/**
 * The query suite in Chromium, run through Pagefind's own client against two indexes of the guide:
 * the one the build writes (src/search/), and the one Pagefind's binary writes from the same pages
 * and records in the same order. Each query gives the same results, in the same order, with the
 * same excerpts and sub-results from both.
 */
import { cp, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findManifest } from "../../src/site/find-site.ts";
import { loadSite } from "../../src/site/load-site.ts";
import { SKIP_BROWSER_SUITE } from "../helpers/browser.ts";
import { pagefindIndexOf } from "../helpers/pagefind-oracle.ts";
import { tempDir } from "../helpers/scratch.ts";
import { buildSite, chromiumOnSite, SITE_ROOT } from "../helpers/served-site.ts";
import { SEARCH_QUERIES } from "./search-queries.ts";

/** The visitor's queries, and words that reach headings (sub-results), listings, keywords and accents. */
const QUERIES = [
  ...SEARCH_QUERIES.map(([query]) => query),
  "waterfalls",
  "merengue",
  "cigar",
  "RD$400",
  "mid-January",
  "Sosua",
  "Sosúa",
  "whale season",
  "carnival",
  "arepa dulce",
  "habichuelas",
  "cable",
  "zzzznothing",
];

const site = await buildSite();
const both = await tempDir("ppguide-search-parity-");
await mkdir(join(both, "theirs/pagefind"), { recursive: true });
await cp(join(site.dir, "pagefind"), join(both, "ours/pagefind"), { recursive: true, dereference: true });
for (const [path, bytes] of await pagefindIndexOf(await loadSite(findManifest(SITE_ROOT), {}), site.dir)) {
  await mkdir(join(both, "theirs/pagefind", path, ".."), { recursive: true });
  await writeFile(join(both, "theirs/pagefind", path), bytes);
}
await writeFile(join(both, "index.html"), "<!doctype html><title>Search parity</title>");

interface Found {
  url: string;
  excerpt: string;
  score: number;
  sub: { title: string; url: string; excerpt: string }[];
}

describe.skipIf(SKIP_BROWSER_SUITE)("ppguide's index and Pagefind's, searched by Pagefind's client in Chromium", () => {
  const chromium = chromiumOnSite(both);

  /** Every query's results from the index under `dir`, in the order found. */
  async function search(dir: string): Promise<Record<string, Found[]>> {
    const page = await chromium.context.newPage();
    try {
      await page.goto(`${chromium.origin}/`);
      // A string, so the test runner does not rewrite the browser's import().
      return await page.evaluate(`(async () => {
        const pagefind = await import("/${dir}/pagefind/pagefind.js");
        // Results' URLs as the site links them, whichever folder the index is served from.
        await pagefind.options({ baseUrl: "/" });
        const found = {};
        for (const query of ${JSON.stringify(QUERIES)}) {
          const { results } = await pagefind.search(query);
          found[query] = await Promise.all(results.map(async (r) => {
            const d = await r.data();
            return { url: d.url, excerpt: d.excerpt, score: r.score,
              sub: d.sub_results.map((s) => ({ title: s.title, url: s.url, excerpt: s.excerpt })) };
          }));
        }
        return found;
      })()`);
    } finally {
      await page.close();
    }
  }

  it("gives the same results, in the same order, with the same excerpts and sub-results", {
    timeout: 120_000,
  }, async () => {
    const ours = await search("ours");
    const theirs = await search("theirs");
    for (const query of QUERIES) expect(ours[query], query).toEqual(theirs[query]);
    // The queries reached the index: most find something, and some results have sub-results.
    const found = QUERIES.filter((q) => (theirs[q]?.length ?? 0) > 0);
    expect(found.length).toBeGreaterThan(QUERIES.length - 3);
    expect(Object.values(theirs).some((results) => results.some((r) => r.sub.length > 1))).toBe(true);
  });
});
