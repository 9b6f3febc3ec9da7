/**
 * Issue 31: a CI job checks the site out afresh (every source a new file, with a new mtime) and
 * restores the output and the image cache from its cache (README "Caching the build in CI": the
 * `dist`, `dist.ppguide/` and `.ppguide-cache/` folders, by actions/cache, which tars them), often
 * at another path. Keyed by mtimes, inodes and absolute paths, the page cache once rendered every
 * page again there; keyed by content, one edited page is one page rendered.
 */
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { removeWhenDone, tempDir } from "../helpers/scratch.ts";
import { copySources, describeDifference, readTree } from "../helpers/output-tree.ts";

const run = promisify(execFile);

describe("a build restored by CI at another path", () => {
  it("renders only the page edited since, writes only the index files that changed, and equals a clean build", async () => {
    const first = await copyFixture("basic-site");
    removeWhenDone(first);
    await build({ root: first, out: join(first, "dist") });

    // What actions/cache keeps: a tar of the output, its store and the image cache.
    const archive = join(await tempDir("ppguide-ci-cache-"), "cache.tar");
    await run("tar", ["-cf", archive, "-C", first, "dist", "dist.ppguide", ".ppguide-cache"]);
    // A fresh clone at another path (new files, new mtimes), then the cache restored into it.
    const root = join(await tempDir("ppguide-ci-runner-"), "site");
    await copySources(first, root);
    await run("tar", ["-xf", archive, "-C", root]);

    const md = join(root, "content/articles/beaches.md");
    await writeFile(md, (await readFile(md, "utf8")).replace("Our favourite beaches", "Our very favourite beaches"));
    const rebuilt = await build({ root, out: join(root, "dist") });
    expect(rebuilt.rendered).toEqual([{ route: "/beaches", reason: "its Markdown" }]);
    // The edited page's fragment, the chunks of its words and the metadata; not Pagefind's client.
    expect(rebuilt.indexed?.filter((f) => f.startsWith("pagefind/fragment/"))).toHaveLength(1);
    expect(rebuilt.indexed?.filter((f) => /\.js$|wasm/.test(f))).toEqual([]);

    const clean = join(await tempDir("ppguide-ci-clean-"), "site");
    await copySources(root, clean);
    await build({ root: clean, out: join(clean, "dist") });
    expect(describeDifference(await readTree(join(root, "dist")), await readTree(join(clean, "dist")))).toBeUndefined();
    // Nothing else changed: the next build renders nothing and links the whole index.
    const again = await build({ root, out: join(root, "dist") });
    expect([again.rendered, again.indexed]).toEqual([[], []]);
  });
});
