import { lstatSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ImageFactIndex } from "../assets/image-facts.ts";
import { findPlaceholders } from "../check/placeholders.ts";
import { currentCode } from "../core/code-id.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { whileInterruptible } from "../core/interrupt.ts";
import { failedWhileWriting } from "../core/written-so-far.ts";
import { timed, type StageTimings } from "../core/timing.ts";
import { checkLinks as checkLinkReport } from "../links/check.ts";
import type { LinkScan } from "../links/types.ts";
import { claimOutputs } from "../output/claims.ts";
import { writeGeneratedAndPublic } from "../output/generated-files.ts";
import { checkOutputFolder, OutputFolder } from "../output/output-folder.ts";
import { readPageCache, writePageCache, type IndexRecord, type PageRecord } from "../output/page-cache.ts";
import { writeIndex } from "../output/index-maker.ts";
import { indexable, planIndex } from "../output/search-index.ts";
import { hostLimitWarnings } from "../output/host-limits.ts";
import { writeServiceWorker } from "../output/service-worker.ts";
import { CopyWriter, removeStale } from "../output/write.ts";
import type { RenderedPage } from "../render/render.tsx";
import { findManifest, loadSite, type FoundSite, type LoadedSite } from "../site/load-site.ts";
import { brokenLinkErrors } from "./link-sources.ts";
import {
  keyPages,
  planPages,
  previousOf,
  renderInputOf,
  type PageJob,
  type Plan,
  IN_MEMORY,
  type PagesToMake,
} from "./page-keys.ts";
import { IndexStream } from "./index-stream.ts";
import { renderJobs, type RenderedBatch } from "./render-pages.ts";
import { indexShardsOf, ownPages, writeShardManifest, type OwnPages, type ShardSpec } from "./shard.ts";

export interface BuildOptions {
  /** The site folder, holding site.yaml, content/ and public/. */
  root: string;
  /** Output folder, relative to root unless absolute. Default `dist`. */
  out?: string;
  /** Replace an output folder that ppguide did not create (see output-folder.ts). */
  force?: boolean;
  /** false: render in memory only and return the pages (tests). */
  write?: boolean;
  /** Overrides site.checkLinks. */
  checkLinks?: "error" | "warn" | "off";
  /** Render on a pool of worker threads, one per core. Default: from 300 pages to render (engine/render-pages.ts). */
  workers?: boolean;
  /** Default true: render only the pages whose key changed since the served copy (output/page-cache.ts). */
  cache?: boolean;
  /** Fail, writing nothing, while the site still holds placeholders (check/placeholders.ts). */
  strict?: boolean;
  /** Default true: write the full-text search index (/pagefind/) with the pages (output/search-index.ts). */
  searchIndex?: boolean;
  /** Build as of this day, YYYY-MM-DD (site/schedule.ts): default PPGUIDE_CLOCK, else today. */
  clock?: string;
  /** A folder for the image cache instead of .ppguide-cache/ (engine/verify.ts gives its clean build an empty one). */
  caches?: string;
  /** Build only shard i of n, into a shard folder for ppguide merge (engine/shard.ts). */
  shard?: ShardSpec;
}

export interface BuildResult {
  /** Every page written; with `write: false`, every page rendered, with its HTML. */
  pages: (Pick<RenderedPage, "route" | "file" | "kind"> & { html?: string })[];
  /** The pages this build rendered, and why (the others were linked from the served copy). */
  rendered?: { route: string; reason: string }[];
  /** The search index's shards made again (the others were linked from the served copy). */
  indexed?: string[];
  aliases: number;
  assets: number;
  outDir?: string;
  /** Located problems that do not fail the build (content no route uses, links under checkLinks: warn, ...). */
  warnings: PpgError[];
  /** Stand-ins still to replace before going live: listed by the CLI, fatal with `strict`. */
  placeholders: PpgError[];
  /** The next day on which the output will change with no edit (a page's publication or expiry day). */
  nextChange?: { date: string; why: string };
  timings: StageTimings;
  seconds: number;
}

