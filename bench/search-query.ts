/**
 * What a sharded search index costs a reader: the first query on /search of the N-page synthetic
 * site (default 4,000), in Chromium, with the index as the build shards it and as one whole index
 * (site.searchIndex.pagesPerShard set past the page count). Counts the requests and bytes under
 * /pagefind/ from typing the query to the results shown, and checks that both put the same page first.
 *
 *   npx tsx bench/search-query.ts            # 4,000 pages
 *   npx tsx bench/search-query.ts 16000
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "../src/engine/build.ts";
import { startPreview } from "../src/preview/server.ts";
import { launchChromium } from "../test/helpers/browser.ts";
import { writePpguideSite } from "../test/helpers/synthetic-site.ts";

const pages = Number(process.argv[2] ?? 4000);
const QUERIES = ["beach", "fortress", "merengue bachata", "coconut mango"];

async function site(shards: "as built" | "one index"): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "ppguide-search-query-"));
  await writePpguideSite(root, pages);
  if (shards === "one index") {
    const yaml = join(root, "site.yaml");
    await writeFile(
      yaml,
      (await readFile(yaml, "utf8")).replace(
        "  disclosure:",
        `  searchIndex: { pagesPerShard: ${pages + 10} }\n  disclosure:`,
      ),
    );
  }
  await build({ root, out: join(root, "dist"), linkMode: "off" });
  return root;
}

const roots = { "as built": await site("as built"), "one index": await site("one index") };
const browser = await launchChromium();
try {
  const firstOf: Record<string, string[]> = {};
  const totals: Record<string, { requests: number; bytes: number }> = {};
  for (const [name, root] of Object.entries(roots)) {
    const server = await startPreview({ dir: join(root, "dist"), host: "127.0.0.1", port: 0 });
    totals[name] = { requests: 0, bytes: 0 };
    firstOf[name] = [];
    for (const query of QUERIES) {
      // A new context each time: nothing cached from the query before.
      const context = await browser.newContext();
      const page = await context.newPage();
      let requests = 0;
      let bytes = 0;
      page.on("response", async (r) => {
        if (!new URL(r.url()).pathname.startsWith("/pagefind/")) return;
        requests++;
        bytes += (await r.body().catch(() => Buffer.alloc(0))).length;
      });
      await page.goto(`${server.url}/search?q=${encodeURIComponent(query)}`);
      await page.waitForFunction(() =>
        /result|Nothing/.test(document.getElementById("search-status")?.textContent ?? ""),
      );
      firstOf[name]!.push((await page.locator("#search-hits > li a").first().getAttribute("href")) ?? "none");
      await page.waitForLoadState("networkidle");
      console.log(
        `${name.padEnd(9)}  "${query}": ${requests} requests, ${(bytes / 1024).toFixed(1)} KB, first result ${firstOf[name]!.at(-1)}`,
      );
      totals[name]!.requests += requests;
      totals[name]!.bytes += bytes;
      await context.close();
    }
    await server.close();
  }
  const [a, b] = [totals["as built"]!, totals["one index"]!];
  console.log(
    `\n${pages} pages, first query, summed over ${QUERIES.length} queries: requests ${a.requests} against ${b.requests} (${(a.requests / b.requests).toFixed(2)}x), bytes ${(a.bytes / 1024).toFixed(0)} KB against ${(b.bytes / 1024).toFixed(0)} KB (${(a.bytes / b.bytes).toFixed(2)}x)`,
  );
  console.log(
    `same first result for every query: ${JSON.stringify(firstOf["as built"]) === JSON.stringify(firstOf["one index"])}`,
  );
} finally {
  await browser.close();
  for (const root of Object.values(roots)) await rm(root, { recursive: true, force: true });
}
