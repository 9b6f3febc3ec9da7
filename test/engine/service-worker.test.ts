/**
 * What the build writes for offline reading and installing (src/output/service-worker.ts,
 * src/output/web-app.ts), on an inline site: the manifest of what a reader can save, made from
 * the build's own digests, in which a rebuild changes only what changed; the worker's settings;
 * the claims, headers and answers that keep the worker uncached; the icons; and the pure rules
 * the worker answers offline by. The browser side is test/e2e/offline.test.ts.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { load } from "cheerio";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerOffline,
  CONFIG_GLOBAL,
  type OfflineManifest,
  type ServiceWorkerConfig,
} from "../../src/client/offline-plan.ts";
import { withSavedNote, offlinePageHtml } from "../../src/client/offline-page.ts";
import { intact, isBuildManifest } from "../../src/client/sw-store.ts";
import { startDev } from "../../src/dev/index.ts";
import { build } from "../../src/engine/build.ts";
import { buildAndVerify } from "../../src/engine/verify.ts";
import { startPreview } from "../../src/preview/server.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";

const SITE = `-- site.yaml --
site:
  name: Inline Site
  url: https://inline.example
  language: en-US
  tagline: A site for a test.
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }
  email: info@inline.example
  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }
  disclosure: Some links are affiliate links.
  app: { name: Inline Site, shortName: Inline, icon: /favicon.svg, themeColor: "#0b5d6b", backgroundColor: "#fbf7f0" }
  offline:
    networkTimeoutSeconds: 2
    packs:
      - { name: all, label: the whole site }
      - { name: more, label: the rest, menus: [More] }
nav:
  - label: Guides
    items:
      - { label: Filler, path: /filler-1 }
  - label: More
    items:
      - { label: Old, path: /old }
aliases:
  - { from: /old, to: /filler-2 }
`;

/** A site with site.offline and site.app, without the fixture's hand-made web app manifest. */
async function offlineSite(text = SITE): Promise<string> {
  const root = await writeInlineSite(text);
  await rm(join(root, "public/site.webmanifest"));
  return root;
}

const read = (root: string, file: string) => readFile(join(root, "dist", file));
const manifestOf = async (root: string) =>
  JSON.parse(await readFile(join(root, "dist/sw-manifest.json"), "utf8")) as OfflineManifest;
async function configOf(root: string): Promise<ServiceWorkerConfig> {
  const first = (await read(root, "sw.js")).toString().split("\n")[0]!;
  expect(first.startsWith(`self.${CONFIG_GLOBAL}=`)).toBe(true);
  return JSON.parse(first.slice(`self.${CONFIG_GLOBAL}=`.length, -1)) as ServiceWorkerConfig;
}

