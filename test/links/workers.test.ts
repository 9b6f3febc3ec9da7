/**
 * The link scan on a pool of threads (piscina): each thread must boot from the TypeScript
 * sources (under vitest, and under plain `node --import tsx`) as from lib/, and the pool's scans
 * must be this thread's, one per file, in order. A thread that cannot boot fails the scan: there
 * is no silent fallback that would hide it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanPage } from "../../src/links/extract.ts";
import { listSiteFiles } from "../../src/links/walk-folder.ts";
import type { LinkScan } from "../../src/links/types.ts";
import { scanPages } from "../../src/links/workers.ts";

const root = join(import.meta.dirname, "..", "..");
const site = join(root, "test", "fixtures", "links-site");

const pages = listSiteFiles(site).filter((f) => f.endsWith(".html"));
/**
 * `count` of the fixture's pages, so there are several batches. Each page repeats five times in a
 * row: a sequence whose period divided the batch size would hide a batch stored at the wrong offset.
 */
const repeated = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => pages[Math.floor(i / 5) % pages.length]!);
const scanHere = (files: readonly string[]): LinkScan[] =>
  files.map((f) => scanPage(readFileSync(join(site, f), "utf8")));

describe("scanPages on a pool of threads", () => {
  it("boots from .ts sources under vitest and returns one scan per file, in order, as this thread would", async () => {
    const files = repeated(320);
    expect(await scanPages(site, files, 2)).toEqual(scanHere(files));
  });

  it("boots under plain `node --import tsx` too (how the CLI runs from its sources)", () => {
    const files = repeated(200);
    // Module input (--input-type) and the tsx flag must not leak into the threads.
    const script = `
      import { scanPages } from "./src/links/workers.ts";
      console.log(JSON.stringify(await scanPages(${JSON.stringify(site)}, ${JSON.stringify(files)}, 2)));
    `;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(JSON.parse(out)).toEqual(scanHere(files));
  });
});
