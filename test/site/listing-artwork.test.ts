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
    const pics: Picture[] = listingPictures(site({ "x-resorts.yaml": `itemType: Resort\nitems:\n${resort(1)}${resort(2)}${resort(3)}` }));
    expect(new Set(pics.map((p) => p.src)).size).toBe(3);
    expect(new Set(pics.map((p) => p.alt)).size).toBe(3);
    expect(new Set(pics.map((p) => p.body(new Ctx()))).size).toBe(3);
    // Deterministic: drawing again draws the same bytes.
    expect(pics.map((p) => p.body(new Ctx()))).toEqual(pics.map((p) => p.body(new Ctx())));
  });

  it("a listing with no picture of its own is refused, naming it, rather than lent another place's", () => {
    const content = site({ "bakeries.yaml": `itemType: Bakery\nitems:\n  - id: 1\n    name: "Panadería Nueva"\n    image: /images/x.svg\n    alt: "x"\n    description: "A bakery."\n    address2: "Puerto Plata 57000"\n` });
    expect(() => listingPictures(content)).toThrow(/bakeries\.yaml: no picture drawn for "Panadería Nueva"/);
  });

  it("relinking rewrites only each item's image: and alt: lines", () => {
    const content = site({ "x-resorts.yaml": `# a comment\nitemType: Resort\nitems:\n${resort(1)}    phone: ""\n${resort(2)}` });
    const file = join(content, "listings", "x-resorts.yaml");
    const before = readFileSync(file, "utf8").split("\n");
    relinkListings(listingPictures(content));
    const after = readFileSync(file, "utf8").split("\n");
    expect(after).toHaveLength(before.length);
    const changed = after.map((line, i) => [before[i], line]).filter(([a, b]) => a !== b);
    expect(changed).toHaveLength(4);
    for (const [a, b] of changed) expect([a.split(":")[0], b.split(":")[0]]).toSatisfy(([x, y]: string[]) => x === y && /^ {4}(image|alt)$/.test(x));
    expect(after).toContain("    image: /images/listings/x-resorts-twin-resort.svg");
    expect(after).toContain("    image: /images/listings/x-resorts-twin-resort-2.svg");
  });
});
