/**
 * Issue 25: the build writes a Pagefind index of the pages and listings into the same output copy,
 * leaves alias stubs, the 404 page and noindex pages out, and a Pagefind that cannot start fails the
 * build without touching the served site. (Finding things in it is test/e2e/search.test.ts.)
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../../src/engine/build.ts";
import { currentCode } from "../../src/core/code-id.ts";
import { readPageCache } from "../../src/output/page-cache.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { CLI } from "../helpers/outcome.ts";
import { treeDigests } from "../helpers/output-tree.ts";
import { searchBuilt } from "../helpers/pagefind-search.ts";
import { tempDir } from "../helpers/scratch.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

/**
 * Indexes asked of Pagefind by builds in this process (one per build that re-indexes), and the
 * pages each message gave it, by URL, in the order sent.
 */
const pagefindCalls = vi.hoisted(() => ({ createIndex: 0, messages: [] as string[][] }));
vi.mock("../../src/output/pagefind-runner.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/output/pagefind-runner.ts")>();
  return {
    ...real,
    startPagefind: (...args: Parameters<typeof real.startPagefind>) => {
      pagefindCalls.createIndex++;
      const run = real.startPagefind(...args);
      return {
        ...run,
        add: (pages: { url: string; content: string }[]) => {
          pagefindCalls.messages.push(pages.map((p) => p.url));
          return run.add(pages);
        },
      };
    },
  };
});