/**
 * The whole pipeline, each stage a function of the build's state that returns the next:
 * load → check → open → key → render → index → write the rest → offline → check links → commit.
 * Nothing is made until the site is found, --out judged, the site loaded and every output path
 * claimed once (once: a build in a folder without site.yaml left dist.ppguide/ behind, a mistyped
 * --root made its whole chain of folders, and a route /index failed on the disk). Every stage
 * collects all the problems it can find before failing, and nothing is served until everything
 * has succeeded: a failed build leaves the served copy as it was.
 */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: StageTimings = {};
  const site = findManifest(resolve(opts.root));
  if (opts.write === false) return inMemory(site, opts, timings, started);
  const outDir = resolve(site.root, opts.out ?? "dist");
  checkOutputFolder(site.root, outDir, opts.force);
  // Interrupted, the build lets go of the lock and its temporary link; the copy it was writing is
  // not served, so whatever it holds is simply brought up to date by the next build. The handlers
  // are in place before the lock is taken, so no signal can leave the lock behind.
  let held: OutputFolder | undefined;
  return whileInterruptible(
    () => held?.release(),
    async () => {
      const loaded = await timed(timings, "load", () => load(site, opts));
      const checked = timed(timings, "check", () => check(loaded));
      const opened = timed(timings, "open", () => open(checked, outDir));
      held = opened.output;
      try {
        const keyed = timed(timings, "key", () => ownPages(key(opened), opts.shard));
        const rendered = await timed(timings, "render", () => render(keyed, IndexStream.start(keyed)));
        const indexed = await timed(timings, "index", () => index(rendered));
        const written = await timed(timings, "write", () => writeRest(indexed));
        const offline = await timed(timings, "offline", () => writeOffline(written));
        const linked = await timed(timings, "links", () => checkLinks(offline));
        const committed = await timed(timings, "commit", () => commit(linked));
        return resultOf(committed, timings, started);
      } catch (err) {
        // Nothing may still be writing when the lock is released.
        await opened.writer.flush().catch(() => {});
        throw failedWhileWriting(err, opened.output.target);
      } finally {
        opened.output.release();
      }
    },
  );
}

/** `write: false`: the same stages up to rendering, every page kept in memory with its HTML. */
async function inMemory(site: FoundSite, opts: BuildOptions, timings: StageTimings, started: number) {
  const loaded = await timed(timings, "load", () => load(site, opts));
  const checked = timed(timings, "check", () => check(loaded));
  const keyed = timed(timings, "key", () => key(pagesInMemory(checked.site)));
  const rendered = await timed(timings, "render", () => render(keyed));
  const warnings = [...checked.report.warnings, ...rendered.warnings];
  return finish({ ...checked.report, warnings, pages: pagesOf(rendered), timings }, started);
}

/**
 * Every page of a loaded site rendered in memory with the site's own templates (tests); throws every
 * problem at once.
 */
export async function renderPages(site: LoadedSite): Promise<RenderedPage[]> {
  return pagesOf(await render(key(pagesInMemory(site))));
}

// The build's state, stage by stage: each holds what the stages after it read.

/** load: the site, read and checked file by file. */
interface Loaded {
  opts: BuildOptions;
  site: LoadedSite;
}

/** check: what the site tells before anything is written, and how a broken link counts. */
export interface Checked extends Loaded {
  report: Pick<BuildResult, "aliases" | "assets" | "warnings" | "placeholders" | "nextChange">;
  linkMode: "error" | "warn" | "off";
}

/** open: the output folder held, the writer on the copy it brings up to date, and the served copy's index. */
export interface Opened extends Checked, PagesToMake {
  output: OutputFolder;
  writer: CopyWriter;
  servedIndex: IndexRecord | undefined;
  /** A shard build's (engine/shard.ts): it makes only these pages, and writes and checks nothing else. */
  own?: OwnPages;
}

/** key: every page with its key, and which of them to render. */
export interface Keyed {
  jobs: PageJob[];
  plan: Plan;
}

/**
 * render: every page's record by its file; the pages rendered, when they are kept in memory; what
 * the pages rendered now warn about (a page taken from the served copy is not read again); the
 * search index started before the first page, when it was (index-stream.ts).
 */
export interface Rendered {
  records: Map<string, PageRecord>;
  pages: Map<string, RenderedPage>;
  warnings: PpgError[];
  stream?: IndexStream;
}

/** index: the search index's record, and the shards made again; none without an index. */
export interface Indexed {
  index: { record: IndexRecord; made: string[] } | undefined;
}

/** write: the link scans of public/'s HTML files, for the link check. */
interface Written {
  publicScans: [string, LinkScan][];
}

export type Built = Opened & Keyed & Rendered & Indexed & Written;

// The stages.

export async function load(site: FoundSite, opts: BuildOptions): Promise<Loaded> {
  return { opts, site: await loadSite(site, { clock: opts.clock, caches: opts.caches }) };
}

