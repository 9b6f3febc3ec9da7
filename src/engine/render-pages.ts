import { writtenForm } from "../core/url-path.ts";
import { availableParallelism } from "node:os";
import { imageServiceFrom, ImageFactIndex } from "../assets/image-facts.ts";
import { scriptsFor } from "../assets/bundles.ts";
import type { ContentIndex } from "../content/load.ts";
import { digest } from "../core/digest.ts";
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
import type { PageRecord } from "../output/page-cache.ts";
import { indexable, mainOf } from "../output/search-index.ts";
import { CopyWriter } from "../output/write.ts";
import { createSiteContext, type SiteContext } from "../render/page-model.ts";
import { renderAlias, renderNotFound, renderRoute, type RenderedPage, type Templates } from "../render/render.tsx";
import { duplicateIdErrors, idsIn } from "../render/unique-ids.ts";
import { loadTemplates } from "../site/load-site.ts";
import type { PageJob, RenderInput } from "./page-keys.ts";

/**
 * What rendering a batch of pages gave: each page's record, by its file; the pages themselves when they are kept in
 * memory (no CopySpec: dev mode, tests); the user's mistakes found (as data); images asked for that public/ lacks.
 */
export interface RenderedBatch {
  records: [file: string, record: PageRecord][];
  pages: [file: string, page: RenderedPage][];
  errors: PpgErrorData[];
  missing: string[];
  /** What the rendered pages warn about (structured data without a recommended property). */
  warnings: PpgErrorData[];
  /** Each indexed page's <main>, by route, for the search index made while pages render (engine/index-stream.ts). */
  mains: [route: string, main: string][];
}

/** Renders, scans and writes (or keeps) pages; one per thread (render-worker.ts), or one inline. */
export class PageRenderer {
  private readonly ctx: SiteContext;
  private readonly writer?: CopyWriter;
  private readonly scanner?: ReturnType<typeof pageScanner>;
  private readonly facts: ImageFactIndex;

  private constructor(
    private readonly input: RenderInput,
    private readonly templates: Templates,
  ) {
    const { manifest, content, assets, year, root, indexShards } = input;
    const index: ContentIndex = { ...content, listingSources: new Map(), unused: [], warnings: [] };
    const assetsFor = (kind: string) => ({ css: assets.css, scripts: scriptsFor(kind, assets.scripts) });
    this.ctx = createSiteContext(manifest, index, imageServiceFrom(input.images), assetsFor, {
      year,
      root,
      indexShards,
    });
    this.writer = input.spec && new CopyWriter(input.spec);
    this.scanner = input.scan ? pageScanner() : undefined;
    this.facts = new ImageFactIndex(input.images);
  }

  /** `templates`: dev mode's, compiled again after an edit; by default ppguide's own. */
  static async create(input: RenderInput, templates?: Templates): Promise<PageRenderer> {
    return new PageRenderer(input, templates ?? (await loadTemplates()));
  }

  async render(jobs: PageJob[]): Promise<RenderedBatch> {
    const errors: PpgError[] = [];
    const warnings: PpgError[] = [];
    const records: RenderedBatch["records"] = [];
    const pages: RenderedBatch["pages"] = [];
    const mains: RenderedBatch["mains"] = [];
    try {
      for (const job of jobs) {
        this.ctx.images.takeReads();
        const warned = warnings.length;
        const page = this.renderOne(job, errors, warnings);
        const own = warnings.slice(warned).flatMap((e) => userErrorData(e));
        const images = this.ctx.images.takeReads();
        const main = indexable(job) ? mainOf(page.html) : undefined;
        const scan = this.scanner?.(page.html, page.shared);
        // The scan read the page's ids already; a page not scanned is read for them alone.
        if (job.kind !== "alias" && job.kind !== "404")
          errors.push(...duplicateIdErrors(scan?.anchors ?? idsIn(page.html), job.route, page.sourceIds));
        records.push([
          job.file,
          {
            parts: job.parts,
            images,
            imagesKey: this.facts.keyOf(images),
            hash: digest(page.html),
            ...(main !== undefined && { main: digest(main) }),
            ...(scan && { scan }),
            ...(own.length > 0 && { warnings: own }),
          },
        ]);
        if (this.writer) await this.writer.add(job.file, page.html);
        else pages.push([job.file, page]);
        if (main !== undefined && this.input.index) mains.push([job.route, main]);
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
    const warned = warnings.flatMap((e) => userErrorData(e));
    if (errors.length)
      return {
        records: [],
        pages: [],
        mains: [],
        errors: errors.flatMap((e) => userErrorData(e)),
        missing,
        warnings: warned,
      };
    return { records, pages, mains, errors: [], missing, warnings: warned };
  }

  private renderOne(job: PageJob, errors: PpgError[], warnings: PpgError[]): RenderedPage {
    const { ctx, templates } = this;
    if (job.kind === "404") return renderNotFound(ctx, templates);
    const to = ctx.aliases.get(job.route);
    if (job.kind === "alias" && to !== undefined) return renderAlias(ctx, templates, job.route, to);
    const route = ctx.routes.get(job.route);
    if (!route) throw new Error(`no route or alias ${job.route} to render`);
    return renderRoute(ctx, templates, route, errors, warnings);
  }
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
  /** Filled with what the rendered pages warn about, in the order of the pages. */
  warnings?: PpgError[];
}

/**
 * Renders `jobs`, each batch's result given to `done` (with the batch's number) as it arrives;
 * throws every problem found, in the order of the pages whatever thread found them.
 */
export async function renderJobs(
  input: RenderInput,
  jobs: PageJob[],
  done: (batch: Pick<RenderedBatch, "records" | "pages" | "mains">) => void,
  opts: RenderOptions = {},
): Promise<void> {
  const batches: PageJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  const errors: PpgError[][] = [];
  const warnings: PpgError[][] = [];
  const missing = new Set<string>();
  const take = (result: RenderedBatch, batch: number) => {
    if (result.errors.length) errors[batch] = errorsOf(reviveUserError(result.errors));
    if (result.warnings.length) warnings[batch] = errorsOf(reviveUserError(result.warnings));
    for (const src of result.missing) missing.add(src);
    done(result);
  };
  const threads = opts.threads ?? (jobs.length >= POOL_THRESHOLD && availableParallelism() > 1);
  if (!threads || batches.length === 0) {
    const renderer = await PageRenderer.create(input, opts.templates);
    for (const [i, batch] of batches.entries()) take(await renderer.render(batch), i);
  } else {
    await onPool(input, batches, take);
  }
  opts.warnings?.push(...dedupe(warnings.flat()));
  const all = errors.flat();
  all.push(...missingImageErrors(missing, all));
  if (all.length) throw new PpgErrorList(dedupe(all));
}

async function onPool(
  input: RenderInput,
  batches: PageJob[][],
  take: (result: RenderedBatch, batch: number) => void,
): Promise<void> {
  const pool = workerPool<PageJob[], RenderedBatch>(
    import.meta.url,
    "render-worker",
    "renderBatch",
    input,
    Math.min(availableParallelism(), batches.length),
  );
  await runOnPool(pool, batches, take);
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
/**
 * What the pages warn about, in the order of the pages, each once: from each page's record, so a
 * page taken from the served copy (or a shard) warns as it did when it was rendered.
 */
export function pageWarnings(jobs: readonly PageJob[], records: ReadonlyMap<string, PageRecord>): PpgError[] {
  const data = jobs.flatMap((job) => records.get(job.file)?.warnings ?? []);
  return data.length ? dedupe(errorsOf(reviveUserError(data))) : [];
}

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
