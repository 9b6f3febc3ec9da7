import { mkdir } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { Manifest } from "../manifest/types.ts";
import { writeCacheFile } from "../core/disk-cache.ts";
import { hexDigest } from "../core/digest.ts";
import { allSettled } from "../core/settle.ts";
import { readPublicFile } from "../core/site-folder.ts";
import { isPpgError, PpgError, PpgErrorList } from "../core/errors.ts";
import { withDeadline } from "../core/deadline.ts";
import { expected } from "../core/invariant.ts";
import {
  type CacheWarnings,
  type EntryDigest,
  entryDigest,
  readRecord,
  readVerified,
  writeRecord,
} from "./image-cache.ts";

/**
 * The raster pipeline: JPEG and PNG photos under public/ that the manifest or content names are
 * turned into responsive WebP variants (and AVIF ones when they are clearly smaller), encoded
 * with sharp. Encoded files are cached on disk by content hash, so an unchanged photo is never
 * encoded twice, not even across builds; each photo's record (its size and every variant's
 * digest, image-cache.ts) is checked before use, and each variant when it is published.
 */

/** Candidate widths of the variants; never wider than the original (no upscaling). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The width the `src` fallback aims for: sharp enough for a desktop column, light enough for phones. */
const FALLBACK_WIDTH = 1280;
/** AVIF is only offered when all its variants together weigh at most this share of the WebP ones. */
const AVIF_PAYS_BELOW = 0.85;
/** Bump when encoder settings change so cached files made with old settings are not reused. */
const ENCODER_VERSION = "1";
const WEBP_OPTIONS = { quality: 78, effort: 4 } as const;
const AVIF_OPTIONS = { quality: 52, effort: 2 } as const;

export const RASTER_EXTENSIONS = /\.(jpe?g|png)$/i;

export interface ImageSize {
  width: number;
  height: number;
}

export interface Variant {
  /** URL path in the built site, e.g. /assets/images/beach-3f2a9c1d0e-640.webp. */
  url: string;
  width: number;
  format: "webp" | "avif";
  /** The encoded file in the on-disk cache. */
  cacheFile: string;
  bytes: number;
}

/** What the cache keeps of a photo: its displayed size and every variant it encoded, with their digests. */
interface ImageRecord {
  size: ImageSize;
  variants: ({ width: number; format: Variant["format"] } & EntryDigest)[];
}

export interface ResponsiveImage {
  /** The fallback `src` (a WebP variant). */
  src: string;
  /** WebP srcset. */
  srcSet: string;
  /** Extra formats for a <picture>, best first; only AVIF for now, and only when it pays. */
  sources: { type: string; srcSet: string }[];
}

interface PlannedImage {
  src: string;
  hash: string;
  size: ImageSize;
  /** The variants the site uses. */
  variants: Variant[];
  record: ImageRecord;
}

export interface RasterStats {
  /** Variants encoded by sharp in this build. */
  encoded: number;
  /** Variants taken from the on-disk cache. */
  reused: number;
}

export class RasterPipeline {
  private readonly images = new Map<string, PlannedImage>();
  readonly stats: RasterStats = { encoded: 0, reused: 0 };

  constructor(
    private readonly publicDir: string,
    private readonly cacheDir: string,
    private readonly warnings: CacheWarnings,
  ) {}

