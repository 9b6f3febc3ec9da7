/**
 * Issue 25: the build writes a Pagefind index of the pages and listings into the same output copy,
 * leaves alias stubs, the 404 page and noindex pages out, and a Pagefind that cannot start fails the
 * build without touching the served site. (Finding things in it is test/e2e/search.test.ts.)
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { appendFile, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/core/build.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { CLI } from "../helpers/outcome.ts";

let root: string;
let out: string;
/** A page's file in the output, as the build laid it out. */
let fileOf: (route: string) => string;
const entry = async () => JSON.parse(await readFile(join(out, "pagefind/pagefind-entry.json"), "utf8")) as { languages: Record<string, { page_count: number }> };

beforeAll(async () => {
  root = await copyFixture("basic-site");
  out = join(root, "dist");
  const { pages } = await build({ root, out });
  fileOf = (route) => join(out, pages.find((p) => p.route === route)!.file);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the search index of a build", () => {
  it("holds the 6 indexable pages, the 2 listings and the 2 pages' keywords: not the alias, the 404 or the noindex search page", async () => {
    // Routes /, /beaches, /flan-recipe, /bakeries, /guides, /authors/desk; /search is noindex; /old-beaches an alias.
    expect((await entry()).languages).toEqual({ en: expect.objectContaining({ page_count: 6 + 2 + 2 }) });
  });

  it("is written without Pagefind's ready-made UIs, which the site does not load", () => {
    const files = readdirSync(join(out, "pagefind"));
    expect(files).toEqual(expect.arrayContaining(["pagefind.js", "pagefind-worker.js", "wasm.en.pagefind", "pagefind-entry.json"]));
    expect(files.filter((f) => /ui|highlight|unknown/.test(f))).toEqual([]);
  });

  it("each listing card carries the anchor its result links to", async () => {
    const html = await readFile(fileOf("/bakeries"), "utf8");
    expect(html.match(/<article class="card listing-card" id="listing-\d+">/g)).toHaveLength(2);
  });

  it("--no-search-index (searchIndex: false) leaves the index out, and a rebuild removes the old one", async () => {
    await build({ root, out, searchIndex: false });
    expect(existsSync(join(out, "pagefind"))).toBe(false);
    await build({ root, out });
    expect((await entry()).languages.en.page_count).toBe(6 + 2 + 2);
  });

  it("SearchIndexFailed: a Pagefind that cannot start fails the build (exit 1), and the served site keeps its index", async () => {
    const before = await readFile(join(out, "pagefind/pagefind-entry.json"), "utf8");
    const page = await readFile(fileOf("/beaches"), "utf8");
    await appendFile(join(root, "content/articles/beaches.md"), "\nA new last line.\n");
    const run = await new Promise<{ code: number; stderr: string }>((done) =>
      execFile(process.execPath, [CLI, "build", "--root", root], { env: { ...process.env, PAGEFIND_BINARY_PATH: join(root, "no-such-binary") } }, (err, _stdout, stderr) =>
        done({ code: err ? Number((err as { code?: number }).code) : 0, stderr }),
      ),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Pagefind could not build the search index: .*\[SearchIndexFailed\]/);
    expect(await readFile(join(out, "pagefind/pagefind-entry.json"), "utf8")).toBe(before);
    expect(await readFile(fileOf("/beaches"), "utf8")).toBe(page);
  });
});
