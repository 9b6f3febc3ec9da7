/**
 * Drafts and schedules (issue 33): what a build leaves out on a given day, the located error for
 * a published page that links to such a page, dev mode's banner, the next day the output changes,
 * and the incremental build staying exact when only the clock moves.
 */
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { DevSite } from "../../src/dev/dev-site.ts";
import { clockOption } from "../../src/cli/options.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { searchBuilt } from "../helpers/pagefind-search.ts";
import { runCli } from "../helpers/outcome.ts";

const ARTICLE =
  "kind: article, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk";
const DATES = "dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }";

/**
 * /open is published; /wip is a draft named by every list of pages the site has (a menu, the
 * search list, an index's cards, the home page's cards) and written about in its own words, so
 * that the search index would find it by them.
 */
const DRAFT_SITE = `
-- site.yaml --
search: [/filler-1, /wip]
nav:
  - label: Guides
    items:
      - { label: Filler, path: /filler-1 }
      - { label: Work in progress, path: /wip }
  - label: Drafts
    items:
      - { label: Work in progress, path: /wip }
routes:
  - { path: /open, title: Open page, content: open.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, ${DATES} }
  - { path: /wip, draft: true, title: Zanzibar draft, content: wip.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, ${DATES} }
  - { path: /guides, kind: index, title: Guides, description: Every guide of the inline site., cards: [/open, /wip], columns: 3 }
  - { path: /authors/desk, kind: author, author: desk, title: Test Desk, description: The desk that writes the inline site's pages. }
-- content/open.md --
Open.
-- content/wip.md --
Zanzibar zanzibar: a word no other page uses.
`;

async function html(root: string, file: string) {
  return load(await readFile(join(root, "dist", file), "utf8"));
}

describe("draft: true", () => {
  it("is left out everywhere a build writes: its page, menus, cards, sitemap, feed, search index, author page", async () => {
    const { exit, lines, root } = await buildInline(DRAFT_SITE);
    expect(lines).toEqual([]);
    expect(exit).toBe(0);
    const out = join(root, "dist");
    expect(existsSync(join(out, "wip.html"))).toBe(false);
    expect(existsSync(join(out, "open.html"))).toBe(true);
    const open = await html(root, "open.html");
    // The menu that held only the draft is gone; the other keeps its other link.
    expect(open(".site-nav").text()).not.toContain("Drafts");
    expect(open("a[href='/wip']")).toHaveLength(0);
    expect(open(".site-nav").text()).toContain("Filler");
    const guides = await html(root, "guides.html");
    expect(guides("a[href='/wip']")).toHaveLength(0);
    expect(guides("a[href='/open']").length).toBeGreaterThan(0);
    expect((await html(root, "authors/desk.html"))("a[href='/wip']")).toHaveLength(0);
    expect((await html(root, "search.html")).html()).not.toContain("Zanzibar");
    expect(await readFile(join(out, "sitemap.xml"), "utf8")).not.toContain("/wip");
    expect(await readFile(join(out, "feed.xml"), "utf8")).not.toContain("/wip");
    expect(await searchBuilt(out, "zanzibar")).toEqual([]);
    // Nothing of it anywhere, not even in the search box's list in every page's header.
    for (const file of await readdir(out, { recursive: true })) {
      if (String(file).endsWith(".html"))
        expect(await readFile(join(out, String(file)), "utf8"), String(file)).not.toContain("/wip");
    }
  }, 60_000);

  it("is a located error when a published page links to it: a related card in site.yaml, a link in Markdown", async () => {
    const { exit, lines } = await buildInline(`
      -- site.yaml --
      routes:
        - { path: /a, title: A, content: a.md, related: [/filler-1, /wip, /filler-3], ${ARTICLE}, ${DATES} }
        - { path: /wip, draft: true, title: Draft, content: wip.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, ${DATES} }
      -- content/a.md --
      Intro.

      See [the draft](/wip#part) soon.
      -- content/wip.md --
      Not ready.
    `);
    expect(exit).toBe(1);
    expect(lines).toEqual([
      "LinkToUnpublished  site.yaml:2:63  routes[0].related[1]  related card '/wip' is a draft. Remove the link, or publish the page first (drop `draft: true`, or wait for its date); `ppguide dev` shows unpublished pages with a banner.",
      "LinkToUnpublished  content/a.md:3:17  link '/wip' is a draft. Remove the link, or publish the page first (drop `draft: true`, or wait for its date); `ppguide dev` shows unpublished pages with a banner.",
    ]);
  }, 60_000);

  it("is checked like any page: a mistake in a draft fails the build", async () => {
    const { exit, lines } = await buildInline(`
      -- site.yaml --
      routes:
        - { path: /wip, draft: true, title: Draft, content: wip.md, related: [/filler-1, /nowhere, /filler-3], ${ARTICLE}, ${DATES} }
      -- content/wip.md --
      Not ready.
    `);
    expect(exit).toBe(1);
    expect(lines[0]).toMatch(/^RouteNotFound {2}site\.yaml:2:\d+/);
  }, 60_000);

  // Regression: a missing hero image on a draft route was reported at the next route's image
  // (site.yaml:950 instead of 938): the images were looked for in the whole manifest, and located
  // by a source that counts only the published routes.
  it("a missing image of a draft, and of the routes after it, each at its own line", async () => {
    const { exit, lines } = await buildInline(`
      -- site.yaml --
      routes:
        - { path: /a, kind: article, content: a.md }
        - { path: /d, kind: article, draft: true, content: d.md, image: { src: /images/nope.svg, alt: D } }
        - { path: /b, kind: article, content: b.md, image: { src: /images/nope-either.svg, alt: B } }
      -- content/a.md --
      A.
      -- content/d.md --
      D.
      -- content/b.md --
      B.
    `);
    expect(exit).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^AssetMissing {2}site\.yaml:3:74 {2}routes\[1\]\.image\.src {2}image '\/images\/nope\.svg'/,
      ),
      expect.stringMatching(
        /^AssetMissing {2}site\.yaml:4:61 {2}routes\[2\]\.image\.src {2}image '\/images\/nope-either\.svg'/,
      ),
    ]);
  }, 60_000);
});

