import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: the artwork scripts are plain ES modules without type declarations
import { Ctx } from "../../scripts/artwork/lib.mjs";
// @ts-expect-error: as above
import { listingPictures, relinkListings } from "../../scripts/artwork/listings.mjs";

// Issue 26: the artwork generator draws each listing its own picture (scripts/artwork/listings.mjs).
type Picture = { file: string; id: number; src: string; alt: string; body: (ctx: unknown) => string };

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function site(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "ppguide-artwork-"));
  mkdirSync(join(dir, "content", "listings"), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "content", "listings", name), text);
  return join(dir, "content");
}

const resort = (id: number) => `  - id: ${id}
    name: "Twin Resort"
    rating: 4
    image: /images/listings/old.svg
    alt: "Old picture"
    description: "An all-inclusive resort on the beach at Playa Dorada."
    area: "Playa Dorada"
    address2: "Puerto Plata 57000"
    inclusive: "All Inclusive"
`;

describe("listing pictures", () => {
  it("three resorts that say exactly the same things still get three different pictures on their page", () => {
    const pics: Picture[] = listingPictures(
      site({ "x-resorts.yaml": `itemType: Resort\nitems:\n${resort(1)}${resort(2)}${resort(3)}` }),
    );
    expect(new Set(pics.map((p) => p.src)).size).toBe(3);
    expect(new Set(pics.map((p) => p.alt)).size).toBe(3);
    expect(new Set(pics.map((p) => p.body(new Ctx()))).size).toBe(3);
    // Deterministic: drawing again draws the same bytes.
    expect(pics.map((p) => p.body(new Ctx()))).toEqual(pics.map((p) => p.body(new Ctx())));
  });

  it("a listing with no picture of its own is refused, naming it, rather than lent another place's", () => {
    const content = site({
      "bakeries.yaml": `itemType: Bakery\nitems:\n  - id: 1\n    name: "Panadería Nueva"\n    image: /images/x.svg\n    alt: "x"\n    description: "A bakery."\n    address2: "Puerto Plata 57000"\n`,
    });
    expect(() => listingPictures(content)).toThrow(/bakeries\.yaml: no picture drawn for "Panadería Nueva"/);
  });

  it("relinking rewrites only each item's image: and alt: lines", () => {
    const content = site({
      "x-resorts.yaml": `# a comment\nitemType: Resort\nitems:\n${resort(1)}    phone: ""\n${resort(2)}`,
    });
    const file = join(content, "listings", "x-resorts.yaml");
    const before = readFileSync(file, "utf8").split("\n");
    relinkListings(listingPictures(content));
    const after = readFileSync(file, "utf8").split("\n");
    expect(after).toHaveLength(before.length);
    const changed = after.map((line, i) => [before[i], line]).filter(([a, b]) => a !== b);
    expect(changed).toHaveLength(4);
    for (const [a, b] of changed)
      expect([a.split(":")[0], b.split(":")[0]]).toSatisfy(
        ([x, y]: string[]) => x === y && /^ {4}(image|alt)$/.test(x),
      );
    expect(after).toContain("    image: /images/listings/x-resorts-twin-resort.svg");
    expect(after).toContain("    image: /images/listings/x-resorts-twin-resort-2.svg");
  });

  // Issue 34: eighteen resort cards were one drawing in different colors. Where a resort stands and how
  // it is built is read from what its listing says, so two resorts that say different things look different.
  const said = (id: number, name: string, description: string) => `  - id: ${id}
    name: "${name}"
    rating: 4
    image: /images/listings/old.svg
    alt: "Old picture"
    description: "${description}"
    area: "Playa Dorada"
    address2: "Puerto Plata 57000"
    inclusive: "All Inclusive"
`;
  it("a resort's picture shows what its listing says about its setting, height and size", () => {
    const pics: Picture[] = listingPictures(
      site({
        "x-resorts.yaml": `itemType: Resort\nitems:\n${[
          said(1, "Sand", "An all-inclusive resort on the beach at Playa Dorada."),
          said(2, "Green", "A hotel beside the golf course, with the beach a short walk away."),
          said(3, "Ridge", "A rustic eco-lodge on a ridge in the hills, with views down to the sea."),
          said(4, "Rock", "A hotel on the cliffs above the bay."),
          said(
            5,
            "Big",
            "A large all-inclusive of 425 rooms in white blocks of up to three floors, on the beach at Playa Dorada.",
          ),
          said(6, "Near", "An apartment hotel for guests who spend their days on the beach, near the bay."),
        ].join("")}`,
      }),
    );
    const alt = (name: string) => pics.find((p) => p.src.endsWith(`-${name.toLowerCase()}.svg`))!.alt;
    expect(alt("Sand")).toContain("on the sand at the water's edge");
    expect(alt("Green")).toContain("beside a golf green with a red flag");
    expect(alt("Ridge")).toContain("on a green hillside high above the sea");
    expect(alt("Rock")).toContain("on a rocky cliff above the sea");
    expect(alt("Big")).toMatch(/^A pair of three-story .* on the sand at the water's edge/);
    // Lying on the beach by day is not standing on it: no setting is drawn that the listing does not state.
    expect(alt("Near")).not.toMatch(/on the sand|lawns|hillside|cliff/);
    // Each setting is drawn, not only named: the six bodies differ.
    expect(new Set(pics.map((p) => p.body(new Ctx()))).size).toBe(6);
  });

  it("every resort card on the site that says it is on the beach is drawn on the sand, and none that says otherwise", () => {
    const pics: Picture[] = listingPictures(join(process.cwd(), "content"));
    const resorts = pics.filter((p) => /-resorts\.yaml$/.test(p.file));
    expect(resorts.length).toBeGreaterThan(30);
    const yaml = Object.fromEntries(resorts.map((p) => [p.file, readFileSync(p.file, "utf8")]));
    for (const p of resorts) {
      const block = yaml[p.file].split(/\n {2}- id: /).find((b) => b.includes(`image: ${p.src}`))!;
      const description = /description: "([^"]*)"/.exec(block)![1];
      const onBeach = /(?:resort|hotel|all-inclusive) on the beach|on the sand|beachfront/.test(description);
      const away =
        /beach (?:is )?a short walk|short walk from the beach|golf|in gardens|\bridge\b|on the cliffs|above the/.test(
          description,
        );
      if (onBeach) expect(p.alt, p.src).toContain("on the sand at the water's edge");
      if (away) expect(p.alt, p.src).not.toContain("on the sand");
      // The picture on disk is the one drawn, with the alt text in the listing.
      expect(block, p.src).toContain(`alt: "${p.alt}"`);
    }
  });
});