  /**
   * Reads, sizes and encodes the raster files of public/ in `wanted` (those the manifest and content name:
   * site/load-site.ts photosNamed). Runs before rendering, which is synchronous, so that the page templates can
   * ask for sizes and srcsets without waiting.
   */
  async prepare(wanted: readonly string[], concurrency = 2): Promise<void> {
    await mkdir(this.cacheDir, { recursive: true });
    const queue = [...wanted];
    // Every picture that cannot be read is reported, not only the first (the caller locates each).
    const unreadable: PpgError[] = [];
    const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let src = queue.shift(); src; src = queue.shift()) {
        try {
          this.images.set(src, await this.planAndEncode(src));
        } catch (err) {
          if (isPpgError(err) && err.code === "ImageUnreadable") {
            unreadable.push(err);
            continue;
          }
          // Anything else stops the other workers taking more; what they started finishes.
          queue.length = 0;
          throw err;
        }
      }
    });
    await allSettled(workers);
    if (unreadable.length) throw new PpgErrorList(unreadable);
  }

  /** Intrinsic size of a prepared raster image. */
  size(src: string): ImageSize | undefined {
    return this.images.get(src)?.size;
  }

  responsive(src: string): ResponsiveImage | undefined {
    const image = this.images.get(src);
    if (!image) return undefined;
    const webp = image.variants.filter((v) => v.format === "webp");
    const avif = image.variants.filter((v) => v.format === "avif");
    const srcset = (list: Variant[]) => list.map((v) => `${v.url} ${v.width}w`).join(", ");
    // variantWidths() gives every original at least one width, so a prepared image has a WebP variant.
    const fallback = expected(
      [...webp].reverse().find((v) => v.width <= FALLBACK_WIDTH) ?? webp[0],
      `a WebP variant of ${src}`,
    );
    return {
      src: fallback.url,
      srcSet: srcset(webp),
      sources: avif.length ? [{ type: "image/avif", srcSet: srcset(avif) }] : [],
    };
  }

  /** Every prepared image's size and responsive sources, by path: what pages read of the pipeline. */
  facts(): [string, { size: ImageSize; responsive: ResponsiveImage }][] {
    return [...this.images.keys()].map((src) => [
      src,
      { size: this.images.get(src)!.size, responsive: this.responsive(src)! },
    ]);
  }

  /**
   * The lightest variant of a prepared photo, which a guide saved for offline keeps, and the URL
   * stem all its variants share (a saved page asking for another width is given this one).
   */
  smallest(src: string): { url: string; bytes: number; stem: string } | undefined {
    const variants = this.images.get(src)?.variants;
    if (!variants?.length) return undefined;
    const v = variants.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    return { url: v.url, bytes: v.bytes, stem: v.url.slice(0, v.url.lastIndexOf("-") + 1) };
  }

  /**
   * Every variant file the built site needs, each read from the cache when asked for and checked
   * against its recorded digest; a damaged or missing one is encoded again.
   */
  entries(): { file: string; content: () => Promise<Uint8Array> }[] {
    return [...this.images.values()].flatMap((image) =>
      image.variants.map((v) => ({ file: v.url.slice(1), content: () => this.published(image, v) })),
    );
  }

  private async published(image: PlannedImage, variant: Variant): Promise<Uint8Array> {
    const entry = image.record.variants.find((v) => v.width === variant.width && v.format === variant.format);
    const found = entry ? await readVerified(variant.cacheFile, entry) : "missing";
    if (typeof found !== "string") return found;
    if (found === "damaged") this.warnings.damaged(variant.cacheFile, "its bytes are not the ones encoded");
    const input = await readPublicFile(this.publicDir, decodeURI(image.src));
    const bytes = await this.encodeVariant(image.src, input, variant.width, variant.format);
    await writeCacheFile(variant.cacheFile, bytes);
    if (entry) {
      Object.assign(entry, entryDigest(bytes));
      writeRecord(this.recordFile(image.hash), image.hash, ENCODER_VERSION, image.record);
    }
    return bytes;
  }

  private recordFile(hash: string): string {
    return join(this.cacheDir, `${hash}.json`);
  }

  private async planAndEncode(src: string): Promise<PlannedImage> {
    const input = await readPublicFile(this.publicDir, decodeURI(src));
    const hash = hexDigest(16, ENCODER_VERSION, input);
    const recorded = readRecord<ImageRecord>(this.recordFile(hash), hash, ENCODER_VERSION, this.warnings);
    const record = recorded ?? (await this.encodeAll(src, input, hash));
    if (recorded) this.stats.reused += recorded.variants.length;
    const name = basename(src, extname(src))
      .replace(/[^\w-]+/g, "-")
      .toLowerCase();
    const variants = record.variants.map(
      ({ width, format, bytes }): Variant => ({
        url: `/assets/images/${name}-${hash.slice(0, 10)}-${width}.${format}`,
        width,
        format,
        cacheFile: join(this.cacheDir, `${hash}-${width}.${format}`),
        bytes,
      }),
    );
    const webp = variants.filter((v) => v.format === "webp");
    const avif = variants.filter((v) => v.format === "avif");
    const total = (list: Variant[]) => list.reduce((sum, v) => sum + v.bytes, 0);
    const avifPays = total(avif) <= total(webp) * AVIF_PAYS_BELOW;
    return { src, hash, size: record.size, variants: avifPays ? [...webp, ...avif] : webp, record };
  }

  /**
   * Measures the photo and encodes every variant into the cache, then writes its record: a build
   * whose photos are all recorded never loads the native image library (tens of milliseconds).
   */
  private async encodeAll(src: string, input: Buffer, hash: string): Promise<ImageRecord> {
    const sharp = await loadSharp();
    const meta = await decoding(src, () => sharp(input).metadata());
    // EXIF-rotated photos report their stored size; the displayed one is swapped.
    const rotated = (meta.orientation ?? 1) >= 5;
    const size = { width: rotated ? meta.height : meta.width, height: rotated ? meta.width : meta.height };
    const encode = (format: Variant["format"]) =>
      allSettled(
        variantWidths(size.width).map(async (width) => {
          const bytes = await this.encodeVariant(src, input, width, format);
          await writeCacheFile(join(this.cacheDir, `${hash}-${width}.${format}`), bytes);
          return { width, format, ...entryDigest(bytes) };
        }),
      );
    const record: ImageRecord = { size, variants: [...(await encode("webp")), ...(await encode("avif"))] };
    writeRecord(this.recordFile(hash), hash, ENCODER_VERSION, record);
    return record;
  }

  private async encodeVariant(src: string, input: Buffer, width: number, format: Variant["format"]): Promise<Buffer> {
    const pipeline = (await loadSharp())(input).rotate().resize({ width, withoutEnlargement: true });
    const bytes = await decoding(src, () =>
      withDeadline(
        (format === "webp" ? pipeline.webp(WEBP_OPTIONS) : pipeline.avif(AVIF_OPTIONS)).toBuffer(),
        encodingDeadline(input.byteLength),
        `sharp encoding ${src} as ${format} ${width}w`,
      ),
    );
    this.stats.encoded++;
    return bytes;
  }
}