describe("dates.published and expires", () => {
  const SEASONAL = `
    -- site.yaml --
    routes:
      - { path: /carnival, title: Carnival, content: carnival.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, dates: { created: 2026-01-05, published: 2026-02-01, modified: 2026-02-01 }, expires: 2026-03-01 }
    -- content/carnival.md --
    Carnival.
  `;

  it("leaves a page out before its published day and after its expires day, and names the next day that changes", async () => {
    const root = await writeInlineSite(SEASONAL);
    const on = async (clock: string) => {
      const result = await build({ root, out: join(root, `dist-${clock}`), clock });
      return { has: existsSync(join(root, `dist-${clock}`, "carnival.html")), next: result.nextChange };
    };
    expect(await on("2026-01-31")).toEqual({ has: false, next: { date: "2026-02-01", why: "/carnival is published" } });
    expect(await on("2026-02-01")).toEqual({ has: true, next: { date: "2026-03-02", why: "/carnival expires" } });
    // expires is the last day it is shown.
    expect(await on("2026-03-01")).toEqual({ has: true, next: { date: "2026-03-02", why: "/carnival expires" } });
    expect(await on("2026-03-02")).toEqual({
      has: false,
      next: { date: "2027-01-01", why: "the footer's year changes" },
    });
  }, 120_000);

  it("makes a link to an expired page the same located error, saying when it expired", async () => {
    const { lines } = await buildInline(
      `-- site.yaml --
routes:
  - { path: /carnival, title: Carnival, content: carnival.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, ${DATES}, expires: 2025-03-01 }
  - { path: /a, title: A, content: a.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, ${DATES} }
-- content/carnival.md --
Carnival.
-- content/a.md --
Go to [Carnival](/carnival).
`,
      { clock: "2025-06-01" },
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^LinkToUnpublished {2}content\/a\.md:1:18 {2}link '\/carnival' is no longer published \(it expired on 2025-03-01\)\./,
      ),
    ]);
  }, 60_000);

  it("reads the clock from --clock, else PPGUIDE_CLOCK, and refuses a day that does not exist", () => {
    expect(clockOption("2026-12-01", "2020-01-01")).toBe("2026-12-01");
    expect(clockOption(undefined, "2020-01-01")).toBe("2020-01-01");
    // Neither: the command works as of today.
    expect(clockOption(undefined, "")).toBeUndefined();
    expect(() => clockOption("2026-02-30")).toThrow(/--clock '2026-02-30' is not a date written YYYY-MM-DD/);
    expect(() => clockOption(undefined, "tomorrow")).toThrow(/PPGUIDE_CLOCK 'tomorrow'/);
  });

  it("keeps the incremental build exact when only the clock moves: a rebuild equals a clean build", async () => {
    const root = await writeInlineSite(SEASONAL);
    const out = join(root, "dist");
    await build({ root, out, clock: "2026-01-31" });
    const rebuilt = await build({ root, out, clock: "2026-02-01" });
    // Every page shows the new page in no list here, but the sitemap and feed do; the page itself is new.
    expect(rebuilt.rendered?.map((p) => p.route)).toContain("/carnival");
    const clean = join(root, "clean");
    await build({ root, out: clean, clock: "2026-02-01", cache: false });
    for (const file of ["carnival.html", "filler-1.html", "sitemap.xml", "feed.xml", "search.html"]) {
      expect(await readFile(join(out, file), "utf8"), file).toBe(await readFile(join(clean, file), "utf8"));
    }
    // A new year changes every footer: every page is rendered again.
    const nextYear = await build({ root, out, clock: "2027-01-01" });
    expect(nextYear.rendered?.length).toBe(nextYear.pages.length);
    expect((await html(root, "filler-1.html"))("footer").text()).toContain("2027");
  }, 120_000);
});

