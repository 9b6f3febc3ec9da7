/**
 * Issue 25: dev mode serves a search index of the pages it serves, and an edited page is findable
 * after the reload the edit causes. Queried in Chromium through Pagefind's own browser script, as
 * the /search page does.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDev, type DevHandle, type RebuildReport } from "../../src/dev/index.ts";
import { isolatedContext, launchChromium, SKIP_BROWSER_SUITE } from "../helpers/browser.ts";

const FIXTURE = new URL("../fixtures/dev-site/", import.meta.url).pathname;

describe.skipIf(SKIP_BROWSER_SUITE)("ppguide dev: the search index", () => {
  let root: string;
  let dev: DevHandle;
  let browser: Browser;
  let page: Page;
  const reports: RebuildReport[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ppguide-dev-search-"));
    await cp(FIXTURE, root, { recursive: true });
    [dev, browser] = await Promise.all([
      startDev({ root, port: 0, log: () => {}, onRebuild: (r) => reports.push(r) }),
      launchChromium(),
    ]);
    const context = await isolatedContext(browser, dev.url.replace(/\/$/, ""));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** The pages Pagefind finds for `query` on a fresh load of the home page, by route as the search page links them. */
  async function search(query: string): Promise<string[]> {
    await page.goto(dev.url);
    // A string, so the test runner does not rewrite the browser's import().
    const urls: string[] = await page.evaluate(`(async () => {
      const pagefind = await import("/pagefind/pagefind.js");
      const found = await pagefind.search(${JSON.stringify(query)});
      return Promise.all(found.results.map(async (r) => (await r.data()).url));
    })()`);
    return urls;
  }

  it("finds a served page, and an edited page by its new words after the reload", async () => {
    expect(await search("sunscreen")).toContain("/beach-day");
    expect(await search("zanzibarquux")).toEqual([]);

    const file = join(root, "content/travel/beach-day.md");
    const before = reports.length;
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(
        "Sunscreen, water and a hat.",
        "Sunscreen, water, a hat and a zanzibarquux.",
      ),
    );
    await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThan(before);
    await dev.idle();
    expect(reports.at(-1)!.ok).toBe(true);

    expect(await search("zanzibarquux")).toEqual(["/beach-day"]);
  });

  it("leaves the alias stub and the 404 page out", async () => {
    const urls = await search("beach");
    expect(urls).toContain("/beach-day");
    expect(urls).not.toContain("/beach");
    expect(urls).not.toContain("/404");
  });
});
