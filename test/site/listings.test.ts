import { load } from "cheerio";
import { describe, expect, it } from "vitest";
import { builtSite, jsonLd, listingPages, loadedSite, page } from "../helpers/site-pages.ts";
import { SPEC_LISTING_COUNTS, SPEC_LISTS } from "../helpers/spec-lists.ts";

// Issue 17: every directory and resort card says what the place is, and no page sends readers to
// Monkeyland, which is in Punta Cana (the north-coast attraction is Monkey Jungle near Sosúa).

describe("listing descriptions", () => {
  it("each directory and resort page the spec names has the spec's number of listings", async () => {
    const counts = Object.fromEntries((await listingPages()).map((r) => [r.path, r.items.length]));
    // Every page the spec names, with its count; a page an editor added is held to the rules below instead.
    expect(Object.fromEntries(Object.keys(SPEC_LISTING_COUNTS).map((path) => [path, counts[path]]))).toEqual(
      SPEC_LISTING_COUNTS,
    );
  });

  it("every listing has one sentence of description, and a town or area on its second address line", async () => {
    for (const { path, items } of await listingPages()) {
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

  // Issue 34: Gran Ventana and Grand Paradise, Iberostar Waves and Be Live Marien, and the Pink Street
  // on two pages had one description each pair; seven night clubs were "a club in Puerto Plata for
  // dancing late into the night". Each card now says what is particular to its place.
  it("no two listings share a description, and no two cards on one page read alike", async () => {
    const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}']+/gu));
    const alike = (a: string, b: string) => {
      const [x, y] = [words(a), words(b)];
      const shared = [...x].filter((w) => y.has(w)).length;
      return shared / (x.size + y.size - shared);
    };
    const all = (await listingPages()).flatMap(({ path, items }) =>
      items.map((i) => ({ path, name: i.name, text: i.description! })),
    );
    const seen = new Map<string, string>();
    for (const { path, name, text } of all) {
      expect(seen.get(text), `${path}: ${name}`).toBeUndefined();
      seen.set(text, `${path}: ${name}`);
    }
    const similar: string[] = [];
    for (const [i, a] of all.entries())
      for (const b of all.slice(i + 1))
        if (a.path === b.path && alike(a.text, b.text) >= 0.6) similar.push(`${a.path}: ${a.name} ~ ${b.name}`);
    expect(similar).toEqual([]);
    // The measure tells the old club lines apart from the new ones.
    expect(
      alike(
        "A night club in Puerto Plata for dancing late into the night.",
        "A club in Puerto Plata with DJs and dancing late into the night.",
      ),
    ).toBeGreaterThanOrEqual(0.6);
  });

  it("each card's structured data carries its listing's description", async () => {
    for (const { path, items } of await listingPages()) {
      const list = jsonLd(await page(path), "CollectionPage").mainEntity.itemListElement;
      expect(
        list.map((e: { item: { description?: string } }) => e.item.description),
        path,
      ).toEqual(items.map((i) => i.description));
    }
  });

  it("a card's first address line is its street address, else its area; only a street address is a streetAddress", async () => {
    for (const { path, items } of await listingPages()) {
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
    const tours = (await listingPages()).find((r) => r.path === "/tours-excursions-puerto-plata")!.items;
    const monkeys = tours.find((i) => /monkey/i.test(i.name))!;
    expect(monkeys.name).toBe("Monkey Jungle");
    expect(monkeys.address2).toMatch(/^Sosúa\b/);
    expect(monkeys.description).toMatch(/near Sosúa/);
  });

  it("Heladería Mariposa is listed once, in the ice-cream directory, as the ice-cream parlor it is; the bakeries do not list it", async () => {
    const routes = await listingPages();
    const icecream = routes.find((r) => r.path === "/ice-cream-puerto-plata")!.items;
    const bakeries = routes.find((r) => r.path === "/bakeries-puerto-plata")!.items;
    const mariposa = icecream.filter((i) => /Mariposa/.test(i.name));
    expect(mariposa.map((i) => i.name)).toEqual(["Heladería Mariposa"]);
    expect(mariposa[0]!.description).toMatch(/ice-cream parlor/);
    expect(bakeries.filter((i) => /Mariposa/.test(i.name))).toEqual([]);
    expect(bakeries).toHaveLength(6);
  });
});

// Issue 26 item 5: each place once, except where the spec itself names it in two directories
// (SPEC_LISTS: the specification's own lists, quoted in docs/site-facts.md, "Venue lists").

/** A name reduced to what identifies the place: no case, accents, leading "The", parenthesized parts or punctuation. */
function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^the /, "");
}

/**
 * Whether two listing names name the same place: equal keys, or one whole name inside the other
 * ("Fun City" in "Fun City Action Park"), or the head of an "X and Y" name, two words or more, inside the
 * other ("Parque Central" of "Parque Central and Cathedral ..." in "Parque Central Independencia"; the
 * tail names an annex, "Spa Resort" of "Cofresí Palm Beach & Spa Resort", so it is not compared).
 * A name met after "at" is the host of a different venue ("Spa at Senator Puerto Plata Spa Resort").
 */
function samePlace(a: string, b: string): boolean {
  const [ka, kb] = [placeKey(a), placeKey(b)];
  if (ka === kb) return true;
  const phrases = (k: string) => {
    const head = k.split(" and ")[0]!;
    return head !== k && head.split(" ").length >= 2 ? [k, head] : [k];
  };
  const within = (phrase: string, k: string) => new RegExp(`(?<!\\bat )\\b${phrase}\\b`).test(k);
  return phrases(ka).some((p) => within(p, kb)) || phrases(kb).some((p) => within(p, ka));
}

// A service is named for the place it serves, and is not that place: "Amber Cove Cruise Port Taxis" is a taxi rank.
const SERVICE_TYPES = new Set(["TaxiService"]);
const namesAPlace = (itemType: string) => !SERVICE_TYPES.has(itemType);

/** Whether the spec's own list for a listings file names this place. */
const inSpec = (file: string, name: string) => (SPEC_LISTS[file] ?? []).some((listed) => samePlace(listed, name));

describe("each place once", () => {
  it("names the same place when only case, accents, 'The', a parenthesis or a longer form differ", () => {
    expect(samePlace("Amber Museum (Museo del Ámbar Dominicano)", "Amber Museum")).toBe(true);
    expect(samePlace("The Malecón", "malecon")).toBe(true);
    expect(samePlace("Fun City Action Park", "Fun City")).toBe(true);
    expect(samePlace("Parque Central and Cathedral of San Felipe Apóstol", "Parque Central Independencia")).toBe(true);
    expect(samePlace("Mount Isabel de Torres and Cable Car", "Puerto Plata Cable Car to Mount Isabel de Torres")).toBe(
      true,
    );
    expect(samePlace("Spa at Senator Puerto Plata Spa Resort", "Senator Puerto Plata Spa Resort")).toBe(false);
    expect(samePlace("Cofresí Palm Beach & Spa Resort", "Spa at Senator Puerto Plata Spa Resort")).toBe(false);
    expect(samePlace("Ocean World Adventure Park", "Ocean World Terrace")).toBe(false);
    expect(samePlace("Cathedral of San Felipe Apóstol", "Parque Central Independencia")).toBe(false);
  });

  it("a taxi rank named for the place it serves is not that place; shops, bakeries and parlors are places", () => {
    expect(samePlace("Amber Cove Cruise Port Taxis", "Amber Cove")).toBe(true);
    expect(namesAPlace("TaxiService")).toBe(false);
    for (const itemType of ["Store", "Bakery", "IceCreamShop", "TouristAttraction", "AmusementPark", "NightClub"])
      expect(namesAPlace(itemType), itemType).toBe(true);
  });

  it("the spec's own lists name exactly Ocean World Terrace and Paseo de Doña Blanca in two directories", () => {
    const [family, ...others] = Object.keys(SPEC_LISTS);
    const twice = SPEC_LISTS[family!]!.filter((name) => others.some((file) => inSpec(file, name)));
    expect(twice.sort()).toEqual(["Ocean World Terrace", "Paseo de Doña Blanca"]);
  });

  it("no place is listed in two directories unless the spec names it in both", async () => {
    const { manifest, content } = await loadedSite();
    const all = [...new Set(manifest.routes.filter((r) => r.listings).map((r) => r.listings!))];
    // Every listings file, and the taxis' among them as the service it is: not compared as places.
    expect(all).toEqual(expect.arrayContaining(Object.keys(SPEC_LISTS)));
    expect(content.listings.get("listings/taxis.yaml")!.itemType).toBe("TaxiService");
    const files = all.filter((f) => namesAPlace(content.listings.get(f)!.itemType));
    expect(files).not.toContain("listings/taxis.yaml");
    const dupes: string[] = [];
    for (const [i, f] of files.entries())
      for (const g of files.slice(i + 1))
        for (const a of content.listings.get(f)!.items)
          for (const b of content.listings.get(g)!.items) {
            if (samePlace(a.name, b.name) && !(inSpec(f, a.name) && inSpec(g, b.name)))
              dupes.push(`${f}: ${a.name}  =  ${g}: ${b.name}`);
          }
    expect(dupes).toEqual([]);
  });
});
