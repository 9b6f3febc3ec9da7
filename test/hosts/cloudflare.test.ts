/**
 * `ppguide preview` is Cloudflare Pages: the built project site served by both, URL by URL.
 * Cloudflare's side is `wrangler pages dev`, which runs Cloudflare's own asset server in workerd.
 * Regression test for issue 24: preview differed from Cloudflare on 105 of 192 URLs, every
 * sitemap URL cost a 308 to /x/, and /404 answered 200.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, serve, type BuiltSite, type StaticServer } from "../helpers/served-site.ts";
import { build } from "../../src/engine/build.ts";
import { parseManifest } from "../../src/site/load-site.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { requireTool, wranglerPagesDev, type Wrangler } from "./tools.ts";

/** What a visitor, a browser cache and a crawler see of an answer. */
const COMPARED = [
  "location",
  "content-type",
  "cache-control",
  "x-content-type-options",
  "referrer-policy",
  "access-control-allow-origin",
];

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

async function ask(origin: string, path: string): Promise<Answer> {
  const res = await fetch(origin + path, { redirect: "manual" });
  const body = createHash("sha256")
    .update(Buffer.from(await res.arrayBuffer()))
    .digest("hex")
    .slice(0, 16);
  // Both send a media type and a charset; only the spelling of the space differs.
  const headers = Object.fromEntries(
    COMPARED.map((h) => [h, res.headers.get(h)?.replace(/;\s*/g, "; ").toLowerCase() ?? null]),
  );
  return { status: res.status, headers, body };
}

