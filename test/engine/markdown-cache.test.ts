/**
 * A rebuild takes the Markdown bodies it rendered last time from a cache (src/content/markdown-cache.ts).
 * Whatever the cache holds, the pages must be exactly those of a build without it: an edited body
 * is rendered again, and a body taken from the cache still shows its images as they are now.
 */
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../../src/build/build.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";

/** Every HTML file of an output, by its path inside it. */
async function pages(out: string): Promise<Record<string, string>> {
  const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith(".html")).sort();
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f, await readFile(join(out, f), "utf8")] as const)));
}

/** The same site built with caches of its own: nothing a cache holds can reach these pages. */
async function withoutCaches(root: string): Promise<Record<string, string>> {
  const saved = process.env.PPGUIDE_CACHE_DIR;
  process.env.PPGUIDE_CACHE_DIR = await mkdtemp(join(tmpdir(), "ppguide-no-caches-"));
  try {
    const out = join(await mkdtemp(join(tmpdir(), "ppguide-out-")), "dist");
    await build({ root, out });
    return pages(out);
  } finally {
    process.env.PPGUIDE_CACHE_DIR = saved;
  }
}

/** The cache's entry for the test's site: the only one in the test's own caches folder (ownCaches). */
async function cacheFile(): Promise<string> {
  const dir = join(process.env.PPGUIDE_CACHE_DIR!, "ppguide-markdown");
  const names = await readdir(dir);
  expect(names).toHaveLength(1);
  return join(dir, names[0]!);
}

let saved: string | undefined;
afterEach(() => {
  if (saved !== undefined) process.env.PPGUIDE_CACHE_DIR = saved;
  saved = undefined;
});

/** Points this test at a caches folder of its own, so the cache holds this site's entry only. */
async function ownCaches(): Promise<void> {
  saved = process.env.PPGUIDE_CACHE_DIR;
  process.env.PPGUIDE_CACHE_DIR = await mkdtemp(join(tmpdir(), "ppguide-md-caches-"));
}

describe("the rendered-Markdown cache", () => {
  it("is read on a rebuild, and a body edited since is rendered again", async () => {
    await ownCaches();
    const root = await copyFixture("basic-site");
    await build({ root });
    // Mark every stored body: a page showing the mark came from the cache.
    const file = await cacheFile();
    // An entry ends with the SHA-256 of its body (src/core/disk-cache.ts): rewritten as ppguide would.
    const stored = deserialize((await readFile(file)).subarray(0, -32)) as { bodies: Map<string, { html: string }> };
    expect(stored.bodies.size).toBeGreaterThanOrEqual(3);
    for (const md of stored.bodies.values()) md.html = `<p>from-the-cache</p>${md.html}`;
    const body = serialize(stored);
    await writeFile(file, Buffer.concat([body, createHash("sha256").update(body).digest()]));

    await edit(join(root, "content/articles/beaches.md"), "## Playa Dorada", "A new line, just written.\n\n## Playa Dorada");
    await build({ root });
    const built = await pages(join(root, "dist"));
    expect(built["beaches.html"]).toContain("A new line, just written.");
    expect(built["beaches.html"]).not.toContain("from-the-cache");
    expect(Object.values(built).filter((html) => html.includes("from-the-cache")).length).toBeGreaterThanOrEqual(2);
  });

  it("gives the pages a build without caches gives, after edits to bodies and to an image they show", async () => {
    await ownCaches();
    const root = await copyFixture("basic-site");
    await build({ root });
    await edit(join(root, "content/articles/flan.md"), "A classic.", "A classic, edited before the rebuild.");
    // The body that shows this image (beaches.md) is unchanged but must show the image's new size.
    await edit(join(root, "public/images/photo.svg"), 'width="800" height="600" viewBox="0 0 800 600"', 'width="900" height="300" viewBox="0 0 900 300"');
    await build({ root });
    const built = await pages(join(root, "dist"));
    expect(built["flan-recipe.html"]).toContain("A classic, edited before the rebuild.");
    expect(built["beaches.html"]).toMatch(/<img[^>]*src="\/images\/photo\.svg"[^>]*width="900"[^>]*height="300"/);
    expect(built).toEqual(await withoutCaches(root));
  });

  it("ignores an entry it cannot read", async () => {
    await ownCaches();
    const root = await copyFixture("basic-site");
    await build({ root });
    await writeFile(await cacheFile(), "not a cache entry");
    await build({ root });
    expect(await pages(join(root, "dist"))).toEqual(await withoutCaches(root));
  });
});

describe("a damaged rendered-Markdown entry", () => {
  // Regression (issue 27): a same-length edit of an entry was published on every later build.
  it("is not trusted: an edit that keeps its length is noticed, and the pages are those of a build without caches", async () => {
    await ownCaches();
    const root = await copyFixture("basic-site");
    await build({ root });
    const file = await cacheFile();
    const bytes = await readFile(file);
    const at = bytes.indexOf("Long and golden.");
    expect(at).toBeGreaterThan(0);
    bytes.write("Long and GOLDEN.", at);
    await writeFile(file, bytes);
    await build({ root });
    const built = await pages(join(root, "dist"));
    expect(built["beaches.html"]).toContain("Long and golden.");
    expect(built).toEqual(await withoutCaches(root));
  });
});