/**
 * Each output path claimed once (output/claims.ts), content no route uses, placeholders and figures
 * written by hand (both fatal with `strict`: what must be fixed before going live).
 */
export function check(state: Loaded): Checked {
  const { site, opts } = state;
  const { manifest, content, publicFiles, assets } = site;
  const clashes = claimOutputs(site, { searchIndex: opts.write !== false && opts.searchIndex !== false });
  if (clashes.length) throw new PpgErrorList(clashes);
  const unused = content.unused.map((f) => {
    const file = `content/${f}`;
    return new PpgError("ContentUnused", { file }, { location: { file, line: 1, column: 1 } });
  });
  const placeholders = findPlaceholders(site);
  const warnings = [...unused, ...content.warnings, ...hostLimitWarnings(site)];
  const fatal = opts.strict ? [...placeholders, ...warnings.filter((w) => w.code === "FigureUnsourced")] : [];
  if (fatal.length) throw new PpgErrorList(fatal);
  const report = {
    aliases: manifest.aliases?.length ?? 0,
    assets: publicFiles.size + 1 + assets.scripts.length,
    warnings,
    placeholders,
    nextChange: site.schedule.next,
  };
  return { ...state, report, linkMode: opts.checkLinks ?? manifest.site.checkLinks ?? "error" };
}

/** Takes the lock and readies the copy to write; reads what the served copy's page cache offers. */
export function open(state: Checked, outDir: string): Opened {
  const { site, opts } = state;
  const output = OutputFolder.open(site.root, outDir, opts.force);
  try {
    const spec = {
      target: output.target,
      fresh: output.listing.length === 0,
      ...(output.live && { live: output.live }),
    };
    const input = renderInputOf(site, { spec, scan: state.linkMode !== "off" || opts.shard !== undefined });
    const served = opts.cache === false || !output.live ? undefined : readPageCache(output.live, currentCode());
    const writer = new CopyWriter(spec);
    return {
      ...state,
      input,
      code: currentCode(),
      images: new ImageFactIndex(input.images),
      previous: previousOf(output.live, served?.pages, opts.cache !== false),
      sink: { reuse: (file) => writer.link(file), flush: () => writer.flush() },
      ...(opts.workers !== undefined && { threads: opts.workers }),
      output,
      writer,
      servedIndex: served?.index,
    };
  } catch (err) {
    output.release();
    throw err;
  }
}

/** Every page's key, and which pages the previous build made as this one would. */
export function key<S extends PagesToMake>(state: S): S & Keyed {
  const jobs = keyPages(state.input, state.code);
  return { ...state, jobs, plan: planPages(jobs, state.previous, state.images) };
}

/**
 * Renders the pages the plan says changed (on the pool, or inline) and takes the others as they
 * were; each page rendered is given to the search index `stream`, when it was started.
 */
export async function render<S extends PagesToMake & Keyed>(state: S, stream?: IndexStream): Promise<S & Rendered> {
  const { input, plan, sink } = state;
  const records = new Map<string, PageRecord>();
  const pages = new Map<string, RenderedPage>();
  for (const { job, record } of plan.reuse) {
    await sink.reuse(job.file);
    records.set(job.file, record);
  }
  const take = (batch: Pick<RenderedBatch, "records" | "pages" | "mains">) => {
    for (const [file, record] of batch.records) records.set(file, record);
    for (const [file, page] of batch.pages) pages.set(file, page);
    stream?.rendered(batch.mains);
  };
  const jobs = plan.render.map(({ job }) => job);
  const warnings: PpgError[] = [];
  const how = { threads: state.threads, templates: state.templates, warnings };
  const rendering = renderJobs(stream ? { ...input, index: true } : input, jobs, take, how);
  await rendering.catch((err: unknown) => stream?.close(err) ?? Promise.reject(err));
  await sink.flush();
  return { ...state, records, pages, warnings, stream };
}

/**
 * The search index's shards: one made from the same pages and records as the served copy's is
 * linked from it; one started while the pages rendered is finished; the others are made again.
 */
