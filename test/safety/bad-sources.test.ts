/**
 * Every mistake an editor can make in the sources gives a located error and leaves the previous
 * output as it was, byte for byte and mtime for mtime: a table of bad inputs (issue 15), each
 * applied to a fresh copy of the fixture site after one good build.
 */
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startDev } from "../../src/dev/index.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt, treeHash } from "../helpers/outcome.ts";

type Breakage = (root: string) => Promise<void>;

const replaceIn =
  (file: string, from: string, to: string | Buffer): Breakage =>
  async (root) => {
    const text = await readFile(join(root, file));
    const at = text.indexOf(from);
    if (at < 0) throw new Error(`'${from}' not in ${file}`);
    await writeFile(
      join(root, file),
      Buffer.concat([text.subarray(0, at), Buffer.from(to), text.subarray(at + Buffer.byteLength(from))]),
    );
  };
const link =
  (target: string, at: string): Breakage =>
  async (root) => {
    await mkdir(join(root, at, ".."), { recursive: true });
    await symlink(target, join(root, at));
  };

/** [what, breakage, the one expected line (code, location, start of message)] */
const CASES: [string, Breakage, RegExp][] = [
  [
    "an alias climbing out of the output",
    replaceIn("site.yaml", "from: /old-beaches", "from: /../../../victim"),
    /^ManifestInvalid {2}site\.yaml:32:13 {2}aliases\[0\]\.from {2}'\/\.\.\/\.\.\/\.\.\/victim' is not a valid value/,
  ],
  [
    "an alias onto the home page's folder",
    replaceIn("site.yaml", "from: /old-beaches", "from: /."),
    /^ManifestInvalid {2}site\.yaml:32:13 {2}aliases\[0\]\.from/,
  ],
  [
    "a content path climbing out of content/",
    replaceIn("site.yaml", "content: articles/beaches.md", "content: ../../etc/passwd.md"),
    /^ManifestInvalid {2}site\.yaml:\d+:\d+ {2}routes\[1\]\.content/,
  ],
  [
    "an image path with a backslash",
    replaceIn("site.yaml", "src: /images/logo.svg", "src: /images\\\\logo.svg"),
    /^ManifestInvalid {2}site\.yaml:6:16 {2}site\.logo\.src/,
  ],
  [
    "an image site.yaml names that public/ lacks",
    replaceIn("site.yaml", "src: /images/logo.svg", "src: /images/nope.svg"),
    /^AssetMissing {2}site\.yaml:6:16 {2}site\.logo\.src {2}image '\/images\/nope\.svg' is not a file under public\//,
  ],
  [
    "an image a listings file names that public/ lacks",
    replaceIn("content/listings/bakeries.yaml", "image: /images/photo.svg", "image: /images/gone.svg"),
    /^AssetMissing {2}content\/listings\/bakeries\.yaml:5:12 {2}items\[0\]\.image/,
  ],
  [
    "an unterminated quote in site.yaml, which once swallowed the next key",
    replaceIn("site.yaml", "disclosure: Some links", 'disclosure: "Some links'),
    /^YamlSyntax {2}site\.yaml:13:15 {2}YAML syntax error: the double quote that opens this value is never closed/,
  ],
  [
    "an unterminated quote in front matter",
    replaceIn("content/articles/beaches.md", "section: Travel", "section: 'Travel"),
    /^YamlSyntax {2}content\/articles\/beaches\.md:2:10 {2}YAML syntax error: the single quote that opens this value is never closed/,
  ],
  [
    "an unterminated quote in a listings file",
    replaceIn("content/listings/bakeries.yaml", "name: Corner Bakery", 'name: "Corner Bakery'),
    /^YamlSyntax {2}content\/listings\/bakeries\.yaml:4:11 {2}YAML syntax error: the double quote that opens this value is never closed/,
  ],
  [
    "a Latin-1 byte in site.yaml",
    replaceIn("site.yaml", "Fixture Guide Home", Buffer.from("Fixture Gu\xeda Home", "latin1")),
    /^EncodingInvalid {2}site\.yaml:36:\d+ {2}the file is not valid UTF-8 text/,
  ],
  [
    "a binary file where Markdown should be",
    async (root) =>
      writeFile(
        join(root, "content/articles/flan.md"),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      ),
    /^(NotText|EncodingInvalid) {2}content\/articles\/flan\.md:1:\d+/,
  ],
  [
    "front matter without its closing line",
    replaceIn("content/articles/beaches.md", "toc: true\n---\n", "toc: true\n"),
    /^FrontMatterUnclosed {2}content\/articles\/beaches\.md:1:1 {2}the front matter that starts here has no closing '---' line/,
  ],
  [
    "a script in raw HTML",
    replaceIn("content/articles/beaches.md", "Long and golden.", "Long and golden. <script>alert(1)</script>"),
    /^RawHtmlUnsafe {2}content\/articles\/beaches\.md:11:18 {2}raw HTML with the element <script> is not published/,
  ],
  [
    "an event handler in raw HTML",
    replaceIn("content/articles/beaches.md", "Long and golden.", '<img src="/images/photo.svg" onerror="alert(1)">'),
    /^RawHtmlUnsafe {2}content\/articles\/beaches\.md:11:1 {2}raw HTML with the attribute onerror on <img> is not published/,
  ],
  [
    "a javascript: URL in raw HTML",
    replaceIn("content/articles/beaches.md", "Long and golden.", '<a href=" JavaScript:alert(1)">x</a>'),
    /^RawHtmlUnsafe {2}content\/articles\/beaches\.md:11:1 {2}raw HTML with the value ' JavaScript:alert\(1\)' of href on <a>/,
  ],
  [
    "an iframe from an unknown host",
    replaceIn("content/articles/beaches.md", "Long and golden.", '<iframe src="https://evil.example/x"></iframe>'),
    /^RawHtmlUnsafe {2}content\/articles\/beaches\.md:11:1 {2}raw HTML with the value 'https:\/\/evil\.example\/x' of src on <iframe> \(a player is framed only from https:\/\/www\.youtube-nocookie\.com/,
  ],
  [
    "a public file linked from outside the site",
    link("/etc/hostname", "public/s.txt"),
    /^SymlinkOutside {2}public\/s\.txt is a symbolic link to \/etc\/hostname, outside the site/,
  ],
  [
    "a public folder linked from outside the site",
    link("/etc", "public/e"),
    /^SymlinkOutside {2}public\/e is a symbolic link to \/etc, outside the site/,
  ],
  [
    "a Markdown file linked from outside the site",
    link("/etc/passwd", "content/articles/pw.md"),
    /^SymlinkOutside {2}content\/articles\/pw\.md is a symbolic link to \/etc\/passwd/,
  ],
  [
    "a link to the folder holding it",
    link(".", "public/images/loop"),
    /^SymlinkLoop {2}public\/images\/loop is a symbolic link to public\/images, a folder that contains it/,
  ],
  [
    "a link to the site's own folder",
    link("../..", "public/images/up"),
    /^SymlinkLoop {2}public\/images\/up is a symbolic link to \., a folder that contains it/,
  ],
  [
    "a link to nothing",
    link("nowhere.svg", "public/images/dangling.svg"),
    /^SymlinkBroken {2}public\/images\/dangling\.svg is a symbolic link to nothing/,
  ],
];

describe("a bad source", () => {
  it.each(CASES)("%s: one located error, exit 1, the previous output untouched", async (_what, breakIt, expected) => {
    const root = await copyFixture("basic-site");
    const out = join(root, "dist");
    expect((await attempt({ root, out })).exit).toBe(0);
    const before = await treeHash(out);
    await breakIt(root);
    const outcome = await attempt({ root, out });
    expect(outcome.exit).toBe(1);
    expect(outcome.lines).toHaveLength(1);
    expect(outcome.lines[0]).toMatch(expected);
    expect(await treeHash(out)).toBe(before);
  });

  it("plain inline HTML such as <kbd> and <br> is published", async () => {
    const root = await copyFixture("basic-site");
    await replaceIn("content/articles/beaches.md", "Long and golden.", "Long and <kbd>golden</kbd>.<br>")(root);
    expect(await attempt({ root, out: join(root, "dist") })).toEqual({ exit: 0, lines: [] });
    expect(await readFile(join(root, "dist/beaches.html"), "utf8")).toContain("Long and <kbd>golden</kbd>.<br>");
  });

  it("a link inside the site is followed, and a byte-order mark is dropped", async () => {
    const root = await copyFixture("basic-site");
    await link("photo.svg", "public/images/same-photo.svg")(root);
    await writeFile(join(root, "site.yaml"), `\uFEFF${await readFile(join(root, "site.yaml"), "utf8")}`);
    expect((await attempt({ root, out: join(root, "dist") })).exit).toBe(0);
    expect(await readFile(join(root, "dist/images/same-photo.svg"), "utf8")).toBe(
      await readFile(join(root, "public/images/photo.svg"), "utf8"),
    );
  });

  it("the dev server refuses what the build refuses, and serves what it publishes", async () => {
    const root = await copyFixture("basic-site");
    await link("/etc/hostname", "public/s.txt")(root);
    await link("photo.svg", "public/images/same-photo.svg")(root);
    const dev = await startDev({ root, port: 0, log: () => {} });
    try {
      expect((await fetch(new URL("/s.txt", dev.url))).status).toBe(403);
      const inside = await fetch(new URL("/images/same-photo.svg", dev.url));
      expect(inside.status).toBe(200);
      expect(await inside.text()).toBe(await readFile(join(root, "public/images/photo.svg"), "utf8"));
    } finally {
      await dev.close();
    }
  });
});
