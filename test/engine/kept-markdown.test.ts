/**
 * A rebuild reads the Markdown files that changed, and no other (content/kept-markdown.ts): the
 * others' front matter and what every scan found in their bodies come from the store the last build
 * kept. What it builds and reports must be what a build from nothing builds and reports.
 */
import { readFileSync } from "node:fs";
import { appendFile, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it, vi } from "vitest";
import { errorsOf, type PpgErrorList } from "../../src/core/errors.ts";
import { RACY_MS } from "../../src/core/file-stamp.ts";
import { build } from "../../src/engine/build.ts";
import type { BuildResult } from "../../src/engine/build-state.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";

// Every file the build reads through the site's one door, by its path in the site.
const read: string[] = [];
vi.mock("../../src/core/site-folder.ts", async (original) => {
  const actual = await original<typeof import("../../src/core/site-folder.ts")>();
  return {
    ...actual,
    readSiteFile: (root: string, file: string) => {
      read.push(file);
      return actual.readSiteFile(root, file);
    },
  };
});

const ARTICLE =
  "kind: article, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }, related: [/filler-1, /filler-2, /filler-3]";

/**
 * Three pages whose bodies give every scan something to find: a figure written by hand (a warning), a
 * placeholder link, the page's photo named in its body, a fact shown, a mention of a closed lift, links
 * read for drafts (a draft makes every build look for links to it).
 */
const SITE = `-- site.yaml --
facts:
  lift: { subject: Lift, status: closed, since: 2024-06, text: The lift is closed for repairs., mentions: [lift], sources: [{ url: https://news.example/lift, says: the lift is closed }] }
routes:
  - { path: /a, title: Page A, content: a.md, ${ARTICLE} }
  - { path: /b, title: Page B, content: b.md, ${ARTICLE} }
  - { path: /c, title: Page C, content: c.md, ${ARTICLE} }
  - { path: /later, title: Later, content: later.md, draft: true, ${ARTICLE} }
-- content/a.md --
The ferry costs $12 each way, paid on board.

## Getting there {#getting-there}

Walk from the square.
-- content/b.md --
::fact lift

The lift up the hill is closed for repairs, so walk up the steps.

![The hill](/images/photo.svg)

See [page A](/a) and [the example](https://example.com/guide).
-- content/c.md --
TODO: write the page on the market.

Back to [getting there](/a#getting-there).
-- content/later.md --
Not yet.
`;

const settle = () => new Promise((done) => setTimeout(done, RACY_MS + 100));
const lines = (result: BuildResult) =>
  [...result.warnings, ...result.placeholders].map((e) => `${e.code} ${e.format()}`);
const contentRead = () => read.filter((f) => f.startsWith("content/"));

/** Every file of the output, by its path, as bytes. */
async function files(dir: string): Promise<Map<string, Buffer>> {
  const names = await fg("**/*", { cwd: dir, dot: true, onlyFiles: true });
  return new Map(names.sort().map((n) => [n, readFileSync(join(dir, n))]));
}

/** A build from nothing of the site as it is now, in a folder of its own: what the rebuild must equal. */
async function fromNothing(root: string): Promise<{ result: BuildResult; files: Map<string, Buffer> }> {
  const out = join(root, "clean");
  const result = await build({ root, out, cache: false });
  const made = await files(out);
  await rm(out, { recursive: true });
  return { result, files: made };
}

async function expectAsFromNothing(root: string, result: BuildResult): Promise<void> {
  const clean = await fromNothing(root);
  expect(lines(result)).toEqual(lines(clean.result));
  const now = await files(join(root, "dist"));
  expect([...now.keys()]).toEqual([...clean.files.keys()]);
  for (const [name, bytes] of now) expect(bytes.equals(clean.files.get(name)!), name).toBe(true);
}

/** The site written and built once, after its files are old enough for the build to keep their stamps. */
async function builtSite() {
  const root = await writeInlineSite(SITE);
  const opts = { root, out: join(root, "dist") };
  await settle();
  return { root, opts, first: await build(opts) };
}

describe("a rebuild that reads only the Markdown that changed", () => {
  it("reads the file edited, no other, and reports and builds what a build from nothing does", async () => {
    const { root, opts, first } = await builtSite();
    expect(lines(first).join("\n")).toMatch(/FigureUnsourced content\/a\.md:1:\d+/);
    expect(lines(first).join("\n")).toMatch(/StubTextLeft content\/c\.md:1:1/);
    expect(lines(first).join("\n")).toMatch(/PlaceholderLeft content\/b\.md:7:\d+/);
    await appendFile(join(root, "content/c.md"), "\nMore on the market.\n");
    read.length = 0;
    const second = await build(opts);
    // c.md's page renders, and the draft (checked on every build) reads its own file.
    expect(contentRead().sort()).toEqual(["content/c.md", "content/later.md"]);
    expect(second.rendered?.map((r) => r.route)).toContain("/c");
    await expectAsFromNothing(root, second);
  });

  it("reads a file whose page renders again for another reason, and one whose stamp changed but not its bytes", async () => {
    const { root, opts } = await builtSite();
    // b's page is gone from the output (it is made again from its file), and a is touched, as a cache restore does.
    await rm(join(root, "dist/b.html"));
    const now = new Date();
    await utimes(join(root, "content/a.md"), now, now);
    read.length = 0;
    const second = await build(opts);
    expect(contentRead().sort()).toEqual(["content/a.md", "content/b.md", "content/later.md"]);
    expect(second.rendered?.map((r) => r.route)).toContain("/b");
    expect(second.rendered?.map((r) => r.route)).not.toContain("/a");
    await expectAsFromNothing(root, second);
  });

  it("reads every file when the store is damaged, and builds what a build from nothing does", async () => {
    const { root, opts } = await builtSite();
    const store = join(root, ".ppguide-cache/markdown");
    const bytes = await readFile(store);
    // One byte changed in the middle of it: its checksum no longer holds.
    bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0xff, bytes.length >> 1);
    await writeFile(store, bytes);
    await appendFile(join(root, "content/c.md"), "\nMore on the market.\n");
    read.length = 0;
    const second = await build(opts);
    expect(contentRead().sort()).toEqual(await fg("content/*.md", { cwd: root }).then((all) => all.sort()));
    await expectAsFromNothing(root, second);
  });

  it("finds again what a kept body holds when what else the scan reads changed: site.yaml's facts", async () => {
    const { root } = await builtSite();
    // A new fact that a's kept body mentions without showing it.
    const yaml = join(root, "site.yaml");
    const text = await readFile(yaml, "utf8");
    await writeFile(
      yaml,
      text.replace(
        "routes:",
        "  ferry: { subject: Ferry, status: closed, since: 2024-06, text: The ferry is not running., mentions: [ferry], sources: [{ url: https://news.example/ferry, says: no ferry }] }\nroutes:",
      ),
    );
    const problems = (out: string) =>
      build({ root, out: join(root, out), cache: out === "clean" ? false : undefined }).then(
        () => [],
        (err: unknown) => errorsOf(err as PpgErrorList).map((e) => `${e.code} ${e.format()}`),
      );
    const found = await problems("dist");
    expect(found).toContainEqual(expect.stringMatching(/^FactNotShown content\/a\.md:1:5 /));
    expect(found).toEqual(await problems("clean"));
  });
});
