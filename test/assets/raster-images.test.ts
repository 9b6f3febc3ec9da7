import { load } from "cheerio";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantWidths } from "../../src/assets/raster.ts";
import { readChecked, writeChecked } from "../../src/core/disk-cache.ts";
import { build } from "../../src/engine/build.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";

/** A noisy 1000 x 600 photo: noise keeps the encoders honest (a flat colour compresses to nothing). */
async function makeJpeg(file: string): Promise<void> {
  const width = 1000;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width + (seed % 24);
    pixels[i + 1] = (y * 255) / height + ((seed >> 8) % 24);
    pixels[i + 2] = 160 + ((seed >> 16) % 48);
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
}

describe("raster image pipeline", () => {
  let root: string;
  const out = () => join(root, "dist");

  beforeAll(async () => {
    root = await copyFixture("basic-site");
    await makeJpeg(join(root, "public/images/beach.jpg"));
    await sharp({ create: { width: 400, height: 300, channels: 4, background: "#e07a5f" } })
      .png()
      .toFile(join(root, "public/images/chart.png"));
    // The article's hero (first image on the page after the logo) and an inline Markdown photo.
    await edit(
      join(root, "site.yaml"),
      "image: { src: /images/photo.svg, alt: A wide sandy beach",
      "image: { src: /images/beach.jpg, alt: A wide sandy beach",
    );
    await edit(
      join(root, "content/articles/beaches.md"),
      "![Palm trees over the sand](/images/photo.svg",
      "![Palm trees over the sand](/images/beach.jpg",
    );
    await edit(
      join(root, "content/articles/beaches.md"),
      "::banner",
      "![A bar chart of visitors](/images/chart.png)\n\n::banner",
    );
  });

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("plans widths without upscaling", () => {
    expect(variantWidths(1000)).toEqual([320, 640, 1000]);
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
  });

  it("turns a JPEG into WebP variants with srcset, sizes, width and height", async () => {
    const cacheDir = join(root, ".ppguide-cache/images");
    expect(existsSync(cacheDir)).toBe(false);
    await build({ root, out: out(), linkMode: "off" });
    // Encoded here: each WebP variant is now in the site's cache, named by the photo's hash and width.
    const encoded = (await readdir(cacheDir))
      .filter((f) => f.endsWith(".webp"))
      .map((f) => f.replace(/^[0-9a-f]{16}-/, ""));
    expect(encoded.sort()).toEqual(["1000.webp", "320.webp", "320.webp", "400.webp", "640.webp"]);

    const $ = load(await import("node:fs/promises").then((fs) => fs.readFile(join(out(), "beaches.html"), "utf8")));
    const hero = $(".hero-figure img");
    expect(hero.attr("width")).toBe("1000");
    expect(hero.attr("height")).toBe("600");
    expect(hero.attr("loading")).toBe("eager");
    expect(hero.attr("fetchpriority")).toBe("high");
    expect(hero.attr("src")).toMatch(/^\/assets\/images\/beach-[0-9a-f]{10}-1000\.webp$/);
    const srcset = hero.attr("srcset") ?? "";
    expect(srcset.split(", ").map((s) => s.split(" ")[1])).toEqual(["320w", "640w", "1000w"]);
    expect(hero.attr("sizes")).toBeTruthy();

    // The Markdown photo: same variants, lazy.
    const inline = $(".prose img[alt='Palm trees over the sand']");
    expect(inline.attr("loading")).toBe("lazy");
    expect(inline.attr("srcset")).toBe(srcset);
    expect(inline.attr("width")).toBe("1000");

    const png = $(".prose img[alt='A bar chart of visitors']");
    expect(png.attr("width")).toBe("400");
    expect(png.attr("height")).toBe("300");
    expect(png.attr("src")).toMatch(/\.webp$/);

    // The logo's PNG is named only in JSON-LD, as the file itself: it gets no variants. (The
    // logo's SVG is the share image of pages without an image of their own: that one JPEG only.)
    expect(
      (await readdir(join(out(), "assets/images"))).filter(
        (f) => f.startsWith("logo-") && !/^logo-[0-9a-f]{10}-1200x630\.jpg$/.test(f),
      ),
    ).toEqual([]);
    expect(existsSync(join(out(), "images/logo.png"))).toBe(true);

    // SVGs pass through untouched.
    expect($("img.avatar").attr("src")).toBe("/images/avatar.svg");
    expect($("img.avatar").attr("srcset")).toBeUndefined();

    // Every variant named in the HTML (WebP and, where it paid, AVIF) exists and decodes at its width.
    const urls = new Set<string>();
    $("img[srcset], source[srcset]").each((_, el) => {
      for (const part of ($(el).attr("srcset") ?? "").split(", ")) urls.add(part);
    });
    expect(urls.size).toBeGreaterThanOrEqual(4);
    for (const entry of urls) {
      const [url = "", w] = entry.split(" ");
      const meta = await sharp(join(out(), url)).metadata();
      expect(meta.format).toBe(url.endsWith(".avif") ? "heif" : "webp");
      expect(`${meta.width}w`).toBe(w);
    }
    // The hero photo is one where AVIF pays: its <source> is there, and names the smallest width.
    const avif = $(".hero-figure source[type='image/avif']");
    expect(avif.length).toBe(1);
    expect(avif.attr("srcset")).toMatch(/\.avif 320w/);
  });

  it("reuses the on-disk cache on the next build", async () => {
    const cacheDir = join(root, ".ppguide-cache/images");
    const files = await readdir(cacheDir);
    expect(files.length).toBeGreaterThan(0);
    // A variant encoded again would be written anew (under a temporary name, then renamed): a new inode and mtime.
    const identities = () =>
      Promise.all(files.map(async (f) => stat(join(cacheDir, f)).then((s) => `${f} ${s.ino} ${s.mtimeMs}`)));
    const before = await identities();

    await build({ root, out: out(), linkMode: "off" });
    expect(await readdir(cacheDir)).toEqual(files);
    expect(await identities()).toEqual(before);
    expect(existsSync(join(out(), "images/beach.jpg"))).toBe(true);
  });

  it("takes a cached photo's size from its checked record rather than decoding the photo again", async () => {
    const cacheDir = join(root, ".ppguide-cache/images");
    const names = (await readdir(cacheDir)).filter((f) => /^[0-9a-f]{16}\.json$/.test(f));
    expect(names.length).toBe(2);
    const stored = (f: string) => JSON.parse(readChecked(join(cacheDir, f))!.toString()) as Stored;
    type Stored = { key: string; version: string; body: { size: { width: number; height: number } } };
    const beach = names.find((f) => stored(f).body.size.width === 1000)!;
    expect(stored(beach).body.size).toEqual({ width: 1000, height: 600 });
    // A recorded size the photo does not have, stored as the cache stores it, can only come from the cache.
    const forged = stored(beach);
    forged.body.size.height = 601;
    writeChecked(join(cacheDir, beach), JSON.stringify(forged));
    await build({ root, out: out(), linkMode: "off" });
    const $ = load(await readFile(join(out(), "beaches.html"), "utf8"));
    expect($(".hero-figure img").attr("height")).toBe("601");

    // Regression: a record rewritten by hand was trusted; one that fails its checksum is made again, with a warning.
    await writeFile(join(cacheDir, beach), JSON.stringify({ width: 1000, height: 602 }));
    const result = await build({ root, out: out(), linkMode: "off" });
    expect(load(await readFile(join(out(), "beaches.html"), "utf8"))(".hero-figure img").attr("height")).toBe("600");
    expect(result.warnings.map((w) => `${w.code}  ${w.format()}`)).toEqual([
      expect.stringMatching(
        new RegExp(`^CacheEntryDamaged {2}\\.ppguide-cache/images/${beach.replace(".", "\\.")}:1:1 {2}cache entry`),
      ),
    ]);
  });
});
