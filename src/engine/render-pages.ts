import { decodeUriPath, writtenForm } from "../core/url-path.ts";
import { availableParallelism } from "node:os";
import { serialize } from "node:v8";
import type { Piscina } from "piscina";
import { imageServiceFrom, ImageFactIndex } from "../assets/image-facts.ts";
import { scriptsFor } from "../assets/bundles.ts";
import type { MarkdownFile } from "../content/front-matter.ts";
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
import { renderThreads } from "../core/threads.ts";
import { runOnPool, workerPool } from "../core/worker-threads.ts";
import { pageScanner } from "../links/extract.ts";
import { servedText, type PageRecord } from "../output/page-cache.ts";
import { indexable, mainOf, routeEntries } from "../output/search-index.ts";
import { PageReader } from "../search/read-page.ts";
import { CopyWriter } from "../output/write.ts";
import { createSiteContext, type SiteContext } from "../render/page-model.ts";
import { kindOf, ROUTE_KINDS } from "../render/kinds/index.ts";
import type { RenderedPage, Templates } from "../render/render.tsx";
import { chromeOf, withChrome } from "../render/chrome.ts";
import type { Chrome } from "../render/model.ts";
import type { LinkScan } from "../links/types.ts";
import type { SearchEntry } from "../search/page-entry.ts";
import { duplicateIdErrors, idsIn } from "../render/unique-ids.ts";
import { loadTemplates, type LoadedSite } from "../site/load-site.ts";
import { formatPath, type YamlSource } from "../manifest/yaml-path.ts";
import type { RouteEntry } from "../manifest/types.ts";
import type { PageJob, Rechrome, RenderInput } from "./page-keys.ts";

/**
 * What rendering a batch of pages gave: each page's record, by its file; the pages themselves when they are kept in
 * memory (no CopySpec: dev mode, tests); the user's mistakes found (as data); images asked for that public/ lacks.
 */
export interface RenderedBatch {
  records: [file: string, record: PageRecord][];
  kept: [file: string, page: RenderedPage][];
  /** Each page's HTML, for the thread that takes the batch to write (RenderInput.handBack). */
  unwritten: [file: string, html: string][];
  errors: PpgErrorData[];
  missing: string[];
  /** What the rendered pages warn about (structured data without a recommended property). */
  warnings: PpgErrorData[];
  /** Each page's own problems, with the page (RenderInput.pageProblems): none in `errors` then. */
  problems: [file: string, problems: PpgErrorData[]][];
  /** The pages given a new header and footer, not rendered (PageJob.rechrome). */
  rechromed: string[];
}

/** A batch as the stage takes it: each page's problems revived and located. */
export type TakenBatch = Pick<RenderedBatch, "records" | "kept" | "rechromed"> & {
  problems: [file: string, problems: PpgError[]][];
};

/** A page made, and what its record keeps of it. */
interface MadePage {
  page: RenderedPage;
  images: string[];
  scan?: LinkScan;
  search?: SearchEntry[];
  /** What it warns about, as data. */
  own: PpgErrorData[];
  /** Known to differ from the served copy's page: a new header or footer put in its place. */
  changed?: boolean;
}

/** Whether an id occurs twice. */
function repeats(ids: Iterable<string>): boolean {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return true;
    seen.add(id);
  }
  return false;
}

/** Renders, scans and writes (or keeps) pages; one per thread (render-worker.ts), or one inline. */
export class PageRenderer {
  private readonly ctx: SiteContext;
  private readonly writer?: CopyWriter;
  private readonly scanner?: ReturnType<typeof pageScanner>;
  /** Reads each indexed page for its search entries, in the pass of its link scan when there is one. */
  private readonly reader?: PageReader;
  private readonly routes: Map<string, RouteEntry>;
  private readonly facts: ImageFactIndex;

