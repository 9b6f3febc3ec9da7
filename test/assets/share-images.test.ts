import { load, type CheerioAPI } from "cheerio";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";

const SITE = "https://fixture.example";

/** A noisy photo, so the encoder has real work (a flat colour compresses to nothing). */
async function makeJpeg(file: string, width: number, height: number): Promise<void> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (i % 251) + (seed % 5);
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
}

/** The mean of each channel of an image file or buffer. */
const channelMeans = async (image: string | Buffer) => (await sharp(image).stats()).channels.map((c) => c.mean);

describe("share images (issue 16: social previews and rich-result images)", () => {
  let root: string;
  const cache = () => join(root, ".ppguide-cache/images");
  const html = async (out: string, file: string) => load(await readFile(join(root, out, file), "utf8"));
  const outputFile = (out: string, url: string) => {
    expect(url.startsWith(`${SITE}/assets/`), url).toBe(true);
    return join(root, out, url.slice(SITE.length));
  };
  const jsonLd = ($: CheerioAPI, type: string) =>
    $('script[type="application/ld+json"]')
      .toArray()
      .map((el) => JSON.parse($(el).text()) as Record<string, unknown>)
      .find((d) => d["@type"] === type)!;

  beforeAll(async () => {
    root = await copyFixture("basic-site");
    // The recipe's image is a photo, the article's an SVG: both kinds of source.
    await makeJpeg(join(root, "public/images/flan.jpg"), 900, 700);
    // Two colours side by side, so a crop drawn wrong (shifted, stretched, mangled pixels) shows.
    await writeFile(
      join(root, "public/images/photo.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="400" height="600" fill="#cc0000"/><rect x="400" width="400" height="600" fill="#0000cc"/></svg>',
    );
    await edit(
      join(root, "site.yaml"),
      "image: { src: /images/photo.svg, alt: A flan on a plate }",
      "image: { src: /images/flan.jpg, alt: A flan on a plate }",
    );
    await build({ root, out: "first" });
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each([
    ["beaches.html", "A wide sandy beach"],
    ["flan-recipe.html", "A flan on a plate"],
    ["bakeries.html", "Bread in a basket"],
  ])("%s: og:image and twitter:image are a 1200x630 JPEG in the output, with its size and alt", async (file, alt) => {
    const $ = await html("first", file);
    const url = $('meta[property="og:image"]').attr("content")!;
    expect($('meta[name="twitter:image"]').attr("content")).toBe(url);
    expect($('meta[name="twitter:card"]').attr("content")).toBe("summary_large_image");
    expect([
      $('meta[property="og:image:width"]').attr("content"),
      $('meta[property="og:image:height"]').attr("content"),
    ]).toEqual(["1200", "630"]);
    expect($('meta[property="og:image:type"]').attr("content")).toBe("image/jpeg");
    expect($('meta[property="og:image:alt"]').attr("content")).toBe(alt);
    const meta = await sharp(outputFile("first", url)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("an SVG's share image is the picture drawn and cropped to fill: its left half red, its right half blue", async () => {
    const $ = await html("first", "beaches.html");
    const og = await readFile(outputFile("first", $('meta[property="og:image"]').attr("content")!));
    // stats() reads its input, not the pipeline's result: the square is cut out first.
    const square = (left: number) => sharp(og).extract({ left, top: 215, width: 200, height: 200 }).png().toBuffer();
    const colour = async (left: number) => (await channelMeans(await square(left))).map(Math.round);
    const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 6);
    const [left, right] = await Promise.all([colour(100), colour(900)]);
    expect(near(left, [204, 0, 0]), `left ${left}`).toBe(true);
    expect(near(right, [0, 0, 204]), `right ${right}`).toBe(true);
  });

  it("a photo's share image has the colours of the photo cropped to fill", async () => {
    const $ = await html("first", "flan-recipe.html");
    const og = outputFile("first", $('meta[property="og:image"]').attr("content")!);
    const reference = await sharp(join(root, "public/images/flan.jpg"))
      .resize({ width: 1200, height: 630, fit: "cover" })
      .png()
      .toBuffer();
    const [got, want] = await Promise.all([channelMeans(og), channelMeans(reference)]);
    got.forEach((mean, channel) =>
      expect(Math.abs(mean - want[channel]!), `channel ${channel}: ${mean} against ${want[channel]}`).toBeLessThan(3),
    );
  });

  it.each([
    ["beaches.html", "BlogPosting"],
    ["flan-recipe.html", "Recipe"],
  ])("%s: %s JSON-LD lists 16:9, 4:3 and 1:1 raster images that exist; the logo stays a PNG", async (file, type) => {
    const $ = await html("first", file);
    const data = jsonLd($, type);
    const images = data.image as { url: string; width: number; height: number }[];
    expect(images.map((i) => i.width / i.height)).toEqual([16 / 9, 4 / 3, 1]);
    for (const image of images) {
      expect(image.width * image.height).toBeGreaterThanOrEqual(50_000);
      const meta = await sharp(outputFile("first", image.url)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", image.width, image.height]);
    }
    const logo = (jsonLd($, "BlogPosting").publisher as { logo: { url: string } }).logo.url;
    expect(logo).toBe(`${SITE}/images/logo.png`);
  });

  it("a rebuild encodes nothing: the cached files are neither rewritten nor added to", async () => {
    const shareFiles = async () => (await readdir(cache())).filter((f) => f.startsWith("share-")).sort();
    const before = await shareFiles();
    // Two sources (the SVG most pages share, the recipe's photo), each in four sizes, and the
    // og:image of the pages without an image (the logo: the home page has none), made once, and
    // each source's record of their digests.
    expect(before.filter((f) => f.endsWith(".jpg")).length).toBe(9);
    expect(before.filter((f) => f.endsWith(".json")).length).toBe(3);
    const mtimes = await Promise.all(before.map(async (f) => (await stat(join(cache(), f))).mtimeMs));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await build({ root, out: "second" });
    expect(await shareFiles()).toEqual(before);
    expect(await Promise.all(before.map(async (f) => (await stat(join(cache(), f))).mtimeMs))).toEqual(mtimes);
    const ogUrl = (await html("second", "beaches.html"))('meta[property="og:image"]').attr("content")!;
    expect(existsSync(outputFile("second", ogUrl))).toBe(true);
  });
});