async function index<S extends Opened & Keyed & Rendered>(state: S): Promise<S & Indexed> {
  const { site, opts, jobs, records, output, writer, stream } = state;
  if (opts.searchIndex === false) return { ...state, index: undefined };
  const byRoute = new Map(jobs.map((job) => [job.route, job.file]));
  const fileOf = (route: string) => byRoute.get(route) ?? unreachable(`no page at ${route}`);
  const mains = new Map<string, string>();
  for (const { route, file } of jobs.filter(indexable))
    mains.set(route, records.get(file)?.main ?? unreachable(`no record of ${file}'s <main>`));
  const read = (route: string) => readFileSync(join(output.target, fileOf(route)), "utf8");
  const plans = indexShardsOf(site.manifest, planIndex(site, mains), state.own?.shard);
  return { ...state, index: await writeIndex(plans, output, state.servedIndex, writer, read, stream?.started) };
}

/** Everything but the pages and the index: public/ and the generated files, with public HTML's link scans. */
export async function writeRest<S extends Opened>(state: S): Promise<S & Written> {
  if (state.own) return { ...state, publicScans: [] };
  return { ...state, publicScans: await writeGeneratedAndPublic(state.site, state.writer, state.input.scan) };
}

/** The service worker and its manifest, from the digests of everything written (output/service-worker.ts). */
export async function writeOffline<S extends Opened & Keyed & Rendered & Indexed>(state: S): Promise<S> {
  const { site, writer, output, jobs, records, index } = state;
  if (!state.own) await writeServiceWorker(site, writer, output.target, jobs, records, index?.record);
  return state;
}

/** The link check over the new copy: every broken link and anchor, located (link-sources.ts). */
export async function checkLinks(state: Built): Promise<Built> {
  const { site, output, writer, plan, records, publicScans, linkMode, report } = state;
  if (!state.input.scan || state.own) return state;
  const scans = new Map(publicScans);
  for (const [file, record] of records) if (record.scan) scans.set(file, record.scan);
  const files = [...new Set([...writer.produced, ...plan.render.map(({ job }) => job.file)])];
  const found = await checkLinkReport({ dir: output.target, files, scans });
  if (!found.problems.length) return state;
  const problems = brokenLinkErrors(found, site);
  if (linkMode !== "warn") throw new PpgErrorList(problems);
  return { ...state, report: { ...report, warnings: [...report.warnings, ...problems] } };
}

/**
 * Makes the copy exactly the new site, writes its page cache (each record with its file's stat as
 * the copy will be served, for the next build's quick check), and serves it.
 */
export async function commit(state: Built): Promise<Built> {
  const { output, writer, plan, records, index } = state;
  if (state.own) await writeShardManifest(state, state.own);
  await removeStale(output.target, output.listing, [writer, { produced: plan.render.map(({ job }) => job.file) }]);
  const pages = new Map<string, PageRecord>();
  for (const [file, record] of records) {
    const { size, mtimeMs, ctimeMs, ino } = lstatSync(join(output.target, file));
    pages.set(file, { ...record, stat: { size, mtimeMs, ctimeMs, ino } });
  }
  writePageCache(output.target, currentCode(), { pages, index: index?.record });
  output.commit();
  return state;
}

// Helpers of the stages.

/** Keying and rendering with every page kept in memory, as for a first build, with the site's own templates. */
function pagesInMemory(site: LoadedSite): PagesToMake {
  const input = renderInputOf(site, { scan: false });
  return {
    input,
    code: currentCode(),
    images: new ImageFactIndex(input.images),
    previous: { none: "first build" },
    sink: IN_MEMORY,
    threads: false,
    templates: site.templates,
  };
}

/** The pages rendered in memory, in the order of the pages. */
function pagesOf(state: Keyed & Rendered): RenderedPage[] {
  return state.jobs.map((job) => state.pages.get(job.file) ?? unreachable(`${job.file} was not rendered`));
}

/** A bug in ppguide, not in the site: what a stage before should have made is not there. */
function unreachable(what: string): never {
  throw new Error(what);
}

export function resultOf(state: Built, timings: StageTimings, started: number): BuildResult {
  return finish(
    {
      ...state.report,
      // Cache entries found damaged and made again: known once every image has been written.
      warnings: [...state.report.warnings, ...state.warnings, ...state.site.cacheWarnings.found],
      pages: state.jobs.map(({ route, file, kind }) => ({ route, file, kind })),
      rendered: state.plan.render.map(({ job, reason }) => ({ route: job.route, reason })),
      indexed: state.index?.made,
      outDir: state.output.out,
      timings,
    },
    started,
  );
}

function finish(result: Omit<BuildResult, "seconds">, started: number): BuildResult {
  return { ...result, seconds: (performance.now() - started) / 1000 };
}
