import { readdir, readFile, rename, rm, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { treeDigests } from "../helpers/output-tree.ts";
import { readChecked, writeChecked } from "../../src/core/disk-cache.ts";
import { build } from "../../src/engine/build.ts";
import { buildAndVerify } from "../../src/engine/verify.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";
import { tempDir } from "../helpers/scratch.ts";

/** An inline site whose page shows a JPEG photo, so the cache holds variants, share images and records. */
async function photoSite(): Promise<string> {
  const root = await writeInlineSite(`-- site.yaml --
routes:
  - { path: /a, kind: article, content: a.md, image: { src: /images/beach.jpg, alt: A beach } }
-- content/a.md --
A page with a photo.
`);
  const pixels = Buffer.alloc(700 * 420 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  await sharp(pixels, { raw: { width: 700, height: 420, channels: 3 } })
    .jpeg()
    .toFile(join(root, "public/images/beach.jpg"));
  return root;
}

const images = (root: string) => join(root, ".ppguide-cache/images");

async function flip(file: string, count = 40): Promise<void> {
  const bytes = await readFile(file);
  for (let i = 0; i < count; i++) {
    const at = Math.floor(bytes.length / 3) + i * 3;
    bytes[at] = bytes[at]! ^ 0x5a;
  }
  await writeFile(file, bytes);
}

async function rebuildWithoutOutput(root: string) {
  await rm(join(root, "dist"), { force: true });
  await rm(join(root, "dist.ppguide"), { recursive: true, force: true });
  return build({ root, out: join(root, "dist") });
}

describe("a damaged cache entry", () => {
  it("is never published: flipped, truncated and swapped variants, share images and records are made again", async () => {
    const root = await photoSite();
    await build({ root, out: join(root, "dist") });
    const clean = await treeDigests(join(root, "dist"));
    const cache = await readdir(images(root));
    const webp = cache.filter((f) => f.endsWith(".webp")).sort();
    const share = cache.find((f) => f.startsWith("share-") && f.endsWith(".jpg"))!;
    const record = cache.find((f) => /^[0-9a-f]{16}\.json$/.test(f))!;
    expect(webp.length).toBeGreaterThan(1);

    await flip(join(images(root), webp[0]!));
    await flip(join(images(root), share));
    const avif = cache.find((f) => f.endsWith(".avif"));
    if (avif) await truncate(join(images(root), avif), 100);
    // Two whole variants, each where the other belongs.
    await rename(join(images(root), webp[1]!), join(images(root), "swap"));
    await rename(join(images(root), webp[2] ?? webp[0]!), join(images(root), webp[1]!));
    await rename(join(images(root), "swap"), join(images(root), webp[2] ?? webp[0]!));
    const result = await rebuildWithoutOutput(root);
    expect(await treeDigests(join(root, "dist"))).toEqual(clean);
    const damaged = result.warnings.filter((w) => w.code === "CacheEntryDamaged").map((w) => w.location?.file);
    expect(damaged).toEqual(
      expect.arrayContaining([`.ppguide-cache/images/${share}`, `.ppguide-cache/images/${webp[1]}`]),
    );

    // A record swapped for another image's (or edited) is not read: the photo is measured again.
    const shareRecord = cache.find((f) => f.startsWith("share-") && f.endsWith(".json"))!;
    await writeFile(join(images(root), record), await readFile(join(images(root), shareRecord)));
    const again = await rebuildWithoutOutput(root);
    expect(await treeDigests(join(root, "dist"))).toEqual(clean);
    expect(again.warnings.map((w) => `${w.code}  ${w.format()}`)).toEqual([
      expect.stringMatching(
        new RegExp(`^CacheEntryDamaged {2}\\.ppguide-cache/images/${record.replace(".", "\\.")}:1:1`),
      ),
    ]);
    // Made again, the cache is whole: the next build warns of nothing.
    expect((await rebuildWithoutOutput(root)).warnings).toEqual([]);
  });

  it("of the search index in the served copy is not linked into the next one", async () => {
    const root = await photoSite();
    const out = join(root, "dist");
    await build({ root, out });
    const clean = await treeDigests(out);
    const index = (await readdir(join(out, "pagefind"))).find((f) => f.endsWith(".pf_meta"))!;
    await flip(join(out, "pagefind", index), 8);
    const result = await build({ root, out });
    expect(result.indexed).toEqual([`pagefind/${index}`]);
    expect(await treeDigests(out)).toEqual(clean);
  });

  it("build --verify trusts no cache: an entry forged to pass every check is caught", async () => {
    const root = await photoSite();
    await build({ root, out: join(root, "dist") });
    const record = (await readdir(images(root))).find((f) => /^[0-9a-f]{16}\.json$/.test(f))!;
    const stored = JSON.parse(readChecked(join(images(root), record))!.toString()) as {
      body: { size: { height: number } };
    };
    stored.body.size.height += 1;
    writeChecked(join(images(root), record), JSON.stringify(stored));
    await rm(join(root, "dist"), { force: true });
    await rm(join(root, "dist.ppguide"), { recursive: true, force: true });
    const outcome = await attempt({ root, out: join(root, "dist") }).then(async (first) => {
      expect(first.exit).toBe(0);
      try {
        await buildAndVerify({ root, out: join(root, "dist") });
        return "Verified";
      } catch (err) {
        return String((err as Error).message);
      }
    });
    expect(outcome).toMatch(/the incremental build differs from a clean build in \d+ files?: .*a\.html/);
  });
});

describe("a checked cache file", () => {
  it("written in parts is their bytes one after another, and any byte changed or cut off is not read back", async () => {
    const dir = await tempDir("ppguide-checked-");
    const file = join(dir, "cache");
    // More parts than one system call writes, of every size from none up.
    const parts = Array.from({ length: 2_500 }, (_, i) => Uint8Array.from({ length: i % 7 }, (_, k) => (i + k) % 256));
    writeChecked(file, parts);
    expect(readChecked(file)).toEqual(Buffer.concat(parts));
    const bytes = await readFile(file);
    bytes[100] = (bytes[100] ?? 0) ^ 1;
    await writeFile(file, bytes);
    expect(readChecked(file)).toBeUndefined();
    writeChecked(file, parts);
    await truncate(file, bytes.length - 1);
    expect(readChecked(file)).toBeUndefined();
  });
});
