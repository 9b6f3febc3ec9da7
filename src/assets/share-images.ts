import { mkdir, readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { Manifest, RouteEntry } from "../manifest/types.ts";
import { writeCacheFile } from "../core/disk-cache.ts";
import { hexDigest } from "../core/digest.ts";
import { allSettled } from "../core/settle.ts";
import { readPublicFile } from "../core/site-folder.ts";
import { withDeadline } from "../core/deadline.ts";
import { isPpgError, type PpgError, PpgErrorList } from "../core/errors.ts";
import {
  type CacheWarnings,
  type EntryDigest,
  entryDigest,
  readRecord,
  readVerified,
  writeRecord,
} from "./image-cache.ts";
import { decoding, encodingDeadline, loadSharp } from "./raster.ts";
import { decodeUriPath } from "../core/url-path.ts";
import type { ShareImageRef } from "./images.ts";

/**
 * Raster copies of each page's image for the places that will not show an SVG: the 1200×630
 * og:image / twitter:image of social previews (Facebook, X, LinkedIn, Slack and WhatsApp render
 * no SVG), and the 16:9, 4:3 and 1:1 images Google asks for in Article and Recipe structured data
 * (https://developers.google.com/search/docs/appearance/structured-data/article#article-types).
 * Made with sharp from the SVG or photo, cropped to fill, as JPEG; cached on disk by the source's
 * content hash like the photo variants (raster.ts), so a rebuild encodes nothing it has made before;
 * each source's record of the digests of what it made is checked before use, and each image
 * when it is published (image-cache.ts).
 */

export interface ShareImage {
  /** URL path in the built site, under /assets/ (hashed, cached a year by _headers). */
  url: string;
  width: number;
  height: number;
  type: "image/jpeg";
  /** The encoded file's size, known once files() has made or found it. */
  bytes?: number;
  /** The encoded file in the on-disk cache. */
  cacheFile: string;
}

/** The social preview size Facebook and LinkedIn recommend (1.91:1); X's large summary card crops to it too. */
export const OG_SIZE = { width: 1200, height: 630 } as const;
/** Google's three aspect ratios for article and recipe images, each well above its 50,000-pixel minimum. */
export const SCHEMA_SIZES = [
  { width: 1200, height: 675 },
  { width: 1200, height: 900 },
  { width: 1200, height: 1200 },
] as const;
/** Bump when the encoding changes so cached files made the old way are not reused. */
const SHARE_VERSION = "2";
// libjpeg-turbo, not mozjpeg: a quarter of the CPU for files a little larger, which only crawlers
// fetch (docs/performance.md, Images); a fresh clone's first build is every CI run's.
const JPEG_OPTIONS = { quality: 82 } as const;
export const SHAREABLE = /\.(svg|jpe?g|png|webp)$/i;

interface Planned {
  src: string;
  /** The source file's content hash: names the cached and the output files. */
  hash: string;
  og: ShareImage;
  schema: ShareImage[];
  /** The digest of each image made, by its size (`1200x630`), as the cache's record holds it. */
  made: Record<string, EntryDigest>;
}

const sizeKey = (i: { width: number; height: number }) => `${i.width}x${i.height}`;

/**
 * The share image of a page without an image of its own (search, 404, author pages): the home page's, else the logo.
 */
export function defaultShareImage(manifest: Manifest): { src: string; alt: string } {
  return (
    manifest.routes.find((r) => r.path === "/")?.image ?? { src: manifest.site.logo.src, alt: manifest.site.logo.alt }
  );
}

export class ShareImages {
  private readonly images = new Map<string, Planned>();
  private encoding?: Promise<void>;
  /** Images encoded by sharp in this build (the rest came from the cache). */
  encoded = 0;

  constructor(
    private readonly publicDir: string,
    private readonly cacheDir: string,
    private readonly warnings: CacheWarnings,
  ) {}

  /**
   * Names the share images of every route's image that public/ holds: the og:image for every
   * page, and the three structured-data images for the routes `schemaImages` names (its kind's
   * record says: render/kinds/index.ts). Only hashes the sources; encoding waits for files(), so a
   * build that writes nothing (tests, dev) encodes nothing.
   */
  async prepare(
    manifest: Manifest,
    publicFiles: ReadonlySet<string>,
    schemaImages: (route: RouteEntry) => boolean,
  ): Promise<void> {
    const wanted = new Map<string, boolean>();
    // The default image stands in for the pages without one of their own (the 404 page, search, authors).
    const images = [
      ...manifest.routes.map((r) => ({ image: r.image, schema: schemaImages(r) })),
      { image: defaultShareImage(manifest), schema: false },
    ];
    for (const { image, schema } of images) {
      const src = image?.src;
      if (!src || !SHAREABLE.test(src) || !publicFiles.has(decodeUriPath(src) ?? "")) continue;
      wanted.set(src, (wanted.get(src) ?? false) || schema);
    }
    await Promise.all(
      [...wanted].map(async ([src, forSchema]) => this.images.set(src, await this.plan(src, forSchema))),
    );
    // A picture not encoded yet is read now, so one sharp cannot decode is a located error of the
    // load (site/locate-images.ts) rather than a crash while the files are written. Its
    // header only: a truncated file that gets past it fails as ImageUnreadable when encoded.
    const unreadable: PpgError[] = [];
    for (const planned of this.images.values()) {
      if (planned.made[sizeKey(planned.og)]) continue;
      const input = await readPublicFile(this.publicDir, decodeURI(planned.src));
      const sharp = await loadSharp();
      await decoding(planned.src, () => sharp(input).metadata()).catch((err: unknown) => {
        if (!isPpgError(err)) throw err;
        unreadable.push(err);
      });
    }
    if (unreadable.length) throw new PpgErrorList(unreadable);
  }

  /** The 1200×630 social preview image of a page image. */
  og(src: string): ShareImage | undefined {
    return this.images.get(src)?.og;
  }

  /** The 16:9, 4:3 and 1:1 images for structured data; empty unless an article or recipe shows `src`. */
  schema(src: string): ShareImage[] {
    return this.images.get(src)?.schema ?? [];
  }

  /** Each page image's share images, by src, as pages name them (without the cache's files). */
  facts(): [string, { og: ShareImageRef; schema: ShareImageRef[] }][] {
    const ref = ({ url, width, height, type }: ShareImage): ShareImageRef => ({ url, width, height, type });
    return [...this.images].map(([src, p]) => [src, { og: ref(p.og), schema: p.schema.map(ref) }]);
  }

  /**
   * Every share image the built site needs, each read when asked for: encoded (all that the
   * cache lacks, once) first. Dev mode asks for one at a time, so a page loads before any encoding.
   */
  entries(): { file: string; content: () => Promise<Uint8Array> }[] {
    return [...this.images.values()].flatMap((p) =>
      [p.og, ...p.schema].map((i) => ({ file: i.url.slice(1), content: () => this.published(p, i) })),
    );
  }

  /** The image's bytes as recorded; a damaged or missing file is drawn again. */
  private async published(planned: Planned, image: ShareImage): Promise<Uint8Array> {
    await this.ready();
    const entry = planned.made[sizeKey(image)];
    const found = entry ? await readVerified(image.cacheFile, entry) : "missing";
    if (typeof found !== "string") return found;
    if (found === "damaged") this.warnings.damaged(image.cacheFile, "its bytes are not the ones encoded");
    await this.encode(planned, [image]);
    return readFile(image.cacheFile);
  }

  /** Waits until every share image is in the cache, with its size in bytes known (the feed states it). */
  ready(concurrency = 2): Promise<void> {
    this.encoding ??= this.encodeMissing(concurrency);
    return this.encoding;
  }

  private async plan(src: string, forSchema: boolean): Promise<Planned> {
    const input = await readPublicFile(this.publicDir, decodeURI(src));
    const hash = hexDigest(16, SHARE_VERSION, input);
    const name = basename(src, extname(src))
      .replace(/[^\w-]+/g, "-")
      .toLowerCase();
    const image = (size: { width: number; height: number }): ShareImage => ({
      url: `/assets/images/${name}-${hash.slice(0, 10)}-${size.width}x${size.height}.jpg`,
      ...size,
      type: "image/jpeg",
      cacheFile: join(this.cacheDir, `share-${hash}-${size.width}x${size.height}.jpg`),
    });
    const made = readRecord<Record<string, EntryDigest>>(this.recordFile(hash), hash, SHARE_VERSION, this.warnings);
    return { src, hash, og: image(OG_SIZE), schema: forSchema ? SCHEMA_SIZES.map(image) : [], made: made ?? {} };
  }

  private recordFile(hash: string): string {
    return join(this.cacheDir, `share-${hash}.json`);
  }

  private async encodeMissing(concurrency: number): Promise<void> {
    await mkdir(this.cacheDir, { recursive: true });
    const queue = [...this.images.values()];
    const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let planned = queue.shift(); planned; planned = queue.shift()) {
        const targets = [planned.og, ...planned.schema];
        const missing = targets.filter((i) => !planned.made[sizeKey(i)]);
        // One failure stops the others taking more work; what they started finishes.
        if (missing.length)
          await this.encode(planned, missing).catch((err: unknown) => {
            queue.length = 0;
            throw err;
          });
        for (const i of targets) i.bytes = planned.made[sizeKey(i)]?.bytes;
      }
    });
    await allSettled(workers);
  }

  /**
   * Draws the source once, large enough for every target, then crops and encodes each, and
   * records their digests.
   */
  private async encode(planned: Planned, targets: ShareImage[]): Promise<void> {
    // Loaded only when something must be encoded.
    const sharp = await loadSharp();
    const input = await readPublicFile(this.publicDir, decodeURI(planned.src));
    const made = await decoding(planned.src, () =>
      withDeadline(
        this.draw(sharp, planned.src, input, targets),
        encodingDeadline(input.byteLength) * targets.length,
        `sharp drawing the share images of ${planned.src}`,
      ),
    );
    Object.assign(planned.made, made);
    writeRecord(this.recordFile(planned.hash), planned.hash, SHARE_VERSION, planned.made);
  }

  private async draw(
    sharp: Awaited<ReturnType<typeof loadSharp>>,
    src: string,
    input: Buffer,
    targets: ShareImage[],
  ): Promise<Record<string, EntryDigest>> {
    let source = () => sharp(input).rotate();
    if (/\.svg$/i.test(src)) {
      // Rasterise the vector at the density that covers the largest target: sharp's default 72 dpi
      // would draw it at its nominal size and then blur it up. The pixels stay raw: drawing is the
      // slow part (0.1 s a picture), and each crop then starts from them without decoding.
      const meta = await sharp(input).metadata();
      const scale = Math.max(
        ...targets.map((t) => Math.max(t.width / (meta.width || t.width), t.height / (meta.height || t.height))),
      );
      const density = Math.min(2400, Math.ceil(72 * Math.max(1, scale)));
      const { data, info } = await sharp(input, { density })
        .flatten({ background: "#ffffff" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      source = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    }
    // The crops are independent: together, libvips spreads them over the cores.
    const made: Record<string, EntryDigest> = {};
    await allSettled(
      targets.map(async (target) => {
        const jpeg = await source()
          .resize({ width: target.width, height: target.height, fit: "cover", position: "centre" })
          .flatten({ background: "#ffffff" })
          .jpeg(JPEG_OPTIONS)
          .toBuffer();
        await writeCacheFile(target.cacheFile, jpeg);
        made[sizeKey(target)] = entryDigest(jpeg);
        this.encoded++;
      }),
    );
    return made;
  }
}
