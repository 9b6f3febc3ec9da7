import { load } from "cheerio";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtSite, listingPages, page, ROOT } from "../helpers/site-pages.ts";
import { SPEC_LISTING_COUNTS } from "../helpers/spec-lists.ts";

// Issue 26: on the 18 resort cards of /puerto-plata-resorts there were 5 pictures, and the 133
// listings of the time shared 66 images. Each listing now has a picture drawn for it (scripts/artwork/listings.mjs).

function repeated(values: string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

describe("card pictures", () => {
  it("no two cards on one page share an image", async () => {
    const shared: string[] = [];
    for (const [route, html] of await builtSite()) {
      const $ = load(html);
      // Cards for different places (told apart by their titles): the same card listed twice, as on an
      // index page that also lists it among its related pages, is one picture of one place.
      const titles = new Map<string, Set<string>>();
      for (const card of $("article.card").toArray()) {
        const src = $(card).find("img.card-img").attr("src");
        if (src) titles.set(src, (titles.get(src) ?? new Set()).add($(card).find(".card-title").text()));
      }
      for (const [src, names] of titles)
        if (names.size > 1) shared.push(`${route}: ${src} on ${[...names].join(", ")}`);
    }
    expect(shared).toEqual([]);
  });

  it("every directory and resort page shows each of its listings with a picture of its own", async () => {
    const pages = await listingPages();
    // Every page the spec names among them (listingPages is site.yaml's every directory and resort page).
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(Object.keys(SPEC_LISTING_COUNTS)));
    for (const { path, items } of pages) {
      const imgs = (await page(path))("ul.listings article.card img.card-img");
      expect(imgs.length, path).toBe(items.length);
      expect(repeated(imgs.map((_, el) => el.attribs.src).get()), path).toEqual([]);
    }
    // Not only per page: no two listings of the whole site point at the same file.
    expect(repeated(pages.flatMap((p) => p.items.map((i) => i.image)))).toEqual([]);
  });

  it("a listing's alt text is the title its picture was drawn with, and the picture stays light", async () => {
    for (const { path, items } of await listingPages()) {
      for (const item of items) {
        const file = join(ROOT, "public", item.image);
        const svg = readFileSync(file, "utf8");
        expect(load(svg, { xml: true })("svg > title").text(), `${path}: ${item.name}`).toBe(item.alt);
        expect(statSync(file).size, item.image).toBeLessThan(13 * 1024);
      }
    }
  });
});
