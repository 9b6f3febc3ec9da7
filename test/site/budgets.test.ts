import { load } from "cheerio";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { type OfflineManifest, packEntries, totalBytes } from "../../src/client/offline-plan.ts";
import type { BuiltPage } from "../../src/engine/build-state.ts";
import { buildSite } from "../helpers/served-site.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

// Issue 10: page weight budgets on the built site, as a phone on a slow connection receives it.
let out: string;
let pages: Required<BuiltPage>[];
const gz = async (file: string) => gzipSync(await readFile(join(out, decodeURI(file)))).length;

beforeAll(async () => {
  const site = await buildSite();
  out = site.dir;
  pages = site.pages.filter((p) => p.kind !== "alias");
});

/** Bytes sent for a page: its HTML, stylesheet, scripts and local images, gzipped (third parties excluded). */
async function transferred(html: string): Promise<number> {
  const $ = load(html);
  const local = (v?: string) => (v?.startsWith("/") && !v.startsWith("//") ? [v] : []);
  const files = new Set([
    ...$('link[rel="stylesheet"]')
      .map((_, el) => local(el.attribs.href))
      .get(),
    ...$("script[src]")
      .map((_, el) => local(el.attribs.src))
      .get(),
    ...$("img")
      .map((_, el) => local(el.attribs.src))
      .get(),
  ]);
  let total = gzipSync(html).length;
  for (const f of files) total += await gz(f);
  return total;
}

describe("page weight budgets", () => {
  it("home page under 200 KB and every other page under 150 KB transferred", async () => {
    const over: string[] = [];
    for (const p of pages) {
      const bytes = await transferred(p.html);
      const budget = p.route === "/" ? 200 * 1024 : 150 * 1024;
      if (bytes > budget) over.push(`${p.route}: ${(bytes / 1024).toFixed(0)} KB`);
    }
    expect(over).toEqual([]);
  });

  it("CSS under 20 KB gzipped, first-party JS under 15 KB gzipped per page", async () => {
    const $ = load(pages[0]!.html);
    expect(await gz($('link[rel="stylesheet"]').attr("href")!)).toBeLessThan(20 * 1024);
    for (const p of pages) {
      let js = 0;
      for (const el of load(p.html)("script[src]").toArray()) js += await gz(el.attribs.src!);
      expect(js, p.route).toBeLessThan(15 * 1024);
    }
  });

  it("every image has a width and a height, so nothing shifts as it loads", () => {
    for (const p of pages) {
      const $ = load(p.html);
      const missing = $("img")
        .filter((_, el) => !el.attribs.width || !el.attribs.height)
        .map((_, el) => el.attribs.src)
        .get();
      expect(missing, p.route).toEqual([]);
    }
  });

  it("HTML carries no indentation or blank lines outside the article text", () => {
    for (const p of pages) expect(p.html.match(/>\n\s+</g) ?? [], p.route).toEqual([]);
  });

  it("stylesheets and scripts carry content hashes, so hosts may cache them forever", () => {
    const $ = load(pages[0]!.html);
    const assets = [
      ...$('link[rel="stylesheet"]')
        .map((_, el) => el.attribs.href)
        .get(),
      ...$("script[src]")
        .map((_, el) => el.attribs.src)
        .get(),
    ];
    expect(assets.length).toBeGreaterThan(1);
    for (const a of assets) expect(a).toMatch(/^\/assets\/[\w-]+\.[0-9a-f]{10}\.(css|js)$/);
  });
});

