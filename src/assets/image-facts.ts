import { readPublicFileSync } from "../core/site-folder.ts";
import { Digest } from "../core/digest.ts";
import { ImageService, svgSize, type ShareImageRef } from "./images.ts";
import type { ImageSize, RasterPipeline, ResponsiveImage } from "./raster.ts";
import type { ShareImages } from "./share-images.ts";

/**
 * Everything a page can read about the site's images, as plain data: which files public/ holds,
 * each SVG's size, each photo's size and variants, each page image's share images. A render
 * worker builds its ImageService from this alone, and a page's cache key includes its digest,
 * so a changed image re-renders the pages (see engine/page-keys.ts).
 */
export interface ImageFacts {
  publicFiles: string[];
  svg: [string, ImageSize | null][];
  raster: [string, { size: ImageSize; responsive: ResponsiveImage }][];
  share: [string, { og: ShareImageRef; schema: ShareImageRef[] }][];
}

export function imageFacts(
  publicDir: string,
  publicFiles: ReadonlySet<string>,
  raster: RasterPipeline,
  share: ShareImages,
): ImageFacts {
  const files = [...publicFiles].sort();
  return {
    publicFiles: files,
    svg: files
      .filter((f) => f.endsWith(".svg"))
      .map((f) => [f, svgSize(readPublicFileSync(publicDir, f).toString("utf8"))]),
    // By path: the pipelines fill their maps in the order encodings finish.
    raster: raster.facts().sort(byPath),
    share: share.facts().sort(byPath),
  };
}

/** The images of a site as a render worker knows them: from the facts, reading no file. */
export function imageServiceFrom(facts: ImageFacts): ImageService {
  const raster = new Map(facts.raster);
  const share = new Map(facts.share);
  return new ImageService(
    "",
    new Set(facts.publicFiles),
    { size: (src) => raster.get(src)?.size, responsive: (src) => raster.get(src)?.responsive },
    { og: (src) => share.get(src)?.og, schema: (src) => share.get(src)?.schema ?? [] },
    new Map(facts.svg),
  );
}

function byPath(a: [string, unknown], b: [string, unknown]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * A digest of what some public files are to a page that read them (ImageService.takeReads()):
 * present or not, and each one's size, variants and share images. A page's record holds the
 * digest of the files it read, so a replaced photo re-renders the pages that show it, and only them.
 */
export class ImageFactIndex {
  private readonly files: Set<string>;
  private readonly svg: Map<string, unknown>;
  private readonly raster: Map<string, unknown>;
  private readonly share: Map<string, unknown>;
  private readonly digests = new Map<string, string>();
  private readonly keys = new WeakMap<readonly string[], string>();
  /** The same, by the list's paths: records read from a page cache hold a list each, most of them alike. */
  private readonly keysByPaths = new Map<string, string>();

  constructor(facts: ImageFacts) {
    this.files = new Set(facts.publicFiles);
    this.svg = new Map(facts.svg);
    this.raster = new Map(facts.raster);
    this.share = new Map(facts.share);
  }

  keyOf(paths: readonly string[]): string {
    // A page's record keeps its list from build to build (dev mode keeps the records): each list is hashed once.
    let key = this.keys.get(paths);
    if (key === undefined) {
      const joined = JSON.stringify(paths);
      key = this.keysByPaths.get(joined);
      if (key === undefined) {
        const hash = new Digest();
        for (const path of paths) hash.add(this.factOf(path), "\n");
        this.keysByPaths.set(joined, (key = hash.key()));
      }
      this.keys.set(paths, key);
    }
    return key;
  }

  private factOf(path: string): string {
    let fact = this.digests.get(path);
    if (fact === undefined) {
      fact = JSON.stringify([
        path,
        this.files.has(path),
        this.svg.get(path) ?? null,
        this.raster.get(path) ?? null,
        this.share.get(path) ?? null,
      ]);
      this.digests.set(path, fact);
    }
    return fact;
  }
}
