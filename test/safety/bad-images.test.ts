/**
 * A picture sharp cannot read is the site's mistake (ImageUnreadable), located where the picture
 * is named, in a build and in dev mode: never exit 70, never an InternalError. Regression
 * (issue 35): text saved as .png, empty, truncated and oversized pictures crashed the build with
 * "Input buffer contains unsupported image format", wherever the picture was used.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DevSite } from "../../src/dev/dev-site.ts";
import { buildInline, writeInlineSite } from "../helpers/inline-site.ts";
import { attempt } from "../helpers/outcome.ts";
import { oversizedPng } from "../helpers/png.ts";

let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  const noise = Buffer.from(Array.from({ length: 200 * 150 * 3 }, (_, i) => (i * 7919) % 251));
  png = await sharp(noise, { raw: { width: 200, height: 150, channels: 3 } })
    .png()
    .toBuffer();
  jpeg = await sharp(noise, { raw: { width: 200, height: 150, channels: 3 } })
    .jpeg()
    .toBuffer();
});

const BAD: Record<string, () => [name: string, bytes: Buffer | string]> = {
  "text saved as .png": () => ["bad.png", "This is not a picture.\n"],
  "an empty .png": () => ["bad.png", Buffer.alloc(0)],
  "a truncated .png": () => ["bad.png", png.subarray(0, Math.floor(png.length / 2))],
  "a truncated .jpg": () => ["bad.jpg", jpeg.subarray(0, Math.floor(jpeg.length / 2))],
  "a .png past sharp's pixel limit": () => ["bad.png", oversizedPng(20_000, 20_000)],
  "text saved as .svg (a route's image: its share images)": () => ["bad.svg", "Not an SVG at all.\n"],
  "text saved as .webp (a route's image: its share images)": () => ["bad.webp", "RIFF....WEBPnope"],
};

async function siteWith(text: string, picture: [string, Buffer | string]): Promise<string> {
  const root = await writeInlineSite(text);
  await mkdir(join(root, "public/images"), { recursive: true });
  await writeFile(join(root, "public/images", picture[0]), picture[1]);
  return root;
}

describe("a picture sharp cannot read", () => {
  it.each(Object.keys(BAD))(
    "%s, as a route's image: ImageUnreadable at the image's line in site.yaml, nothing made",
    async (what) => {
      const [name, bytes] = BAD[what]!();
      const root = await siteWith(
        `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, image: { src: /images/${name}, alt: A picture } }\n-- content/a.md --\nA.\n`,
        [name, bytes],
      );
      const { exit, lines } = await attempt({ root, out: join(root, "dist") });
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^ImageUnreadable {2}site\\.yaml:2:\\d+ {2}routes\\[0\\]\\.image\\.src {2}image '/images/${name.replace(".", "\\.")}' cannot be read as a picture \\(.+\\)\\. (Replace|Scale) public/images/`,
          ),
        ),
      ]);
      expect(exit).toBe(1);
      expect((await readdir(root)).filter((f) => f.startsWith("dist"))).toEqual([]);
    },
  );

  it("is located wherever it is named: in Markdown, in a listing, on a home slide", async () => {
    const markdown = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md }\n-- content/a.md --\nA.\n\n![A chart](/images/bad.png)\n-- public/images/bad.png --\nnot a picture\n`,
    );
    expect(markdown.lines).toEqual([
      expect.stringMatching(
        /^ImageUnreadable {2}content\/a\.md:3:12 {2}image '\/images\/bad\.png' cannot be read as a picture/,
      ),
    ]);
    const listing = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: directory, listings: l.yaml, content: a.md }\n-- content/a.md --\nA.\n-- content/l.yaml --\nitemType: Bakery\nitems:\n  - { id: 1, name: A, image: /images/bad.png, alt: A, address2: Puerto Plata }\n-- public/images/bad.png --\nnot a picture\n`,
    );
    expect(listing.lines).toEqual([
      expect.stringMatching(
        /^ImageUnreadable {2}content\/l\.yaml:3:30 {2}items\[0\]\.image {2}image '\/images\/bad\.png' cannot be read/,
      ),
    ]);
    const article = (n: number) =>
      `  - { path: /filler-${n}, kind: article, content: filler-${n}.md, related: [${[1, 2, 3, 4]
        .filter((m) => m !== n)
        .map((m) => `/filler-${m}`)
        .join(", ")}] }\n`;
    const slide = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /, kind: home, title: Home, description: The home page of a site for a test., home: { heading: Home, slides: [{ title: A slide, text: A slide., image: /images/bad.png, alt: A picture, path: /filler-1 }], culture: [/filler-1], cuisine: [/filler-2], thumbnails: [{ label: Filler, path: /filler-1 }] } }\n  - { path: /search, kind: search, title: Search, description: Every page of the site for a test. }\n${[1, 2, 3, 4].map(article).join("")}aliases: []\n-- public/images/bad.png --\nnot a picture\n`,
    );
    expect(slide.lines).toEqual([
      expect.stringMatching(
        /^ImageUnreadable {2}site\.yaml:2:\d+ {2}routes\[0\]\.home\.slides\[0\]\.image {2}image '\/images\/bad\.png' cannot be read/,
      ),
    ]);
  });

  // Regression (issue 35): an image path without its extension was reported after rendering, unlocated.
  it("a picture named without its extension is missing at the line that names it", async () => {
    const { exit, lines } = await buildInline(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, image: { src: /images/photo, alt: A picture } }\n-- content/a.md --\nA.\n`,
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^AssetMissing {2}site\.yaml:2:61 {2}routes\[0\]\.image\.src {2}image '\/images\/photo' is not a file under public\//,
      ),
    ]);
    expect(exit).toBe(1);
  });

  it("is a located error in dev mode too, first load or a photo replaced while it runs: never a crash", async () => {
    const root = await writeInlineSite(
      `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, image: { src: /images/p.png, alt: A picture } }\n-- content/a.md --\nA.\n`,
    );
    await writeFile(join(root, "public/images/p.png"), png);
    const dev = new DevSite(root);
    try {
      expect((await dev.rebuild()).errors).toEqual([]);
      await writeFile(join(root, "public/images/p.png"), "now text\n");
      const report = await dev.rebuild(new Map([[join(root, "public/images/p.png"), "change"]]));
      expect(report.crash).toBeUndefined();
      expect(report.errors.map((e) => `${e.code}  ${e.format(false)}`)).toEqual([
        expect.stringMatching(
          /^ImageUnreadable {2}site\.yaml:2:\d+ {2}routes\[0\]\.image\.src {2}image '\/images\/p\.png' cannot be read/,
        ),
      ]);
    } finally {
      await dev.dispose();
    }
    const fresh = new DevSite(root);
    try {
      const report = await fresh.rebuild();
      expect(report.crash).toBeUndefined();
      expect(report.errors.map((e) => e.code)).toEqual(["ImageUnreadable"]);
    } finally {
      await fresh.dispose();
    }
  });
});
