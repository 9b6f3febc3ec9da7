import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { newPage } from "../../src/site/new-page.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
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
    expect(() => listingPictures(content)).toThrow(
      /^content\/listings\/bakeries\.yaml:3:5 {2}no picture drawn for "Panadería Nueva": .* add one for it to MOTIFS\["bakeries"\]/,
    );
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
    for (const [a = "", b = ""] of changed)
      expect([a.split(":")[0], b.split(":")[0]]).toSatisfy(
        ([x = "", y]: string[]) => x === y && /^ {4}(image|alt)$/.test(x),
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
      const block = yaml[p.file]!.split(/\n {2}- id: /).find((b) => b.includes(`image: ${p.src}`))!;
      const description = /description: "([^"]*)"/.exec(block)![1]!;
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

/** node scripts/artwork/generate.mjs --root ROOT: its exit code and what it printed. */
const GENERATE = fileURLToPath(new URL("../../scripts/artwork/generate.mjs", import.meta.url));
const generate = (root: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
    execFile(process.execPath, [GENERATE, "--root", root], (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );

// Regression: the listing stub said to run the generator, which crashed with a stack trace for a
// new page's listings ("no pictures for listings of this kind; add a drawer in listings.mjs").
describe("the generator on a new directory page, as the listing stub says to run it", () => {
  it("places of a kind with no scenes of their own each get a shopfront, its alt text saying what is drawn", () => {
    const item = (id: number, name: string) =>
      `  - id: ${id}\n    name: "${name}"\n    image: /images/logo.svg\n    alt: "x"\n    address2: "Puerto Plata 57000"\n`;
    const pics: Picture[] = listingPictures(
      site({
        "cigar-shops.yaml": `itemType: Store\nitems:\n${item(1, "Casa de Tabaco")}${item(2, "Puro Norte")}${item(3, "Humo Azul")}`,
      }),
    );
    expect(pics).toHaveLength(3);
    expect(new Set(pics.map((p) => p.body(new Ctx()))).size).toBe(3);
    for (const p of pics)
      expect(p.alt).toMatch(
        /^An? [a-z ]+ shopfront under an? [a-z]+ and white striped awning, .* palm to its (left|right)$/,
      );
    expect(pics.map((p) => p.src)).toEqual([
      "/images/listings/cigar-shops-casa-de-tabaco.svg",
      "/images/listings/cigar-shops-puro-norte.svg",
      "/images/listings/cigar-shops-humo-azul.svg",
    ]);
  });

  it("says at its line, without a stack, to write the name first; then draws it and the page builds", async () => {
    const root = await writeInlineSite(
      "-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\nA.\n",
    );
    await newPage(root, "listing", "cigar-shops", "2026-01-15");
    const listings = join(root, "content/listings/cigar-shops.yaml");
    expect(readFileSync(listings, "utf8")).toMatch(
      /alt: "TODO: once the name is written, run node scripts\/artwork\/generate\.mjs/,
    );

    const early = await generate(root);
    expect(early.code).toBe(1);
    expect(early.stderr.trim()).toBe(
      `content/listings/cigar-shops.yaml:6:5  "TODO: the place's name" is the stub's: write the place's name first, ` +
        "then run this again (the picture is named after it)",
    );

    writeFileSync(listings, readFileSync(listings, "utf8").replace('"TODO: the place\'s name"', '"Casa de Tabaco"'));
    const drawn = await generate(root);
    expect(drawn.stderr).toBe("");
    expect(drawn.code).toBe(0);
    const after = readFileSync(listings, "utf8");
    expect(after).toContain("    image: /images/listings/cigar-shops-casa-de-tabaco.svg");
    expect(after).toMatch(/ {4}alt: "An? [a-z ]+ shopfront under/);
    expect(existsSync(join(root, "public/images/listings/cigar-shops-casa-de-tabaco.svg"))).toBe(true);
    // Published, its picture's alt text is no longer the stub's; what the editor has still to write is.
    writeFileSync(
      join(root, "site.yaml"),
      readFileSync(join(root, "site.yaml"), "utf8").replace("    draft: true\n", ""),
    );
    const result = await build({ root, write: false, clock: "2026-01-15" });
    const left = result.warnings.filter(
      (w) => w.code === "StubTextLeft" && w.location?.file === "content/listings/cigar-shops.yaml",
    );
    expect(left.map((w) => w.path)).toEqual(["items[0].area", "items[0].address2"]);
  }, 60_000);

  it("a place of a page whose scenes are each drawn for one place is refused at its line, without a stack", async () => {
    const root = await writeInlineSite(
      "-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\nA.\n-- content/listings/bakeries.yaml --\n" +
        'itemType: Bakery\nitems:\n  - id: 1\n    name: "Panadería Nueva"\n    image: /images/x.svg\n    alt: "x"\n    address2: "Puerto Plata 57000"\n',
    );
    const run = await generate(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^content\/listings\/bakeries\.yaml:3:5 {2}no picture drawn for "Panadería Nueva"/);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});