let root: string;
let out: string;
/** A page's file in the output, as the build laid it out. */
let fileOf: (route: string) => string;
const entry = async () =>
  JSON.parse(await readFile(join(out, "pagefind/pagefind-entry.json"), "utf8")) as {
    languages: Record<string, { page_count: number }>;
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
    expect((await entry()).languages).toEqual({ en: expect.objectContaining({ page_count: 6 + 2 + 2 }) });
  });

  it("is written without Pagefind's ready-made UIs, which the site does not load", () => {
    const files = readdirSync(join(out, "pagefind"));
    expect(files).toEqual(
      expect.arrayContaining(["pagefind.js", "pagefind-worker.js", "wasm.en.pagefind", "pagefind-entry.json"]),
    );
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
    expect((await entry()).languages.en?.page_count).toBe(6 + 2 + 2);
  });

  it("SearchIndexFailed: a Pagefind that cannot start fails the build (exit 1), and the served site keeps its index", async () => {
    const before = await readFile(join(out, "pagefind/pagefind-entry.json"), "utf8");
    const page = await readFile(fileOf("/beaches"), "utf8");
    await appendFile(join(root, "content/articles/beaches.md"), "\nA new last line.\n");
    const run = await new Promise<{ code: number; stderr: string }>((done) =>
      execFile(
        process.execPath,
        [CLI, "build", "--root", root],
        { env: { ...process.env, PAGEFIND_BINARY_PATH: join(root, "no-such-binary") } },
        (err, _stdout, stderr) => done({ code: err ? Number((err as { code?: number }).code) : 0, stderr }),
      ),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Pagefind could not build the search index: .*\[SearchIndexFailed\]/);
    expect(await readFile(join(out, "pagefind/pagefind-entry.json"), "utf8")).toBe(before);
    expect(await readFile(fileOf("/beaches"), "utf8")).toBe(page);
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

describe("issue 25: a rebuild re-indexes no more than it must", () => {
  let site: string;
  let dist: string;
  const edit = async (file: string, from: string | RegExp, to: string) => {
    const path = join(site, file);
    const text = await readFile(path, "utf8");
    const next = text.replace(from, to);
    expect(next).not.toBe(text);
    await writeFile(path, next);
  };
  /** The digest of what made each shard of the served index, from the output's page cache. */
  const inputs = () =>
    JSON.stringify(readPageCache(realpathSync(dist), currentCode())!.index!.parts.map((s) => s.digest));
  /**
   * Rebuilds. "linked": Pagefind was not asked for an index and every index file is the served
   * one (same inode); "regenerated": Pagefind made the index again, for other inputs. (Files
   * Pagefind makes byte for byte as before are linked either way, so inodes alone cannot tell.)
   */
  const rebuild = async () => {
    const [files, digest, asked] = [indexInodes(dist), inputs(), pagefindCalls.createIndex];
    const { indexed } = await build({ root: site, out: dist });
    const reindexed = pagefindCalls.createIndex - asked;
    const same =
      [...indexInodes(dist)].every(([f, ino]) => files.get(f) === ino) && indexInodes(dist).size === files.size;
    if (reindexed === 0 && same && indexed?.length === 0) return "linked";
    if (reindexed === 1 && inputs() !== digest && indexed?.length === 1) return "regenerated";
    return `re-indexed ${reindexed} times, inputs ${inputs() === digest ? "same" : "changed"}, files ${same ? "same" : "changed"}`;
  };

  beforeAll(async () => {
    site = await copyFixture("basic-site");
    dist = join(site, "dist");
    await build({ root: site, out: dist });
  });
  afterAll(() => rm(site, { recursive: true, force: true }));

  it("a rebuild with nothing changed links the served index's files (same inodes) instead of asking Pagefind", async () => {
    expect(await rebuild()).toBe("linked");
    expect(await rebuild()).toBe("linked");
    expect(await searchBuilt(dist, "bakery")).toContain("/bakeries#listing-1");
  });

  it("after a one-word edit of a page body the index is made again and finds the new word", async () => {
    expect(await searchBuilt(dist, "snorkelling")).toEqual([]);
    await appendFile(join(site, "content/articles/beaches.md"), "\nBring gear for snorkelling.\n");
    expect(await rebuild()).toBe("regenerated");
    expect(await searchBuilt(dist, "snorkelling")).toEqual(["/beaches"]);
    expect(await rebuild()).toBe("linked");
  });

  it("a changed listing description is re-indexed and found at the listing's card", async () => {
    expect(await searchBuilt(dist, "croissants")).toEqual([]);
    await edit("content/listings/bakeries.yaml", "selling bread and cakes", "selling croissants and cakes");
    expect(await rebuild()).toBe("regenerated");
    expect(await searchBuilt(dist, "croissants")).toEqual(["/bakeries#listing-1"]);
  });

  it("a changed front-matter keyword is re-indexed and finds its page", async () => {
    expect(await searchBuilt(dist, "custard")).toEqual([]);
    await edit("content/articles/flan.md", "keywords: [flan, dessert]", "keywords: [flan, custard]");
    expect(await rebuild()).toBe("regenerated");
    expect(await searchBuilt(dist, "custard")).toEqual(["/flan-recipe#keywords"]);
  });
});

describe("issue 31: an index in shards (site.searchIndex.pagesPerShard)", () => {
  let whole: string;
  let sharded: string;
  beforeAll(async () => {
    [whole, sharded] = await Promise.all([copyFixture("basic-site"), copyFixture("basic-site")]);
    const yaml = join(sharded, "site.yaml");
    await writeFile(
      yaml,
      (await readFile(yaml, "utf8")).replace(/^site:\n/m, "site:\n  searchIndex: { pagesPerShard: 2 }\n"),
    );
    await Promise.all([
      build({ root: whole, out: join(whole, "dist") }),
      build({ root: sharded, out: join(sharded, "dist") }),
    ]);
  });
  afterAll(() => Promise.all([whole, sharded].map((dir) => rm(dir, { recursive: true, force: true }))));

  it("is written as shards, each after the first without Pagefind's script and WebAssembly, which the first serves; the search page names them", () => {
    const dist = join(sharded, "dist");
    // 7 pages at 2 a shard: 4 shards, less any that no page or record hashes to.
    const named = /data-index-parts="([^"]*)"/.exec(readFileSync(join(dist, "search.html"), "utf8"))![1]!.split(" ");
    expect(named.length).toBeGreaterThanOrEqual(2);
    expect(named).toEqual(named.map((_, i) => `/pagefind/${i + 1}/`));
    for (const shard of named) {
      expect(existsSync(join(dist, shard, "pagefind-entry.json")), shard).toBe(true);
      expect(
        readdirSync(join(dist, shard)).filter((f) => /\.js$|wasm/.test(f)),
        shard,
      ).toEqual([]);
    }
    expect(existsSync(join(dist, `pagefind/${named.length + 1}`))).toBe(false);
    expect(readFileSync(join(whole, "dist/search.html"), "utf8")).not.toContain("data-index-parts");
  });

  it("merged, the shards find exactly the pages and listings one whole index finds", async () => {
    for (const query of ["beach", "flan", "bakery", "caramel", "sand", "dessert", "market"]) {
      // One after the other: each search stands in for the global fetch while it runs.
      const one = await searchBuilt(join(whole, "dist"), query);
      const merged = await searchBuilt(join(sharded, "dist"), query);
      expect(merged.sort(), query).toEqual(one.sort());
      expect(one.length + merged.length, query).toBeGreaterThan(0);
    }
  });

  it("after a one-word edit only the edited page's shard is made again", async () => {
    await appendFile(join(sharded, "content/articles/beaches.md"), "\nBring gear for snorkelling.\n");
    const { indexed } = await build({ root: sharded, out: join(sharded, "dist") });
    expect(indexed).toHaveLength(1);
    expect(await searchBuilt(join(sharded, "dist"), "snorkelling")).toEqual(["/beaches"]);
  });
});

