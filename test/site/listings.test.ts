import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { loadSite } from "../../src/core/site.ts";
import { builtSite, jsonLd, page, ROOT } from "./built-site.ts";

// Issue 17: every directory and resort card says what the place is, and no page sends readers to
// Monkeyland, which is in Punta Cana (the north-coast attraction is Monkey Jungle near Sosúa).
const site = loadSite(ROOT);

async function listingRoutes() {
  const { manifest, content } = await site;
  return manifest.routes
    .filter((r) => r.kind === "directory" || r.kind === "resorts")
    .map((r) => ({ path: r.path, items: content.listings.get(r.listings!)!.items }));
}

describe("listing descriptions", () => {
  it("all 17 directory and resort pages are covered, 133 listings in all", async () => {
    const routes = await listingRoutes();
    expect(routes).toHaveLength(17);
    expect(routes.reduce((n, r) => n + r.items.length, 0)).toBe(133);
  });

  it("every listing has one sentence of description, and a town or area on its second address line", async () => {
    for (const { path, items } of await listingRoutes()) {
      for (const item of items) {
        const where = `${path}: ${item.name}`;
        expect(item.description?.trim(), where).toBeTruthy();
        expect(item.description!.length, where).toBeLessThanOrEqual(240);
        // One sentence: it ends with a full stop and none comes before the end.
        expect(item.description, where).toMatch(/\.$/);
        expect(item.description!.replace(/\b(?:Sr|St)\./g, "").slice(0, -1), where).not.toMatch(/[.!?]\s/);
        expect(item.address2, where).toMatch(/\p{L}{3,}/u);
      }
    }
  });

  it("each card's structured data carries its listing's description", async () => {
    for (const { path, items } of await listingRoutes()) {
      const list = jsonLd(await page(path), "CollectionPage").mainEntity.itemListElement;
      expect(list.map((e: { item: { description?: string } }) => e.item.description), path).toEqual(items.map((i) => i.description));
    }
  });

  it("a card's first address line is its street address, else its area; only a street address is a streetAddress", async () => {
    for (const { path, items } of await listingRoutes()) {
      const $ = await page(path);
      const list = jsonLd($, "CollectionPage").mainEntity.itemListElement;
      items.forEach((item, i) => {
        const where = `${path}: ${item.name}`;
        const first = $("ul.listings > li").eq(i).find("address").html()!.split("<br>")[0]!;
        const expected = item.address1 || item.area;
        if (expected) expect(load(first).text(), where).toBe(expected);
        else expect($("ul.listings > li").eq(i).find("address br").length, where).toBe(0);
        expect(list[i].item.address?.streetAddress, where).toBe(item.address1);
      });
    }
  });

  it("no page mentions Monkeyland; the tours directory lists Monkey Jungle near Sosúa", async () => {
    for (const [route, html] of await builtSite()) expect(html, route).not.toMatch(/monkey\s*land/i);
    const tours = (await listingRoutes()).find((r) => r.path === "/tours-excursions-puerto-plata")!.items;
    const monkeys = tours.find((i) => /monkey/i.test(i.name))!;
    expect(monkeys.name).toBe("Monkey Jungle");
    expect(monkeys.address2).toMatch(/^Sosúa\b/);
    expect(monkeys.description).toMatch(/near Sosúa/);
  });

  it("Heladería Mariposa is an ice-cream shop: where the bakeries keep it, its card says so", async () => {
    const routes = await listingRoutes();
    const icecream = routes.find((r) => r.path === "/ice-cream-puerto-plata")!.items;
    expect(icecream.some((i) => i.name === "Heladería Mariposa")).toBe(true);
    const bakery = routes.find((r) => r.path === "/bakeries-puerto-plata")!.items.find((i) => /Mariposa/.test(i.name));
    if (bakery) {
      expect(bakery.name).toMatch(/ice-cream/i);
      expect(bakery.description).toMatch(/ice-cream parlor/);
    }
  });
});
