import { writtenForm } from "../core/url-path.ts";
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { imageFacts, imageServiceFrom, type ImageFacts } from "../assets/image-facts.ts";
import { scriptsFor } from "../assets/bundles.ts";
import type { ContentIndex } from "../content/load.ts";
import {
  errorsOf,
  fromFileSystemError,
  isUserError,
  PpgError,
  PpgErrorList,
  reviveUserError,
  userErrorData,
  type PpgErrorData,
} from "../core/errors.ts";
import { runOnPool, workerPool } from "../core/worker-threads.ts";
import { pageScanner } from "../links/extract.ts";
import type { Manifest } from "../manifest/types.ts";
import { ImageFactIndex } from "../assets/image-facts.ts";
import { indexable, mainOf, mergedShards } from "../output/search-index.ts";
import { StageWriter, type StageSpec } from "../output/write.ts";
import { createSiteContext, type SiteContext } from "../render/page-model.ts";
import { renderAlias, renderNotFound, renderRoute, type RenderedPage, type Templates } from "../render/render.tsx";
import { loadTemplates, type LoadedSite } from "../site/load-site.ts";
import type { PageRecord } from "../output/page-cache.ts";
import { keyPages, type PageJob } from "./page-keys.ts";

/**
 * Everything rendering reads, as plain data, so that a worker thread can be given it once: the
 * same input renders the same bytes inline or on any thread.
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
  /** The search index's shards after the first, which the search page merges. */
  indexShards: string[];
  /**
   * Where pages are written (the copy being built, and the served one to link equal bytes from); none: kept in memory
   * (dev mode, tests).
   */
  spec?: StageSpec;
  /** Scan each page's links and anchors for the link check. */
  scan: boolean;
}

/** The loaded site as a render thread is given it; `images`: its images' facts, when known already (dev mode). */
export function renderInputOf(
  site: LoadedSite,
  spec: StageSpec | undefined,
  scan: boolean,
  images?: ImageFacts,
): RenderInput {
  const { manifest, content, assets } = site;
  return {
    manifest,
    content: { markdown: content.markdown, listings: content.listings },
    images: images ?? imageFacts(join(site.root, "public"), site.publicFiles, site.raster, site.share),
    assets: { css: assets.css.url, scripts: assets.scripts.map(({ url }) => ({ url })) },
    year: Number(site.schedule.clock.slice(0, 4)),
    root: site.root,
    indexShards: mergedShards(site),
    spec,
    scan,
  };
}

/** A page rendered: its record, and the page itself when it is kept in memory. */
export interface RenderedJob {
  job: PageJob;
  record: PageRecord;
  page?: RenderedPage;
}

/** What rendering a batch gave: pages, the user's mistakes found (as data), images asked for that public/ lacks. */
export interface BatchResult {
  pages: RenderedJob[];
  errors: PpgErrorData[];
  missing: string[];
}

/** Renders, scans and writes (or keeps) pages; one per thread (render-worker.ts), or one inline. */
export class PageRenderer {
  private readonly ctx: SiteContext;
  private readonly writer?: StageWriter;
  private readonly scanner?: ReturnType<typeof pageScanner>;
  private readonly facts: ImageFactIndex;

  private constructor(
    input: RenderInput,
    private readonly templates: Templates,
  ) {
    const { manifest, content, assets } = input;
    const index: ContentIndex = { ...content, listingSources: new Map(), unused: [], warnings: [] };
    this.ctx = createSiteContext(manifest, index, imageServiceFrom(input.images), (kind) => ({
      css: assets.css,
      scripts: scriptsFor(kind, assets.scripts),
    }));
    this.ctx.year = input.year;
    this.ctx.root = input.root;
    this.ctx.indexShards = input.indexShards;
    this.writer = input.spec && new StageWriter(input.spec);
    this.scanner = input.scan ? pageScanner() : undefined;
    this.facts = new ImageFactIndex(input.images);
  }

  /** `templates`: dev mode's, compiled again after an edit; by default ppguide's own. */
  static async create(input: RenderInput, templates?: Templates): Promise<PageRenderer> {
    return new PageRenderer(input, templates ?? (await loadTemplates()));
  }

  async render(jobs: PageJob[]): Promise<BatchResult> {
    const errors: PpgError[] = [];
    const done: RenderedJob[] = [];
    try {
      for (const job of jobs) {
        this.ctx.images.takeReads();
        const page = this.renderOne(job, errors);
        const images = this.ctx.images.takeReads();
        const record: PageRecord = {
          parts: job.parts,
          images,
          imagesKey: this.facts.keyOf(images),
          hash: contentHash(page.html),
          ...(indexable(job) && { main: contentHash(mainOf(page.html)) }),
          ...(this.scanner && { scan: this.scanner(page.html, page.shared) }),
        };
        if (this.writer) await this.writer.add(job.file, page.html);
        done.push(this.writer ? { job, record } : { job, record, page });
      }
      await this.writer?.flush();
    } catch (err) {
      // The machine's refusals (a full disk) and the user's mistakes cross the thread as data.
      const user = fromFileSystemError(err);
      if (!isUserError(user)) throw err;
      await this.writer?.flush().catch(() => {});
      errors.push(...errorsOf(user));
    }
    const missing = [...this.ctx.images.missing];
    if (errors.length) return { pages: [], errors: errors.flatMap((e) => userErrorData(e)), missing };
    return { pages: done, errors: [], missing };
  }

