/**
 * The scanner (htmlparser2's Tokenizer) against cheerio (parse5 with source locations, scripting off so
 * <noscript> is markup): same URLs at the same line and column, same ids, on every fixture page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { scanPage } from "../../src/links/extract.ts";
import { flatScan } from "../../src/links/placed-refs.ts";
import { listSiteFiles } from "../../src/links/walk-folder.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures");

/** Single-URL attributes, as cheerio sees them: [href, line, col of the value]. */
function viaCheerio(html: string): { refs: [string, number, number][]; ids: string[] } {
  const $ = cheerio.load(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
  const refs: [string, number, number][] = [];
  const selectors: [string, string][] = [
    ["a[href], area[href], link[href]", "href"],
    ["img[src], source[src], script[src], iframe[src], video[src], audio[src], track[src]", "src"],
    ["video[poster]", "poster"],
    ["form[action]", "action"],
  ];
  for (const [selector, attr] of selectors) {
    $(selector).each((_, el) => {
      const loc = (el as unknown as { sourceCodeLocation: { attrs: Record<string, { startOffset: number }> } })
        .sourceCodeLocation.attrs[attr]!;
      // The location covers `name="value"`; the reference points at the value's first character.
      const m = /^[^=]*=\s*["']?\s*/.exec(html.slice(loc.startOffset))!;
      const offset = loc.startOffset + m[0].length;
      const before = html.slice(0, offset);
      const line = before.split("\n").length;
      const col = offset - before.lastIndexOf("\n");
      const value = $(el).attr(attr)!.trim();
      if (value) refs.push([value, line, col]);
    });
  }
  const ids = [
    ...$("[id]")
      .map((_, el) => $(el).attr("id"))
      .get(),
    ...$("a[name]")
      .map((_, el) => $(el).attr("name"))
      .get(),
  ].filter(Boolean);
  return { refs, ids };
}

const order = (a: [string, number, number], b: [string, number, number]): number => a[1] - b[1] || a[2] - b[2];

describe("scanPage agrees with cheerio", () => {
  for (const site of ["links-site", "links-broken"]) {
    for (const file of listSiteFiles(join(fixtures, site)).filter((f) => f.endsWith(".html"))) {
      it(`${site}/${file}`, () => {
        const html = readFileSync(join(fixtures, site, file), "utf8");
        const ours = scanPage(html);
        const theirs = viaCheerio(html);
        const single = ours.refs
          .filter((r) => !/srcset|refresh/.test(lineOf(html, r.line)) || !isSrcsetOrRefresh(html, r))
          .map((r): [string, number, number] => [r.href, r.line, r.col]);
        expect(single.sort(order)).toEqual(theirs.refs.sort(order));
        expect([...ours.anchors].sort()).toEqual([...theirs.ids].sort());
      });
    }
  }
});

function lineOf(html: string, line: number): string {
  return html.split("\n")[line - 1]!;
}

/** srcset candidates and meta refresh URLs have no single-attribute counterpart in the cheerio view. */
function isSrcsetOrRefresh(html: string, r: { line: number; col: number }): boolean {
  const text = lineOf(html, r.line).slice(0, r.col - 1);
  return /srcset="[^"]*$/.test(text) || /content="[^"]*$/.test(text);
}

