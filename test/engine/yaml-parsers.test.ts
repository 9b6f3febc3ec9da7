/**
 * Two YAML parsers, one reading (src/manifest/yaml-source.ts): js-yaml reads what it can for
 * speed, `yaml` the rest. Every text here must give exactly the data `yaml` alone gives, whichever
 * parser took it; the refusals are held to one place and message in test/safety/yaml-corpus.test.ts.
 * One difference is known and left: a key written `null` or `~` is "null" to js-yaml and "" to
 * `yaml`. No key of ppguide's schemas has either name.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseYamlSource } from "../../src/manifest/yaml-source.ts";
import { PpgErrorList } from "../../src/core/errors.ts";

const REPO = join(import.meta.dirname, "..", "..");

/** What `yaml` alone reads, configured as ppguide configures it. */
const byYaml = (text: string) =>
  parse(text, { schema: "core", uniqueKeys: true, maxAliasCount: 100, logLevel: "error" }) as unknown;

const SAMPLES: [string, string][] = [
  ["integers", "a: 12\nb: -3\nc: +4\nd: 0o17\ne: 0x1F\nf: 017\ng: 1_000\n"],
  ["floats", "a: 1.5\nb: -0.25\nc: 1e3\nd: .5\ne: .inf\nf: -.Inf\ng: .nan\nh: 6.8523015e+5\n"],
  ["booleans and words that are not", "a: true\nb: False\nc: TRUE\nd: yes\ne: on\nf: No\ng: off\n"],
  ["nulls", "a: ~\nb: null\nc: Null\nd:\ne: NULL\n"],
  ["dates and times stay strings", "a: 2025-01-02\nb: 2025-01-02T10:30:00Z\nc: 10:30\nd: 1:20:30\n"],
  [
    "strings with colons, hashes and dashes",
    "a: https://example.com/a?b=c#d\nb: foo#bar\nc: 'a: b'\nd: -x\ne: a - b\nf: foo # comment\n",
  ],
  [
    "quoting and escapes",
    `a: "tab\\tand \\u00e9 and \\"q\\""\nb: 'it''s'\nc: "\\/"\nd: "line\\nbreak"\ne: '#not a comment'\n`,
  ],
  ["accents and emoji", 'a: Mangú, sancocho y habichuelas\nb: "Cabarete 🏄"\nc: Sosúa\n'],
  ["multi-line plain and quoted scalars", "a: one\n  two\n\n  three\nb: \"one\n  two\"\nc: 'one\n\n  two'\n"],
  [
    "block scalars and chomping",
    "a: |\n  line 1\n  line 2\nb: >\n  folded\n  text\n\n  para\nc: |-\n  strip\nd: |+\n  keep\n\ne: >2\n    indented\n",
  ],
  [
    "flow collections",
    "a: [1, two, 'three', { k: v, n: 2 }]\nb: { x: [], y: {}, z: [a, [b, c]] }\nc: [\n  1,\n  2,\n]\n",
  ],
  [
    "nested block collections",
    "routes:\n  - path: /a\n    related: [/b, /c]\n    image:\n      src: /i.svg\n      alt: An image\n  -\n    path: /b\n",
  ],
  ["keys that are numbers, booleans or merge-like", "1: one\ntrue: t\n<<: { k: v }\n"],
  ["keys that collide once made strings (js-yaml refuses, yaml reads)", "1: x\n'1': y\n"],
  ["a `!` in prose", "a: Wow !\nb: 'quoted !'\n"],
  ["explicit tags", "a: !!str 12\nb: !!int '7'\nc: !!float 1\nd: !!bool true\ne: !!null ''\n"],
  ["comments and document markers", "# heading\n---\na: 1 # trailing\n# between\nb: [1, 2] # flow\n...\n"],
  ["complex keys", "? a\n: 1\n? [b, c]\n: 2\n"],
  [
    "anchors and aliases (js-yaml is told to refuse them)",
    "x: &photo /images/photo.svg\ny: *photo\nz: &list [1, 2]\nw: *list\n",
  ],
  ["an empty text", ""],
  ["only a comment", "# nothing here\n"],
  ["a byte-order mark", "\uFEFFa: 1\n"],
  ["windows line ends", "a: 1\r\nb:\r\n  - x\r\n  - y\r\n"],
  ["a scalar document", "just text\n"],
];

describe("the two YAML parsers read alike", () => {
  it.each(SAMPLES)("%s", (_what, text) => {
    expect(parseYamlSource(text, "sample.yaml").data).toEqual(byYaml(text));
  });

  // Regression: YAML 1.2 ends a line at a CR alone, as js-yaml reads it, but `yaml` (and its line counter) took it
  // for a character of the line, so a CR-only site.yaml built, yet `ppguide new` found no `routes` in it.
  it("old Mac line ends (a CR alone) give the data and the places the same text with LF gives", () => {
    const lf = "a: 1\nb:\n  - x\n  - 'y'\nc: |\n  one\n  two\n";
    const cr = lf.replace(/\n/g, "\r");
    const [fromCr, fromLf] = [parseYamlSource(cr, "cr.yaml"), parseYamlSource(lf, "lf.yaml")];
    expect(fromCr.data).toEqual(byYaml(lf));
    expect(fromCr.locate(["b", 1])).toEqual({ ...fromLf.locate(["b", 1]), file: "cr.yaml" });
    expect(fromCr.locate(["b", 1])).toMatchObject({ line: 4, column: 5 });
    // A text js-yaml refuses is read by `yaml` alone, and located so too.
    const tagged = "a: !!str 1\rb: 'open\rc: 3\r";
    expect(() => parseYamlSource(tagged, "cr.yaml")).toThrow(/^cr\.yaml:2:4 {2}YAML syntax error/);
  });

  it("on every YAML text of the project's own site: site.yaml, each front matter and listings file", () => {
    const texts = [readFileSync(join(REPO, "site.yaml"), "utf8")];
    for (const file of fg.sync("content/**/*.{md,yaml}", { cwd: REPO, absolute: true })) {
      const text = readFileSync(file, "utf8");
      texts.push(file.endsWith(".md") ? (/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "") : text);
    }
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) expect(parseYamlSource(text, "site.yaml").data).toEqual(byYaml(text));
  });
});

describe("what `yaml` would warn about", () => {
  it("is not printed as a bare Node warning without a file name", async () => {
    const warnings: string[] = [];
    const listen = (w: Error) => warnings.push(w.message);
    process.on("warning", listen);
    try {
      // An unresolvable explicit tag and a key that is a list: both make `yaml` warn by default.
      parseYamlSource("a: !!float 1\n? [b, c]\n: x\n", "site.yaml");
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off("warning", listen);
    }
    expect(warnings).toEqual([]);
  });
});

describe("a YAML text that cannot be read", () => {
  // Regression (issue 23): the parser threw a bare array of errors, which callers had to cast.
  it.each([
    ["a syntax error", "a: [unclosed\n", /^site\.yaml:2:1 {2}YAML syntax error.*Check the indentation/],
    ["an alias to no anchor", "a: *nowhere\n", /^site\.yaml:1:4 {2}YAML syntax error.*Define the anchor/],
  ])("throws a PpgErrorList of located YamlSyntax errors: %s", (_case, text, expected) => {
    let thrown: unknown;
    try {
      parseYamlSource(text, "site.yaml");
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(PpgErrorList);
    const [err] = (thrown as PpgErrorList).errors;
    expect(err!.code).toBe("YamlSyntax");
    expect(err!.format()).toMatch(expected);
  });
});
