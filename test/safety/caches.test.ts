/**
 * Caches can't lie and can't spread (issue 27): a damaged entry is recomputed, eviction removes
 * only what ppguide wrote, and no cache may sit in the sources or lead out of the site.
 */
import { mkdir, mkdtemp, readdir, readFile, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { DiskCache } from "../../src/core/disk-cache.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt, treeHash } from "../helpers/outcome.ts";

/** Points PPGUIDE_CACHE_DIR at `dir` for one test. */
function cachesAt(dir: string): void {
  const saved = process.env.PPGUIDE_CACHE_DIR;
  process.env.PPGUIDE_CACHE_DIR = dir;
  onTestFinished(() => {
    process.env.PPGUIDE_CACHE_DIR = saved;
  });
}

describe("the caches", () => {
  // Regression (issue 27): eviction under PPGUIDE_CACHE_DIR deleted 28 of 40 files it never wrote.
  it("eviction removes only entries ppguide wrote", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-evict-"));
    cachesAt(dir);
    await mkdir(join(dir, "kind"));
    const foreign = Array.from({ length: 10 }, (_, i) => `notes-${i}.txt`);
    for (const name of foreign) await writeFile(join(dir, "kind", name), "mine");
    const cache = new DiskCache("kind", 2);
    for (let i = 0; i < 5; i++) cache.write(DiskCache.key(String(i)), `entry ${i}`);
    const left = await readdir(join(dir, "kind"));
    expect(left.filter((n) => n.startsWith("notes-")).sort()).toEqual(foreign.sort());
    expect(left.filter((n) => !n.startsWith("notes-"))).toHaveLength(2);
    expect(cache.read(DiskCache.key("4"))?.toString()).toBe("entry 4");
  });

  it("an entry that does not match its hash is not read", async () => {
    cachesAt(await mkdtemp(join(tmpdir(), "ppguide-damaged-")));
    const cache = new DiskCache("kind", 4);
    const key = DiskCache.key("k");
    cache.write(key, "the rendered body");
    const bytes = await readFile(cache.file(key));
    bytes.write("THE", 0);
    await writeFile(cache.file(key), bytes);
    expect(cache.read(key)).toBeUndefined();
    await truncate(cache.file(key), 5);
    expect(cache.read(key)).toBeUndefined();
  });

  // Regression (issue 27): a truncated share JPEG in .ppguide-cache/images/ was published as it was.
  it("a truncated share image is encoded again", async () => {
    const root = await copyFixture("basic-site");
    expect((await attempt({ root, out: join(root, "dist") })).exit).toBe(0);
    const images = join(root, ".ppguide-cache/images");
    const share = (await readdir(images)).find((n) => n.startsWith("share-") && n.endsWith(".jpg"))!;
    const whole = await readFile(join(images, share));
    await truncate(join(images, share), Math.floor(whole.length / 2));
    expect((await attempt({ root, out: join(root, "dist") })).exit).toBe(0);
    expect(await readFile(join(images, share))).toEqual(whole);
  });

  it(".ppguide-cache leading out of the site is refused, and nothing is written there", async () => {
    const root = await copyFixture("basic-site");
    const outside = await mkdtemp(join(tmpdir(), "ppguide-elsewhere-"));
    await symlink(outside, join(root, ".ppguide-cache"));
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome.lines).toEqual([
      expect.stringMatching(
        /^CacheFolderRefused {2}\.ppguide-cache is a symbolic link to .*ppguide-elsewhere-\w+, outside the site/,
      ),
    ]);
    expect(outcome.exit).toBe(1);
    expect(await readdir(outside)).toEqual([]);
  });

  it("a cache folder inside the sources is refused, the output untouched", async () => {
    const root = await copyFixture("basic-site");
    expect((await attempt({ root, out: join(root, "dist") })).exit).toBe(0);
    const before = await treeHash(join(root, "dist"));
    cachesAt(join(root, "public/cache"));
    const outcome = await attempt({ root, out: join(root, "dist") });
    expect(outcome.lines).toEqual([
      expect.stringMatching(
        /^CacheFolderRefused {2}the cache folder .*\/public\/cache is inside the site's public\/ folder/,
      ),
    ]);
    expect(outcome.exit).toBe(1);
    expect(await treeHash(join(root, "dist"))).toBe(before);
  });
});
