/**
 * One owner per output path (src/output/claims.ts): every file the build writes and every URL a
 * page is served at is claimed once, before anything is made; a second claim is an error naming
 * both owners at the site.yaml line of the one that has one, exit 1, with nothing written.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DevSite } from "../../src/dev/dev-site.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";

const ARTICLE = (path: string) => `  - { path: ${path}, kind: article, content: a.md }\n`;
const site = (routes: string, files = "", site = "") =>
  `-- site.yaml --\n${site}routes:\n${routes}-- content/a.md --\nA page.\n${files}`;
const DIRECTORY =
  "site:\n  name: Inline Site\n  url: https://inline.example\n  language: en-US\n  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }\n  email: info@inline.example\n  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }\n  disclosure: Some links are affiliate links.\n  build: { format: directory }\n";

/** A failed build made nothing: no output, no store. */
async function nothingMade(root: string): Promise<void> {
  expect((await readdir(root)).filter((f) => f.startsWith("dist"))).toEqual([]);
}

describe("one owner per output path", () => {
  // Regression (issue 35): public/beaches.html beside the route /beaches silently replaced the
  // rendered page on every build; so did public/beaches/index.html under format: directory.
  it.each([
    [
      "public/a.html beside the route /a",
      site(ARTICLE("/a"), "-- public/a.html --\n<p>mine</p>\n"),
      "route '/a' would be served where the build copies public/a.html",
    ],
    [
      "public/a/index.html beside /a under format: directory",
      site(ARTICLE("/a"), "-- public/a/index.html --\n<p>mine</p>\n", DIRECTORY),
      "route '/a' would be served where the build copies public/a/index.html",
    ],
    [
      "public/a.html beside /a under format: directory (hosts serve it at /a first)",
      site(ARTICLE("/a"), "-- public/a.html --\n<p>mine</p>\n", DIRECTORY),
      "route '/a' would be served where the build copies public/a.html",
    ],
    [
      "public/a/index.html beside /a under format: file",
      site(ARTICLE("/a"), "-- public/a/index.html --\n<p>mine</p>\n"),
      "route '/a' would be served where the build copies public/a/index.html",
    ],
    [
      "a file public/a beside /a",
      site(ARTICLE("/a"), "-- public/a --\nmine\n"),
      "route '/a' would be served where the build copies public/a",
    ],
    [
      "a route under a file of public/",
      site(ARTICLE("/a/b"), "-- public/a --\nmine\n"),
      "route '/a/b' would be served where the build copies public/a",
    ],
    // Regression (issue 35): a route /404 failed with PathBlocked in dist.ppguide, hint "pass another --out".
    ["the route /404", site(ARTICLE("/404")), "route '/404' would be served where the build writes 404.html"],
    [
      "the route /404 under format: directory",
      site(ARTICLE("/404"), "", DIRECTORY),
      "route '/404' and the 404 page would both be served at /404",
    ],
    [
      "a route /robots.txt",
      site(ARTICLE("/robots.txt")),
      "route '/robots.txt' would be served where the build writes robots.txt",
    ],
    [
      "a route under /feed.xml",
      site(ARTICLE("/feed.xml/x")),
      "route '/feed.xml/x' would be served where the build writes feed.xml",
    ],
    [
      "a route under the search index",
      site(ARTICLE("/pagefind/x")),
      "route '/pagefind/x' would be served where the build writes pagefind",
    ],
    [
      "a route /index.html",
      site(ARTICLE("/index.html")),
      "route '/index.html' would be served where the build writes index.html",
    ],
    [
      "routes /A and /a, one file on macOS and Windows",
      site(ARTICLE("/A") + ARTICLE("/a")),
      "route '/a' and route '/A' would both be written to a.html",
    ],
  ])("%s: located at the route's line, nothing made", async (_what, text, message) => {
    const { exit, lines, root } = await buildInline(text);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^(RouteIsFile|OutputClaimedTwice) {2}site\\.yaml:\\d+:13 {2}routes\\[\\d\\]\\.path {2}${message.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`,
        ),
      ),
    ]);
    expect(exit).toBe(1);
    await nothingMade(root);
  });

  // Regression (issue 35): the nav linked the second alias's target while _redirects sent visitors to the first.
  it.each(["cloudflare-pages", "netlify", "github-pages"])(
    "refuses two aliases from one path (host %s)",
    async (host) => {
      const { exit, lines } = await buildInline(
        `-- site.yaml --\n${DIRECTORY.replace("format: directory", `host: ${host}`)}aliases:\n  - { from: /old, to: /filler-1 }\n  - { from: /old, to: /filler-2 }\n`,
      );
      expect(exit).toBe(1);
      expect(lines).toEqual([
        expect.stringMatching(
          /^OutputClaimedTwice {2}site\.yaml:12:13 {2}aliases\[1\]\.from {2}alias '\/old' \(aliases\[1\]\) and alias '\/old' \(aliases\[0\]\) would both be (served at \/old|written to old\.html)\. Each file and URL/,
        ),
      ]);
    },
  );

  it("refuses an alias over a file of public/, and a file of public/ over a generated file or the index", async () => {
    const alias = await buildInline(
      `-- site.yaml --\naliases:\n  - { from: /old.txt, to: /filler-1 }\n-- public/old.txt --\nmine\n`,
    );
    expect(alias.lines).toEqual([
      expect.stringMatching(
        /^RouteIsFile {2}site\.yaml:2:13 {2}aliases\[0\]\.from {2}alias '\/old\.txt' would be served where the build copies public\/old\.txt/,
      ),
    ]);
    const robots = await buildInline(`-- site.yaml --\n-- public/robots.txt --\nUser-agent: *\n`);
    expect(robots.lines).toEqual([
      expect.stringMatching(
        /^OutputClaimedTwice {2}public\/robots\.txt and the generated robots\.txt would both be written to robots\.txt/,
      ),
    ]);
    const index = await buildInline(`-- site.yaml --\n-- public/pagefind/pagefind.js --\nmine\n`);
    expect(index.lines).toEqual([
      expect.stringMatching(
        /^OutputClaimedTwice {2}public\/pagefind\/pagefind\.js and the search index \(pagefind\/\) would both be written to pagefind\/pagefind\.js/,
      ),
    ]);
    // Without an index, pagefind/ is anyone's.
    expect((await attempt({ root: index.root, out: join(index.root, "dist"), searchIndex: false })).exit).toBe(0);
  });

  it("refuses a route ending in index: hosts serve it as its folder", async () => {
    for (const path of ["/index", "/guides/index"]) {
      const { lines } = await buildInline(site(ARTICLE(path)));
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^RoutePathNotCanonical {2}site\\.yaml:2:13 {2}routes\\[0\\]\\.path {2}route '${path.replace(/\//g, "\\/")}' ends in 'index'`,
          ),
        ),
      ]);
    }
  });

  it("is checked on every dev rebuild: a file added to public/ over a page is the build's error, not a crash", async () => {
    const root = await writeInlineSite(site(ARTICLE("/a")));
    const dev = new DevSite(root);
    try {
      expect((await dev.rebuild()).ok).toBe(true);
      await writeFile(join(root, "public/a.html"), "<p>mine</p>\n");
      const report = await dev.rebuild(new Map([[join(root, "public/a.html"), "add"]]));
      expect(report.crash).toBeUndefined();
      expect(report.errors.map((e) => `${e.code}  ${e.format(false)}`)).toEqual([
        expect.stringMatching(
          /^RouteIsFile {2}site\.yaml:2:13 {2}routes\[0\]\.path {2}route '\/a' would be served where the build copies public\/a\.html/,
        ),
      ]);
    } finally {
      await dev.dispose();
    }
  });
});