  private renderOne(job: PageJob, errors: PpgError[]): RenderedPage {
    const { ctx, templates } = this;
    if (job.kind === "404") return renderNotFound(ctx, templates);
    if (job.kind === "alias") return renderAlias(ctx, templates, job.route, ctx.aliases.get(job.route)!);
    return renderRoute(ctx, templates, ctx.routes.get(job.route)!, errors);
  }
}

/** The digest a page record keeps of bytes: a served file must still hash to it to be reused. */
export function contentHash(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("base64").slice(0, 22);
}

/**
 * Below this many pages to render, a pool's start-up (each thread loads React, the templates and
 * the site's data, about 0.3 s) costs more than a second core gives back: the pages render inline.
 */
const POOL_THRESHOLD = 300;
/** Pages per task: large enough that messages cost little, small enough that the threads finish together. */
const BATCH = 32;

export interface RenderOptions {
  /**
   * true: on a pool of threads sized to the cores (piscina); false: inline. Default: the pool from POOL_THRESHOLD
   * pages, on more than one core.
   */
  threads?: boolean;
  /** Inline only: the templates to render with (dev mode's). */
  templates?: Templates;
}

/**
 * Renders `jobs`, each batch's result given to `done` (with the batch's number) as it arrives;
 * throws every problem found, in the order of the pages whatever thread found them.
 */
export async function renderJobs(
  input: RenderInput,
  jobs: PageJob[],
  done: (pages: RenderedJob[]) => void,
  opts: RenderOptions = {},
): Promise<void> {
  const batches: PageJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  const errors: PpgError[][] = [];
  const missing = new Set<string>();
  const take = (result: BatchResult, batch: number) => {
    if (result.errors.length) errors[batch] = errorsOf(reviveUserError(result.errors));
    for (const src of result.missing) missing.add(src);
    done(result.pages);
  };
  const threads = opts.threads ?? (jobs.length >= POOL_THRESHOLD && availableParallelism() > 1);
  if (!threads || batches.length === 0) {
    const renderer = await PageRenderer.create(input, opts.templates);
    for (const [i, batch] of batches.entries()) take(await renderer.render(batch), i);
  } else {
    await onPool(input, batches, take);
  }
  const all = errors.flat();
  all.push(...missingImageErrors(missing, all));
  if (all.length) throw new PpgErrorList(dedupe(all));
}

async function onPool(
  input: RenderInput,
  batches: PageJob[][],
  take: (result: BatchResult, batch: number) => void,
): Promise<void> {
  const pool = workerPool<PageJob[], BatchResult>(
    import.meta.url,
    "render-worker",
    "renderBatch",
    input,
    Math.min(availableParallelism(), batches.length),
  );
  await runOnPool(pool, batches, take);
}

/**
 * Every page of a loaded site rendered in memory with the site's own templates (tests, and a
 * build with `write: false`); throws every problem found at once.
 */
export async function renderPages(site: LoadedSite): Promise<RenderedPage[]> {
  const input = renderInputOf(site, undefined, false);
  const jobs = keyPages(input);
  const rendered = new Map<string, RenderedPage>();
  await renderJobs(input, jobs, (pages) => pages.forEach((p) => rendered.set(p.job.file, p.page!)), {
    threads: false,
    templates: site.templates,
  });
  return jobs.map((job) => rendered.get(job.file)!);
}

/**
 * An image some page asked for that public/ lacks, unless already reported at its line in Markdown
 * (page-model.ts): compared as written, so `/images/café.svg` and `/images/caf%C3%A9.svg` are one
 * problem, reported once (once: twice, the second time with no location).
 */
export function missingImageErrors(missing: Iterable<string>, reported: readonly PpgError[]): PpgError[] {
  const seen = new Set(
    reported.filter((e) => e.code === "AssetMissing").map((e) => writtenForm(String(e.data?.path ?? ""))),
  );
  return [...missing]
    .filter((src) => !seen.has(writtenForm(src)) && Boolean(seen.add(writtenForm(src))))
    .map(
      (src) =>
        new PpgError(
          "AssetMissing",
          { what: "image", path: src },
          { hint: "Add the file to public/ or fix the path in site.yaml or the listings file that names it." },
        ),
    );
}

/** The same problem found on several threads or pages (same code, place and data) is reported once. */
export function dedupe(errors: PpgError[]): PpgError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const { file, line, column } = e.location ?? {};
    // A code without a message builder has no data: its message is what it found.
    const key = JSON.stringify([e.code, file, line, column, e.path, e.data ?? e.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
