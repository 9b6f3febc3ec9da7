/**
 * The build writes the search index of the pages and listings into the same output copy (ppguide's
 * own writer, in Pagefind's format: test/search/pagefind-parity.test.ts holds it to Pagefind's),
 * leaves alias stubs, the 404 page and noindex pages out, and a rebuild writes only the index files
 * whose bytes changed, from the entries the page cache kept: no page is read back.
 * (Finding things in it in a browser is test/e2e/search.test.ts.)
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { PpgErrorList } from "../../src/core/errors.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { treeDigests } from "../helpers/output-tree.ts";
import { searchBuilt } from "../helpers/pagefind-search.ts";
import { tempDir } from "../helpers/scratch.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

let root: string;
let out: string;
/** A page's file in the output, as the build laid it out. */
let fileOf: (route: string) => string;
const entry = async () =>
  JSON.parse(await readFile(join(out, "pagefind/pagefind-entry.json"), "utf8")) as {
    languages: Record<string, { page_count: number; wasm: string | null }>;
  };

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
    expect((await entry()).languages).toEqual({ en: { hash: expect.any(String), wasm: "en", page_count: 6 + 2 + 2 } });
  });

  it("ships Pagefind's client for it (script, worker, English WebAssembly), without the ready-made UIs", () => {
    const files = readdirSync(join(out, "pagefind"));
    expect(files).toEqual(
      expect.arrayContaining(["pagefind.js", "pagefind-worker.js", "wasm.en.pagefind", "pagefind-entry.json"]),
    );
    expect(files.filter((f) => /ui|highlight|unknown/.test(f))).toEqual([]);
  });

  it("each listing card carries the anchor its result links to, and the result is found there", async () => {
    const html = await readFile(fileOf("/bakeries"), "utf8");
    expect(html.match(/<article class="card listing-card" id="listing-\d+">/g)).toHaveLength(2);
    expect(await searchBuilt(out, "bakery")).toContain("/bakeries#listing-1");
  });

  it("--no-search-index leaves the index out; a page a build rendered without it is rendered again for its words", async () => {
    await build({ root, out, searchIndex: false, cache: false });
    expect(existsSync(join(out, "pagefind"))).toBe(false);
    const { rendered } = await build({ root, out });
    expect(rendered).toEqual(
      expect.arrayContaining([{ route: "/beaches", reason: "the search index, which the last build left out" }]),
    );
    // The alias and the 404 page are not indexed: they are reused.
    expect(rendered?.map((r) => r.route)).not.toContain("/404");
    expect((await entry()).languages.en?.page_count).toBe(6 + 2 + 2);
  });

  it("a site.yaml that still splits the index into parts (site.searchIndex) is refused at that line", async () => {
    const site = await copyFixture("basic-site");
    const yaml = join(site, "site.yaml");
    await writeFile(
      yaml,
      (await readFile(yaml, "utf8")).replace(/^site:\n/m, "site:\n  searchIndex: { pagesPerShard: 2 }\n"),
    );
    const failure = await build({ root: site, out: join(site, "dist") }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PpgErrorList);
    const [problem] = (failure as PpgErrorList).errors;
    expect(problem?.code).toBe("ManifestInvalid");
    const line = (await readFile(yaml, "utf8")).split("\n").findIndex((l) => l.includes("searchIndex")) + 1;
    expect(problem?.location).toMatchObject({ file: "site.yaml", line });
  });
});

/** Every file of the served index, with its inode: a file linked from the last build keeps its inode. */
function indexInodes(dir: string): Map<string, number> {
  const files = readdirSync(join(dir, "pagefind"), { recursive: true, encoding: "utf8" });
  return new Map(
    files
      .map((f) => [f, statSync(join(dir, "pagefind", f)).ino] as const)
      .filter(([f]) => statSync(join(dir, "pagefind", f)).isFile()),
  );
}