describe("the service worker a build writes", () => {
  let root: string;
  beforeAll(async () => {
    root = await offlineSite();
    await build({ root, out: join(root, "dist") });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("lists every page with its bytes' digest and title, the index, the pictures pages show, and two packs", async () => {
    const m = await manifestOf(root);
    expect(m.pages.map(([url]) => url)).toEqual([
      "/",
      "/404",
      "/filler-1",
      "/filler-2",
      "/filler-3",
      "/filler-4",
      "/search",
    ]);
    for (const [url, rev, bytes, title] of m.pages) {
      const html = await read(root, url === "/" ? "index.html" : `${url.slice(1)}.html`);
      expect(bytes, url).toBe(html.byteLength);
      expect(rev, url).toMatch(/^[A-Za-z0-9+/]{22}$/);
      if (url.startsWith("/filler-")) expect(title).toBe(`Filler ${url.slice(-1)}`);
    }
    expect(m.index.some(([url]) => url === "/pagefind/pagefind-entry.json")).toBe(true);
    // A content-hashed name needs no revision; Pagefind's entry file and scripts keep theirs.
    for (const [url, rev] of m.index) expect(rev === null, url).toBe(/_[0-9a-f]{6,}/.test(url));
    expect(m.pictures.map(([url]) => url).sort()).toEqual([
      "/images/avatar.svg",
      "/images/logo.svg",
      "/images/photo.svg",
    ]);
    expect(m.packs.map((p) => [p.name, p.pages.map((i) => m.pages[i]![0])])).toEqual([
      ["all", m.pages.map(([url]) => url)],
      // A menu's pack: its pages (an alias by its page), with the home, search and 404 pages.
      ["more", ["/", "/404", "/filler-2", "/search"]],
    ]);
  });

  it("tells the worker its build, its manifest, what every page loads, its timeout and the aliases' redirects", async () => {
    const config = await configOf(root);
    const m = await manifestOf(root);
    expect(config.build).toBe(m.build);
    expect(config.manifest).toBe("/sw-manifest.json");
    expect(config.timeout).toBe(2);
    expect(config.redirects).toEqual([["/old", "/filler-2"]]);
    const $ = load((await read(root, "filler-1.html")).toString());
    // The stylesheet and the shared script: what a first visit keeps, never a page's own script.
    expect(config.shell).toEqual([$('link[rel="stylesheet"]').attr("href"), $("script[src]").attr("src")]);
    expect($("html").attr("data-service-worker")).toBe("/sw.js");
  });

  // Regression: the only way to save was a panel 5,354 px down the home page, linked from nowhere.
  it("links every page's header to the home page's save panel, named in words", async () => {
    for (const file of ["index.html", "search.html", "filler-1.html", "404.html"]) {
      const $ = load((await read(root, file)).toString());
      const link = $("header .offline-link");
      expect(link.attr("href"), file).toBe("/#save-offline");
      expect(link.text(), file).toBe("Save for offline");
    }
    const home = load((await read(root, "index.html")).toString());
    expect(home("section#save-offline[data-save-offline]").length).toBe(1);
    // Without scripts the panel says why it offers nothing to press.
    expect(home("#save-offline .save-offline-noscript").text()).toMatch(/^Saving needs JavaScript/);
  });

  // What a worker holds a saved copy to (a same-origin script can rewrite CacheStorage): the manifest kept with
  // the copies must be its build's word for word, and each copy's bytes the revision the manifest gives its URL.
  it("lets the worker check a kept manifest by its build's id, and a kept copy by its revision", async () => {
    const config = await configOf(root);
    const m = await manifestOf(root);
    // As the worker keeps it: parsed from the network, then written to the cache as JSON.
    const kept = JSON.parse(JSON.stringify(m)) as OfflineManifest;
    expect(await isBuildManifest(kept, config)).toBe(true);
    const [url, rev] = m.pages[2]!;
    const forged = structuredClone(kept);
    forged.pages[2]![1] = "AAAAAAAAAAAAAAAAAAAAAA";
    expect(await isBuildManifest(forged, config)).toBe(false);
    expect(await isBuildManifest(kept, { ...config, timeout: config.timeout + 1 })).toBe(false);
    const bytes = await read(root, `${url.slice(1)}.html`);
    expect(await intact(new Response(bytes), rev)).toBe(true);
    expect(await intact(new Response(`${bytes}<p>rewritten</p>`), rev)).toBe(false);
    // A copy whose revision the worker does not know is held to the one it carries, if any.
    const carrying = (body: string, revision: string) =>
      new Response(body, { headers: { "x-ppguide-revision": revision } });
    expect(await intact(carrying(bytes.toString(), rev), undefined)).toBe(true);
    expect(await intact(carrying("<p>rewritten</p>", rev), undefined)).toBe(false);
    expect(await intact(new Response("<p>kept from a visit</p>"), undefined)).toBe(true);
  });

  it("offers the save panel on the home and search pages only, one button per pack", async () => {
    for (const [file, panel] of [
      ["index.html", 1],
      ["search.html", 1],
      ["filler-1.html", 0],
    ] as const) {
      const $ = load((await read(root, file)).toString());
      expect($("[data-save-offline]").length, file).toBe(panel);
      if (panel)
        expect(
          $("[data-save-offline] button")
            .map((_, b) => $(b).text())
            .get(),
        ).toEqual(["Save the whole site for offline", "Save the rest for offline"]);
    }
  });

  it("makes the web app manifest and its icons from site.app, the maskable one on the background colour", async () => {
    const app = JSON.parse((await read(root, "site.webmanifest")).toString());
    expect(app).toMatchObject({
      name: "Inline Site",
      short_name: "Inline",
      description: "A site for a test.",
      start_url: "/",
      display: "standalone",
      theme_color: "#0b5d6b",
      background_color: "#fbf7f0",
    });
    for (const icon of app.icons as { src: string; sizes: string; purpose: string }[]) {
      const meta = await sharp(await read(root, icon.src.slice(1))).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    }
    expect(app.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    const { data } = await sharp(await read(root, "icons/maskable-512.png"))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xfb, 0xf7, 0xf0]);
  });

  it("keeps the worker and its manifest out of every cache: _headers says no-cache, and preview answers so", async () => {
    const headers = (await read(root, "_headers")).toString();
    expect(headers).toMatch(/\/sw\.js\n {2}Cache-Control: no-cache\n/);
    expect(headers).toMatch(/\/sw-manifest\.json\n {2}Cache-Control: no-cache\n/);
    expect(headers).toMatch(/\/icons\/\*\n {2}Cache-Control: public, max-age=86400\n/);
    const preview = await startPreview({ dir: join(root, "dist"), port: 0, host: "127.0.0.1" });
    try {
      for (const path of ["/sw.js", "/sw-manifest.json"]) {
        const response = await fetch(preview.url + path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cache-control"), path).toBe("no-cache");
      }
    } finally {
      await preview.close();
    }
  });

  it("changes, on a rebuild with one page edited, only that page's entry (and the index), and the build's id", async () => {
    const before = await manifestOf(root);
    const swBefore = (await read(root, "sw.js")).toString();
    await writeFile(join(root, "content/filler-3.md"), "A page about the harbour, edited.\n");
    await build({ root, out: join(root, "dist") });
    const after = await manifestOf(root);
    const changed = after.pages.filter(([url, rev]) => before.pages.find(([u]) => u === url)?.[1] !== rev);
    expect(changed.map(([url]) => url)).toEqual(["/filler-3"]);
    expect(after.pictures).toEqual(before.pictures);
    expect(after.shell).toEqual(before.shell);
    expect(after.packs).toEqual(before.packs);
    expect(after.build).not.toBe(before.build);
    // The worker's code is the same; only its settings line names the new build.
    const swAfter = (await read(root, "sw.js")).toString();
    expect(swAfter.slice(swAfter.indexOf("\n"))).toBe(swBefore.slice(swBefore.indexOf("\n")));
  });

  it("is reproducible: --verify builds the same sources again and finds every file equal", async () => {
    await expect(buildAndVerify({ root, out: join(root, "dist") })).resolves.toBeDefined();
  });
});

describe("the worker's files are claimed", () => {
  it("a public/sw.js is OutputClaimedTwice, located at site.offline", async () => {
    const { lines, root } = await buildInline(
      `${SITE}-- public/sw.js --\nself.addEventListener("fetch", () => {});\n-- public/site.webmanifest --\n{}\n`,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^OutputClaimedTwice {2}site\.yaml:12:5 {2}site\.offline {2}public\/sw\.js and the generated sw\.js would both be written to sw\.js/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^OutputClaimedTwice {2}site\.yaml:10:8 {2}site\.app {2}public\/site\.webmanifest and the generated/,
      ),
    );
    await rm(root, { recursive: true, force: true });
  });
});

describe("dev", () => {
  it("answers /sw.js with a worker that unregisters itself, and pages with the script that removes a preview's", async () => {
    const root = await offlineSite();
    const dev = await startDev({ root, port: 0, log: () => {} });
    try {
      const worker = await fetch(new URL("/sw.js", dev.url));
      expect(worker.headers.get("content-type")).toMatch(/javascript/);
      expect(worker.headers.get("cache-control")).toBe("no-store");
      expect(await worker.text()).toMatch(/registration\s*\.unregister\(\)/);
      const page = await (await fetch(new URL("/filler-1", dev.url))).text();
      expect(page).toContain('removeAttribute("data-service-worker")');
      expect(page).toContain("getRegistrations()");
    } finally {
      await dev.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("the worker's answers offline, as the host's online", () => {
  const saved = new Set(["/", "/beaches", "/404"]);
  const has = (url: string) => saved.has(url);
  const redirects = new Map([["/old-beaches", "/beaches"]]);
  it.each([
    ["/beaches", true, { kind: "page", url: "/beaches" }],
    ["/old-beaches", true, { kind: "redirect", to: "/beaches", status: 301 }],
    ["/old-beaches/", true, { kind: "redirect", to: "/beaches", status: 301 }],
    ["/beaches/", true, { kind: "redirect", to: "/beaches", status: 308 }],
    ["/beaches.html", true, { kind: "redirect", to: "/beaches", status: 308 }],
    ["/index.html", true, { kind: "redirect", to: "/", status: 308 }],
    ["/nowhere", true, { kind: "not-found" }],
    ["/nowhere", false, { kind: "unsaved" }],
  ] as const)("%s (every page known: %s)", (path, complete, expected) => {
    expect(answerOffline(path, has, redirects, complete)).toEqual(expected);
  });

  it("under format: directory, /x leads to /x/", () => {
    expect(answerOffline("/beaches", (u) => u === "/beaches/", new Map(), true)).toEqual({
      kind: "redirect",
      to: "/beaches/",
      status: 308,
    });
  });

  it("a saved copy says so at the top of its main content; the offline page keeps the layout and lists what is saved", () => {
    const page =
      '<!doctype html><html lang="en"><head><title>Beaches | Site</title><link rel="canonical" href="https://x.example/beaches"/></head>' +
      '<body><header>H</header><main id="main"><h1>Beaches</h1></main><footer>F</footer></body></html>';
    expect(withSavedNote(page, "November 27, 2026")).toContain(
      '<main id="main"><p class="saved-copy" role="status">Saved copy from November 27, 2026.',
    );
    const $ = load(offlinePageHtml(page, [{ url: "/beaches", title: "Beaches &amp; Bays" }]));
    expect($("title").text()).toBe("You are offline");
    expect($("h1").text()).toBe("You are offline");
    expect($("header").text()).toBe("H");
    expect($('link[rel="canonical"]').length).toBe(0);
    expect($(".offline-list a").attr("href")).toBe("/beaches");
    expect($(".offline-list a").text()).toBe("Beaches & Bays");
  });
});
