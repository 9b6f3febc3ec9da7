/**
 * A rebuild checks the links of the pages a change can break, and no other (engine/kept-links.ts):
 * the others keep what the served copy's check found. What it reports and serves must be what a
 * build from nothing reports and serves, a kept page's broken links included.
 */
import { readFileSync } from "node:fs";
import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it, vi } from "vitest";
import { build } from "../../src/engine/build.ts";
import type { BuildOptions, BuildResult } from "../../src/engine/build-state.ts";
import type { CheckLinksOptions } from "../../src/links/types.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { removeWhenDone } from "../helpers/scratch.ts";

// The pages each link check of the published pages was asked to check: "all", or a list.
const checks: (string[] | "all")[] = [];
vi.mock("../../src/links/check.ts", async (original) => {
  const actual = await original<typeof import("../../src/links/check.ts")>();
  return {
    ...actual,
    checkLinks: (opts: CheckLinksOptions) => {
      checks.push(opts.pages ? [...opts.pages].sort() : "all");
      return actual.checkLinks(opts);
    },
  };
});

const ARTICLE =
  "kind: article, description: One page of its own for a test., image: { src: /images/photo.svg, alt: A }, author: desk, dates: { created: 2025-01-01, published: 2025-01-01, modified: 2025-01-01 }, related: [/filler-1, /filler-2, /filler-3]";

/** Page a names an anchor of b that is there, one that is not, and a file that is not: two warnings. */
const SITE = `-- site.yaml --
routes:
  - { path: /a, title: Page A, content: a.md, ${ARTICLE} }
  - { path: /b, title: Page B, content: b.md, ${ARTICLE} }
  - { path: /c, title: Page C, content: c.md, ${ARTICLE} }
-- content/a.md --
See [the harbour](/b#harbour), [the market](/b#market) and <a href="/images/timetable.svg">the timetable</a>.
-- content/b.md --
## The harbour {#harbour}

Boats leave at dawn.
-- content/c.md --
A quiet page, with [a picture](/images/photo.svg).
`;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3"/></svg>';
const warned = (result: BuildResult) => result.warnings.map((e) => `${e.code} ${e.format()}`).sort();

/** Every file of the output, by its path, as bytes. */
async function files(dir: string): Promise<Map<string, Buffer>> {
  const names = await fg("**/*", { cwd: dir, dot: true, onlyFiles: true });
  return new Map(names.sort().map((n) => [n, readFileSync(join(dir, n))]));
}

/** The rebuild's warnings and output are a build from nothing's. */
async function expectAsFromNothing(opts: BuildOptions, result: BuildResult): Promise<void> {
  const out = join(opts.root!, "clean");
  const clean = await build({ ...opts, out, cache: false });
  expect(warned(result)).toEqual(warned(clean));
  const [now, then] = [await files(opts.out!), await files(out)];
  await rm(out, { recursive: true });
  expect([...now.keys()]).toEqual([...then.keys()]);
  for (const [name, bytes] of now) expect(bytes.equals(then.get(name)!), name).toBe(true);
}

/** The site built once, in warn mode so that a broken link is served and kept; then `edit`, and a rebuild. */
async function rebuiltAfter(edit: (root: string) => Promise<void>, searchIndex = false) {
  const root = await writeInlineSite(SITE);
  removeWhenDone(root);
  const opts: BuildOptions = { root, out: join(root, "dist"), linkMode: "warn", searchIndex };
  const first = await build(opts);
  expect(warned(first).join("\n")).toMatch(/BrokenLink content\/a\.md:1:\d+ .*#market/);
  expect(warned(first).join("\n")).toMatch(/BrokenLink content\/a\.md:1:\d+ .*timetable\.svg/);
  await edit(root);
  checks.length = 0;
  const second = await build(opts);
  await expectAsFromNothing(opts, second);
  return { second, checked: checks[0] };
}

describe("a rebuild's link check", () => {
  it("checks the page edited, and keeps the broken links of the pages it did not check", async () => {
    const { checked, second } = await rebuiltAfter((root) => appendFile(join(root, "content/c.md"), "\nMore.\n"));
    expect(checked).toEqual(["c.html"]);
    expect(warned(second).filter((w) => w.startsWith("BrokenLink"))).toHaveLength(2);
  });

  it("checks again a page naming an anchor of a page made with other anchors", async () => {
    const { checked, second } = await rebuiltAfter(async (root) => {
      const b = join(root, "content/b.md");
      await writeFile(b, (await readFile(b, "utf8")).replace("{#harbour}", "{#port}"));
    });
    expect(checked).toEqual(["a.html", "b.html"]);
    expect(warned(second).join("\n")).toMatch(/BrokenLink content\/a\.md:1:\d+ .*#harbour/);
  });

  it("keeps a page naming a page made again with the same anchors", async () => {
    const { checked } = await rebuiltAfter((root) => appendFile(join(root, "content/b.md"), "\nAnd at noon.\n"));
    expect(checked).toEqual(["b.html"]);
  });

  it("checks every page when the output's files are others: a file added, a page renamed", async () => {
    const added = await rebuiltAfter((root) => writeFile(join(root, "public/images/timetable.svg"), SVG));
    expect(added.checked).toBe("all");
    expect(warned(added.second).join("\n")).not.toMatch(/timetable/);
    const renamed = await rebuiltAfter(async (root) => {
      const yaml = join(root, "site.yaml");
      await writeFile(yaml, (await readFile(yaml, "utf8")).replace("path: /c,", "path: /quiet,"));
    });
    expect(renamed.checked).toBe("all");
  });

  it("with the search index, whose files a body edit renames, checks again the pages with problems", async () => {
    const { checked } = await rebuiltAfter((root) => appendFile(join(root, "content/c.md"), "\nMangoes.\n"), true);
    expect(checked).toEqual(["a.html", "c.html"]);
  });
});
