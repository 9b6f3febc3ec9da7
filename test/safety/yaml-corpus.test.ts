/**
 * One YAML grammar everywhere (issue 15): each malformed text is rejected as site.yaml, as front
 * matter and as a listings file, always at the same place in the text (shifted by where the YAML
 * starts in its file), and never silently read. The positions are written out here, so a parser
 * that drifted (or a second, faster one) would fail. The common mistakes (a line indented too far
 * or not far enough, a tab, a quote left open, a key given twice) are each located on the line
 * that holds them and said in plain words (src/manifest/yaml-mistakes.ts).
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt } from "../helpers/outcome.ts";

/**
 * [what, YAML lines placed first in the file, line and column of the error within them, start of
 * the message]; `{n}` in the message is line n of the YAML, as the file numbers it.
 */
const CORPUS: [string, string, [number, number], string][] = [
  [
    "an unterminated double quote that ran on into the next key",
    'note: "first part\nnext: value"\n',
    [1, 7],
    "the double quote that opens this value is never closed",
  ],
  [
    "an unterminated single quote",
    "note: 'first part\n",
    [1, 7],
    "the single quote that opens this value is never closed",
  ],
  [
    "a duplicate key",
    "note: one\nnote: two\n",
    [2, 1],
    "'note' is given twice in the same mapping (first on line {1})",
  ],
  ["a duplicate key in a flow mapping", "note: { a: 1, a: 2 }\n", [1, 15], "'a' is given twice in the same mapping"],
  // Regression: the first line named was that of the same key in another mapping at the same
  // indentation ("first on line 553", the home route's title, for a second title under route 6).
  [
    "a duplicate key in the second of two mappings that both have it",
    "notes:\n  one:\n    title: A\n  two:\n    title: B\n    kind: x\n    title: C\n",
    [7, 5],
    "'title' is given twice in the same mapping (first on line {5})",
  ],
  // Regression: for a key first given on an item's line (`- name:`), the line named was another
  // item's deeper `name:` ("first on line 5" for a name first on line 32).
  [
    "a duplicate key whose first is on a list item's line",
    "notes:\n  - other:\n      name: deep\n  - name: A\n    area: B\n    name: C\n",
    [6, 5],
    "'name' is given twice in the same mapping (first on line {4})",
  ],
  // Regression: an over-indented line was reported on the line above, in the parser's words
  // ("Nested mappings are not allowed in compact mappings").
  [
    "a line indented more than the key above it",
    "note:\n  a: 1\n   b: 2\n",
    [3, 4],
    "this line is indented 1 space more than the key above it ('a', line {2})",
  ],
  [
    "a line indented less than the key above it",
    "note:\n  a: 1\n b: 2\n",
    [3, 2],
    "this line is indented 1 space less than the key above it ('a', line {2})",
  ],
  [
    "a list item's line indented less than its first key",
    "note:\n  - a: 1\n   b: 2\n",
    [3, 4],
    "this line is indented 1 space less than the key above it ('a', line {2})",
  ],
  [
    "a tab as indentation",
    "note:\n\t- 1\n",
    [2, 1],
    "this line is indented with a tab, and YAML indents with spaces only",
  ],
  ["a value holding ': '", "note: Hours: 9 to 5\n", [1, 7], "the value of 'note' holds ': '"],
  ["an alias to an anchor defined nowhere", "note: *nowhere\n", [1, 7], "Unresolved alias"],
  ["a key with no space after its colon, then another key", "note:x\nb: 2\n", [1, 1], ""],
  ["a stray closing bracket", "note: [1, 2]]\n", [1, 13], ""],
];

type Context = [name: string, file: string, place: (root: string, yaml: string) => Promise<void>, lineOffset: number];

const prepend = (file: string) => async (root: string, yaml: string) =>
  writeFile(join(root, file), yaml + (await readFile(join(root, file), "utf8")));
const CONTEXTS: Context[] = [
  ["site.yaml", "site.yaml", prepend("site.yaml"), 0],
  [
    "front matter",
    "content/articles/beaches.md",
    async (root, yaml) =>
      writeFile(
        join(root, "content/articles/beaches.md"),
        (await readFile(join(root, "content/articles/beaches.md"), "utf8")).replace("---\n", `---\n${yaml}`),
      ),
    1,
  ],
  ["a listings file", "content/listings/bakeries.yaml", prepend("content/listings/bakeries.yaml"), 0],
];

describe("malformed YAML", () => {
  for (const [context, file, place, offset] of CONTEXTS) {
    it.each(CORPUS)(
      `as ${context}: %s is one YamlSyntax error at its place`,
      async (_what, yaml, [line, column], message) => {
        const root = await copyFixture("basic-site");
        await place(root, yaml);
        const outcome = await attempt({ root, write: false });
        expect(outcome.exit).toBe(1);
        expect(outcome.lines).toHaveLength(1);
        expect(outcome.lines[0]).toMatch(
          new RegExp(
            `^YamlSyntax {2}${file.replace(/[./]/g, "\\$&")}:${line + offset}:${column} {2}YAML syntax error: ${message
              .replace(/\{(\d+)\}/g, (_, n: string) => String(Number(n) + offset))
              .replace(/[[\]()]/g, "\\$&")}`,
          ),
        );
      },
    );
  }

  it("anchors, aliases and a byte-order mark are read the same in every context", async () => {
    const root = await copyFixture("basic-site");
    const yaml = "x-photo: &photo /images/photo.svg\n";
    // Unknown keys are schema errors, located at the key: proof the text was read, not rejected.
    for (const [, file, place] of CONTEXTS) await place(root, file === "site.yaml" ? `\uFEFF${yaml}` : yaml);
    const outcome = await attempt({ root, write: false });
    expect(outcome.lines.map((l) => l.split("  ").slice(0, 3).join("  "))).toEqual([
      expect.stringMatching(/^ManifestInvalid {2}site\.yaml:1:1 {2}x-photo$/),
    ]);
  });
});