describe("the guide saved for offline (README, Offline)", () => {
  const manifest = async () => JSON.parse(await readFile(join(out, "sw-manifest.json"), "utf8")) as OfflineManifest;
  const bytes = (list: readonly (readonly [string, string | null, number, ...string[]])[]) =>
    list.reduce((sum, [, , b]) => sum + b, 0);

  it("weighs at most 4 MB: every page, the search index, each picture at its smallest, stylesheet and scripts", async () => {
    const m = await manifest();
    const [guide] = m.packs;
    const saved = packEntries(m, guide!, true);
    // Every page of the site, and the index, are in it: the budget is not met by leaving things out.
    expect(guide!.pages.length).toBe(pages.length);
    expect(saved.filter(([url]) => url.startsWith("/pagefind/")).length).toBe(m.index.length);
    // What it says it weighs is what the files weigh.
    const fileOf = (url: string) =>
      url === "/" ? "index.html" : m.pages.some(([u]) => u === url) ? `${url.slice(1)}.html` : decodeURI(url.slice(1));
    for (const [url, , size] of saved) expect((await readFile(join(out, fileOf(url)))).byteLength, url).toBe(size);
    expect(bytes(saved)).toBeLessThanOrEqual(4_000_000);
  });

  it("costs a first visit its service worker alone, under 25 KB", async () => {
    expect((await readFile(join(out, "sw.js"))).byteLength).toBeLessThanOrEqual(25_000);
  });
});

/**
 * Every size the README gives of the guide is the built guide's, within a tenth: once the README said the index
 * "is 1.2 MB in 240 small files" (it was 0.46 MB in 243) and "without the pictures, 2.3 MB" where the save panel said
 * 2.4 MB. Within a tenth, not to the digit: a page an editor adds moves every one of them, and the README states them
 * as measured when it was written. Past a tenth, the failure says the figure to write.
 */
describe("the README's sizes are the built site's", () => {
  const readme = async () => (await readFile(join(PACKAGE_DIR, "README.md"), "utf8")).replace(/\s+/g, " ");
  const said = (text: string, pattern: RegExp) => {
    const m = pattern.exec(text);
    if (!m) throw new Error(`the README no longer says ${pattern}`);
    return m.slice(1).map((v) => v!);
  };
  /** What the README wrote (megabytes, kilobytes or a count) within a tenth of the measured value, written as it is. */
  const near = (written: string, measured: number, unit: "MB" | "kB" | "", what: string) => {
    const value = Number.parseFloat(written);
    const now = unit === "MB" ? measured / 1e6 : unit === "kB" ? measured / 1e3 : measured;
    const decimals = written.split(".")[1]?.length ?? 0;
    const write = `${now.toFixed(decimals)}${unit && ` ${unit}`}`;
    expect(
      Math.abs(now - value) <= value / 10,
      `README.md says ${what} is ${written}${unit && ` ${unit}`}; the built guide's is ${write}: write that there`,
    ).toBe(true);
  };

  it("the search index: its size and its number of files", async () => {
    const m = JSON.parse(await readFile(join(out, "sw-manifest.json"), "utf8")) as OfflineManifest;
    const [size, files] = said(await readme(), /index is ([\d.]+) MB in (\d+) small files/);
    near(size!, totalBytes(m.index), "MB", "the search index");
    near(files!, m.index.length, "", "the number of the search index's files");
  });

  it("the saved guide, as the save panel says it and by part", async () => {
    const m = JSON.parse(await readFile(join(out, "sw-manifest.json"), "utf8")) as OfflineManifest;
    const guide = m.packs[0]!;
    const text = await readme();
    const [count, all, withoutPictures] = said(
      text,
      /"(\d+) pages, the search and the pictures take ([\d.]+) MB on this device; without the pictures, ([\d.]+) MB"/,
    );
    near(count!, guide.pages.length, "", "the saved guide's number of pages");
    near(all!, totalBytes(packEntries(m, guide, true)), "MB", "the saved guide");
    near(withoutPictures!, totalBytes(packEntries(m, guide, false)), "MB", "the saved guide without pictures");
    const [total, ofPages, ofIndex, ofPictures] = said(
      text,
      /the guide's is ([\d.]+) MB as written here: ([\d.]+) MB of pages, ([\d.]+) MB of index, ([\d.]+) MB of pictures/,
    );
    near(total!, totalBytes(packEntries(m, guide, true)), "MB", "the saved guide");
    near(
      ofPages!,
      totalBytes(guide.pages.map((i) => m.pages[i]!.slice(0, 3) as [string, string, number])),
      "MB",
      "its pages",
    );
    near(ofIndex!, totalBytes(m.index), "MB", "its index");
    near(ofPictures!, totalBytes(guide.pictures.map((i) => m.pictures[i]!)), "MB", "its pictures");
  });
});