describe("ppguide dev", () => {
  it("shows a draft and a scheduled page, each with a banner saying why a build leaves it out", async () => {
    const root = await writeInlineSite(`
      -- site.yaml --
      routes:
        - { path: /wip, draft: true, title: Draft, content: wip.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, ${DATES} }
        - { path: /soon, title: Soon, content: wip.md, related: [/filler-1, /filler-2, /filler-3], ${ARTICLE}, dates: { created: 2025-01-01, published: 2999-01-01, modified: 2999-01-01 } }
      -- content/wip.md --
      Not ready.
    `);
    const dev = new DevSite(root);
    try {
      const report = await dev.rebuild();
      expect(report.errors).toEqual([]);
      // Served beside the published pages, which are the build's (src/dev/preview.ts).
      const page = (path: string) => dev.pages.get(path) ?? dev.unpublished.get(path);
      const banner = (path: string) => load(page(path)!.html)(".unpublished-banner").text();
      expect(dev.pages.has("/wip")).toBe(false);
      expect(banner("/wip")).toBe("Draft: ppguide build leaves this page out until draft: true is removed.");
      expect(banner("/soon")).toBe(
        "Scheduled: this page is published on 2999-01-01; ppguide build leaves it out until then.",
      );
      expect(banner("/filler-1")).toBe("");
    } finally {
      await dev.dispose();
    }
    // ppguide dev --clock: as of that day the scheduled page is published, and the draft still is not.
    const later = new DevSite(root, "2999-06-01");
    try {
      expect((await later.rebuild()).errors).toEqual([]);
      const page = (path: string) => later.pages.get(path) ?? later.unpublished.get(path);
      const banner = (path: string) => load(page(path)!.html)(".unpublished-banner").text();
      expect(banner("/soon")).toBe("");
      expect(banner("/wip")).toMatch(/^Draft: /);
    } finally {
      await later.dispose();
    }
    const refused = await runCli(["dev", "--clock", "2999-02-30", "--port", "0"], root);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--clock '2999-02-30' is not a date written YYYY-MM-DD.*\[ClockInvalid\]/);
  }, 60_000);
});
