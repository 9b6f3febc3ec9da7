/**
 * CopyWriter from several callers at once: a render thread runs two batches at a time
 * (engine/render-pages.ts), each adding pages and then flushing the same writer.
 * Regression: with one wake slot, the second waiter replaced the first, which was never woken,
 * and a first build of 1,200 pages hung for ever.
 */
import { link, mkdir, mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CopyWriter } from "../../src/output/write.ts";

describe("a CopyWriter shared by two batches", () => {
  it("wakes every caller waiting for a write: both batches finish, every file is written", async () => {
    const target = await mkdtemp(join(tmpdir(), "ppguide-copy-"));
    // A limit of 2 makes each add wait for a write to end, as a full writer does.
    const writer = new CopyWriter({ target }, 2);
    const batch = async (name: string) => {
      for (let i = 0; i < 25; i++) await writer.add(`${name}-${i}.html`, `<p>${name} ${i}</p>`);
      await writer.flush();
      return name;
    };
    const hung = new Promise<string>((resolve) => setTimeout(() => resolve("hung"), 5_000).unref());
    expect(await Promise.race([Promise.all([batch("a"), batch("b")]), hung])).toEqual(["a", "b"]);
    expect((await readdir(target)).length).toBe(50);
  });
});

describe("a CopyWriter over the copy it brings up to date", () => {
  it("rewrites a file of that copy alone in place, and never one the served copy shares", async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-copy-"));
    const [target, live] = [join(root, "a"), join(root, "b")];
    await mkdir(target);
    await mkdir(live);
    await writeFile(join(target, "own.html"), "<p>old, this copy's only</p>");
    await writeFile(join(live, "shared.html"), "<p>served</p>");
    await link(join(live, "shared.html"), join(target, "shared.html"));
    const own = (await stat(join(target, "own.html"))).ino;
    const writer = new CopyWriter({ target, live });
    await writer.add("own.html", "<p>new</p>");
    await writer.add("shared.html", "<p>new</p>");
    await writer.flush();
    // The unserved file keeps its inode (no unlink and create); the shared one is replaced, and
    // the served copy still reads as served.
    expect((await stat(join(target, "own.html"))).ino).toBe(own);
    expect(await readFile(join(target, "own.html"), "utf8")).toBe("<p>new</p>");
    expect(await readFile(join(target, "shared.html"), "utf8")).toBe("<p>new</p>");
    expect(await readFile(join(live, "shared.html"), "utf8")).toBe("<p>served</p>");
  });
});

describe("a CopyWriter on a copy that was empty when the build began (fresh)", () => {
  it("creates each file without looking first, and still never replaces a file it did not write", async () => {
    const target = await mkdtemp(join(tmpdir(), "ppguide-copy-"));
    const writer = new CopyWriter({ target, fresh: true });
    await writer.add("a/page.html", "<p>new</p>");
    await writer.flush();
    expect(await readFile(join(target, "a/page.html"), "utf8")).toBe("<p>new</p>");
    // Something that appeared behind the writer's back is refused (created exclusively), not overwritten.
    await writeFile(join(target, "there.html"), "<p>not ours</p>");
    await writer.add("there.html", "<p>ours</p>").catch(() => {});
    await expect(writer.flush()).rejects.toThrow(/EEXIST/);
    expect(await readFile(join(target, "there.html"), "utf8")).toBe("<p>not ours</p>");
  });
});
