/**
 * The checker on tiny real sites: every seeded defect is reported at its exact place with the
 * right reason, and the tricky correct cases of links-site are not flagged.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkLinks } from "../../src/links/index.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures");

describe("checkLinks on links-broken", () => {
  // [line, col, href, reason, suggestion]: a table like starlight-links-validator's.
  const expected: [number, number, string, string, string?][] = [
    [5, 45, "/moved/", "missing page"],
    [6, 30, "/css/missing.css", "missing asset"],
    [7, 14, "/js/missing.js", "missing asset"],
    [11, 10, "/nowhere/", "missing page"],
    [12, 10, "/guide/#Mangu", "missing anchor", "/guide/#Mangú"],
    [13, 10, "/guide/#Ta%C3%ADnoBa", "missing anchor", "/guide/#TaínoBay"],
    [14, 10, "#no-such-anchor", "missing anchor"],
    [15, 10, "/docs/", "missing page", "/Docs/"],
    [16, 10, "/files/menu.PDF", "missing asset", "/files/menu.pdf"],
    [17, 11, "/img/missing.png", "missing asset"],
    [18, 52, "/img/logo-3x.png", "missing asset", "/img/logo.png"],
    [19, 13, "/media/clip.mp4", "missing asset"],
    [19, 38, "/media/poster.jpg", "missing asset"],
    [19, 69, "/media/subs.vtt", "missing asset"],
    [20, 13, "/media/song.mp3", "missing asset"],
    [21, 26, "/img/hero.webp", "missing asset"],
    [22, 14, "/embed/map.html", "missing page"],
    [23, 15, "/search/", "missing page"],
    [24, 27, "/regions/north", "missing page"],
    [25, 20, "/no-js/", "missing page"],
    [26, 10, "guide/old.html", "missing page"],
    [28, 10, "/missing&page/", "missing page"],
    [29, 10, "/Docs/#intr", "missing anchor", "/Docs/#intro"],
  ];

  it("reports every seeded defect with file, line, column, reason and suggestion, and nothing else", async () => {
    const report = await checkLinks({ dir: join(fixtures, "links-broken") });
    expect(report.problems).toEqual(
      expected.map(([line, col, href, reason, suggestion]) => ({
        file: "index.html",
        line,
        col,
        href,
        reason,
        ...(suggestion ? { suggestion } : {}),
      })),
    );
    expect(report.pages).toBe(3);
    expect(report.references).toBe(28);
  });

  it("gives the same answer when pages are parsed on worker threads", async () => {
    const one = await checkLinks({ dir: join(fixtures, "links-broken"), threads: 1 });
    const two = await checkLinks({ dir: join(fixtures, "links-broken"), threads: 2 });
    expect(two).toEqual(one);
  });
});

describe("checkLinks on links-site (tricky but correct)", () => {
  it("flags nothing: accents raw and encoded, clean URLs, index.html, a[name], queries, <base>, noscript, ../ above the root", async () => {
    const report = await checkLinks({ dir: join(fixtures, "links-site") });
    expect(report.problems).toEqual([]);
    expect(report.pages).toBe(8);
    // Every internal reference of the fixture counts, none of the skipped schemes or externals.
    expect(report.references).toBe(50);
  });
});

describe("checkLinks on a generated site big enough for workers", () => {
  const dir = mkdtempSync(join(tmpdir(), "ppguide-links-many-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Above WORKER_THRESHOLD, so the default may use every core (workers start only if timing says
  // they pay off; test/links/workers.test.ts makes a worker do the parsing).
  const pages = 700;
  for (let i = 0; i < pages; i++) {
    mkdirSync(join(dir, `p${i}`), { recursive: true });
    const next = (i + 1) % pages;
    // Page 13 links to a missing anchor and a missing page: the only problems.
    const extra = i === 13 ? '\n<a href="/p1/#nope">x</a>\n<a href="/p99999/">y</a>' : "";
    writeFileSync(
      join(dir, `p${i}`, "index.html"),
      `<h1 id="h${i}">P${i}</h1>\n<a href="/p${next}/#h${next}">next</a>${extra}\n`,
    );
  }

  it("finds the same problems at the same places with the default threads and with one", async () => {
    const auto = await checkLinks({ dir });
    const single = await checkLinks({ dir, threads: 1 });
    expect(auto).toEqual(single);
    expect(auto.pages).toBe(pages);
    expect(auto.references).toBe(pages + 2);
    expect(auto.problems).toEqual([
      { file: "p13/index.html", line: 3, col: 10, href: "/p1/#nope", reason: "missing anchor" },
      { file: "p13/index.html", line: 4, col: 10, href: "/p99999/", reason: "missing page" },
    ]);
  });
});

describe("checkLinks given scans whose header and footer are shared", () => {
  // Each page's header and footer are one scan named by every page (as a build scans them): the
  // report must be the one a fresh read of the folder gives, their problems placed in each page.
  const dir = mkdtempSync(join(tmpdir(), "ppguide-links-shared-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const header =
    '<header id="top"><a href="/">Home</a>\n  <a href="/gone/">Gone</a> <a href="/b.html#nope">B</a></header>';
  const footer = '<footer><a href="/missing.css#x">x</a></footer>';
  const pages = new Map<string, { html: string; shared: { at: number; html: string }[] }>();
  const page = (file: string, before: string, middle: string) => {
    const html = `<!doctype html>\n<html><head>${before}</head><body>${header}\n${middle}${footer}</body></html>\n`;
    const at = html.indexOf(header);
    pages.set(file, {
      html,
      shared: [
        { at, html: header },
        { at: html.lastIndexOf(footer), html: footer },
      ],
    });
    writeFileSync(join(dir, file), html);
  };
  page("index.html", '<link rel="stylesheet" href="/no.css">', '<a href="#top">up</a> <a href="/nowhere">n</a>\n');
  page("b.html", "", '<p id="b">b</p><a href="/index.html#b">x</a>\n');
  // More problems than a page reports, on both sides of the header: the first ones are kept.
  page(
    "many.html",
    Array.from({ length: 60 }, (_, i) => `<link rel="icon" href="/i${i}.png">`).join("\n"),
    Array.from({ length: 60 }, (_, i) => `<a href="/m${i}">m</a>`).join("\n"),
  );

  it("reports what a fresh read reports, at the same places", async () => {
    const { scanPageWithShared } = await import("../../src/links/extract.ts");
    const cache = new Map();
    const scans = new Map([...pages].map(([file, p]) => [file, scanPageWithShared(p.html, p.shared, cache)]));
    expect(scans.get("b.html")?.shared?.[0]?.refs).toBe(scans.get("index.html")?.shared?.[0]?.refs);
    const given = await checkLinks({ dir, scans });
    const fresh = await checkLinks({ dir, threads: 1 });
    expect(given).toEqual(fresh);
    const on = (file: string) => given.problems.filter((p) => p.file === file).map((p) => [p.line, p.col, p.href]);
    expect(on("index.html")).toEqual([
      [2, 42, "/no.css"],
      [3, 12, "/gone/"],
      [3, 38, "/b.html#nope"],
      [4, 32, "/nowhere"],
      [5, 18, "/missing.css#x"],
    ]);
    expect(on("many.html")).toHaveLength(101);
    expect(on("many.html").slice(59, 62)).toEqual([
      [61, 24, "/i59.png"],
      [62, 12, "/gone/"],
      [62, 38, "/b.html#nope"],
    ]);
  });
});

describe("usage errors", () => {
  it("throws a LinksDirNotFound error value for a missing folder", async () => {
    await expect(checkLinks({ dir: join(fixtures, "no-such-site") })).rejects.toMatchObject({
      code: "LinksDirNotFound",
    });
  });
});
