/**
 * The built site in a real browser: the issue-7 behaviours (search, nav, carousel, weather,
 * videos) and, on every page, no console errors, no failed same-origin requests, no horizontal
 * scroll at 320/390/1366 px and zero axe-core WCAG 2.1 A/AA violations. Plus html-validate and
 * a few static checks on every page's HTML, which need no browser.
 *
 * The site is built once, at collection time, so each page gets its own test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as cheerio from "cheerio";
import { HtmlValidate } from "html-validate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VideoEmbed } from "../../templates/components/Media.tsx";
import {
  CHROMIUM,
  INSTALL_HINT,
  hasChromium,
  isolatedContext,
  runAxe,
  SKIP_BROWSER_SUITE,
  watchProblems,
} from "../helpers/browser.ts";
import { htmlValidateConfig } from "./html-validate.config.ts";
import { buildSite, chromiumOnSite, SITE_ROOT } from "../helpers/served-site.ts";
import { parseManifest } from "../../src/site/load-site.ts";

const site = await buildSite();
const pages = site.pages.filter((p) => p.kind !== "alias");
// The hosts that read _redirects answer an alias with a 301 and no page is written for it.
const aliases = parseManifest(readFileSync(join(SITE_ROOT, "site.yaml"), "utf8")).manifest.aliases ?? [];
const firstOfKind = new Set(
  pages.filter((p, i) => pages.findIndex((q) => q.kind === p.kind) === i).map((p) => p.route),
);

const browserMissing = !hasChromium();
if (browserMissing) {
  const line = `No Chromium at ${CHROMIUM}: the browser suite is ${process.env.CI === "true" ? "FAILING (CI=true)" : "SKIPPED"}. Install it with: ${INSTALL_HINT}`;
  console.warn(`\n${"!".repeat(line.length)}\n${line}\n${"!".repeat(line.length)}\n`);
}

describe("every page's HTML", () => {
  const validator = new HtmlValidate(htmlValidateConfig);

  it.each(site.pages.map((p) => [p.route, p] as const))(
    "html-validate (recommended + document): %s",
    async (_route, page) => {
      const report = await validator.validateString(page.html, page.file);
      const messages = report.results.flatMap((r) =>
        r.messages.map((m) => `${page.file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`),
      );
      expect(messages).toEqual([]);
    },
  );

  it("every link that opens a new tab has rel=noopener", () => {
    const bad = site.pages.flatMap((p) => {
      const $ = cheerio.load(p.html);
      return $('a[target="_blank"]')
        .toArray()
        .filter((a) => !($(a).attr("rel") ?? "").split(/\s+/).includes("noopener"))
        .map((a) => `${p.route}: ${$(a).attr("href")}`);
    });
    expect(bad).toEqual([]);
  });

  it("affiliate banners are lazy images with a size, rel=sponsored noopener and a Sponsored label", () => {
    let banners = 0;
    for (const p of site.pages) {
      const $ = cheerio.load(p.html);
      $(".banner").each((_, el) => {
        banners++;
        const banner = $(el);
        expect(banner.find(".banner-label").text(), p.route).toBe("Sponsored");
        expect(banner.find("a").attr("rel"), p.route).toBe("sponsored noopener");
        const img = banner.find("img");
        expect(img.attr("loading"), p.route).toBe("lazy");
        expect(Number(img.attr("width")), p.route).toBeGreaterThan(0);
        expect(Number(img.attr("height")), p.route).toBeGreaterThan(0);
      });
    }
    expect(banners).toBeGreaterThanOrEqual(5);
  });

  it("every video is a facade with a real id and a title, or a card with a search link (the videos page and the 27 Charcos article)", () => {
    const videos = (route: string) =>
      cheerio
        .load(site.pages.find((p) => p.route === route)!.html)(".video")
        .toArray()
        .map((el) => cheerio.load(el));
    // Each video is one of the two forms, never both or neither; each form is checked as it is found.
    const forms = { facade: 0, search: 0 };
    for (const route of ["/videos-puerto-plata", "/27-charcos-puerto-plata-dominican-republic"]) {
      const found = videos(route);
      expect(found.length, route).toBeGreaterThanOrEqual(1);
      for (const $ of found) {
        const facade = $("a.video-facade[data-video-id][data-video-title]");
        const search = $("a.video-search");
        expect(facade.length + search.length, route).toBe(1);
        if (facade.length) {
          forms.facade++;
          expect(facade.attr("data-video-id"), route).not.toMatch(/placeholder/i);
        } else {
          forms.search++;
          expect(search.attr("href"), route).toMatch(/^https:\/\/www\.youtube\.com\/results\?search_query=./);
        }
      }
    }
    // site.yaml chooses no video yet (no entry has an id): every one is a search card, 6 + 1.
    expect(forms).toEqual({ facade: 0, search: 7 });
    expect(videos("/videos-puerto-plata").length).toBe(6);
    expect(site.pages.some((p) => /<iframe/i.test(p.html))).toBe(false);
  });

  it("first-party JavaScript stays under 15 KB gzipped on every page", () => {
    const sizes = new Map<string, number>();
    for (const p of pages) {
      const $ = cheerio.load(p.html);
      const bytes = $("script[src]")
        .toArray()
        .map((s) => $(s).attr("src")!)
        .filter((src) => src.startsWith("/"))
        .reduce((sum, src) => sum + gzipSync(readFileSync(join(site.dir, src))).length, 0);
      sizes.set(p.kind, Math.max(sizes.get(p.kind) ?? 0, bytes));
    }
    console.info(
      `[e2e] gzipped first-party JS per page kind: ${[...sizes].map(([k, b]) => `${k} ${(b / 1024).toFixed(1)} KB`).join(", ")}`,
    );
    for (const [kind, bytes] of sizes) expect(bytes, kind).toBeLessThan(15 * 1024);
  });
});

describe.skipIf(SKIP_BROWSER_SUITE)("in Chromium", () => {
  const chromium = chromiumOnSite(site.dir);
  let browser: Browser;
  let context: BrowserContext;
  let origin: string;
  beforeAll(() => void ({ browser, context, origin } = chromium));

  async function open(path: string, ctx: BrowserContext = context): Promise<Page> {
    const page = await ctx.newPage();
    await page.goto(origin + path, { waitUntil: "load" });
    return page;
  }

  describe.concurrent("every page", () => {
    it.each(pages.map((p) => [p.route] as const))(
      "%s: no console errors or failed requests, no sideways scroll, no axe violations",
      async (route) => {
        const page = await context.newPage();
        try {
          const problems = watchProblems(page, origin);
          // axe judges a still page: a slide caught mid-fade is half transparent, so its button's contrast
          // is whatever the fade passes through when axe looks. The carousel's motion has its own tests.
          await page.emulateMedia({ reducedMotion: "reduce" });
          const response = await page.goto(origin + route, { waitUntil: "load" });
          // The not-found page answers with 404 at its own URL too (regression, issue 24: it was 200).
          const notFound = route === "/404";
          expect(response?.status()).toBe(notFound ? 404 : 200);
          if (notFound) {
            problems.failedRequests = problems.failedRequests.filter((r) => r !== `${origin}/404: HTTP 404`);
            problems.consoleErrors = problems.consoleErrors.filter((e) => !e.endsWith(`(${origin}/404)`));
          }
          const violations: string[] = [];
          const overflow: string[] = [];
          for (const width of [1366, 390, 320]) {
            await page.setViewportSize({ width, height: 900 });
            const wide = await page.evaluate(() => {
              const doc = document.documentElement;
              if (doc.scrollWidth <= doc.clientWidth) return [];
              return Array.from(document.body.querySelectorAll("*"))
                .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1)
                .slice(0, 5)
                .map(
                  (el) =>
                    `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}px`,
                );
            });
            if (wide.length) overflow.push(`${width}px: ${wide.join("; ")}`);
            // axe at desktop width on every page, and at phone width on one page of each kind
            // (the layout differs by kind, not by page): a full second pass costs a minute on 2 cores.
            if (width === 1366 || (width === 320 && firstOfKind.has(route))) {
              for (const v of await runAxe(page))
                violations.push(
                  `${width}px ${v.id} (${v.impact}): ${v.help} at ${v.nodes
                    .slice(0, 4)
                    .map((n) => n.target.join(" "))
                    .join(", ")}`,
                );
            }
          }
          expect({
            consoleErrors: problems.consoleErrors,
            failedRequests: problems.failedRequests,
            overflow,
            violations,
          }).toEqual({
            consoleErrors: [],
            failedRequests: [],
            overflow: [],
            violations: [],
          });
        } finally {
          await page.close();
        }
      },
    );

    it.each(aliases.flatMap((a) => [[a.from, a.to] as const, [`${a.from}/`, a.to] as const]))(
      "alias %s redirects to %s",
      async (from, target) => {
        const page = await context.newPage();
        try {
          await page.goto(origin + from);
          await page.waitForURL(`${origin}${target}`);
        } finally {
          await page.close();
        }
      },
    );
  });

  it("an unknown path gets the not-found page with status 404", async () => {
    const page = await context.newPage();
    const response = await page.goto(`${origin}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await page.textContent("h1")).toBe("Page not found");
    await page.close();
  });

  describe("search box", () => {
    let page: Page;
    beforeAll(async () => {
      page = await open("/");
    });
    afterAll(() => page.close());

    // The titles; the last option, "Search all pages for …", is tested in search.test.ts.
    const optionTexts = () => page.locator("#search-results [role=option]:not(#search-option-all)").allTextContents();

    it("'dominican' lists the Dominican titles in a listbox", async () => {
      await page.fill("#search-input", "dominican");
      await expect.poll(() => page.locator("#search-results").isVisible()).toBe(true);
      const titles = await optionTexts();
      expect(titles.length).toBeGreaterThanOrEqual(10);
      expect(titles).toContain("Dominican Chicken Sancocho");
      expect(await page.getAttribute("#search-input", "aria-expanded")).toBe("true");
      expect(await page.textContent("#search-status-live")).toMatch(/\d+ results available/);
    });

    it("'PINA' finds Piña Colada: case- and accent-insensitive", async () => {
      await page.fill("#search-input", "PINA");
      expect(await optionTexts()).toEqual(["Perfect Piña Colada Recipe"]);
    });

    it("'mangu' finds the dishes article by its keyword Mangú", async () => {
      // No title contains Mangú; the search also matches each page's front-matter keywords.
      await page.fill("#search-input", "mangu");
      expect(await optionTexts()).toEqual(["Top 8 Dominican Dishes to Try"]);
      expect(await page.getAttribute("#search-results a[role=option]", "href")).toBe("/top-8-dominican-dishes");
    });

    it("an empty input clears the list", async () => {
      await page.fill("#search-input", "beach");
      expect((await optionTexts()).length).toBeGreaterThan(0);
      await page.fill("#search-input", "");
      expect(await page.locator("#search-results li").count()).toBe(0);
      expect(await page.locator("#search-results").isHidden()).toBe(true);
      expect(await page.getAttribute("#search-input", "aria-expanded")).toBe("false");
    });

    it("keyboard: arrows move, Escape closes, Enter opens", async () => {
      await page.fill("#search-input", "");
      await page.locator("#search-input").pressSequentially("desserts");
      const input = page.locator("#search-input");
      await input.press("ArrowDown");
      const first = await input.getAttribute("aria-activedescendant");
      expect(first).toBe("search-option-0");
      expect(await page.getAttribute("#search-option-0", "aria-selected")).toBe("true");
      await input.press("ArrowDown");
      await input.press("ArrowUp");
      expect(await input.getAttribute("aria-activedescendant")).toBe("search-option-0");
      await input.press("Escape");
      expect(await page.locator("#search-results").isHidden()).toBe(true);
      expect(await input.getAttribute("aria-expanded")).toBe("false");
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
      await input.press("ArrowDown");
      const href = await page.getAttribute("#search-option-0", "href");
      expect(href).toBe("/9-best-dominican-desserts");
      await input.press("Enter");
      await page.waitForURL(`${origin}${href}`);
    });

    it("Enter without a chosen result submits to /search?q=, which shows the full-text matches", async () => {
      await page.goto(`${origin}/`);
      await page.fill("#search-input", "pina");
      await page.press("#search-input", "Enter");
      await page.waitForURL(`${origin}/search?q=pina`);
      await expect
        .poll(() => page.locator("#search-hits > li > a").first().textContent())
        .toBe("Perfect Piña Colada Recipe");
      expect(await page.textContent("#search-status")).toMatch(/results? for “pina”/);
      expect(await page.inputValue("#search-input")).toBe("pina");
    });
  });

  describe("without scripts", () => {
    let noJs: BrowserContext;
    beforeAll(async () => {
      noJs = await isolatedContext(browser, origin, {
        javaScriptEnabled: false,
        viewport: { width: 390, height: 800 },
      });
    });
    afterAll(() => noJs.close());

    it("the header's Save for offline leads to the home page's panel, which says saving needs JavaScript", async () => {
      const page = await open("/the-malecon-puerto-plata", noJs);
      await page.getByRole("link", { name: "Save for offline" }).click();
      await page.waitForURL(`${origin}/#save-offline`);
      expect(await page.locator("#save-offline").isVisible()).toBe(true);
      expect(await page.locator("#save-offline .save-offline-noscript").isVisible()).toBe(true);
      expect(await page.locator("#save-offline button").first().isVisible()).toBe(false);
      await page.close();
    });

    it("/search shows every title, and the search box says scripts are needed", async () => {
      const page = await open("/search?q=pina", noJs);
      const total = site.pages.find((p) => p.route === "/search")!.html.match(/<li><a href="\/[^"]*">/g)?.length ?? 0;
      expect(await page.locator("#search-page-results li:visible").count()).toBeGreaterThanOrEqual(27);
      expect(total).toBeGreaterThanOrEqual(27);
      expect(await page.locator(".noscript-note").first().textContent()).toBe(
        "You need to enable JavaScript to run this app.",
      );
      await page.close();
    });

    it("the nav is open and every menu link reachable at phone width; the first slide shows", async () => {
      const page = await open("/", noJs);
      expect(await page.locator(".nav-toggle").isHidden()).toBe(true);
      const summaries = page.locator("#site-nav summary");
      expect(await summaries.count()).toBe(5);
      for (const summary of await summaries.all()) {
        await summary.click();
        const links = summary.locator("xpath=..").locator(".dropdown-menu a");
        for (const link of await links.all()) expect(await link.isVisible()).toBe(true);
      }
      expect(await page.locator(".slide.is-active").count()).toBe(1);
      expect(await page.locator(".slide").first().isVisible()).toBe(true);
      expect(await page.locator(".carousel-controls").isHidden()).toBe(true);
      await page.close();
    });
  });

  // Regression: saving for offline was a panel 5,354 px down the home page, which no article linked to.
  describe("Save for offline, in every page's header", () => {
    it.each([360, 1366])(
      "at %i px: reached with the keyboard, named in words, opens the home page's panel",
      async (width) => {
        const narrow = await isolatedContext(browser, origin, { viewport: { width, height: 800 } });
        try {
          const page = await narrow.newPage();
          await page.goto(`${origin}/the-malecon-puerto-plata`);
          const link = page.getByRole("link", { name: "Save for offline" });
          expect(await link.isVisible()).toBe(true);
          const box = (await link.boundingBox())!;
          // In the header's bar, a touch target of at least 44 px.
          expect(box.y + box.height).toBeLessThan(
            await page.locator(".site-header").evaluate((h) => h.getBoundingClientRect().bottom),
          );
          expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
          // The skip link, the logo, then this link.
          for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
          expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/#save-offline");
          await page.keyboard.press("Enter");
          await page.waitForURL(`${origin}/#save-offline`);
          const save = page.getByRole("button", { name: "Save the guide for offline" });
          await expect.poll(() => save.isVisible()).toBe(true);
          await expect.poll(() => save.evaluate((b) => b.getBoundingClientRect().top < innerHeight)).toBe(true);
        } finally {
          await narrow.close();
        }
      },
    );
  });

  describe("nav", () => {
    it("below 992 px (991): the toggle shows and hides the menu with aria-expanded", async () => {
      const page = await open("/dominican-cuisine");
      await page.setViewportSize({ width: 991, height: 800 });
      const toggle = page.locator(".nav-toggle");
      const attractions = page.locator("#site-nav summary", { hasText: "Attractions" });
      await expect.poll(() => toggle.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await attractions.isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await page.locator("#site-nav.is-open").count()).toBe(1);
      expect(await attractions.isVisible()).toBe(true);
      await attractions.click();
      expect(await page.locator('#site-nav a[href="/puerto-plata-golf-courses"]').isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      expect(await page.locator("#site-nav details[open]").count()).toBe(0);
      await page.keyboard.press("Escape");
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await attractions.isVisible()).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await toggle.click();
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await page.close();
    });

    it("at 992 px: no toggle, one dropdown open at a time, Escape and a click outside close it", async () => {
      const page = await open("/dominican-cuisine");
      await page.setViewportSize({ width: 992, height: 800 });
      expect(await page.locator(".nav-toggle").isVisible()).toBe(false);
      const summary = (label: string) => page.locator("#site-nav summary", { hasText: label });
      expect(await summary("Attractions").isVisible()).toBe(true);
      await summary("Attractions").click();
      expect(await page.locator('#site-nav a[href="/family-fun-puerto-plata"]').isVisible()).toBe(true);
      await summary("Dining").click();
      expect(await page.locator("#site-nav details[open] summary").allTextContents()).toEqual(["Dining"]);
      await page.keyboard.press("Escape");
      expect(await page.locator("#site-nav details[open]").count()).toBe(0);
      expect(await summary("Dining").evaluate((el) => el === document.activeElement)).toBe(true);
      // Keyboard: Enter on a focused summary opens it.
      await summary("Resorts").focus();
      await page.keyboard.press("Enter");
      expect(await page.locator('#site-nav a[href="/sosua-resorts"]').isVisible()).toBe(true);
      // Tabbing past its last link closes it.
      const links = await page.locator("#site-nav details[open] .dropdown-menu a").count();
      for (let i = 0; i <= links; i++) await page.keyboard.press("Tab");
      expect(await summary("Shopping").evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator("#site-nav details[open]").count()).toBe(0);
      await summary("Resorts").click();
      expect(await page.locator("#site-nav details[open]").count()).toBe(1);
      await page.locator("h1").click();
      expect(await page.locator("#site-nav details[open]").count()).toBe(0);
      await page.close();
    });
  });

  describe("home carousel", () => {
    const active = (page: Page) =>
      page
        .locator(".carousel .slide")
        .evaluateAll((slides) => slides.findIndex((s) => s.classList.contains("is-active")));

    it("advances on its own, pauses on hover and focus, and has previous/next/slide controls", async () => {
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${origin}/`, { waitUntil: "load" });
      expect(await page.locator(".carousel .slide").count()).toBe(5);
      expect(await page.locator(".carousel-controls").isVisible()).toBe(true);
      expect(await active(page)).toBe(0);
      await page.clock.runFor(6500);
      expect(await active(page)).toBe(1);
      // Hover pauses.
      await page.locator(".carousel").hover();
      await page.clock.runFor(13000);
      expect(await active(page)).toBe(1);
      await page.mouse.move(5, 5);
      await page.clock.runFor(6500);
      expect(await active(page)).toBe(2);
      // Next, previous, and a dot; focus inside pauses.
      await page.locator(".carousel-next").focus();
      await page.keyboard.press("Enter");
      expect(await active(page)).toBe(3);
      await page.clock.runFor(13000);
      expect(await active(page)).toBe(3);
      await page.locator(".carousel-prev").click();
      expect(await active(page)).toBe(2);
      await page.locator(".carousel-dot").nth(4).click();
      expect(await active(page)).toBe(4);
      expect(await page.locator(".carousel-dot").nth(4).getAttribute("aria-current")).toBe("true");
      await page.locator(".carousel-next").click();
      expect(await active(page)).toBe(0);
      // The pause button stops it even after focus and pointer leave.
      await page.locator(".carousel-pause").click();
      expect(await page.locator(".carousel-pause").getAttribute("aria-label")).toBe("Play slideshow");
      await page.locator("h1").click();
      await page.mouse.move(5, 5);
      await page.clock.runFor(20000);
      expect(await active(page)).toBe(0);
      await page.close();
    });

    it("respects prefers-reduced-motion: no auto-advance", async () => {
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.clock.install();
      await page.goto(`${origin}/`, { waitUntil: "load" });
      await page.clock.runFor(20000);
      expect(await active(page)).toBe(0);
      await page.locator(".carousel-next").click();
      expect(await active(page)).toBe(1);
      await page.close();
    });
  });

  describe("weather widget", () => {
    it("loads its script on the home page after load; blocked, the page keeps its link", async () => {
      const page = await context.newPage();
      const requested: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("weatherwidget")) requested.push(r.url());
      });
      await page.goto(`${origin}/`, { waitUntil: "load" });
      await page.waitForSelector("aside.weather.is-offline", { state: "attached" });
      expect(requested).toEqual(["https://weatherwidget.io/js/widget.min.js"]);
      const link = page.locator("aside.weather a.weather-link");
      expect(await link.getAttribute("class")).toContain("weatherwidget-io");
      expect(await link.getAttribute("data-label_1")).toBe("PUERTO PLATA");
      expect(await link.getAttribute("data-days")).toBe("5");
      expect(await link.isVisible()).toBe(true);
      expect((await link.boundingBox())!.height).toBeGreaterThan(20);
      await page.close();
    });

    it("is not loaded on other pages", async () => {
      const page = await context.newPage();
      const requested: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("weatherwidget")) requested.push(r.url());
      });
      await page.goto(`${origin}/dominican-cuisine`, { waitUntil: "load" });
      await page.waitForTimeout(100);
      expect(requested).toEqual([]);
      expect(await page.locator("#weatherwidget-io-js").count()).toBe(0);
      await page.close();
    });
  });

  describe("videos", () => {
    it("a facade becomes a youtube-nocookie iframe on click", async () => {
      const page = await open("/videos-puerto-plata");
      // The site's videos have no real id yet (cards, not facades): the facade under test is the
      // template's own markup for a video with an id, added to the page the site's script runs on.
      const markup = renderToStaticMarkup(createElement(VideoEmbed, { id: "abcDEF12345", title: "A test video" }));
      await page.evaluate(
        (html) => document.querySelector(".video-grid li")!.insertAdjacentHTML("beforeend", html),
        markup,
      );
      const facade = page.locator("a.video-facade").first();
      const id = await facade.getAttribute("data-video-id");
      const title = await facade.getAttribute("data-video-title");
      expect(await page.locator("iframe").count()).toBe(0);
      await facade.click();
      const iframe = page.locator(".video iframe").first();
      await iframe.waitFor({ state: "attached" });
      expect(page.url()).toBe(`${origin}/videos-puerto-plata`);
      expect(await iframe.getAttribute("src")).toBe(`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`);
      expect(await iframe.getAttribute("title")).toBe(title);
      expect(await iframe.getAttribute("width")).toBe("100%");
      expect(await iframe.getAttribute("height")).toBe("315");
      expect(await iframe.getAttribute("loading")).toBe("lazy");
      expect(await iframe.getAttribute("allow")).toContain("autoplay");
      expect(await page.locator("a.video-facade").count()).toBe(0);
      await page.close();
    });
  });
});