describe("the index made while the pages render", () => {
  /** 100 articles: rendered inline in four batches of 32 pages. */
  const PAGES = 100;
  const routes = Array.from({ length: PAGES }, (_, i) => `/article-${i}`);
  const siteOf = async () => {
    const dir = await tempDir("ppguide-index-stream-");
    await writePpguideSite(dir, PAGES);
    return dir;
  };

  it("gives Pagefind each batch's pages as it renders, in the order of site.yaml", async () => {
    const site = await siteOf();
    pagefindCalls.messages = [];
    await build({ root: site, out: join(site, "dist") });
    const given = pagefindCalls.messages.flat();
    expect(given.filter((url) => url !== "/")).toEqual(routes);
    // A message per batch of 32 pages rendered: the pages were given as they came, not in the two
    // messages of 64 that an index made after rendering sends.
    expect(pagefindCalls.messages).toHaveLength(4);
    expect(pagefindCalls.messages.every((m) => m.length <= 32)).toBe(true);
  });

  it("makes the same bytes as the index made after rendering, from the pages as written", async () => {
    const [streamed, after] = [await siteOf(), await siteOf()];
    await build({ root: streamed, out: join(streamed, "dist") });
    // The second site's pages are all reused by the build with the index: it is made from them.
    await build({ root: after, out: join(after, "dist"), searchIndex: false });
    const { rendered } = await build({ root: after, out: join(after, "dist") });
    expect(rendered).toEqual([]);
    const index = async (site: string) =>
      [...(await treeDigests(join(site, "dist")))].filter(([f]) => f.startsWith("pagefind/"));
    expect(await index(after)).toEqual(await index(streamed));
    expect((await index(after)).length).toBeGreaterThan(5);
  });

  it("a first build that fails while rendering ends its Pagefind and leaves no working folder", async () => {
    const site = await siteOf();
    // Markdown's links are checked as the page renders: the 41st page fails, in the second batch.
    await appendFile(join(site, "content/articles/article-40.md"), "\n[A page that is not](/no-such-page)\n");
    await expect(build({ root: site, out: join(site, "dist") })).rejects.toThrow(/no-such-page/);
    expect(existsSync(join(site, "dist"))).toBe(false);
    expect(readdirSync(join(site, "dist.ppguide")).filter((f) => f === "index-work" || f === "lock")).toEqual([]);
  });
});