describe("a rebuild writes only the index files whose bytes changed", () => {
  let site: string;
  let dist: string;
  const edit = async (file: string, from: string | RegExp, to: string) => {
    const path = join(site, file);
    const text = await readFile(path, "utf8");
    const next = text.replace(from, to);
    expect(next).not.toBe(text);
    await writeFile(path, next);
  };
  /** Rebuilds; returns the index files written anew, and those kept (linked: the same inode). */
  const rebuild = async () => {
    const before = indexInodes(dist);
    const { indexed, rendered } = await build({ root: site, out: dist });
    const after = indexInodes(dist);
    const kept = [...after].filter(([f, ino]) => before.get(f) === ino).map(([f]) => f);
    return { written: indexed ?? [], kept, files: after.size, rendered: rendered ?? [] };
  };

  beforeAll(async () => {
    site = await copyFixture("basic-site");
    dist = join(site, "dist");
    await build({ root: site, out: dist });
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  it("with nothing changed: none, every file linked from the served copy", async () => {
    const { written, kept, files, rendered } = await rebuild();
    expect(rendered).toEqual([]);
    expect(written).toEqual([]);
    expect(kept).toHaveLength(files);
  });

  it("after a one-word edit of a page body: its words' chunks, its fragment and the metadata; and it finds the new word", async () => {
    expect(await searchBuilt(dist, "snorkelling")).toEqual([]);
    await appendFile(join(site, "content/articles/beaches.md"), "\nBring gear for snorkelling.\n");
    const { written, kept, rendered } = await rebuild();
    expect(rendered.map((r) => r.route)).toEqual(["/beaches"]);
    expect(written.filter((f) => f.startsWith("pagefind/fragment/"))).toHaveLength(1);
    expect(written.some((f) => /pf_meta$/.test(f))).toBe(true);
    // Pagefind's client and the other pages' fragments are the same bytes: linked.
    expect(written.filter((f) => /\.js$|wasm/.test(f))).toEqual([]);
    expect(kept.filter((f) => f.startsWith("fragment/")).length).toBeGreaterThan(5);
    expect(await searchBuilt(dist, "snorkelling")).toEqual(["/beaches"]);
    expect((await rebuild()).written).toEqual([]);
  });

  it("a changed listing description is re-indexed and found at the listing's card", async () => {
    expect(await searchBuilt(dist, "croissants")).toEqual([]);
    await edit("content/listings/bakeries.yaml", "selling bread and cakes", "selling croissants and cakes");
    expect((await rebuild()).written.length).toBeGreaterThan(0);
    expect(await searchBuilt(dist, "croissants")).toEqual(["/bakeries#listing-1"]);
  });

  it("a changed front-matter keyword is re-indexed and finds its page", async () => {
    expect(await searchBuilt(dist, "custard")).toEqual([]);
    await edit("content/articles/flan.md", "keywords: [flan, dessert]", "keywords: [flan, custard]");
    expect((await rebuild()).written.length).toBeGreaterThan(0);
    expect(await searchBuilt(dist, "custard")).toEqual(["/flan-recipe#keywords"]);
  });

  it("an index file damaged in the served copy is written again, not linked", async () => {
    const [chunk] = readdirSync(join(dist, "pagefind/index"));
    await writeFile(join(dist, "pagefind/index", chunk!), "damaged");
    const { written } = await rebuild();
    expect(written).toContain(`pagefind/index/${chunk}`);
    expect(await searchBuilt(dist, "custard")).toEqual(["/flan-recipe#keywords"]);
  });
});

describe("the index is made from the pages' entries, whatever rendered them", () => {
  /** 310 pages: rendered on the pool of threads in a first build, one at a time in a rebuild. */
  const PAGES = 310;

  it("a rebuild after every page changed makes the same bytes as a first build", async () => {
    const [first, rebuilt] = [await tempDir("ppguide-index-first-"), await tempDir("ppguide-index-rebuilt-")];
    await Promise.all([writePpguideSite(first, PAGES, "2"), writePpguideSite(rebuilt, PAGES, "1")]);
    await build({ root: first, out: join(first, "dist") });
    await build({ root: rebuilt, out: join(rebuilt, "dist") });
    await writePpguideSite(rebuilt, PAGES, "2");
    await build({ root: rebuilt, out: join(rebuilt, "dist"), workers: false });
    const index = async (site: string) =>
      [...(await treeDigests(join(site, "dist")))].filter(([f]) => f.startsWith("pagefind/"));
    expect(await index(rebuilt)).toEqual(await index(first));
    expect((await index(first)).length).toBeGreaterThan(5);
  }, 120_000);

  it("past 256 pages fragments share files: a one-page edit writes its group alone, and a group gone from the served copy is made again, the bytes a first build's", async () => {
    const [first, rebuilt] = [await tempDir("ppguide-groups-first-"), await tempDir("ppguide-groups-rebuilt-")];
    await Promise.all([writePpguideSite(first, PAGES), writePpguideSite(rebuilt, PAGES)]);
    const dist = join(rebuilt, "dist");
    await build({ root: rebuilt, out: dist });
    const groups = () => readdirSync(join(dist, "pagefind/fragment"));
    expect(groups().every((f) => f.includes("_group_"))).toBe(true);
    const edited = "content/articles/article-7.md";
    for (const site of [first, rebuilt]) await appendFile(join(site, edited), "\nA word added: snorkelling.\n");
    const { indexed } = await build({ root: rebuilt, out: dist });
    expect(indexed?.filter((f) => f.startsWith("pagefind/fragment/"))).toHaveLength(1);
    // A group the next build would link, gone: it is made from the pages' entries again.
    const [gone] = groups();
    await rm(join(dist, "pagefind/fragment", gone!));
    const again = await build({ root: rebuilt, out: dist });
    expect(again.indexed).toEqual([`pagefind/fragment/${gone}`]);
    await build({ root: first, out: join(first, "dist") });
    const index = async (site: string) =>
      [...(await treeDigests(join(site, "dist")))].filter(([f]) => f.startsWith("pagefind/"));
    expect(await index(rebuilt)).toEqual(await index(first));
  }, 120_000);

  it("a first build that fails while rendering leaves nothing behind", async () => {
    const site = await tempDir("ppguide-index-fails-");
    await writePpguideSite(site, 100);
    // Markdown's links are checked as the page renders: the 41st page fails, in the second batch.
    await appendFile(join(site, "content/articles/article-40.md"), "\n[A page that is not](/no-such-page)\n");
    await expect(build({ root: site, out: join(site, "dist") })).rejects.toThrow(/no-such-page/);
    expect(existsSync(join(site, "dist"))).toBe(false);
    expect(readdirSync(join(site, "dist.ppguide")).filter((f) => f === "lock")).toEqual([]);
  });
});
