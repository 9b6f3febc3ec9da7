import { describe, expect, it } from "vitest";
import { type JsonLd, jsonLd, page } from "../helpers/site-pages.ts";
import { SPEC_LISTS } from "../helpers/spec-lists.ts";

// Issue 4: every directory and resort route, its exact card count and grid (docs/site-facts.md, "Routes and their cards").
const directories: [route: string, cards: number, columns: number][] = [
  ["/puerto-plata-resorts", 18, 3],
  ["/sosua-resorts", 9, 2],
  ["/cabarete-resorts", 12, 3],
  ["/puerto-plata-golf-courses", 2, 2],
  ["/puerto-plata-landmarks-museums", 9, 2],
  ["/puerto-plata-day-spas", 4, 2],
  ["/puerto-plata-supermarkets", 3, 2],
  ["/puerto-plata-taxis", 4, 2],
  ["/fast-food-puerto-plata", 5, 2],
  ["/shopping-puerto-plata", 9, 2],
  ["/bakeries-puerto-plata", 6, 2],
  ["/fine-dining-puerto-plata", 2, 2],
  ["/tours-excursions-puerto-plata", 13, 3],
  ["/ice-cream-puerto-plata", 3, 2],
  ["/casual-dining-puerto-plata", 11, 2],
  ["/puerto-plata-night-clubs", 11, 2],
  ["/family-fun-puerto-plata", 12, 2],
];

describe.each(directories)("%s", (route, count, columns) => {
  it(`shows ${count} cards in a ${columns}-column grid, an ItemList of ${count}, and three related cards`, async () => {
    const $ = await page(route);
    expect($(`ul.listings.grid-${columns} > li > .listing-card`).length).toBe(count);
    const list = jsonLd($, "CollectionPage").mainEntity;
    expect(list.numberOfItems).toBe(count);
    expect(list.itemListElement.map((i: JsonLd) => i.item.name)).toEqual(
      $(".listing-card .card-title")
        .map((_, el) => $(el).text())
        .get(),
    );
    for (const { item } of list.itemListElement) {
      // A Service (TaxiService) has no address: its provider, a LocalBusiness, carries it, and
      // the town it serves is areaServed (regression, issue 24).
      const place = item["@type"] === "TaxiService" ? item.provider : item;
      if (place !== item) {
        expect(item.address).toBeUndefined();
        expect(item.areaServed).toMatchObject({ "@type": "City", name: place.address.addressLocality });
      }
      expect(place.address).toMatchObject({ "@type": "PostalAddress", addressCountry: "DO" });
      expect(place.address.addressLocality).toBeTruthy();
    }
    expect($(".related .card").length).toBe(3);
    expect($(".intro p").length).toBeGreaterThanOrEqual(2);
  });

  it("shows 'No Phone' / 'No Website' exactly where the listing has none, and opens websites safely", async () => {
    const $ = await page(route);
    const list = jsonLd($, "CollectionPage").mainEntity.itemListElement;
    $(".listing-card").each((i, card) => {
      const contact = $(card).find(".listing-contact").text();
      expect(contact.includes("No Phone")).toBe(!list[i].item.telephone);
      expect(contact.includes("No Website")).toBe(!list[i].item.url);
    });
    $('.listing-card a[target="_blank"]').each((_, a) => expect($(a).attr("rel")).toContain("noopener"));
  });

  it("every card names its town and has an 'Open in Maps' search for its own name and town", async () => {
    const $ = await page(route);
    const cards = $(".listing-card").toArray();
    expect(cards.length).toBe(count);
    for (const card of cards) {
      const name = $(card).find(".card-title").text();
      const address = $(card).find("address").text();
      const map = $(card).find("a.map-link");
      expect(map.length, name).toBe(1);
      const url = new URL(map.attr("href")!);
      expect(url.origin + url.pathname, name).toBe("https://www.openstreetmap.org/search");
      // A search query only: never coordinates or a street address.
      expect([...url.searchParams.keys()], name).toEqual(["query"]);
      const query = url.searchParams.get("query")!;
      expect(query.startsWith(`${name}, `), query).toBe(true);
      expect(query.endsWith(", Dominican Republic"), query).toBe(true);
      const town = query.slice(name.length + 2, -", Dominican Republic".length);
      expect(town.length, query).toBeGreaterThan(2);
      expect(address, name).toContain(town);
      expect(map.text(), name).toContain(`Open in Maps: ${name}, ${town}`);
    }
  });

  it("every card shows its listing's description, the same sentence as its JSON-LD", async () => {
    const $ = await page(route);
    const list = jsonLd($, "CollectionPage").mainEntity.itemListElement;
    $(".listing-card").each((i, card) => {
      const shown = $(card).find(".listing-description").text();
      expect(shown.length, list[i].item.name).toBeGreaterThan(20);
      expect(shown).toBe(list[i].item.description);
    });
  });
});

describe("resort cards", () => {
  it.each(["/puerto-plata-resorts", "/sosua-resorts", "/cabarete-resorts"])(
    "%s: star ratings 3-5 in halves, read as 'N out of 5 stars', resort types",
    async (route) => {
      const $ = await page(route);
      const items = jsonLd($, "CollectionPage").mainEntity.itemListElement.map((i: JsonLd) => i.item);
      $(".listing-card").each((i, card) => {
        const rating = items[i].starRating.ratingValue;
        expect(rating).toBeGreaterThanOrEqual(3);
        expect(rating).toBeLessThanOrEqual(5);
        expect(rating * 2).toBe(Math.round(rating * 2));
        expect($(card).find(".rating .visually-hidden").text()).toBe(`${rating} out of 5 stars`);
        expect($(card).find(".star").length).toBe(Math.ceil(rating));
        const badge = $(card).find(".badge").text();
        if (badge) expect(["All Inclusive", "All Inclusive - Adults Only", "Adults Only"]).toContain(badge);
        expect(["Resort", "Hotel"]).toContain(items[i]["@type"]);
      });
      $('.listing-card .listing-contact a[href^="http"]').each((_, a) => expect($(a).attr("target")).toBe("_blank"));
    },
  );
});

describe("named venues", () => {
  const names = async (route: string) =>
    (await page(route))(".listing-card .card-title")
      .map((_, el) => el.children.map((c) => ("data" in c ? c.data : "")).join(""))
      .get();

  it("night clubs are exactly the spec's eleven", async () => {
    expect((await names("/puerto-plata-night-clubs")).sort()).toEqual(
      [...SPEC_LISTS["listings/night-clubs.yaml"]!].sort(),
    );
  });

  it("family fun holds the spec's twelve", async () => {
    const found = (await names("/family-fun-puerto-plata")).join(" | ");
    for (const venue of SPEC_LISTS["listings/family-fun.yaml"]!) {
      expect(found).toContain(venue);
    }
  });

  it("landmarks include Mount Isabel de Torres, a rum museum and Paseo de Doña Blanca; golf is Los Mangos and Playa Dorada", async () => {
    const landmarks = (await names("/puerto-plata-landmarks-museums")).join(" | ");
    expect(landmarks).toMatch(/Isabel de Torres/);
    expect(landmarks).toMatch(/Rum/i);
    expect(landmarks).toMatch(/Doña Blanca/);
    const golf = (await names("/puerto-plata-golf-courses")).join(" | ");
    expect(golf).toMatch(/Los Mangos/);
    expect(golf).toMatch(/Playa Dorada/);
  });
});
