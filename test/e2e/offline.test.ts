/**
 * The guide offline, in Chromium (README "Offline"). Offline for real: the preview server is
 * stopped, so every request fails as it does with no signal (Playwright's emulated offline does
 * not reach a service worker's own requests in Chromium, microsoft/playwright#2311), then
 * started again on the same port, as the origin a worker belongs to must stay the same.
 *
 * - Saved: the home page's "Save the guide for offline", then with the server stopped every page
 *   opens (the aliases, the clean-URL variants and the 404 page answer as the host does), saying
 *   it is a saved copy, and every search query gives the first result it gives online.
 * - Visited only: the page opens, an unvisited one gets the offline page listing what is saved.
 * - A rebuild with one page changed: after one online reload the page is new, every kept page
 *   is the new build's with the new build's stylesheet, and the old build's cache is gone.
 * - `ppguide dev` on the same port after preview: its pages are served live, the worker is gone.
 * - A first visit downloads what it did without the worker, plus the worker.
 */
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HtmlValidate } from "html-validate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfflineManifest } from "../../src/client/offline-plan.ts";
import { startDev, type DevHandle } from "../../src/dev/index.ts";
import { build } from "../../src/engine/build.ts";
import { startPreview, type PreviewServer } from "../../src/preview/server.ts";
import { copySources } from "../helpers/output-tree.ts";
import { isolatedContext, launchChromium, SKIP_BROWSER_SUITE } from "../helpers/browser.ts";
import { htmlValidateConfig } from "./html-validate.config.ts";
import { SEARCH_QUERIES } from "./search-queries.ts";
import { restoreGuideImages, SITE_ROOT } from "../helpers/served-site.ts";

const CHANGED = "/the-malecon-puerto-plata";
const EDIT = "Offline suite edit: the boardwalk lights come on at dusk.";

