import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PpgErrorList, type PpgError } from "../../src/core/errors.ts";
import { splitFrontMatter } from "../../src/content/front-matter.ts";
import { checkCrossReferences } from "../../src/manifest/cross-references.ts";
import { parseManifest } from "../../src/site/load-site.ts";
import { FIXTURES } from "../helpers/fixture.ts";

const siteYaml = readFileSync(join(FIXTURES, "basic-site/site.yaml"), "utf8");

/** Every problem ppguide reports for a manifest text, formatted as the CLI prints it. */
function problems(text: string): string[] {
  let errors: PpgError[];
  try {
    const { manifest, source } = parseManifest(text);
    errors = checkCrossReferences(manifest, source);
  } catch (err) {
    if (!(err instanceof PpgErrorList)) throw err;
    errors = err.errors;
  }
  return errors.map((e) => e.format());
}

function mutate(from: string, to: string): string {
  expect(siteYaml.split(from).length - 1, `fixture should contain '${from}' once`).toBe(1);
  return siteYaml.replace(from, to);
}

describe("site.yaml mistakes are reported at file:line:col with a hint", () => {
  it("accepts the fixture as it is", () => {
    expect(problems(siteYaml)).toEqual([]);
  });

  it("bad YAML syntax", () => {
    expect(problems(mutate("    title: The Best Beaches\n", "    title: The Best: Beaches\n"))).toEqual([
      `site.yaml:48:12  YAML syntax error: the value of 'title' holds ': ', which YAML reads as the start of another key. Quote the whole value: title: "…", with \\" for a quote inside it.`,
    ]);
  });

  it("a missing required field", () => {
    expect(problems(mutate("    description: Where to swim, where to eat and when to go to the beach.\n", ""))).toEqual(
      ["site.yaml:46:5  routes[1]  missing required field 'description'. Add `description:` to this entry."],
    );
  });

  it("a value of the wrong type", () => {
    expect(
      problems(
        mutate(
          "    author: desk\n    dates: { created: 2025-01-02",
          "    author: [desk]\n    dates: { created: 2025-01-02",
        ),
      ),
    ).toEqual([
      "site.yaml:51:13  routes[1].author  must be a string, not a list. Write a string here (Key of an entry under `authors:`).",
    ]);
  });

  it("a related block with two entries", () => {
    expect(
      problems(mutate("related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /bakeries]")),
    ).toEqual([
      "site.yaml:54:14  routes[1].related  related must list exactly 3 routes, found 2. The 'You May Also Like' block always shows three cards: list three route paths.",
    ]);
  });

  it("a related card naming an unknown route, with a suggestion", () => {
    expect(
      problems(mutate("related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /bakeries, /guidez]")),
    ).toEqual([
      "site.yaml:54:40  routes[1].related[2]  related card '/guidez' is not a route or alias. Did you mean '/guides'?",
    ]);
  });

  it("a related card naming its own page", () => {
    expect(
      problems(mutate("related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /bakeries, /beaches]")),
    ).toEqual([
      "site.yaml:54:40  routes[1].related[2]  related card '/beaches' is the page itself. Name three other pages.",
    ]);
  });

  it("a 404 suggestion naming an unknown route, with a suggestion", () => {
    const notFound = "  notFound: { suggestions: [/beaches, /guidez] }\n";
    expect(problems(mutate("  banners:\n", `${notFound}  banners:\n`))).toEqual([
      "site.yaml:14:39  site.notFound.suggestions[1]  404 suggestion '/guidez' is not a route or alias. Did you mean '/guides'?",
    ]);
  });

  it("a footer link naming an unknown route, with a suggestion", () => {
    const footer = "  footerLinks:\n    - { label: Plan, path: /guidez }\n";
    expect(problems(mutate("  banners:\n", `${footer}  banners:\n`))).toEqual([
      "site.yaml:15:28  site.footerLinks[0].path  footer link '/guidez' is not a route or alias. Did you mean '/guides'?",
    ]);
  });

  it("a duplicate path", () => {
    const duplicate =
      "  - path: /beaches\n    kind: search\n    title: Beaches again\n    description: A second page declared at the same path.\n";
    expect(problems(siteYaml + duplicate)).toEqual([
      "site.yaml:90:11  routes[7].path  duplicate route path '/beaches' (also routes[1]). Each path may be declared once: remove or rename one of them.",
    ]);
  });

  it("an unknown field points at its key", () => {
    const out = problems(mutate("    kind: article\n", "    kind: article\n    colour: blue\n"));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^site\.yaml:48:5 {2}routes\[1\]\.colour {2}unknown field 'colour'\. Remove it or check its spelling; allowed here: path, kind, title/,
    );
  });

  it("a long value or key is quoted by its ends, so the report stays one short line", () => {
    const long = "x".repeat(5000);
    // YAML allows a key of at most 1,024 characters.
    const out = problems(mutate("    kind: article\n", `    kind: [${long}]\n    ${long.slice(0, 1000)}: 1\n`));
    expect(out).toHaveLength(2);
    for (const line of out) expect(line.length).toBeLessThan(700);
    expect(out.join("\n")).toContain(`'["${"x".repeat(78)}…${"x".repeat(78)}"] (5004 characters)' is not allowed`);
    expect(out.join("\n")).toContain(`unknown field '${"x".repeat(80)}…${"x".repeat(80)} (1000 characters)'`);
  });

  it("reports every mistake at once, in document order", () => {
    const text = mutate("related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /bakeries]").replace(
      "    kind: index\n",
      "    kind: catalogue\n",
    );
    const out = problems(text);
    expect(out.map((line) => line.split("  ")[0])).toEqual(["site.yaml:54:14", "site.yaml:74:11"]);
  });
});

describe("front matter mistakes name the Markdown file", () => {
  const flan = readFileSync(join(FIXTURES, "basic-site/content/articles/flan.md"), "utf8");

  function frontMatterProblems(text: string): string[] {
    try {
      splitFrontMatter(text, "content/articles/flan.md");
      return [];
    } catch (err) {
      if (!(err instanceof PpgErrorList)) throw err;
      return err.errors.map((e) => e.format());
    }
  }

  it("a total time shorter than the prep time", () => {
    expect(frontMatterProblems(flan.replace("totalMinutes: 65", "totalMinutes: 10"))).toEqual([
      "content/articles/flan.md:6:17  recipe.totalMinutes  total time (10 min) is shorter than the prep time (15 min). totalMinutes includes the prep time: it must be at least prepMinutes.",
    ]);
  });

  it("a malformed figure", () => {
    expect(frontMatterProblems(flan.replace("calories: 320", "calories: lots"))).toEqual([
      'content/articles/flan.md:9:13  recipe.calories  must be an integer or null, not string "lots". Write an integer or null here (Calories per serving; null (written `calories: null`) when no source gives them, which the build then does not warn about).',
    ]);
  });

  it("a YAML error inside the front matter", () => {
    expect(frontMatterProblems(flan.replace("keywords: [flan, dessert]", "keywords: [flan, dessert"))[0]).toMatch(
      /^content\/articles\/flan\.md:\d+:\d+ {2}YAML syntax error/,
    );
  });
});