describe("scanPage details", () => {
  it("points at each srcset candidate and at the URL inside meta refresh", () => {
    const html = '<img srcset="a.png 1x,\n  b.png 2x">\n<meta http-equiv="Refresh" content="0;URL=\'/x/\'">';
    expect(scanPage(html).refs).toEqual([
      { href: "a.png", line: 1, col: 14, kind: "asset" },
      { href: "b.png", line: 2, col: 3, kind: "asset" },
      { href: "/x/", line: 3, col: 44, kind: "page" },
    ]);
  });

  it("skips comments, scripts, styles, textarea and title but scans noscript", () => {
    const html =
      '<!-- <a href="/c"> --><script>"<a href=/s>"</script><style>a{background:url(/st)}</style>' +
      '<textarea><a href="/t"></textarea><title><a href="/ti"></title><noscript><a href="/n">n</a></noscript>';
    expect(scanPage(html).refs.map((r) => r.href)).toEqual(["/n"]);
  });

  it("decodes character references and keeps the first of duplicate attributes", () => {
    const { refs } = scanPage('<a href="/a?x=1&amp;y=2" href="/second">x</a><a href=/b?c&copy=1>y</a>');
    expect(refs.map((r) => r.href)).toEqual(["/a?x=1&y=2", "/b?c&copy=1"]);
  });

  it("points at the value when it starts with a character reference, and reads upper-case names", () => {
    const html = "<A HREF = '&#47;x'>x</A>\n<IMG\n  SRC=/y.png>";
    expect(scanPage(html).refs).toEqual([
      { href: "/x", line: 1, col: 12, kind: "page" },
      { href: "/y.png", line: 3, col: 7, kind: "asset" },
    ]);
  });

  it("ignores markup inside iframe, noembed and noframes, and everything after plaintext", () => {
    const html =
      '<iframe src="/frame"><a href="/in-iframe"></a></iframe><a href="/after">a</a>' +
      '<noembed><img src="/ne.png"></noembed><noframes><a href="/nf"></a></noframes>' +
      '<plaintext><a href="/pt">';
    expect(scanPage(html).refs.map((r) => r.href)).toEqual(["/frame", "/after"]);
  });

  it("scans a page normally after one that ends inside an unclosed <script>", () => {
    scanPage('<p><script>var x = "<a href=/s>');
    expect(scanPage('<html lang="en"><body><a href="/x">x</a></body>').refs.map((r) => r.href)).toEqual(["/x"]);
  });

  it("tells asset rels from page rels in link[rel]", () => {
    const { refs } = scanPage(
      '<link rel="Preload Stylesheet" href="/a.css"><link rel="canonical" href="/b/"><link href="/c/">',
    );
    expect(refs.map((r) => r.kind)).toEqual(["asset", "page", "page"]);
  });

  it("takes the first <base href> only, and collects ids of any element and a[name]", () => {
    const scan = scanPage(
      '<base target="_blank"><base href="/guide/"><base href="/other/"><p id="x"></p><a name="y"></a><div name="z"></div>',
    );
    expect(scan.base).toBe("/guide/");
    expect(scan.anchors).toEqual(["x", "y"]);
  });
});

describe("scanPageWithShared", () => {
  it("gives exactly the scan of the whole page on every page of a built site, header and footer scanned once", async () => {
    const { loadSite } = await import("../../src/site/load-site.ts");
    const { renderPages } = await import("../../src/engine/build.ts");
    const { scanPageWithShared } = await import("../../src/links/extract.ts");
    const { copyFixture } = await import("../helpers/fixture.ts");
    // A copy: loading a site writes its image cache into the site folder.
    const pages = await renderPages(await loadSite(await copyFixture("basic-site")));
    const cache = new Map();
    let shared = 0;
    const lists = new Set<unknown>();
    for (const page of pages) {
      if (!page.shared) continue;
      shared++;
      for (const part of page.shared) expect(page.html.slice(part.at, part.at + part.html.length)).toBe(part.html);
      const scan = scanPageWithShared(page.html, page.shared, cache);
      expect(flatScan(scan), page.file).toEqual(scanPage(page.html));
      // The page holds its own references; the header's and footer's are named, not copied.
      expect(scan.shared?.length, page.file).toBeGreaterThan(0);
      for (const part of scan.shared ?? []) lists.add(part.refs);
      const own = scan.refs.length;
      expect(own + (scan.shared ?? []).reduce((n, p) => n + p.refs.length, 0)).toBe(scanPage(page.html).refs.length);
    }
    expect(shared).toBeGreaterThan(5);
    // Far fewer distinct headers and footers than pages: each was tokenized once, its list held once.
    expect(cache.size).toBeLessThan(shared);
    expect(lists.size).toBeLessThanOrEqual(cache.size);
  });

  it("moves a shared part to its line and column, also mid-line after newlines", async () => {
    const { scanPageWithShared } = await import("../../src/links/extract.ts");
    const part = '<nav id="n"><a href="/a">A</a>\n<a href="/b">B</a></nav>';
    const html = `<p>one\ntwo <a href="/x">x</a></p>\n  ${part}<p id="end">\n<a href="#n">up</a></p>`;
    const scan = flatScan(scanPageWithShared(html, [{ at: html.indexOf(part), html: part }], new Map()));
    expect(scan).toEqual(scanPage(html));
    expect(scan.refs.map((r) => [r.href, r.line, r.col])).toEqual([
      ["/x", 2, 14],
      ["/a", 3, 24],
      ["/b", 4, 10],
      ["#n", 5, 10],
    ]);
  });
});