  private constructor(
    private readonly input: RenderInput,
    private readonly templates: Templates,
  ) {
    const { manifest, content, assets, year } = input;
    const index: ContentIndex = { ...content, listingSources: new Map(), unused: [], warnings: [] };
    const assetsFor = (names: readonly string[]) => ({ css: assets.css, scripts: scriptsFor(names, assets.scripts) });
    this.ctx = createSiteContext(manifest, index, imageServiceFrom(input.images), ROUTE_KINDS, assetsFor, { year });
    this.writer = input.spec && new CopyWriter(input.spec);
    this.scanner = input.scan ? pageScanner() : undefined;
    this.reader = input.search && new PageReader(input.search.read);
    this.routes = new Map(manifest.routes.map((route) => [route.path, route]));
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
    const kept: RenderedBatch["kept"] = [];
    const unwritten: RenderedBatch["unwritten"] = [];
    const problems: RenderedBatch["problems"] = [];
    const rechromed: string[] = [];
    try {
      for (const job of jobs) {
        const before = errors.length;
        this.ctx.images.takeReads();
        const given = job.rechrome && this.rechromed(job, job.rechrome);
        if (given) rechromed.push(job.file);
        const { page, images, scan, search, own, changed } = given || this.rendered(job, errors, warnings);
        records.push([
          job.file,
          {
            parts: job.parts,
            images,
            imagesKey: this.facts.keyOf(images),
            hash: digest(page.html),
            ...(search && { search }),
            ...(scan && { scan }),
            ...(own.length > 0 && { warnings: own }),
            ...(page.chrome && { chrome: page.chrome }),
          },
        ]);
        if (this.writer) await this.writer.add(job.file, page.html, changed);
        else if (this.input.handBack) unwritten.push([job.file, page.html]);
        else kept.push([job.file, page]);
        if (this.input.pageProblems) {
          const own = errors.splice(before);
          own.push(...missingImageErrors(this.missingOn(images), own));
          if (own.length) problems.push([job.file, own.flatMap((e) => userErrorData(e))]);
        }
      }
      await this.writer?.flush();
    } catch (err) {
      // The machine's refusals (a full disk) and the user's mistakes cross the thread as data.
      const user = fromFileSystemError(err);
      if (!isUserError(user)) throw err;
      await this.writer?.flush().catch(() => {});
      errors.push(...errorsOf(user));
    }
    const missing = this.input.pageProblems ? [] : [...this.ctx.images.missing];
    const warned = warnings.flatMap((e) => userErrorData(e));
    if (errors.length)
      return {
        records: [],
        kept: [],
        unwritten: [],
        problems: [],
        rechromed: [],
        errors: errors.flatMap((e) => userErrorData(e)),
        missing,
        warnings: warned,
      };
    return { records, kept, unwritten, problems, rechromed, errors: [], missing, warnings: warned };
  }

  /** A page rendered, with what its record keeps; its mistakes pushed to `errors`, its warnings to `warnings`. */
  private rendered(job: PageJob, errors: PpgError[], warnings: PpgError[]): MadePage {
    const warned = warnings.length;
    if (job.own) this.ctx.content.markdown.set(...job.own);
    const page = kindOf(job.kind).render(this.ctx, this.templates, job.route, { errors, warnings });
    // The body goes with the job: a thread holds only the bodies of the pages it is rendering.
    if (job.own) this.ctx.content.markdown.set(job.own[0], withoutBody(job.own[1]));
    const own = warnings.slice(warned).flatMap((e) => userErrorData(e));
    const images = this.ctx.images.takeReads();
    const read = this.read(job, page);
    // The scan read the page's ids already; a page not scanned is read for them alone.
    errors.push(...duplicateIdErrors(read.scan?.anchors ?? idsIn(page.html), job.route, page.sourceIds));
    return { page, images, ...read, own };
  }

  /**
   * The served page given the new header and footer in place of its old ones: the bytes a render would make, since
   * nothing else of the page reads what they show (render/model.ts ChromeModel). Undefined, for the page to be
   * rendered instead, when the served file is not the one its record describes, the new ones cannot be placed, or
   * they give the page an id it has already: a render locates that in its sources.
   */
  private rechromed(job: PageJob, { served, record }: Rechrome): MadePage | undefined {
    const html = "html" in served ? served.html : servedText(served.file, record);
    if (html === undefined) return undefined;
    let chrome: Chrome;
    try {
      chrome = chromeOf(this.ctx, this.templates, job.route, record.chrome.eager);
    } catch {
      // A header or footer that fails is the render's to report, at its page.
      return undefined;
    } finally {
      // What the page read when it rendered is in its record, the logo included.
      this.ctx.images.takeReads();
    }
    const placed = withChrome(html, record.chrome, chrome);
    if (!placed) return undefined;
    const { changed, ...made } = placed;
    const page: RenderedPage = { route: job.route, ...made };
    // Its search entries are the ones it had (the index reads <main> alone): the build gives them back (withSearchOf).
    const read = this.read(job, page, false);
    if (repeats(read.scan?.anchors ?? idsIn(page.html))) return undefined;
    return { page, images: [...record.images], ...read, own: record.warnings ?? [], changed };
  }

