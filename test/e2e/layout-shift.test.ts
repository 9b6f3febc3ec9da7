/**
 * Cumulative layout shift on every built page, at phone (390 px) and desktop (1366 px) width.
 *
 * Regression (issue 16): Lighthouse measured CLS 0.385 on phones because the deferred module
 * script set html.js after the first paint and the open menu then collapsed, moving <main>.
 * On a fast machine the scripts can run before the first paint and hide such a shift, so every
 * first-party script is held back here, as a slow network would, and the page paints first.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedContext, launchChromium, pool, SKIP_BROWSER_SUITE } from "../helpers/browser.ts";
import { buildSite, serve, type StaticServer } from "../helpers/served-site.ts";

const SCRIPT_DELAY_MS = 400;
/** Google's "good" CLS is 0.1; a page that does not move at all scores 0. */
const MAX_CLS = 0.01;
const WIDTHS = [390, 1366] as const;

const site = await buildSite();
// Plus a search results page, which the search page script filters by its ?q=.
const routes = [...site.pages.filter((p) => p.kind !== "alias").map((p) => p.route), "/search?q=dominican"];

describe.skipIf(SKIP_BROWSER_SUITE)("layout shift", () => {
  let server: StaticServer;
  let browser: Browser;
  const contexts = new Map<number, BrowserContext>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([serve(site.dir), launchChromium()]);
    for (const width of WIDTHS) {
      const context = await isolatedContext(browser, server.origin, { viewport: { width, height: 844 } });
      // Registered after isolatedContext's catch-all, so it is asked first (Playwright runs the newest route first).
      await context.route(/\/assets\/.*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
        await route.continue();
      });
      // Recorded from the very start of each document, buffered entries included.
      await context.addInitScript(() => {
        const shifts: { value: number; sources: string[] }[] = [];
        (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const sources = (entry.sources ?? []).map((s) =>
              s.node instanceof Element
                ? `${s.node.tagName.toLowerCase()}${s.node.id ? `#${s.node.id}` : ""}.${s.node.className}`
                : String(s.node?.nodeName),
            );
            shifts.push({ value: entry.value, sources });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      contexts.set(width, context);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(`stays below ${MAX_CLS} on all ${routes.length} pages at ${WIDTHS.join(" and ")} px, scripts arriving after the first paint`, async () => {
    type Load = { width: number; route: string; cls: number; sources: string[] };
    const measure = async ({ width, route }: { width: number; route: string }): Promise<Load> => {
      const page = await contexts.get(width)!.newPage();
      try {
        await page.goto(server.origin + route, { waitUntil: "load" });
        // Two frames after load, so a shift caused by the last script is reported too.
        const shifts = await page.evaluate(
          () =>
            new Promise<{ value: number; sources: string[] }[]>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  setTimeout(
                    () => resolve((window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts),
                    100,
                  ),
                ),
              ),
            ),
        );
        return {
          width,
          route,
          cls: shifts.reduce((sum, s) => sum + s.value, 0),
          sources: shifts.flatMap((s) => s.sources),
        };
      } finally {
        await page.close();
      }
    };
    const jobs = WIDTHS.flatMap((width) => routes.map((route) => ({ width, route })));
    const results: Load[] = [];
    await pool(jobs, 4, async (job) => {
      results.push(await measure(job));
    });
    // A shift the held-back scripts cause happens on every load. One seen under a full suite's load
    // (CLS 0.016 once on an author page, 0.004 at most alone) is measured again, alone, and counts
    // only if it happens again.
    for (const [i, r] of results.entries())
      if (r.cls >= MAX_CLS) {
        const again = await measure(r);
        if (again.cls < MAX_CLS) console.log(`CLS ${r.cls.toFixed(4)} on ${r.route} @${r.width}px did not recur`);
        results[i] = again;
      }
    const worst = [...results].sort((a, b) => b.cls - a.cls);
    console.log(
      `CLS, worst pages: ${worst
        .slice(0, 3)
        .map((r) => `${r.route} @${r.width}px ${r.cls.toFixed(4)}`)
        .join(", ")}; total over ${results.length} loads ${results.reduce((s, r) => s + r.cls, 0).toFixed(4)}`,
    );
    expect(results).toHaveLength(jobs.length);
    expect(
      worst
        .filter((r) => r.cls >= MAX_CLS)
        .map((r) => `${r.route} @${r.width}px: CLS ${r.cls.toFixed(3)} (${[...new Set(r.sources)].join(", ")})`),
    ).toEqual([]);
  }, 180_000);
});
