/**
 * The text rule (src/core/text-rule.ts), applied to every value a YAML text parses to
 * (src/manifest/yaml-values.ts): what no page, feed or search index can carry is refused where it
 * was written, whatever the file, field or escape that made it.
 */
import fc from "fast-check";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { escapeUTF8 } from "entities";
import { describe, expect, it } from "vitest";
import { forbiddenCharacter } from "../../src/core/text-rule.ts";
import { buildInline } from "../helpers/inline-site.ts";
import { xmlErrors } from "../helpers/xml.ts";
import { assertProperty } from "../helpers/property.ts";

/** Any code point, and lone surrogates, which no well-formed UTF-16 string has but an escape makes. */
const anyText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      fc.constantFrom("\t", "\n", "a", "é"),
    ),
    { maxLength: 12 },
  )
  .map((chars) => chars.join(""));

describe("the text rule", () => {
  it("lets through only what an XML document, and UTF-8, can carry", async () => {
    await assertProperty(
      fc.property(anyText, (text) => {
        if (forbiddenCharacter(text)) return;
        expect(xmlErrors(`<a t="${escapeUTF8(text)}">${escapeUTF8(text)}</a>`)).toEqual([]);
        // A lone surrogate would become U+FFFD on its way to bytes (JSON files, Pagefind's input).
        expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses every character XML refuses", async () => {
    await assertProperty(
      fc.property(anyText, (text) => {
        if (xmlErrors(`<a>${escapeUTF8(text)}</a>`).length) expect(forbiddenCharacter(text)).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["a vertical tab", "A\\x0b B", "a control character (U+000B)"],
    ["a form feed", "\\x0c", "a control character (U+000C)"],
    ["a carriage return", "A\\rB", "a control character (U+000D)"],
    ["a C1 control", "A\\x85B", "a control character (U+0085)"],
    ["a noncharacter", "A\\uFFFE", "a noncharacter (U+FFFE)"],
    ["a lone surrogate", "A\\uD800 B", "a lone surrogate (U+D800)"],
  ])("refuses %s written as an escape in a title, at the title's line in site.yaml", async (_name, escaped, what) => {
    const { exit, lines } = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, title: "${escaped}" }\n-- content/a.md --\nA.\n`,
    );
    expect(exit).toBe(1);
    expect(lines).toEqual([
      `CharacterInvalid  site.yaml:2:54  routes[0].title  the value holds ${what}, which no page, feed or search index can carry. Remove it: write a line break as a new line and any other character as itself; an escape in double quotes ("\\x0b", "\\uD800") makes one.`,
    ]);
  });

  it("holds in every YAML text: a listings file's field, front matter, a key", async () => {
    const listing = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: directory, listings: l.yaml, content: a.md }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: A, image: /images/photo.svg, alt: A, address2: "Puerto\\x0cPlata" }\n`,
    );
    expect(listing.lines).toEqual([
      expect.stringMatching(
        /^CharacterInvalid {2}content\/l\.yaml:3:67 {2}items\[0\]\.address2 {2}the value holds a control character \(U\+000C\)/,
      ),
    ]);
    const frontMatter = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\n---\nkeywords: ["beach\\u0007"]\n---\nA.\n`,
    );
    expect(frontMatter.lines).toEqual([
      expect.stringMatching(
        /^CharacterInvalid {2}content\/a\.md:2:12 {2}keywords\[0\] {2}the value holds a control character \(U\+0007\)/,
      ),
    ]);
    const key = await buildInline(
      `-- site.yaml --\nauthors:\n  "desk\\x01": { name: Test Desk, avatar: /images/avatar.svg, email: desk@inline.example }\n`,
    );
    expect(key.lines).toContainEqual(
      expect.stringMatching(
        /^CharacterInvalid {2}site\.yaml:2:3 {2}authors\.desk\u0001 {2}the key holds a control character \(U\+0001\)/,
      ),
    );
  });

  // Regression (issue 35): a title `"A\x0b B"` passed the check of the file's bytes (the escape is
  // plain text) and built with exit 0 a feed.xml that is not well-formed XML.
  it("keeps feed.xml well-formed: what the rule lets through builds a feed an XML parser reads", async () => {
    const title = "Tabs\\tand lines\\u2028emoji 😀, Doña & <b> x";
    const { exit, root, lines } = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, title: "${title}", description: "A line\\nbreak in a description is fine." }\n-- content/a.md --\nA.\n`,
    );
    expect(lines).toEqual([]);
    expect(exit).toBe(0);
    const feed = await readFile(join(root, "dist/feed.xml"), "utf8");
    expect(xmlErrors(feed)).toEqual([]);
    expect(feed).toContain("Tabs\tand lines\u2028emoji 😀, Doña &amp; &lt;b&gt; x");
  });
});