  /** A page's links and anchors for the link check, and (`indexed`) its search entries, read in one pass. */
  private read(job: PageJob, page: RenderedPage, indexed = true): Pick<MadePage, "scan" | "search"> {
    const route = indexed && indexable(job) ? this.routes.get(job.route) : undefined;
    const reader = route && this.reader;
    const scan = this.scanner?.(page.html, page.shared, reader);
    // The search index reads the page in its link scan's pass; without a scan, <main> alone.
    const read = reader && (scan ? reader.end() : reader.read(mainOf(page.html)));
    const search = route && reader && read && routeEntries(this.input, route, read, reader);
    return { ...(scan && { scan }), ...(search && { search }) };
  }

  /** The images a page asked for (its reads, decoded) that public/ lacks, as it wrote them. */
  private missingOn(reads: readonly string[]): string[] {
    const asked = new Set(reads);
    return [...this.ctx.images.missing].filter((src) => asked.has(decodeUriPath(src) ?? src));
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
   * true: on a pool of threads (piscina), as many as renderThreads() says, else one per core; false: inline.
   * Default: the pool from POOL_THRESHOLD pages, when renderThreads() is not 0 (core/threads.ts).
   */
  threads?: boolean;
  /** Threads started before the site was loaded (startRenderPool), used when the pages render on a pool. */
  pool?: RenderPool;
  /** Inline only: the templates to render with (dev mode's). */
  templates?: Templates;
  /** Filled with what the rendered pages warn about, in the order of the pages. */
  warnings?: PpgError[];
  /** The parsed files the pages were made from, to locate what a page found in them (sourcesOf). */
  sources?: readonly YamlSource[];
}

/**
 * A problem a page found at a value of one of the site's YAML files, located in that file as the
 * load parsed it (the same bytes the page was made from); as it is when it names no such file.
 */
export function located(e: PpgError, sources: readonly YamlSource[]): PpgError {
  if (!e.source || e.location) return e;
  const { file, at } = e.source;
  const source = sources.find((s) => s.file === file);
  if (!source) return e;
  return new PpgError(e.code, e.data as never, {
    location: source.locate([...at]),
    path: formatPath([...at]),
    hint: e.hint,
  });
}

/** The YAML files a loaded site's pages are made from: site.yaml and every listings file. */
export function sourcesOf(site: Pick<LoadedSite, "source" | "content">): YamlSource[] {
  return [site.source, ...site.content.listingSources.values()];
}

/**
 * Renders `jobs`, each batch's result given to `done` as it arrives (its problems located);
 * throws every problem found, in the order of the pages whatever thread found them.
 */
export async function renderJobs(
  input: RenderInput,
  jobs: PageJob[],
  done: (batch: TakenBatch) => void,
  opts: RenderOptions = {},
): Promise<void> {
  const batches: PageJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  const errors: PpgError[][] = [];
  const warnings: PpgError[][] = [];
  const missing = new Set<string>();
  const locate = (found: PpgErrorData[]) => errorsOf(reviveUserError(found)).map((e) => located(e, opts.sources ?? []));
  const take = (result: RenderedBatch, batch: number) => {
    if (result.errors.length) errors[batch] = locate(result.errors);
    if (result.warnings.length) warnings[batch] = locate(result.warnings);
    for (const src of result.missing) missing.add(src);
    done({ ...result, problems: result.problems.map(([file, found]) => [file, locate(found)]) });
  };
  // A page given a new header and footer costs a thread's start-up a hundredth of what a render does.
  const threads = opts.threads ?? rendersOnPool(jobs.filter((job) => !job.rechrome).length);
  if (!threads || batches.length === 0) {
    await opts.pool?.destroy();
    const renderer = await PageRenderer.create(input, opts.templates);
    for (const [i, batch] of batches.entries()) take(await renderer.render(batch), i);
  } else {
    await onPool(input, batches, take, opts.pool ?? startRenderPool(batches.length));
  }
  opts.warnings?.push(...dedupe(warnings.flat()));
  const all = errors.flat();
  all.push(...missingImageErrors(missing, all));
  if (all.length) throw new PpgErrorList(dedupe(all));
}

/** What a render thread is given each time: the site's data (read once a thread: onPool) and the pages to render. */
export interface RenderTask {
  input: SharedArrayBuffer;
  jobs: PageJob[];
}

export type RenderPool = Piscina<RenderTask, RenderedBatch>;

/**
 * A pool of render threads, one per core (at most one per batch), started before the site's data is known: a build
 * that will render most pages starts it as soon as site.yaml is read, so each thread loads its modules (React, the
 * templates) while this thread loads the content. The data comes with the tasks.
 */
export function startRenderPool(batches = Number.POSITIVE_INFINITY): RenderPool {
  return workerPool<RenderTask, RenderedBatch>(
    import.meta.url,
    "render-worker",
    "renderBatch",
    undefined,
    Math.min(renderThreads() || availableParallelism(), batches),
  );
}

/** Whether a site of this many pages renders them on a pool when all of them render (renderJobs' own default). */
export function rendersOnPool(pages: number): boolean {
  return pages >= POOL_THRESHOLD && renderThreads() > 0;
}

/**
 * The site's data is serialized once, into memory the threads share, and each thread reads it with its first task:
 * every thread is given every Markdown file's front matter (cards and the search list read other pages' keywords)
 * but no body, which goes with its page's job to the one thread that renders it. Given them all as each thread's
 * workerData, each thread held every body of the site, and this thread copied the whole site once per thread.
 *
 * The threads hand their pages back and this thread writes them, one writer for the build: two threads creating
 * files in one folder at once cost more system time for no gain in wall time (docs/performance.md).
 */
async function onPool(
  input: RenderInput,
  batches: PageJob[][],
  take: (result: RenderedBatch, batch: number) => void,
  pool: RenderPool,
): Promise<void> {
  const { markdown } = input.content;
  const shared = new Map([...markdown].map(([name, file]) => [name, withoutBody(file)]));
  const { spec, ...rest } = input;
  const data = serialize({
    ...rest,
    content: { ...input.content, markdown: shared },
    handBack: spec !== undefined,
  } satisfies RenderInput);
  const sharedData = new SharedArrayBuffer(data.byteLength);
  new Uint8Array(sharedData).set(data);
  const contentOf = new Map(input.manifest.routes.map((r) => [r.path, r.content]));
  const withOwn = (job: PageJob): PageJob => {
    const name = contentOf.get(job.route);
    const file = name === undefined ? undefined : markdown.get(name);
    return name === undefined || file === undefined ? job : { ...job, own: [name, file] };
  };
  const writer = spec && new CopyWriter(spec);
  let failed: unknown;
  try {
    await runOnPool(
      pool,
      batches.map((batch) => ({ input: sharedData, jobs: batch.map(withOwn) })),
      (result, i) => {
        for (const [file, html] of result.unwritten.splice(0))
          writer?.add(file, html).catch((err: unknown) => (failed ??= err));
        take(result, i);
      },
    );
  } finally {
    // Nothing may still be writing once the stage has ended, failed or not.
    await writer?.flush().catch((err: unknown) => (failed ??= err));
  }
  // A name that would leave the output, a full disk: the user's to fix, as when a thread wrote the page itself.
  if (failed !== undefined) {
    const user = fromFileSystemError(failed);
    throw isUserError(user) ? new PpgErrorList(errorsOf(user)) : failed;
  }
}

/** A Markdown file as a thread holds it while no page of its own is rendering there. */
function withoutBody({ file, frontMatter, bodyLine, stubComments, digest }: MarkdownFile): MarkdownFile {
  // Field by field: a file the build did not read reads its body when the body is asked for (content/kept-markdown.ts).
  return { file, frontMatter, body: "", bodyLine, ...(stubComments && { stubComments }), digest };
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

/**
 * What the pages warn about, in the order of the pages, each once and located: from each page's
 * record, so a page taken from the served copy (or a shard) warns as it did when it was rendered.
 */
export function pageWarnings(
  jobs: readonly PageJob[],
  records: ReadonlyMap<string, PageRecord>,
  sources: readonly YamlSource[],
): PpgError[] {
  const data = jobs.flatMap((job) => records.get(job.file)?.warnings ?? []);
  return data.length ? dedupe(errorsOf(reviveUserError(data)).map((e) => located(e, sources))) : [];
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
