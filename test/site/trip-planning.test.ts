import { readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { loadSite } from "../../src/site/load-site.ts";
import { sitemapXml } from "../../src/output/sitemap-robots-redirects.ts";
import { builtSite, jsonLd, page, ROOT } from "../helpers/site-pages.ts";

// Issue 17: the trip-planning pages a guide needs, gathered on /plan-your-trip-puerto-plata, linked
// from every footer and from the travel guide, findable on /search and listed in the sitemap,
// while the travel guide's 11 cards, the nav's 20 links and the dropdown's 27 titles stay as the specification counts them
// (docs/site-facts.md, "Routes and their cards" and "Navigation and search").
const PLAN = "/plan-your-trip-puerto-plata";
const MAP = "/images/maps/north-coast.svg";
const articles: [route: string, mustSay: (string | RegExp)[]][] = [
  [
    "/getting-to-and-around-puerto-plata",
    [
      "Gregorio Luperón International Airport",
      "POP",
      /transfer/i,
      "guagua",
      "motoconcho",
      /taxi/i,
      /car rental|renting a car/i,
      /agree/i,
    ],
  ],
  [
    "/puerto-plata-safety-health-tips",
    ["911", "CESTUR", "POLITUR", /sun/i, /current/i, /mosquito/i, /tap water/i, /scam/i],
  ],
  [
    "/best-time-to-visit-puerto-plata",
    [
      /rain/i,
      /hurricane season/i,
      "June to November",
      "Carnival",
      "27 February",
      "Independence Day",
      /merengue festival/i,
      "May through November",
    ],
  ],
];
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("trip-planning articles", () => {
  it.each(articles)(
    "%s: an article of 700+ words with byline, dates, hero, three related cards and the topics it promises",
    async (route, mustSay) => {
      const $ = await page(route);
      const post = jsonLd($, "BlogPosting");
      expect(post.author.name).toBeTruthy();
      expect(post.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect($(".hero-figure img").attr("alt")?.length).toBeGreaterThan(10);
      expect($(".related .card").length).toBe(3);
      // Only the article's own prose counts: the table of contents and captions are left out.
      const prose = $(".prose").clone();
      prose.find("nav, figure").remove();
      expect(words(prose.text())).toBeGreaterThanOrEqual(700);
      for (const fact of mustSay) expect(prose.text()).toMatch(fact);
      // Anchored sections: every h2 has an id the table of contents jumps to.
      const ids = $(".prose h2[id]")
        .map((_, h) => h.attribs.id)
        .get();
      expect(ids.length).toBeGreaterThanOrEqual(5);
      expect(
        $(".toc a")
          .map((_, a) => a.attribs.href)
          .get(),
      ).toEqual(ids.map((id) => `#${id}`));
    },
  );

  // Issue 26: a fare may now appear, but only one the page's Sources list states: never an invented one.
  // Issue 34: or the sources of a fact shown on the page; the amount is what must match ("from $30" backs US$30).
  it("no new article gives a phone number, nor a price its Sources list does not state", async () => {
    for (const [route] of articles) {
      const $ = await page(route);
      const prose = $(".prose").clone();
      // The page's own conversions ("about US$0.80") and the rates it names are arithmetic, not prices.
      prose.find(".fact-rate").remove();
      const text = prose.text().replace(/\(about [^()]*\)/g, "");
      expect(text, route).not.toMatch(/\+?1?[ -]?\(?8[024]9\)?[ -]?\d{3}[ -]?\d{4}/);
      const sources = $(".sources li, .fact-sources li").text();
      const amount = (price: string) => price.replace(/^(?:US|RD)/, "").replace(/\s/g, "");
      const backed = new Set([...sources.matchAll(/(?:US|RD)?\$\s?\d[\d,]*/g)].map((m) => amount(m[0])));
      const unbacked = [...text.matchAll(/(?:US|RD)?\$\s?\d[\d,]*/g)]
        .map((m) => m[0])
        .filter((price) => !backed.has(amount(price)));
      expect(unbacked, route).toEqual([]);
    }
  });
});

describe("the plan-your-trip page", () => {
  it("links to the three guides (as cards and in its text) and to the map", async () => {
    const $ = await page(PLAN);
    const cards = $(".index-page .card-link")
      .map((_, a) => a.attribs.href)
      .get();
    expect(cards).toEqual(articles.map(([r]) => r));
    const inText = $(".intro a")
      .map((_, a) => a.attribs.href)
      .get();
    for (const [route] of articles) expect(inText).toContain(route);
    expect(inText).toContain(MAP);
    expect(jsonLd($, "CollectionPage").mainEntity.numberOfItems).toBe(3);
  });

  it("shows the map as a figure that says it is a sketch, not for navigation, with alt text", async () => {
    const $ = await page(PLAN);
    const figure = $(`.intro figure:has(img[src="${MAP}"])`);
    expect(figure.length).toBe(1);
    expect(figure.find("figcaption").text()).toMatch(/sketch, not for navigation/i);
    expect(figure.find("img").attr("alt")).toMatch(/map of the north coast/i);
  });

  it("the map itself is accessible, says it is a sketch, and places each town where its coordinates put it", () => {
    const svg = load(readFileSync(join(ROOT, "public", MAP), "utf8"), { xmlMode: true });
    expect(svg("svg").attr("role")).toBe("img");
    expect(svg("title").text()).toMatch(/sketch map/i);
    expect(svg("desc").text()).toMatch(/sketch, not for navigation/i);
    const data = JSON.parse(readFileSync(join(ROOT, "scripts/map/north-coast.json"), "utf8"));
    for (const name of [
      "Puerto Plata",
      "Sosúa",
      "Cabarete",
      "Luperón",
      "Imbert",
      "27 Charcos de Damajagua",
      "Costámbar",
      "Cofresí & Ocean World",
      "Maimón & Amber Cove",
    ]) {
      expect(svg("text").filter((_, t) => svg(t).text() === name).length, name).toBe(1);
      expect(
        data.places.some((p: { name: string }) => p.name === name),
        name,
      ).toBe(true);
    }
    // The drawing is in step with the data: each town's marker sits where the linear projection
    // written in the SVG's comment puts its coordinates.
    const m =
      /x = \(longitude - (-?\d+(?:\.\d+)?)\) \* (\d+(?:\.\d+)?), y = \((\d+(?:\.\d+)?) - latitude\) \* (\d+(?:\.\d+)?)/.exec(
        svg.xml(),
      )!;
    const [west = Number.NaN, kx = Number.NaN, north = Number.NaN, ky = Number.NaN] = m.slice(1).map(Number);
    const circles = svg("circle")
      .map((_, c) => ({ cx: Number(c.attribs.cx), cy: Number(c.attribs.cy) }))
      .get();
    for (const p of data.places.filter((p: { kind: string }) => p.kind === "town" || p.kind === "city")) {
      const x = (p.lon - west) * kx,
        y = (north - p.lat) * ky;
      expect(
        circles.some((c) => Math.abs(c.cx - x) < 0.5 && Math.abs(c.cy - y) < 0.5),
        p.name,
      ).toBe(true);
    }
    // Sosúa lies east of Puerto Plata and Luperón west of it, as on the ground.
    const lon = (name: string) => data.places.find((p: { name: string }) => p.name === name).lon;
    expect(lon("Luperón")).toBeLessThan(lon("Puerto Plata"));
    expect(lon("Sosúa")).toBeGreaterThan(lon("Puerto Plata"));
    expect(svg.xml()).toMatch(/Approximate coordinates used/);
  });

  it("every page's footer links the plan page, and the travel guide's introduction does too", async () => {
    const pages = await builtSite();
    expect(pages.size).toBeGreaterThan(40);
    for (const [route, html] of pages) {
      const $ = load(html);
      if ($("meta[http-equiv=refresh]").length) continue; // alias redirect stubs have no chrome
      expect($(`footer.site-footer a[href="${PLAN}"]`).length, route).toBe(1);
    }
    const guide = await page("/puerto-plata-travel-guide");
    expect(guide(`.intro a[href="${PLAN}"]`).length).toBe(1);
  });

  it("the travel guide keeps its 11 cards, the nav its 20 links and the search box its 27 titles", async () => {
    const guide = await page("/puerto-plata-travel-guide");
    expect(guide(".index-page .card").length).toBe(11);
    const home = await page("/");
    expect(home("#site-nav details.dropdown a").length).toBe(20);
    expect(JSON.parse(home("#search-data").text())).toHaveLength(27);
  });
});

describe("search and sitemap", () => {
  it("the /search page lists the new pages after the search box's 27 titles", async () => {
    const $ = await page("/search");
    const listed = $("#search-page-results a")
      .map((_, a) => a.attribs.href)
      .get();
    const box: { path: string }[] = JSON.parse($("#search-data").text());
    expect(listed.slice(0, 27)).toEqual(box.map((i) => i.path));
    for (const route of [PLAN, ...articles.map(([r]) => r)]) {
      expect(listed, route).toContain(route);
      expect(
        box.map((i) => i.path),
        route,
      ).not.toContain(route);
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect($("#search-status").text()).toContain(`All ${listed.length} `);
  });

  it("the sitemap lists the plan page and the three guides", async () => {
    const { manifest } = await loadSite(ROOT);
    const xml = sitemapXml(manifest);
    for (const route of [PLAN, ...articles.map(([r]) => r)])
      expect(xml).toContain(`<loc>${manifest.site.url}${route}</loc>`);
  });
});
