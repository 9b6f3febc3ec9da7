/**
 * Route paths have one canonical form (src/manifest/cross-references.ts, canonicalPathProblem): the
 * characters themselves, in Unicode NFC, never a percent-escape. A path written otherwise is a
 * located error at the line that names it; a path written so builds, links, is found by search, and
 * is served at its URL; site.url is an origin and nothing else.
 */
import { load } from "cheerio";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startPreview } from "../../src/preview/server.ts";
import { buildInline } from "../helpers/inline-site.ts";
import { searchBuilt } from "../helpers/pagefind-search.ts";
import { xmlErrors } from "../helpers/xml.ts";

const route = (path: string) =>
  `-- site.yaml --\nroutes:\n  - { path: ${path}, kind: article, content: a.md }\n-- content/a.md --\nA page with a word of its own: zanzibarite.\n`;

describe("route paths", () => {
  // Regression (issue 35): /%2e%2e and /%ZZ built with exit 0; a browser turns the first into /,
  // and preview answered the second with 403; /caf%C3%A9 failed as a BrokenLink in generated pages.
  it.each([
    ["/caf%C3%A9", "route '/caf%C3%A9' holds a percent-escape: write the character itself, '/café'"],
    ["/a%20b", "route '/a%20b' holds a percent-escape: what it escapes is not allowed in a route path"],
    ["/%2e%2e", "route '/%2e%2e' escapes a '.', '..' or '/' segment, which browsers resolve to another path"],
    ["/a/%2E", "route '/a/%2E' escapes a '.', '..' or '/' segment"],
    ["/a%2Fb", "route '/a%2Fb' escapes a '.', '..' or '/' segment"],
    ["/%ZZ", "route '/%ZZ' holds a malformed percent-escape"],
    [
      "/cafe\u0301",
      "route '/cafe\u0301' is not in Unicode NFC (a letter and its accent written apart): write it as '/café'",
    ],
  ])("refuses %s at its line in site.yaml", async (path, message) => {
    const { exit, lines } = await buildInline(route(path));
    expect(exit).toBe(1);
    expect(lines).toEqual([
      expect.stringContaining(`RoutePathNotCanonical  site.yaml:2:13  routes[0].path  ${message}`),
    ]);
  });

  it("refuses an escaped path wherever site.yaml names one: a nav link, an alias, a related card", async () => {
    const { lines } = await buildInline(
      `-- site.yaml --\naliases:\n  - { from: /old%2Dpage, to: /filler-1 }\nnav:\n  - label: Guides\n    items:\n      - { label: Café, path: /caf%C3%A9 }\n`,
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^RoutePathNotCanonical {2}site\.yaml:2:13 {2}aliases\[0\]\.from {2}alias '\/old%2Dpage' holds a percent-escape: write the character itself, '\/old-page'/,
      ),
      expect.stringMatching(
        /^RoutePathNotCanonical {2}site\.yaml:6:30 {2}nav\[0\]\.items\[0\]\.path {2}nav link '\/caf%C3%A9' holds a percent-escape: write the character itself, '\/café'/,
      ),
    ]);
  });

  it("builds /café written as itself: its file, its links checked, the sitemap, canonical and feed URLs, search, an alias, preview", async () => {
    const { exit, lines, root } = await buildInline(
      `-- site.yaml --\naliases:\n  - { from: /cafe, to: /café }\nroutes:\n  - { path: /café, kind: article, content: a.md }\n  - { path: /b, kind: article, content: b.md }\n-- content/a.md --\nA page with a word of its own: zanzibarite.\n-- content/b.md --\nSee [the café](/café) and [the old name](/cafe).\n`,
    );
    expect(lines).toEqual([]);
    expect(exit).toBe(0);
    const out = join(root, "dist");
    expect((await stat(join(out, "café.html"))).isFile()).toBe(true);
    const page = load(await readFile(join(out, "café.html"), "utf8"));
    expect(page('link[rel="canonical"]').attr("href")).toBe("https://inline.example/caf%C3%A9");
    expect(page('meta[property="og:url"]').attr("content")).toBe("https://inline.example/caf%C3%A9");
    // The alias is linked by its target, as every alias is; Markdown writes links percent-encoded.
    expect(
      load(await readFile(join(out, "b.html"), "utf8"))("main p a")
        .map((_, a) => a.attribs.href)
        .get()
        .filter((href) => href.startsWith("/")),
    ).toEqual(["/caf%C3%A9", "/caf%C3%A9"]);
    const sitemap = await readFile(join(out, "sitemap.xml"), "utf8");
    expect(xmlErrors(sitemap)).toEqual([]);
    expect(sitemap).toContain("<loc>https://inline.example/caf%C3%A9</loc>");
    const feed = await readFile(join(out, "feed.xml"), "utf8");
    expect(xmlErrors(feed)).toEqual([]);
    expect(feed).toContain('href="https://inline.example/caf%C3%A9"');
    expect(await readFile(join(out, "_redirects"), "utf8")).toContain("/cafe /caf%C3%A9 301\n");
    // Pagefind gives the URL percent-encoded, as a link to it is.
    expect(await searchBuilt(out, "zanzibarite")).toEqual(["/caf%C3%A9"]);
    const preview = await startPreview({ dir: out, port: 0, host: "127.0.0.1" });
    try {
      const page = await fetch(`${preview.url}/caf%C3%A9`, { redirect: "manual" });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("zanzibarite");
      const alias = await fetch(`${preview.url}/cafe`, { redirect: "manual" });
      expect([alias.status, alias.headers.get("location")]).toEqual([301, "/caf%C3%A9"]);
    } finally {
      await preview.close();
    }
  });
});

describe("site.url", () => {
  // Regression (issue 35): https://x.example?x=1 gave canonical URLs like https://x.example?x=1/beaches.
  it.each([
    ["https://x.example?x=1", "ManifestInvalid"],
    ["https://x.example#top", "ManifestInvalid"],
    ["https://x.example/guide", "ManifestInvalid"],
    ["https://x.example/", "ManifestInvalid"],
    [
      "https://X.Example",
      "SiteUrlInvalid  site.yaml:3:8  site.url  site.url 'https://X.Example' is not an origin: write it as 'https://x.example'",
    ],
    [
      "https://x.example:443",
      "SiteUrlInvalid  site.yaml:3:8  site.url  site.url 'https://x.example:443' is not an origin: write it as 'https://x.example'",
    ],
    [
      "https://user@x.example",
      "SiteUrlInvalid  site.yaml:3:8  site.url  site.url 'https://user@x.example' is not an origin: write it as 'https://x.example'",
    ],
    // Not a URL at all: the rule every value written as a URL keeps (manifest/yaml-values.ts).
    [
      "https://x..example:99999",
      "UrlInvalid  site.yaml:3:8  site.url  URL 'https://x..example:99999' is not a valid URL",
    ],
  ])("refuses %s at its line", async (url, expected) => {
    const { exit, lines } = await buildInline(
      `-- site.yaml --\nsite:\n  name: Inline Site\n  url: "${url}"\n  language: en-US\n  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }\n  email: info@inline.example\n  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }\n  disclosure: Some links are affiliate links.\n`,
    );
    expect(exit).toBe(1);
    expect(lines).toEqual([
      expect.stringContaining(expected.includes("  ") ? expected : `${expected}  site.yaml:3:8  site.url`),
    ]);
  });
});
