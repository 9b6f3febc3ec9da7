import { escapeAttribute } from "entities";
import { decodeUriPath } from "../core/url-path.ts";
import { missingImageHint } from "./image-references.ts";
import { readPublicFileSync } from "../core/site-folder.ts";

export interface ImageAttributes {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  loading?: "lazy" | "eager";
  decoding?: "async";
  fetchPriority?: "high";
  srcSet?: string;
  sizes?: string;
  /** Better formats for a <picture> around the <img> (AVIF when it pays), best first. */
  sources?: { type: string; srcSet: string }[];
}

/** What ImageService needs from a raster pipeline (see raster.ts): sizes and variants of prepared photos. */
export interface RasterSource {
  size(src: string): { width: number; height: number } | undefined;
  responsive(src: string): { src: string; srcSet: string; sources: { type: string; srcSet: string }[] } | undefined;
}

/** Raster copies of page images for social previews and structured data (see share-images.ts). */
export interface ShareSource {
  og(src: string): ShareImageRef | undefined;
  schema(src: string): ShareImageRef[];
}

export interface ShareImageRef {
  url: string;
  width: number;
  height: number;
  type: string;
}

export interface ImageOptions {
  /** The page's first, most important image: eager, high priority. Everything else is lazy. */
  priority?: boolean;
  sizes?: string;
}

/**
 * Gives every image on the site the same treatment: intrinsic width and height (no layout
 * shift), lazy loading unless it is the page's lead image, and responsive variants when a
 * raster pipeline is attached. External images pass through with the sizes given.
 */
export class ImageService {
  private readonly sizeCache = new Map<string, { width: number; height: number } | null>();
  /** Every local image asked for; the build reports the ones public/ does not have. */
  readonly missing = new Set<string>();
  /**
   * The public files asked about since the last takeReads(): what a page read of the images, so
   * that its key can hold their facts alone (engine/page-keys.ts) and a replaced photo re-renders
   * the pages that show it, not the whole site.
   */
  private reads = new Set<string>();

  constructor(
    private readonly publicDir: string,
    private readonly publicFiles: Set<string>,
    private readonly raster?: RasterSource,
    private readonly share?: ShareSource,
    /** SVG sizes known already (a render worker's, from image-facts.ts): no SVG is read. */
    private readonly svgSizes?: ReadonlyMap<string, { width: number; height: number } | null>,
  ) {}

  /** The public files asked about since the last call, sorted; starts the next page's list. */
  takeReads(): string[] {
    const reads = [...this.reads].sort();
    this.reads.clear();
    return reads;
  }

  /**
   * Runs `make` and returns what it read as well: a part made once and reused by many pages (the
   * header, a card) hands its reads to each page that reuses it (replay).
   */
  capture<T>(make: () => T): { value: T; reads: string[] } {
    const outer = this.reads;
    this.reads = new Set();
    try {
      const value = make();
      return { value, reads: [...this.reads] };
    } finally {
      for (const path of this.reads) outer.add(path);
      this.reads = outer;
    }
  }

  replay(reads: readonly string[]): void {
    for (const path of reads) this.reads.add(path);
  }

  /** The 1200×630 raster image for og:image and twitter:image, when one was made for `src`. */
  ogImage(src: string): ShareImageRef | undefined {
    this.note(src);
    return this.share?.og(src);
  }

  /** The 16:9, 4:3 and 1:1 raster images for an article's or recipe's structured data. */
  schemaImages(src: string): ShareImageRef[] {
    this.note(src);
    return this.share?.schema(src) ?? [];
  }

  /** Answers by src: a site names the same few images on thousands of pages. */
  private readonly known = new Map<string, boolean>();

  /** The hint for `src`, which public/ lacks: the file it most likely meant (image-references.ts). */
  missingHint(src: string): { hint?: string } {
    return missingImageHint(decodeUriPath(src.split(/[?#]/)[0]!) ?? src, this.publicFiles);
  }

  has(src: string): boolean {
    this.note(src);
    let found = this.known.get(src);
    if (found === undefined)
      this.known.set(src, (found = this.publicFiles.has(decodeUriPath(src.split(/[?#]/)[0]!) ?? "")));
    return found;
  }

  attributes(src: string, alt: string, opts: ImageOptions = {}): ImageAttributes {
    const attrs: ImageAttributes = opts.priority
      ? { src, alt, loading: "eager", fetchPriority: "high", decoding: "async" }
      : { src, alt, loading: "lazy", decoding: "async" };
    if (/^https?:/.test(src)) return attrs;
    const size = this.size(src);
    if (!size) return attrs;
    attrs.width = size.width;
    attrs.height = size.height;
    const responsive = this.raster?.responsive(decodeUriPath(src)!);
    if (responsive) {
      attrs.src = responsive.src;
      attrs.srcSet = responsive.srcSet;
      attrs.sizes = opts.sizes ?? "(min-width: 1200px) 1200px, 100vw";
      if (responsive.sources.length) attrs.sources = responsive.sources;
    }
    return attrs;
  }

  private note(src: string): void {
    this.reads.add(decodeUriPath(src.split(/[?#]/)[0]!) ?? src);
  }

  size(src: string): { width: number; height: number } | undefined {
    if (!this.has(src)) {
      // A malformed escape is reported where it was written (UrlMalformed), not as a missing file.
      if (decodeUriPath(src) !== undefined) this.missing.add(src);
      return undefined;
    }
    let size = this.sizeCache.get(src);
    if (size === undefined) {
      const path = decodeUriPath(src)!;
      size = path.endsWith(".svg")
        ? this.svgSizes?.has(path)
          ? this.svgSizes.get(path)!
          : svgSize(readPublicFileSync(this.publicDir, path).toString("utf8"))
        : (this.raster?.size(path) ?? null);
      this.sizeCache.set(src, size);
    }
    return size ?? undefined;
  }
}

/** Intrinsic size of an SVG from its width/height attributes, else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const num = (name: string) => {
    const m = new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(tag);
    return m ? Math.round(Number(m[1])) : undefined;
  };
  const width = num("width");
  const height = num("height");
  if (width && height) return { width, height };
  const box = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(tag);
  return box ? { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) } : null;
}

const ATTRIBUTE_NAMES: Record<string, string> = { srcSet: "srcset", fetchPriority: "fetchpriority" };

/** The same attributes as an HTML string, for images inside rendered Markdown. */
export function imageHtml({ sources, ...attrs }: ImageAttributes): string {
  const parts = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${ATTRIBUTE_NAMES[k] ?? k}="${escapeAttribute(String(v))}"`);
  const img = `<img ${parts.join(" ")}>`;
  if (!sources?.length) return img;
  const sizes = attrs.sizes ? ` sizes="${escapeAttribute(attrs.sizes)}"` : "";
  const sourceTags = sources
    .map((s) => `<source type="${escapeAttribute(s.type)}" srcset="${escapeAttribute(s.srcSet)}"${sizes}>`)
    .join("");
  return `<picture>${sourceTags}${img}</picture>`;
}
