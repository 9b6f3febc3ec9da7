/**
 * Each code of the error catalogue, made to happen on a copy of the fixture site broken in one
 * place, with the place it must be reported at. Codes with a table of their own elsewhere are
 * listed in COVERED_ELSEWHERE; the last test fails when a code has no test at all.
 */
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ERRORS } from "../../src/core/errors-data.ts";
import { describe as describeError, fromFileSystemError, PpgError } from "../../src/core/errors.ts";
import { runCheckLinksCommand } from "../../src/links/command.ts";
import { errorsMarkdown } from "../../scripts/errors-doc.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt } from "../helpers/outcome.ts";

type Breakage = [file: string, from: string, to: string][];

/** [code, edits, the expected line, build options] */
const CASES: [string, Breakage, RegExp, { strict?: boolean; write?: boolean }?][] = [
  ["RouteNotFound", [["site.yaml", "related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /nowhere, /guides]"]], /^RouteNotFound {2}site\.yaml:54:29 {2}routes\[1\]\.related\[1\] {2}related card '\/nowhere' is not a route or alias/],
  ["RouteDuplicate", [["site.yaml", "  - path: /guides\n", "  - path: /bakeries\n"]], /^RouteDuplicate {2}site\.yaml:\d+:\d+ {2}routes\[\d\]\.path {2}duplicate route path '\/bakeries'/],
  ["AliasIsRoute", [["site.yaml", "from: /old-beaches, to: /beaches", "from: /guides, to: /beaches"]], /^AliasIsRoute {2}site\.yaml:32:13 {2}aliases\[0\]\.from {2}alias '\/guides' is also a route/],
  ["AuthorNotFound", [["site.yaml", "    author: desk\n    dates: { created: 2025-01-02", "    author: nobody\n    dates: { created: 2025-01-02"]], /^AuthorNotFound {2}site\.yaml:51:13 {2}routes\[1\]\.author {2}unknown author 'nobody'/],
  ["DatesOutOfOrder", [["site.yaml", "created: 2025-01-02, published: 2025-01-03", "created: 2025-02-02, published: 2025-01-03"]], /^DatesOutOfOrder {2}site\.yaml:52:12 {2}routes\[1\]\.dates {2}dates are out of order/],
  ["RelatedNotThree", [["site.yaml", "related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /bakeries]"]], /^RelatedNotThree {2}site\.yaml:54:14 {2}routes\[1\]\.related/],
  ["RelatedSelf", [["site.yaml", "related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /beaches, /guides]"]], /^RelatedSelf {2}site\.yaml:54:29 {2}routes\[1\]\.related\[1\] {2}related card '\/beaches' is the page itself/],
  ["ManifestInvalid", [["site.yaml", "    kind: article\n", "    kind: nope\n"]], /^ManifestInvalid {2}site\.yaml:47:11 {2}routes\[1\]\.kind {2}'nope' is not allowed/],
  ["BannersMissing", [["site.yaml", "  banners:\n    - { href: \"https://hotels.example/?aid=1\", image: /images/banner.svg, alt: Find a hotel, width: 728, height: 90 }\n", ""]], /^BannersMissing {2}content\/articles\/beaches\.md places a ::banner but site\.banners is empty/],
  ["FrontMatterInvalid", [["content/articles/beaches.md", "keywords: [beaches]", "keywords: beaches"]], /^FrontMatterInvalid {2}content\/articles\/beaches\.md:3:11 {2}keywords {2}must be an array/],
  ["RecipeMissing", [["content/articles/flan.md", "keywords: [flan, dessert]\nrecipe:\n  prepMinutes: 15\n  totalMinutes: 65\n  servings: 8\n  yield: 8 slices\n  calories: 320\n  category: Dessert\n  ingredients:\n    - 1 cup sugar\n    - 4 eggs\n    - 1 can evaporated milk\n  instructions:\n    - Melt the sugar to a caramel.\n    - Whisk the eggs and milk.\n    - Bake 50 minutes in a water bath.\n", "keywords: [flan, dessert]\n"]], /^RecipeMissing {2}content\/articles\/flan\.md:1:1 {2}a recipe page needs a `recipe:` block/],
  ["RecipeFigures", [["content/articles/flan.md", "totalMinutes: 65", "totalMinutes: 5"]], /^RecipeFigures {2}content\/articles\/flan\.md:6:17 {2}recipe\.totalMinutes {2}total time \(5 min\) is shorter than the prep time \(15 min\)/],
  ["DirectiveUnknown", [["content/articles/beaches.md", "::banner", "::bannr"]], /^DirectiveUnknown {2}content\/articles\/beaches\.md:15:1 {2}content\/articles\/beaches\.md uses an unknown directive '::bannr'/],
  ["VideoInvalid", [["content/articles/beaches.md", "::banner", "::video { title: [unclosed"]], /^VideoInvalid {2}content\/articles\/beaches\.md:15:\d+/],
  ["ListingsInvalid", [["content/listings/bakeries.yaml", "  - id: 2\n", "  - id: 1\n"]], /^ListingsInvalid {2}content\/listings\/bakeries\.yaml:\d+:\d+ {2}items\[1\]\.id {2}duplicate id 1/],
  ["ListingUnsourced", [["content/listings/bakeries.yaml", "        supports: [address1, phone, link]", "        supports: [address1, link]"]], /^ListingUnsourced {2}content\/listings\/bakeries\.yaml:10:12 {2}items\[0\]\.phone {2}phone '\+1 809 555 0100' of 'Corner Bakery' names no source\. Add a `sources:` entry/],
  ["BrokenLink", [["content/articles/beaches.md", "Back to [Dorada](#Dorada).", "Back to [Dorada](#Doradaa)."]], /^BrokenLink {2}content\/articles\/beaches\.md:19:42 {2}#Doradaa {2}missing anchor \(did you mean #Dorada\?\)\. Fix the link/],
  ["PlaceholderLeft", [], /^PlaceholderLeft {2}site\.yaml:\d+:\d+ /, { strict: true }],
];

describe("every error code, made to happen", () => {
  it.each(CASES)("%s", async (_code, edits, expected, opts = {}) => {
    const root = await copyFixture("basic-site");
    for (const [file, from, to] of edits) {
      const text = await readFile(join(root, file), "utf8");
      expect(text.split(from).length - 1, `one '${from}' in ${file}`).toBe(1);
      await writeFile(join(root, file), text.replace(from, to));
    }
    const outcome = await attempt({ root, out: join(root, "dist"), ...opts });
    expect(outcome.exit).toBe(1);
    expect(outcome.lines[0]).toMatch(expected);
  });

  it("ManifestMissing: a folder without site.yaml is a usage error, exit 2", async () => {
    const root = await copyFixture("basic-site");
    await rm(join(root, "site.yaml"));
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome).toEqual({ exit: 2, lines: [expect.stringMatching(/^ManifestMissing {2}no site\.yaml in .*Run ppguide in the site's folder or pass --root DIR\.$/)] });
  });

  it("LinksDirNotADirectory: check-links given a file exits 2 with the code", async () => {
    const root = await copyFixture("basic-site");
    let err = "";
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => ((err += chunk), true)) as typeof process.stderr.write;
    try {
      expect(await runCheckLinksCommand(join(root, "site.yaml"))).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(err).toMatch(/site\.yaml is a file, not a folder\. Pass the folder that holds the site.*\[LinksDirNotADirectory\]/);
  });

  it("TooManyOpenFiles: the system's EMFILE becomes a user error naming the file", () => {
    const emfile = Object.assign(new Error("EMFILE: too many open files, open '/x/dist.ppguide/a/index.html'"), { code: "EMFILE", syscall: "open", path: "/x/dist.ppguide/a/index.html" });
    const err = fromFileSystemError(emfile) as PpgError;
    expect(describeError(err)).toBe("/x/dist.ppguide/a/index.html: too many files are open in this process (EMFILE in open). Raise the limit (ulimit -n) and build again.  [TooManyOpenFiles]");
  });

  it("TemplateFailed keeps the template's own stack", () => {
    const thrown = new Error("Cannot read properties of undefined (reading 'title')");
    const err = new PpgError("TemplateFailed", `rendering /beaches failed: ${thrown.message}`, { cause: thrown });
    expect(describeError(err)).toContain(`[TemplateFailed]\n    Error: Cannot read properties of undefined (reading 'title')\n    `);
    expect(describeError(err)).toContain("error-codes.test.ts");
  });
});

describe("the catalogue", () => {
  const TESTS = fileURLToPath(new URL("../", import.meta.url));
  it("has a test that names every code", () => {
    const texts = readdirSync(TESTS, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".test.ts"))
      .map((f) => readFileSync(join(TESTS, f), "utf8"))
      .join("\n");
    // InternalError is dev mode's wrapper for a crash in ppguide, which no site can cause on purpose.
    const untested = Object.keys(ERRORS).filter((code) => code !== "InternalError" && !new RegExp(`\\b${code}\\b`).test(texts.replace(/ERRORS/g, "")));
    expect(untested).toEqual([]);
  });

  it("docs/errors.md is the catalogue as `npm run docs:errors` writes it", () => {
    expect(readFileSync(fileURLToPath(new URL("../../docs/errors.md", import.meta.url)), "utf8")).toBe(errorsMarkdown());
  });
});