describe("nothing is made before the site is found", () => {
  // Regression (issue 35): a build in a folder without site.yaml exited 2 saying nothing was
  // written, but left dist.ppguide/ behind; a mistyped --root made its whole chain of folders.
  it("a folder without site.yaml: exit 2, no dist.ppguide/", async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-empty-"));
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome.exit).toBe(2);
    expect(outcome.lines).toEqual([expect.stringMatching(/^ManifestMissing {2}no site\.yaml in /)]);
    expect(await readdir(root)).toEqual([]);
  });

  it("a --root that does not exist: exit 2, no folder made", async () => {
    const parent = await mkdtemp(join(tmpdir(), "ppguide-typo-"));
    const root = join(parent, "sitee/nested");
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome.exit).toBe(2);
    expect(await readdir(parent)).toEqual([]);
  });

  // Regression (issue 35): site.yaml being a folder said "pass another --out".
  it("site.yaml that is a folder: SourceIsFolder, nothing made", async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-folder-"));
    await mkdir(join(root, "site.yaml"));
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome.lines).toEqual([
      expect.stringMatching(
        /^SourceIsFolder {2}site\.yaml is a folder, not a file\. Put the site's manifest in .*site\.yaml as a file/,
      ),
    ]);
    expect(outcome.exit).toBe(1);
    expect(await readdir(root)).toEqual(["site.yaml"]);
  });

  // Regression (issue 35): PPGUIDE_CACHE_DIR=dist/cache published the cache as part of the site.
  it.each(["dist/cache", "dist", "dist.ppguide/cache"])(
    "a cache folder inside the output (PPGUIDE_CACHE_DIR=%s) is refused, nothing made",
    async (cache) => {
      const root = await writeInlineSite(site(ARTICLE("/a")));
      const before = process.env.PPGUIDE_CACHE_DIR;
      process.env.PPGUIDE_CACHE_DIR = join(root, cache);
      try {
        const outcome = await attempt({ root, out: join(root, "dist") });
        expect(outcome.lines).toEqual([
          expect.stringMatching(
            /^CacheFolderRefused {2}the cache folder .* is inside the output .*dist, which would publish it with the site/,
          ),
        ]);
        expect(outcome.exit).toBe(1);
        await nothingMade(root);
      } finally {
        if (before === undefined) delete process.env.PPGUIDE_CACHE_DIR;
        else process.env.PPGUIDE_CACHE_DIR = before;
      }
      await rm(root, { recursive: true, force: true });
      expect(existsSync(root)).toBe(false);
    },
  );
});