/**
 * How long sharp may take over one picture of `bytes` bytes before the build gives up on it: far
 * beyond any real encoding (a 24-megapixel AVIF takes seconds), so only a hung library reaches it.
 */
export function encodingDeadline(bytes: number): number {
  return 120_000 + Math.ceil(bytes / 1_000_000) * 10_000;
}

/**
 * Runs sharp on the picture `src`: what it cannot decode (text saved as .png, an empty or truncated
 * file, one past its pixel limit) is the site's mistake, not a bug in ppguide (once: it exited
 * 70), so it becomes ImageUnreadable, which the load stage locates where the picture is named
 * (site/locate-images.ts). The disk's refusals pass as they are (fromFileSystemError names them).
 */
export async function decoding<T>(src: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (typeof (err as NodeJS.ErrnoException).code === "string" || !(err instanceof Error) || isPpgError(err))
      throw err;
    throw new PpgError("ImageUnreadable", { path: src, reason: err.message.split("\n")[0]!.replace(/\.$/, "") });
  }
}

/**
 * Loaded on the first photo to measure or encode: a site of SVGs, or one whose photos are all
 * cached, never loads the native image library.
 */
export async function loadSharp(): Promise<typeof import("sharp").default> {
  return (await import("sharp")).default;
}

/** The variant widths for an original of `width` pixels: the standard steps below it, plus itself. */
export function variantWidths(width: number): number[] {
  const max = Math.max(...VARIANT_WIDTHS);
  // A step within 10% of the original adds a file without saving bytes.
  const steps: number[] = VARIANT_WIDTHS.filter((w) => w < width * 0.9);
  if (width <= max) steps.push(width);
  else if (!steps.includes(max)) steps.push(max);
  return steps;
}

/** The manifest as text, to find which photos it names (site/load-site.ts photosNamed). */
export function manifestText(manifest: Manifest): string {
  // The logo's PNG is named only in structured data, as the file itself: variants of it were
  // encoded on every first build and shipped without a page using them.
  const { site } = manifest;
  return JSON.stringify({ ...manifest, site: { ...site, logo: { ...site.logo, png: undefined } } });
}

/** Front matters and listings files as text. */
export function contentTexts(markdown: readonly { frontMatter: unknown }[], listings: readonly unknown[]): string[] {
  const parts: string[] = [];
  for (const file of markdown) parts.push(JSON.stringify(file.frontMatter));
  for (const file of listings) parts.push(JSON.stringify(file));
  return parts;
}

/** The raster files among `publicFiles` that one of `texts` names, as written or URL-encoded. */
export function namedRasters(publicFiles: Iterable<string>, texts: readonly string[]): string[] {
  return [...publicFiles].filter(
    (f) => RASTER_EXTENSIONS.test(f) && texts.some((t) => t.includes(f) || t.includes(encodeURI(f))),
  );
}
