import { statSync } from "node:fs";
import { join } from "node:path";
import { fromFileSystemError, isUserError, PpgError, userErrorData, errorsOf, type PpgErrorData } from "../core/errors.ts";
import { imageFacts, imageServiceFrom, type ImageFacts } from "../assets/image-facts.ts";
import type { LoadedSite } from "../site/load-site.ts";
import type { ContentIndex } from "../content/load.ts";
import { pageScanner } from "../links/extract.ts";
import type { PageScan } from "../links/types.ts";
import type { Manifest } from "../manifest/types.ts";
import { scriptsFor } from "../assets/bundles.ts";
import { createSiteContext, type SiteContext } from "../render/page-model.ts";
import { loadTemplates, renderAlias, renderNotFound, renderRoute, type RenderedPage, type Templates } from "../render/render.tsx";
import type { FileStat } from "../output/page-cache.ts";
import { mainOf } from "../output/search-index.ts";
import { StageWriter, type StageSpec } from "../output/write.ts";
import type { PageJob } from "./page-keys.ts";

/**
 * Everything rendering reads, as plain data, so that a worker thread can be given it once: the
 * same input renders the same bytes inline or on any worker.
 */
export interface RenderInput {
  manifest: Manifest;
  content: Pick<ContentIndex, "markdown" | "listings">;
  images: ImageFacts;
  /** The hashed URLs of the stylesheet and the scripts. */
  assets: { css: string; scripts: { url: string }[] };
  year: number;
  /** The site folder: a page's structured-data problems are located in its files (render/structured-data-check.ts). */
  root: string;
  /** Where pages are written: the copy being built, and the served one to link unchanged bytes from. */
  spec: StageSpec;
  /** Scan each page's links and anchors for the link check. */
  scan: boolean;
  /** Return each indexable page's <main> for the search index. */
  search: boolean;
}

/** What a render thread is given: the loaded site as plain data. */
export function renderInputOf(site: LoadedSite, spec: StageSpec, scan: boolean): RenderInput {
  const { manifest, content, assets } = site;
  return {
    manifest,
    content: { markdown: content.markdown, listings: content.listings },
    images: imageFacts(join(site.root, "public"), site.publicFiles, site.raster, site.share),
    assets: { css: assets.css.url, scripts: assets.scripts.map(({ url }) => ({ url })) },
    year: Number(site.schedule.clock.slice(0, 4)),
    root: site.root,
    spec,
    scan,
    // Set once the search index knows whether it needs the pages (build.ts).
    search: false,
  };
}

/** A page rendered and written: what the build keeps of it. */
export interface RenderedJob {
  job: PageJob;
  /** The file written, as the page cache records it. */
  stat: FileStat;
  scan?: PageScan;
  main?: string;
}

/** What rendering a batch gave: pages, the user's mistakes found (as data), images asked for that public/ lacks. */
export interface BatchResult {
  pages: RenderedJob[];
  errors: PpgErrorData[];
  missing: string[];
}

/** Renders, scans and writes pages; one per thread (build/render-worker.ts), or one inline. */
export class PageRenderer {
  private readonly ctx: SiteContext;
  private readonly writer: StageWriter;
  private readonly scanner?: ReturnType<typeof pageScanner>;

  private constructor(
    private readonly input: RenderInput,
    private readonly templates: Templates,
  ) {
    const { manifest, content, assets } = input;
    const index: ContentIndex = { ...content, listingSources: new Map(), unused: [], warnings: [] };
    this.ctx = createSiteContext(manifest, index, imageServiceFrom(input.images), (kind) => ({ css: assets.css, scripts: scriptsFor(kind, assets.scripts) }));
    this.ctx.year = input.year;
    this.ctx.root = input.root;
    this.writer = new StageWriter(input.spec);
    this.scanner = input.scan ? pageScanner() : undefined;
  }

  static async create(input: RenderInput): Promise<PageRenderer> {
    return new PageRenderer(input, await loadTemplates());
  }

  async render(jobs: PageJob[]): Promise<BatchResult> {
    const errors: PpgError[] = [];
    const done: { job: PageJob; path: string; scan?: PageScan; main?: string }[] = [];
    try {
      for (const job of jobs) {
        const page = this.renderOne(job, errors);
        const scan = this.scanner?.(page.html, page.shared);
        const main = this.input.search && !job.noindex && job.kind !== "alias" && job.kind !== "404" ? mainOf(page.html) : undefined;
        done.push({ job, path: await this.writer.add(job.file, page.html), scan, main });
      }
      await this.writer.flush();
    } catch (err) {
      // The machine's refusals (a full disk) and the user's mistakes cross the thread as data.
      const user = fromFileSystemError(err);
      if (!isUserError(user)) throw err;
      await this.writer.flush().catch(() => {});
      errors.push(...errorsOf(user));
    }
    const missing = [...this.ctx.images.missing];
    if (errors.length) return { pages: [], errors: errors.flatMap((e) => userErrorData(e)), missing };
    const pages = done.map(({ job, path, scan, main }): RenderedJob => {
      const { size, mtimeMs, ino } = statSync(path);
      return { job, stat: { size, mtimeMs, ino }, scan, main };
    });
    return { pages, errors: [], missing };
  }

  private renderOne(job: PageJob, errors: PpgError[]): RenderedPage {
    const { ctx, templates } = this;
    if (job.kind === "404") return renderNotFound(ctx, templates);
    if (job.kind === "alias") return renderAlias(ctx, templates, job.route, ctx.aliases.get(job.route)!);
    return renderRoute(ctx, templates, ctx.routes.get(job.route)!, errors);
  }
}