const tmp = await mkdtemp(join(tmpdir(), "ppguide-offline-"));
const root = join(tmp, "site");
const out = join(tmp, "out");
await copySources(SITE_ROOT, root);
// The copy restores the guide's image cache, as a runner restores its own: its photos are encoded once in a run.
await restoreGuideImages(root);
await build({ root, out });
const manifestOf = async () => JSON.parse(await readFile(join(out, "sw-manifest.json"), "utf8")) as OfflineManifest;
const first = await manifestOf();
/** The pack "Save the guide for offline" saves, as site.yaml declares it: how many pages the button's text names. */
const guidePack = first.packs.find((p) => p.label === "the guide")!;
/** A size as the save button writes it (client/offline-plan.ts's formatBytes), whatever the guide weighs today. */
const SIZE = String.raw`(?:\d+\.\d MB|\d+ kB)`;
/** "December 4, 2026": the reader's day, as the saved copy's note names it (the browser's clock, not the build's). */
const dayOf = (date: Date) => date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
const swBytes = (await readFile(join(out, "sw.js"))).byteLength;
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe.skipIf(SKIP_BROWSER_SUITE)("the guide offline, in Chromium", () => {
  let browser: Browser;
  let server: PreviewServer | undefined;
  let port = 0;
  let origin = "";
  const start = async () => {
    server = await startPreview({ dir: out, port, host: "127.0.0.1", attempts: 1 });
    port = server.port;
    origin = server.url;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    await start();
  });
  afterAll(async () => {
    await browser?.close();
    await stop();
  });

  /** Every cache of the page's origin and the paths each holds. */
  const caches = (page: Page) =>
    page.evaluate(async () => {
      const found: Record<string, string[]> = {};
      for (const name of await window.caches.keys())
        found[name] = (await (await window.caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      return found;
    });
  const controlled = (page: Page) =>
    expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  const firstHit = async (page: Page, query: string) => {
    await page.goto(`${origin}/search?q=${encodeURIComponent(query)}`);
    await expect
      .poll(() => page.locator("#search-status").textContent(), { timeout: 20_000 })
      .toMatch(/result|Nothing/);
    return page.locator("#search-hits > li a").first().textContent();
  };

  let saved: BrowserContext;
  /** When the guide was saved: the note of a saved copy names that day (or the next, past midnight). */
  let savedFrom = new Date();
  let visited: BrowserContext;
  const online = new Map<string, string | null>();

  // The save alone may take the minute its poll allows on two busy cores (43 s and 60 s in two whole runs), and the
  // test asks each search query after it: the default minute for all of it timed out once.
  it("saves the guide from the home page, showing its size first, then 'Saved'", { timeout: 180_000 }, async () => {
    saved = await isolatedContext(browser, origin);
    const page = await saved.newPage();
    await page.goto(`${origin}/`);
    await controlled(page);
    await page.getByRole("button", { name: "Save the guide for offline" }).click();
    const status = page.locator(".save-offline-status");
    await expect
      .poll(() => status.textContent())
      .toMatch(new RegExp(`^The guide: ${guidePack.pages.length} pages, .* take ${SIZE} on this device`));
    savedFrom = new Date();
    await page.getByRole("button", { name: new RegExp(`^Save ${SIZE}$`) }).click();
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(new RegExp(`^Saved: the guide, ${SIZE}, on `));
    const kept = Object.values(await caches(page)).flat();
    for (const [url] of [...first.pages, ...first.index, ...first.pictures, ...first.shell])
      expect(kept).toContain(url);
    for (const [query] of SEARCH_QUERIES) online.set(query, await firstHit(page, query));
    await page.close();
  });

  it("keeps a page visited once, with nothing saved", async () => {
    visited = await isolatedContext(browser, origin);
    const page = await visited.newPage();
    await page.goto(`${origin}${CHANGED}`);
    await controlled(page);
    await expect.poll(async () => Object.values(await caches(page)).flat(), { timeout: 20_000 }).toContain(CHANGED);
    await page.close();
  });

  // Fifty-odd pages, one after another: on two busy cores that passed the default minute (twice:
  // beside a third test worker, and beside the other browser suites). What it checks is what each
  // page holds, not how fast Chromium opens them.
  it("with the server stopped, opens every page saved, as a saved copy, and answers aliases and unknown paths as the host does", {
    timeout: 180_000,
  }, async () => {
    await stop();
    const page = await saved.newPage();
    const savedOn = [...new Set([dayOf(savedFrom), dayOf(new Date())])];
    const note = new RegExp(`Saved copy from (${savedOn.join("|")})`);
    let opened = 0;
    for (const [url, , , title] of first.pages) {
      const response = await page.goto(origin + url);
      expect(response?.status(), url).toBe(url === "/404" ? 404 : 200);
      expect(await page.locator(".saved-copy").textContent(), url).toMatch(note);
      if (url !== "/404") expect(await page.locator("h1").first().textContent(), url).toBeTruthy();
      // The stylesheet came from the saved copy too: the page is laid out, not bare HTML.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), url).toBe(
        "rgb(251, 247, 240)",
      );
      if (title) expect(await page.title(), url).toContain(title.replace(/&amp;/g, "&").slice(0, 20));
      opened++;
    }
    expect(opened).toBe(first.pages.length);
    // Regression: the note took four lines at the top of every page on a phone. One line now.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${origin}/the-malecon-puerto-plata`);
    const shown = await page.locator(".saved-copy").evaluate((p) => {
      const style = getComputedStyle(p);
      const lines =
        (p.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)) /
        Number.parseFloat(style.lineHeight);
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, which is what a reader sees on one line
      return { lines: Math.round(lines), text: (p as HTMLElement).innerText };
    });
    expect(shown.lines).toBe(1);
    expect(shown.text).toMatch(new RegExp(`^${note.source}\\.$`));
    await page.setViewportSize({ width: 1366, height: 900 });
    // Aliases (301), a trailing slash and .html (308) lead to the page, as online.
    for (const [from, to] of [
      ["/puerto-plata-family-fun", "/family-fun-puerto-plata"],
      ["/puerto-plata-casual-dining/", "/casual-dining-puerto-plata"],
      ["/sosua-resorts/", "/sosua-resorts"],
      ["/sosua-resorts.html", "/sosua-resorts"],
    ]) {
      const response = await page.goto(origin + from);
      expect(new URL(page.url()).pathname, from).toBe(to);
      expect(response?.status(), from).toBe(200);
    }
    const missing = await page.goto(`${origin}/no-such-page`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    for (const [query] of SEARCH_QUERIES) expect(await firstHit(page, query), query).toBe(online.get(query));
    await page.close();
  });

  // Regression: a same-origin script that rewrote a saved page in CacheStorage had its copy shown offline. The
  // worker now holds each copy to the revision its build's manifest gives it, and the manifest kept beside the
  // copies to the build's id (its digest), so neither can be rewritten to vouch for the other.
  it("refuses a saved page rewritten in CacheStorage, offline; online, fetches it again; and a rewritten manifest drops what was saved", async () => {
    const TARGET = "/sosua-resorts";
    const OTHER = "/family-fun-puerto-plata";
    const FORGED = "<!doctype html><html lang=en><title>Forged</title><h1>Forged copy</h1></html>";
    await start();
    const context = await isolatedContext(browser, origin);
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await controlled(page);
    await page.getByRole("button", { name: "Save the guide for offline" }).click();
    await page.getByRole("button", { name: new RegExp(`^Save ${SIZE}$`) }).click();
    const status = page.locator(".save-offline-status");
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^Saved: the guide/);
    const revision = first.pages.find(([url]) => url === TARGET)![1];
    /** The copy kept for `url`: its text and the revision it carries, or null. */
    const keptCopy = (url: string) =>
      page.evaluate(async (path) => {
        const [name] = await window.caches.keys();
        const cache = await window.caches.open(name!);
        const request = (await cache.keys()).find((r) => new URL(r.url).pathname === path);
        const copy = request && (await cache.match(request));
        return copy ? { text: await copy.text(), revision: copy.headers.get("x-ppguide-revision") } : null;
      }, url);
    expect((await keptCopy(TARGET))?.revision).toBe(revision);

    // A page's copy rewritten, keeping the headers it was saved with (its revision among them).
    await stop();
    await page.evaluate(
      async ([path, html]) => {
        const [name] = await window.caches.keys();
        const cache = await window.caches.open(name!);
        const request = (await cache.keys()).find((r) => new URL(r.url).pathname === path)!;
        const saved = (await cache.match(request))!;
        await cache.put(request, new Response(html, { headers: saved.headers }));
      },
      [TARGET, FORGED] as const,
    );
    let response = await page.goto(origin + TARGET);
    expect(await page.locator("h1").first().textContent()).toBe("You are offline");
    expect(response?.status()).toBe(503);
    expect(await keptCopy(TARGET)).toBeNull();
    // Online again, the page is fetched again, and kept at its revision.
    await start();
    response = await page.goto(origin + TARGET);
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").first().textContent()).not.toContain("Forged");
    await expect.poll(async () => (await keptCopy(TARGET))?.revision, { timeout: 20_000 }).toBe(revision);
    expect((await keptCopy(TARGET))?.text).toBe(await readFile(join(out, `${TARGET.slice(1)}.html`), "utf8"));

    // The manifest rewritten to give another page the rewritten copy's revision, the copy saying so too; the
    // worker restarted, as a browser does, reads them afresh.
    await stop();
    await page.evaluate(
      async ([path, html]) => {
        const bytes = new TextEncoder().encode(html);
        const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        const rev = btoa(String.fromCharCode(...hash)).slice(0, 22);
        const [name] = await window.caches.keys();
        const cache = await window.caches.open(name!);
        const manifest = (await (await cache.match("/__ppguide/manifest"))!.json()) as { pages: [string, string][] };
        for (const entry of manifest.pages) if (entry[0] === path) entry[1] = rev;
        await cache.put("/__ppguide/manifest", new Response(JSON.stringify(manifest)));
        const request = (await cache.keys()).find((r) => new URL(r.url).pathname === path)!;
        const headers = new Headers((await cache.match(request))!.headers);
        headers.set("x-ppguide-revision", rev);
        await cache.put(request, new Response(html, { headers }));
      },
      [OTHER, FORGED] as const,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.stopAllWorkers");
    response = await page.goto(origin + OTHER);
    expect(await page.locator("h1").first().textContent()).toBe("You are offline");
    expect(response?.status()).toBe(503);
    // What was saved is dropped: the manifest, and every copy it vouched for.
    const left = Object.values(await caches(page)).flat();
    expect(left).not.toContain("/__ppguide/manifest");
    expect(left).not.toContain(OTHER);
    expect(left).not.toContain(TARGET);
    await page.close();
    await context.close();
  });

  it("with the server stopped, opens the page visited once, and offers the saved pages for one never visited", async () => {
    const page = await visited.newPage();
    await page.goto(origin + CHANGED);
    expect(await page.locator("h1").textContent()).toMatch(/Malec/);
    expect(await page.locator(".saved-copy").count()).toBe(1);
    const response = await page.goto(`${origin}/sosua-resorts`);
    expect(response?.status()).toBe(503);
    expect(await page.locator("h1").textContent()).toBe("You are offline");
    expect(await page.locator(".offline-list a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      CHANGED,
    ]);
    const report = await new HtmlValidate(htmlValidateConfig).validateString((await response?.text()) ?? "");
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    await page.close();
  });

  it("after a rebuild with one page changed, one online reload shows the new page; what is kept is the new build's", async () => {
    const file = join(root, "content/travel/the-malecon-puerto-plata.md");
    await writeFile(file, `${await readFile(file, "utf8")}\n${EDIT}\n`);
    await build({ root, out });
    const second = await manifestOf();
    expect(second.build).not.toBe(first.build);
    const changed = second.pages.filter(([url, rev]) => first.pages.find(([u]) => u === url)?.[1] !== rev);
    expect(changed.map(([url]) => url)).toContain(CHANGED);
    await start();
    const page = await saved.newPage();
    await page.goto(origin + CHANGED);
    await page.reload();
    expect(await page.locator("main").textContent()).toContain(EDIT);
    await expect
      .poll(async () => Object.keys(await caches(page)), { timeout: 30_000 })
      .toEqual([`ppguide-build-${second.build}`]);
    // Every kept page is this build's: the changed one fetched again, the others carried over,
    // each naming this build's stylesheet and scripts only.
    const kept = await page.evaluate(async () => {
      const [name] = await window.caches.keys();
      const cache = await window.caches.open(name!);
      const pages: Record<string, string> = {};
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (!/\.[\w-]+$/.test(path) && !path.startsWith("/__ppguide/") && !path.startsWith("/pagefind/"))
          pages[path] = (await (await cache.match(request))!.text()) ?? "";
      }
      return pages;
    });
    expect(Object.keys(kept).sort()).toEqual(second.pages.map(([url]) => url).sort());
    expect(kept[CHANGED]).toContain(EDIT);
    const assets = new Set(second.shell.map(([url]) => url));
    for (const [url, html] of Object.entries(kept))
      for (const [, asset] of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/g))
        expect(assets.has(asset!), `${url} loads ${asset}`).toBe(true);
    await page.close();
  });

  it("ppguide dev on the same port after preview serves its pages live and removes the worker", async () => {
    await stop();
    let dev: DevHandle | undefined;
    try {
      dev = await startDev({ root, port, log: () => {} });
      expect(dev.port).toBe(port);
      const page = await visited.newPage();
      await page.goto(origin + CHANGED);
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), {
          timeout: 20_000,
        })
        .toBe(0);
      await page.goto(origin + CHANGED);
      expect(await page.locator("script[data-ppguide-dev]").count()).toBe(1);
      expect(await page.locator(".saved-copy").count()).toBe(0);
      // Regression: the old build's cache (3.6 MB of the saved guide) stayed in the browser after dev took over.
      await expect.poll(async () => Object.keys(await caches(page)), { timeout: 20_000 }).toEqual([]);
      // An edit shows at once: no saved copy stands in for the page being written.
      const file = join(root, "content/travel/the-malecon-puerto-plata.md");
      await writeFile(file, `${await readFile(file, "utf8")}\nA second edit, made in dev.\n`);
      await expect
        .poll(
          async () => {
            await dev!.idle();
            await page.goto(origin + CHANGED);
            return page.locator("main").textContent();
          },
          { timeout: 20_000 },
        )
        .toContain("A second edit, made in dev.");
      await page.close();
    } finally {
      await dev?.close();
    }
  });

  it("a first visit downloads what it does without the worker, plus the worker", async () => {
    await start();
    const proxy = await countingProxy(port);
    try {
      const visit = async (serviceWorkers: "allow" | "block") => {
        // Not isolatedContext: Playwright turns the HTTP cache off for a context it routes, and
        // the worker keeps what the first page loaded from that cache. Third parties (all of them
        // https) are blocked through the DevTools protocol instead.
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.setBlockedURLs", { urls: ["https://*"] });
        proxy.bytes = 0;
        await page.goto(`${proxy.origin}/`, { waitUntil: "load" });
        if (serviceWorkers === "allow") {
          await controlled(page);
          await expect.poll(async () => Object.values(await caches(page)).flat(), { timeout: 20_000 }).toContain("/");
        }
        await page.waitForTimeout(1000);
        const bytes = proxy.bytes;
        await context.close();
        return bytes;
      };
      const without = await visit("block");
      const withWorker = await visit("allow");
      // The worker itself, and the few hundred bytes of its request and response headers.
      expect(withWorker - without).toBeGreaterThan(swBytes);
      expect(withWorker - without).toBeLessThanOrEqual(swBytes + 1_000);
      console.log(`first visit to /: ${without} bytes without the worker, ${withWorker} with it (sw.js ${swBytes})`);
    } finally {
      await proxy.close();
    }
  });
});

/** A TCP proxy in front of the server on `port` that counts the bytes the server sends. */
async function countingProxy(port: number): Promise<{ origin: string; bytes: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    sockets.add(client).add(upstream);
    upstream.on("data", (chunk: Buffer) => void (state.bytes += chunk.byteLength));
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) socket.on("error", end).on("close", end);
  });
  await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
  const state = {
    origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    bytes: 0,
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => closed());
      }),
  };
  return state;
}
