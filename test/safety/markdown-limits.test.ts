/**
 * What the Markdown parser would lose or make twice is a located error in the Markdown file:
 * blocks nested past markdown-it's limit (MarkdownTooDeep), and an id the page has already
 * (IdDuplicate). Regression (issue 35): a list 50 deep lost items 40-49 silently, and
 * `## X {#main}` or the same `{#id}` twice built pages with duplicate ids.
 */
import { load } from "cheerio";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildInline } from "../helpers/inline-site.ts";

const page = (markdown: string) =>
  `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\n${markdown}\n`;
const nestedList = (depth: number) =>
  Array.from({ length: depth }, (_, i) => `${"  ".repeat(i)}- item ${i}`).join("\n");
const nestedQuote = (depth: number) => `${">".repeat(depth)} deep quote`;

describe("Markdown past the parser's nesting limit", () => {
  it("a list 50 deep is MarkdownTooDeep at the first line the parser would drop", async () => {
    const { exit, lines } = await buildInline(page(`Intro.\n\n${nestedList(50)}`));
    expect(lines).toEqual([
      expect.stringMatching(
        /^MarkdownTooDeep {2}content\/a\.md:\d+:1 {2}content\/a\.md nests lists or quotes past the Markdown parser's limit here/,
      ),
    ]);
    const line = Number(/a\.md:(\d+):/.exec(lines[0]!)![1]);
    // The items from this line on are those that were lost: past item 30, before item 50.
    expect(line).toBeGreaterThan(30);
    expect(line).toBeLessThanOrEqual(52);
    expect(exit).toBe(1);
  });

  it("quotes nested past the limit too; front matter shifts the line", async () => {
    const { lines } = await buildInline(page(`---\nkeywords: [deep]\n---\n${nestedQuote(120)}`));
    expect(lines).toEqual([expect.stringMatching(/^MarkdownTooDeep {2}content\/a\.md:4:1 /)]);
  });

  it("a list as deep as the parser reads in full builds, with every item on the page", async () => {
    const { exit, root, lines } = await buildInline(page(nestedList(30)));
    expect(lines).toEqual([]);
    expect(exit).toBe(0);
    const html = load(await readFile(join(root, "dist/a.html"), "utf8"));
    const text = html("main").text();
    for (let i = 0; i < 30; i++) expect(text).toMatch(new RegExp(`item ${i}\\b`));
  });
});

describe("ids a page's Markdown gives", () => {
  it.each([
    [
      "a heading with the layout's own id",
      "## Main {#main}\n\nText.",
      /^IdDuplicate {2}content\/a\.md:1:9 {2}the id 'main' is one the page's layout gives already/,
    ],
    [
      "the toc's heading id",
      "## Contents {#related-heading}\n\nText.",
      /^IdDuplicate {2}content\/a\.md:1:13 {2}the id 'related-heading' is one the page's layout gives already/,
    ],
    [
      "the same {#id} twice",
      "## One {#same}\n\nText.\n\n## Two {#same}\n\nMore.",
      /^IdDuplicate {2}content\/a\.md:5:8 {2}the id 'same' is given twice in this Markdown file/,
    ],
    [
      "a raw HTML id equal to a heading's",
      '## One {#same}\n\n<span id="same">x</span>',
      /^IdDuplicate {2}content\/a\.md:3:\d+ {2}the id 'same' is given twice in this Markdown file/,
    ],
  ])("%s is IdDuplicate at its line", async (_what, markdown, expected) => {
    const { exit, lines } = await buildInline(page(markdown));
    expect(lines).toEqual([expect.stringMatching(expected)]);
    expect(exit).toBe(1);
  });

  it("ids of their own build, each once", async () => {
    const { exit, root } = await buildInline(page('## One {#one}\n\n## Two {#two}\n\n<span id="three">x</span>'));
    expect(exit).toBe(0);
    const ids = load(await readFile(join(root, "dist/a.html"), "utf8"))("[id]")
      .map((_, e) => e.attribs.id)
      .get();
    expect(ids).toEqual(expect.arrayContaining(["one", "two", "three", "main"]));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