describe.runIf(requireTool("wrangler"))("preview answers as Cloudflare Pages (wrangler pages dev)", () => {
  let site: BuiltSite;
  let preview: StaticServer;
  let cloudflare: Wrangler;
  let urls: string[];

  beforeAll(async () => {
    site = await buildSite();
    [preview, cloudflare] = await Promise.all([serve(site.dir), wranglerPagesDev(site.dir)]);
    const { manifest } = parseManifest(await readFile(new URL("../../site.yaml", import.meta.url), "utf8"));
    const routes = manifest.routes.map((r) => r.path).filter((p) => p !== "/");
    const aliases = (manifest.aliases ?? []).map((a) => a.from);
    const assets = (await readdir(join(site.dir, "assets")))
      .filter((f) => /\.(css|js)$/.test(f))
      .map((f) => `/assets/${f}`);
    const images = (await readdir(join(site.dir, "assets", "images"))).slice(0, 12).map((f) => `/assets/images/${f}`);
    urls = [
      "/",
      "/index.html",
      "/index",
      ...routes.flatMap((p) => [p, `${p}/`, `${p}.html`, `${p}/index.html`]),
      ...aliases.flatMap((p) => [p, `${p}/`, `${p}.html`, `${p}/index.html`, `${p}?from=mail`]),
      `${routes[0]}?utm_source=feed`,
      `${routes[0]}/?utm_source=feed`,
      "/404",
      "/404/",
      "/404.html",
      "/no-such-page",
      "/no-such-page/",
      "/authors/nobody",
      "/deep/no/such/page.html",
      ...assets,
      "/assets/site.0000000000.css",
      ...images,
      "/images/logo.svg",
      "/images/no-such-picture.svg",
      "/favicon.svg",
      "/robots.txt",
      "/sitemap.xml",
      "/feed.xml",
      "/site.webmanifest",
      // The service worker and its manifest: never cached (no-cache from _headers).
      "/sw.js",
      "/sw-manifest.json",
    ];
  }, 240_000);
  afterAll(async () => {
    await Promise.all([preview?.close(), cloudflare?.close()]);
  });

  it("gives every URL the same status, Location, cache and type headers and body", async () => {
    const differences: string[] = [];
    for (const url of urls) {
      const [ours, theirs] = await Promise.all([ask(preview.origin, url), ask(cloudflare.origin, url)]);
      if (JSON.stringify(ours) !== JSON.stringify(theirs))
        differences.push(`${url}\n  preview:    ${JSON.stringify(ours)}\n  cloudflare: ${JSON.stringify(theirs)}`);
    }
    expect(urls.length).toBeGreaterThan(200);
    expect(differences.join("\n")).toBe("");
  });

  it("answers every sitemap URL, canonical and internal link with 200 and no redirect", async () => {
    const sitemap = await readFile(join(site.dir, "sitemap.xml"), "utf8");
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
    const links = new Set<string>(paths);
    for (const page of site.pages) for (const m of page.html!.matchAll(/href="(\/[^"#?]*)/g)) links.add(m[1]!);
    const redirected = [];
    for (const path of links) {
      const res = await fetch(cloudflare.origin + path, { redirect: "manual" });
      if (res.status !== 200) redirected.push(`${path} ${res.status} ${res.headers.get("location") ?? ""}`);
    }
    expect(paths.length).toBeGreaterThan(45);
    expect(redirected).toEqual([]);
  });

  it("answers each alias, with and without the slash, with one 301 to its route, and /404 and /404.html with 404", async () => {
    for (const [from, to] of [
      ["/puerto-plata-family-fun", "/family-fun-puerto-plata"],
      ["/puerto-plata-family-fun/", "/family-fun-puerto-plata"],
    ]) {
      const res = await fetch(cloudflare.origin + from, { redirect: "manual" });
      expect([res.status, res.headers.get("location")], from).toEqual([301, to]);
    }
    for (const path of ["/404", "/404.html"]) {
      const res = await fetch(cloudflare.origin + path, { redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });
});

// Regression: preview sent the 308 of a non-ASCII route's /x/ and /x.html forms with the raw path in Location,
// as Latin-1 bytes, where Cloudflare sends it percent-encoded (UTF-8); a browser then asked for another path.
describe.runIf(requireTool("wrangler"))("preview answers a route with accents as Cloudflare Pages does", () => {
  const CAFE = "/caf%C3%A9-%C3%B1and%C3%BA";
  let root: string;
  let preview: StaticServer;
  let cloudflare: Wrangler;

  beforeAll(async () => {
    root = await writeInlineSite(`
-- site.yaml --
aliases:
  - { from: /viejo-café, to: /café-ñandú }
routes:
  - { path: /café-ñandú, kind: article, title: Café Ñandú, content: cafe.md }
  - { path: /guías/playa-ñ, kind: article, title: Playa Ñ, content: playa.md }
-- content/cafe.md --
Coffee by the sea.
-- content/playa.md --
A beach.
`);
    await build({ root, out: join(root, "dist") });
    [preview, cloudflare] = await Promise.all([serve(join(root, "dist")), wranglerPagesDev(join(root, "dist"))]);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([preview?.close(), cloudflare?.close()]);
    await rm(root, { recursive: true, force: true });
  });

  it("gives the same status, Location and headers for every form of its URL", async () => {
    const GUIDE = "/gu%C3%ADas/playa-%C3%B1";
    const urls = [
      CAFE,
      `${CAFE}/`,
      `${CAFE}.html`,
      `${CAFE}/index.html`,
      `${CAFE}/index`,
      `${CAFE}/?q=%C3%A9`,
      `${CAFE}.html?q=%C3%A9&x=1`,
      "/caf%c3%a9-%c3%b1and%c3%ba/",
      "/CAF%C3%89-%C3%91AND%C3%9A",
      GUIDE,
      `${GUIDE}/`,
      `${GUIDE}.html`,
      "/gu%C3%ADas/",
      "/gu%C3%ADas/index",
      "/viejo-caf%C3%A9",
      "/viejo-caf%C3%A9/",
      "/%E2%82%AC",
      "/%E2%82%AC/",
    ];
    const differences: string[] = [];
    for (const url of urls) {
      const [ours, theirs] = await Promise.all([ask(preview.origin, url), ask(cloudflare.origin, url)]);
      if (JSON.stringify(ours) !== JSON.stringify(theirs))
        differences.push(`${url}\n  preview:    ${JSON.stringify(ours)}\n  cloudflare: ${JSON.stringify(theirs)}`);
    }
    expect(differences.join("\n")).toBe("");
    // And the answer itself: the 308s lead to the page's URL, percent-encoded.
    for (const url of [`${CAFE}/`, `${CAFE}.html`]) {
      const res = await fetch(cloudflare.origin + url, { redirect: "manual" });
      expect([res.status, res.headers.get("location")], url).toEqual([308, CAFE]);
    }
  });
});
