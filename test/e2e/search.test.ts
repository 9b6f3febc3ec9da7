/**
 * Issue 25: full-text search on the built site, in Chromium, as a visitor uses it. The words of
 * the issue each put a relevant page or listing first on /search?q=; accents do not matter; a
 * nonsense query says so; the index loads only once a query is made; results are links a
 * keyboard reaches, axe-clean; and the header box's "Search all pages" option opens the same
 * results by keyboard.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { isolatedContext, runAxe, SKIP_BROWSER_SUITE, watchProblems } from "../helpers/browser.ts";
import { buildSite, chromiumOnSite } from "../helpers/served-site.ts";
import { SEARCH_QUERIES } from "./search-queries.ts";

const site = await buildSite();

describe("the search index in the output", () => {
  it("is written under /pagefind/ with the pages, without Pagefind's ready-made UIs", () => {
    expect(existsSync(join(site.dir, "pagefind/pagefind.js"))).toBe(true);
    expect(existsSync(join(site.dir, "pagefind/pagefind-entry.json"))).toBe(true);
    expect(existsSync(join(site.dir, "pagefind/pagefind-ui.js"))).toBe(false);
  });

  it("every listing card has the id its search result links to", () => {
    const directory = site.pages.find((p) => p.route === "/puerto-plata-taxis")!;
    expect(directory.html).toMatch(/<article class="card listing-card" id="listing-1">/);
  });
});

describe.skipIf(SKIP_BROWSER_SUITE)("search in Chromium", () => {
  const chromium = chromiumOnSite(site.dir);
  let browser: Browser;
  let context: BrowserContext;
  let origin: string;
  beforeAll(() => void ({ browser, context, origin } = chromium));

  const hits = (page: Page) => page.locator("#search-hits > li");

  /** The results of /search?q= once shown: title, URL and excerpt HTML of each. */
  async function results(query: string): Promise<{ title: string; url: string; excerpt: string }[]> {
    const page = await context.newPage();
    try {
      const problems = watchProblems(page, origin);
      await page.goto(`${origin}/search?q=${encodeURIComponent(query)}`);
      // Pagefind fetches its WebAssembly and index first: on a machine shared with other builds that
      // took over expect.poll's default second.
      await expect
        .poll(() => page.locator("#search-status").textContent(), { timeout: 20_000 })
        .toMatch(/result|Nothing/);
      const found = await hits(page).evaluateAll((items) =>
        items.map((li) => {
          const a = li.querySelector("a")!;
          return {
            title: a.textContent ?? "",
            url: a.getAttribute("href") ?? "",
            excerpt: li.querySelector(".search-hit-excerpt")?.innerHTML ?? "",
          };
        }),
      );
      expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
      return found;
    } finally {
      await page.close();
    }
  }

  it.each(SEARCH_QUERIES)(
    "'%s' puts a relevant page or listing first, with the words marked in its excerpt",
    async (query, relevant) => {
      const found = await results(query);
      expect(found.length).toBeGreaterThan(0);
      expect(found[0]?.title).toMatch(relevant);
      expect(found.slice(0, 3).some((r) => /<mark>/.test(r.excerpt))).toBe(true);
      // One result per page or listing.
      expect(new Set(found.map((r) => r.url)).size).toBe(found.length);
    },
  );

  it("accents do not matter: 'cafe' finds the cafés, 'sosua' finds Sosúa", async () => {
    expect((await results("cafe"))[0]?.title).toMatch(/Café/);
    expect((await results("sosua")).some((r) => /Sosúa/.test(r.title))).toBe(true);
  });

  it("a listing's result opens its card on its directory page", async () => {
    const listing = (await results("ocean world adventure park")).find((r) => r.url.includes("#listing-"))!;
    expect(listing.url).toMatch(/^\/[\w-]+#listing-\d+$/);
    const page = await context.newPage();
    await page.goto(origin + listing.url);
    expect(await page.locator(`[id="${listing.url.split("#")[1]}"] .card-title`).textContent()).toBe(listing.title);
    await page.close();
  });

  it("a nonsense query says plainly that nothing matches, and still lists every page", async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/search?q=zqxjv`);
    await expect
      .poll(() => page.locator("#search-status").textContent())
      .toMatch(/^Nothing in the guide matches “zqxjv”/);
    expect(await hits(page).count()).toBe(0);
    expect(await page.locator("#search-page-results li:visible").count()).toBeGreaterThanOrEqual(27);
    await page.close();
  });

  it("the index loads only once a query is typed; results follow the typing, are keyboard links and axe-clean", async () => {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${origin}/search`, { waitUntil: "load" });
    expect(requested.filter((p) => p.startsWith("/pagefind/"))).toEqual([]);
    await page.locator("#search-page-input").pressSequentially("sancocho");
    await expect.poll(() => hits(page).first().locator("a").textContent()).toBe("Dominican Chicken Sancocho");
    expect(requested).toContain("/pagefind/pagefind.js");
    expect(new URL(page.url()).searchParams.get("q")).toBe("sancocho");
    expect(await page.locator("#search-status").textContent()).toMatch(/results? for “sancocho”/);
    // Tab from the box reaches the button, then the first result.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Dominican Chicken Sancocho");
    expect(await runAxe(page)).toEqual([]);
    // Emptying the box brings back the list of everything.
    await page.fill("#search-page-input", "");
    await expect.poll(() => page.locator("#search-page-results").isVisible()).toBe(true);
    expect(await hits(page).count()).toBe(0);
    await page.close();
  });

  it("without the index (blocked), /search?q= falls back to filtering the titles", async () => {
    const blocked = await isolatedContext(browser, origin);
    await blocked.route("**/pagefind/**", (route) => route.abort("blockedbyclient"));
    const page = await blocked.newPage();
    await page.goto(`${origin}/search?q=pina`);
    await expect
      .poll(() => page.locator("#search-page-results li:visible").allTextContents())
      .toEqual(["Perfect Piña Colada Recipe"]);
    expect(await hits(page).count()).toBe(0);
    await blocked.close();
  });

  describe("the header box", () => {
    it("keeps its titles and adds 'Search all pages for …' last, which arrows and Enter open", async () => {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      const input = page.locator("#search-input");
      await input.pressSequentially("ocean world");
      const options = page.locator("#search-results [role=option]");
      await expect.poll(() => options.last().textContent()).toBe("Search all pages for “ocean world”");
      // Up from the input wraps to the last option.
      await input.press("ArrowUp");
      expect(await input.getAttribute("aria-activedescendant")).toBe("search-option-all");
      await input.press("Enter");
      // The search page writes its query back with URLSearchParams (a space as +), at once: under
      // the service worker that came before this check looked, which saw only the %20 form.
      await page.waitForURL(/\/search\?q=ocean(%20|\+)world$/);
      await expect.poll(() => hits(page).first().locator("a").textContent()).toMatch(/Ocean World/);
      await page.close();
    });

    it("Enter with nothing selected opens the full-text results too", async () => {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await page.locator("#search-input").pressSequentially("airport");
      await page.locator("#search-input").press("Enter");
      await page.waitForURL(/\/search\?q=airport$/);
      await expect.poll(() => hits(page).first().locator("a").textContent()).toMatch(/Airport/);
      await page.close();
    });

    it("still lists matching titles first and clears when emptied", async () => {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      const input = page.locator("#search-input");
      await input.pressSequentially("pina");
      const options = page.locator("#search-results [role=option]");
      await expect
        .poll(() => options.allTextContents())
        .toEqual(["Perfect Piña Colada Recipe", "Search all pages for “pina”"]);
      await input.fill("");
      expect(await options.count()).toBe(0);
      expect(await page.locator("#search-results").isHidden()).toBe(true);
      await page.close();
    });
  });
});
