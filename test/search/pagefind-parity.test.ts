/**
 * ppguide writes the search index itself, in Pagefind's format (src/search/); Pagefind's own
 * indexer, the pinned `pagefind` package's binary, is the oracle. Given the same pages and records
 * in the same order, its index and ppguide's must be the same: every word with its pages, locations
 * and weights, every fragment with its content, meta and anchors, the filters, the chunk
 * boundaries and the metadata (and so every file's name, a digest of its bytes). When `pagefind` is
 * upgraded, this test says whether the writer still matches (docs/performance.md, "The search index").
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { findManifest } from "../../src/site/find-site.ts";
import { loadSite } from "../../src/site/load-site.ts";
import { builtIndex, decodeIndex, indexDifferences, pagefindIndexOf } from "../helpers/pagefind-oracle.ts";
import { tempDir } from "../helpers/scratch.ts";
import { buildSite, SITE_ROOT } from "../helpers/served-site.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

/** `out`: the site's build, or none to build it here. */
async function parity(root: string, built?: string): Promise<{ differences: string[]; words: number; pages: number }> {
  const out = built ?? join(await tempDir("ppguide-parity-"), "dist");
  if (!built) await build({ root, out });
  const site = await loadSite(findManifest(root), {});
  const ours = decodeIndex(builtIndex(out));
  const theirs = decodeIndex(await pagefindIndexOf(site, out));
  return {
    differences: indexDifferences(ours, theirs),
    words: theirs.words.size,
    pages: (theirs.meta[1] as unknown[]).length,
  };
}

describe("the search index ppguide writes is the one Pagefind writes from the same sources", () => {
  it("for the guide: every word, fragment, filter and chunk", async () => {
    const { differences, words, pages } = await parity(SITE_ROOT, (await buildSite()).dir);
    expect(differences).toEqual([]);
    // The comparison covered a whole index (the guide's pages, keywords and listings).
    expect(words).toBeGreaterThan(1000);
    expect(pages).toBeGreaterThan(100);
  });

  it("for a synthetic site of 4,000 pages, whose fragments share files past 256", async () => {
    const root = await tempDir("ppguide-parity-4000-");
    await writePpguideSite(root, 4000);
    const { differences, pages } = await parity(root);
    expect(differences).toEqual([]);
    expect(pages).toBeGreaterThan(4000);
  }, 240_000);
});
