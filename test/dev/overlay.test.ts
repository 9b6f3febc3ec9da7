/**
 * The overlay dev mode draws over a page, in Chromium: a page's own problems as it loads, the
 * site's problems when a save breaks the whole site, and neither once fixed. Regression: the
 * script read `host` before its `let` line on every page with problems of its own ("Cannot access
 * 'host' before initialization"), so that page's problems were never shown, nor the site's later.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDev, type DevHandle, type RebuildReport } from "../../src/dev/index.ts";
import { isolatedContext, launchChromium, SKIP_BROWSER_SUITE, watchProblems } from "../helpers/browser.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

const SITE = `
-- site.yaml --
routes:
  - { path: /parade, kind: article, content: parade.md }
-- content/parade.md --
The parade starts at [the Malecón](/malecon).
`;

/** What the overlay shows: its heading and each problem's place, read through its shadow root. */
async function overlay(page: Page): Promise<{ title: string; where: string[] } | undefined> {
  return page.evaluate(() => {
    const host = document.querySelector("ppguide-overlay");
    const root = host?.shadowRoot;
    if (!root) return undefined;
    return {
      title: root.querySelector("h2")?.textContent ?? "",
      where: [...root.querySelectorAll(".where")].map((e) => e.textContent ?? ""),
    };
  });
}

describe.skipIf(SKIP_BROWSER_SUITE)("ppguide dev: the overlay in Chromium", () => {
  let root: string;
  let dev: DevHandle;
  let browser: Browser;
  let page: Page;
  let problems: ReturnType<typeof watchProblems>;
  const reports: RebuildReport[] = [];

  beforeAll(async () => {
    root = await writeInlineSite(SITE);
    removeWhenDone(root);
    [dev, browser] = await Promise.all([
      startDev({ root, port: 0, log: () => {}, onRebuild: (r) => reports.push(r) }),
      launchChromium(),
    ]);
    const origin = dev.url.replace(/\/$/, "");
    page = await (await isolatedContext(browser, origin)).newPage();
    problems = watchProblems(page, origin);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
  });

  /** Writes a file and waits for the rebuild it causes. */
  async function save(file: string, text: string): Promise<void> {
    const before = reports.length;
    await writeFile(join(root, file), text);
    await expect.poll(() => reports.length, { timeout: 20_000 }).toBeGreaterThan(before);
    await dev.idle();
  }

  it("shows a page's own problems over it as it loads, with no error in the page", async () => {
    await page.goto(new URL("/parade", dev.url).href);
    await expect
      .poll(() => overlay(page))
      .toEqual({
        title: "1 problem on this page",
        where: [expect.stringMatching(/^content\/parade\.md:1:36$/)],
      });
    // The page itself is there under it.
    expect(await page.textContent("main")).toContain("The parade starts at");
    expect(problems.consoleErrors).toEqual([]);
  });

  it("shows the site's problems over that page when a save breaks the site, and its own again once fixed", async () => {
    await page.goto(new URL("/parade", dev.url).href);
    await expect.poll(() => overlay(page).then((o) => o?.title)).toBe("1 problem on this page");
    const good = await readFile(join(root, "site.yaml"), "utf8");
    await save("site.yaml", good.replace("routes:", "routes: [oops"));
    await expect
      .poll(() => overlay(page), { timeout: 10_000 })
      .toEqual({ title: expect.stringMatching(/^\d+ problems? in the site$/), where: expect.any(Array) });
    const shown = await overlay(page);
    expect(shown!.where.some((w) => w.startsWith("site.yaml:"))).toBe(true);

    // Mended: the page reloads and its own problem is shown again.
    await save("site.yaml", good);
    await expect.poll(() => overlay(page).then((o) => o?.title), { timeout: 10_000 }).toBe("1 problem on this page");
    expect(problems.consoleErrors).toEqual([]);
  });

  it("shows the site's problems over a page of no problems of its own, and nothing once fixed", async () => {
    await page.goto(new URL("/filler-1", dev.url).href);
    expect(await overlay(page)).toBeUndefined();
    const good = await readFile(join(root, "site.yaml"), "utf8");
    await save("site.yaml", good.replace("routes:", "routes: [oops"));
    await expect
      .poll(() => overlay(page).then((o) => o?.title), { timeout: 10_000 })
      .toMatch(/^\d+ problems? in the site$/);
    await save("site.yaml", good);
    await expect.poll(() => overlay(page), { timeout: 10_000 }).toBeUndefined();
    expect(problems.consoleErrors).toEqual([]);
  });
});
