import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { ImageFactIndex } from "../assets/image-facts.ts";
import { gatedProblems, sortAcknowledged } from "../audits/acknowledged.ts";
import { findPlaceholders } from "../audits/placeholders.ts";
import { currentCode } from "../core/code-id.ts";
import { errorData, errorsOf, isUserError, PpgError, PpgErrorList, warningsOf } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { cleanUpOnInterrupt } from "../core/interrupt.ts";
import { failedWhileWriting } from "../core/written-so-far.ts";
import { stageClock, type StageTimings } from "../core/timing.ts";
import { claimOutputs } from "../output/claims.ts";
import { writeGeneratedAndPublic } from "../output/generated-files.ts";
import { OutputFolder, servedCopy } from "../output/output-folder.ts";
import { recordInputs, type Inputs } from "../output/same-inputs.ts";
import {
  fileStat,
  packsNamedBy,
  pageCacheFile,
  readPageCache,
  removeUnusedPacks,
  withSearchOf,
  writePageCache,
  type FileStat,
  type IndexRecord,
  type PageRecord,
} from "../output/page-cache.ts";
import { indexRoutes, writeSearchIndex } from "../output/search-index.ts";
import { hostLimitWarnings } from "../manifest/host-limits.ts";
import type { Manifest } from "../manifest/types.ts";
import { writeServiceWorker } from "../output/service-worker.ts";
import { CopyWriter, removeStale } from "../output/write.ts";
import { sitePages } from "../render/kinds/index.ts";
import type { RenderedPage } from "../render/render.tsx";
import type { FoundSite } from "../site/find-site.ts";
import { loadSite, type LoadedSite, type LoadOptions } from "../site/load-site.ts";
import { reloadSite } from "../site/reload.ts";
import {
  keyPages,
  planPages,
  previousOf,
  renderInputOf,
  IN_MEMORY,
  type PageJob,
  type PagesToMake,
} from "./page-keys.ts";
import { besideOwnProblems, brokenLinks } from "./site-links.ts";
import { checkChanged } from "./kept-links.ts";
import { together } from "./together.ts";
import { finish, firstLook, type FirstLook, type StoredResult } from "./first-look.ts";
import { renderUnpublished, type UnpublishedPages } from "./unpublished.ts";
import {
  dedupe,
  pageWarnings,
  renderJobs,
  rendersOnPool,
  sourcesOf,
  startRenderPool,
  type RenderPool,
  type TakenBatch,
} from "./render-pages.ts";
import { ownPages, writeShardManifest } from "./shard.ts";
import {
  builtPage,
  type BuildOptions,
  type BuildResult,
  type Built,
  type Checked,
  type Indexed,
  type Keyed,
  type Loaded,
  type Opened,
  type PageInMemory,
  type Rendered,
  type Written,
} from "./build-state.ts";

/**
 * The whole pipeline, each stage a function of the build's state that returns the next:
 * inputs → load → check → open → key → render (each page with its search entry) → index → write the rest →
 * offline → check links → commit. A build of the very inputs the served copy was built from ends after the first,
 * its first look (engine/first-look.ts), which the CLI takes before it loads this module.
 * Nothing is made until the site is found, --out judged, the site loaded and every output path
 * claimed once (once: a build in a folder without site.yaml left dist.ppguide/ behind, a mistyped
 * --root made its whole chain of folders, and a route /index failed on the disk). Every stage
 * collects all the problems it can find before failing, and nothing is served until everything
 * has succeeded: a failed build leaves the served copy as it was.
 */
export async function build(opts: BuildOptions, look: FirstLook = firstLook(opts)): Promise<BuildResult> {
  const { site, started, timings, inputs } = look;
  // The very inputs, code and settings of the served copy's build: its result, without reading the site again.
  if (look.result) return look.result;
  if (look.outDir === undefined) return inMemory(site, opts, timings, started);
  const outDir = look.outDir;
  const timed = stageClock(timings);
  // Interrupted, the build lets go of the lock and its temporary link; the copy it was writing is
  // not served, so whatever it holds is simply brought up to date by the next build. The handlers
  // are in place before the lock is taken, so no signal can leave the lock behind.
  let held: OutputFolder | undefined;
  // A build that will render every page starts its threads as soon as site.yaml says how many pages there are.
  let pool: RenderPool | undefined;
  const onManifest = (manifest: Manifest) => {
    if (opts.workers !== false && rendersOnPool(manifest.routes.length) && rendersEveryPage(opts, outDir))
      pool = startRenderPool();
  };
  const letGo = cleanUpOnInterrupt(() => held?.release());
  try {
    return await stages();
  } finally {
    try {
      await pool?.destroy();
    } finally {
      letGo();
    }
  }

  async function stages(): Promise<BuildResult> {
    // A Markdown file whose stamp is as the last build kept it is not read (content/kept-markdown.ts).
    const stamps = inputs && opts.cache !== false ? { of: inputs.stamps, at: inputs.at } : undefined;
    const loaded = await timed("load")(load(site, opts, { onManifest, goOn: true, ...(stamps && { stamps }) }));
    const checked = timed("check")(check(loaded));
    const opened = timed("open")(open(checked, outDir));
    held = opened.output;
    // The furthest state reached, whose problems a later stage's failure is reported with.
    let reached: Checked = opened;
    try {
      const keyed = timed("key")(ownPages(key(opened), opts.shard));
      // With what the check and the keys answered of the YAML texts, which the load saved before they ran.
      opened.site.parsed?.save();
      const rendered = withPageProblems(
        await timed("render")(
          withUnpublished(
            render(keyed, pool),
            renderUnpublished(keyed.site, keyed.input.images, { scan: keyed.input.scan }),
          ),
        ),
      );
      reached = rendered;
      const indexed = await timed("index")(index(rendered));
      const written = await timed("rest")(writeRest(indexed));
      const offline = await timed("offline")(writeOffline(written));
      const linked = await timed("links")(linkCheck(offline));
      const committed = await timed("commit")(commit(linked, inputs));
      return resultOf(committed, timings, started);
    } catch (err) {
      // Nothing may still be writing when the lock is released.
      await opened.writer.flush().catch(() => {});
      throw failedWhileWriting(withEarlier(err, reached), opened.output.target);
    } finally {
      opened.output.release();
    }
  }
}

/**
 * Whether no page of the served copy can be reused: a first build, or --no-cache (a guess, made before the lock is
 * taken).
 */
function rendersEveryPage(opts: BuildOptions, outDir: string): boolean {
  const served = servedCopy(outDir);
  return opts.cache === false || served === undefined || !existsSync(pageCacheFile(served));
}

/** `write: false`: the same stages up to rendering, every page kept in memory with its HTML. */
async function inMemory(site: FoundSite, opts: BuildOptions, timings: StageTimings, started: number) {
  const timed = stageClock(timings);
  const loaded = await timed("load")(load(site, opts, { goOn: true }));
  const checked = timed("check")(check(loaded));
  const keyed = timed("key")(key(pagesInMemory(checked)));
  const rendered = await timed("render")(
    withUnpublished(render(keyed), renderUnpublished(checked.site, keyed.input.images, { scan: false })),
  ).catch((err: unknown) => Promise.reject(withEarlier(err, checked)));
  const warnings = [...checked.report.warnings, ...rendered.warnings];
  if (checked.errors.length) throw new PpgErrorList(checked.errors, warnings);
  return finish({ ...checked.report, warnings, pages: pagesOf(rendered), timings }, started);
}

/**
 * Every page of a loaded site rendered in memory with the site's own templates (tests); throws every
 * problem at once.
 */
export async function renderPages(site: LoadedSite): Promise<PageInMemory[]> {
  return pagesOf(await render(key(pagesInMemory({ site, pages: sitePages(site.manifest) }))));
}

// The stages.

/**
 * The site loaded, or (dev mode) a site loaded before with the files changed since read again, and
 * only what they reach (site/reload.ts). `how`: dev mode's templates, compiled afresh; `goOn` (a
 * build): the problems the later stages can go on in spite of are kept in `errors` rather than
 * thrown (site/load-site.ts, GOES_ON).
 */
export async function load(
  site: FoundSite,
  opts: BuildOptions,
  how: Pick<LoadOptions, "templates" | "drafts" | "onManifest" | "stamps"> & {
    previous?: { site: LoadedSite; changed: Iterable<string> };
    goOn?: boolean;
  } = {},
): Promise<Loaded> {
  const { goOn, ...loadHow } = how;
  const errors: PpgError[] = [];
  const loaded = how.previous
    ? await reloadSite(how.previous.site, how.previous.changed, { ...loadHow, ...(goOn && { deferred: errors }) })
    : await loadSite(site, { clock: opts.clock, caches: opts.caches, ...loadHow, ...(goOn && { deferred: errors }) });
  return { opts, site: loaded, errors };
}

/**
 * Each output path claimed once (output/claims.ts), content no route uses, placeholders and figures
 * written by hand (both errors with `strict`: what must be fixed before going live; the stages after
 * go on in spite of them, and the build fails with them at its end).
 */
export function check(state: Loaded): Checked {
  const { site, opts } = state;
  const { manifest, content, publicFiles, assets } = site;
  const pages = sitePages(manifest);
  const unused = content.unused.map((f) => {
    const file = `content/${f}`;
    return new PpgError("ContentUnused", { file }, { location: { file, line: 1, column: 1 } });
  });
  const found = findPlaceholders(site);
  // Known stand-ins are summed up in one line; a published stub's text is the editor's to write now.
  const placeholders = found.filter((p) => p.code === "PlaceholderLeft");
  const stubs = found.filter((p) => p.code !== "PlaceholderLeft");
  const warnings = [...unused, ...stubs, ...content.warnings, ...hostLimitWarnings(site)];
  // Two files at one path cannot both be written: nothing after this can go on.
  const clashes = claimOutputs(site, pages, { searchIndex: opts.write !== false && opts.searchIndex !== false });
  if (clashes.length) throw new PpgErrorList([...state.errors, ...clashes], warnings);
  // The gate: what --strict fails on, less what acknowledged.yaml lets through (audits/acknowledged.ts).
  const gate = opts.strict ? sortAcknowledged(site.root, gatedProblems(found, warnings)) : undefined;
  const failing = new Set(gate?.fresh);
  const report = {
    aliases: manifest.aliases?.length ?? 0,
    assets: publicFiles.size + 1 + assets.scripts.length,
    warnings: [...warnings.filter((w) => !failing.has(w)), ...(gate?.gone ?? [])],
    placeholders: placeholders.filter((p) => !failing.has(p)),
    nextChange: site.schedule.next,
  };
  const errors = [...state.errors, ...(gate?.fresh ?? [])];
  return { ...state, errors, pages, report, linkMode: opts.linkMode ?? manifest.site.checkLinks ?? "error" };
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
    const input = {
      ...renderInputOf(site, {
        spec,
        scan: state.linkMode !== "off" || opts.shard !== undefined,
        search: opts.searchIndex !== false,
      }),
      // A page's own problems do not stop the others, nor the link check after them: the build fails with them all.
      pageProblems: true,
    };
    const served = opts.cache === false || !output.live ? undefined : readPageCache(output.live, currentCode());
    const writer = new CopyWriter(spec);
    return {
      ...state,
      input,
      pages: state.pages,
      sources: sourcesOf(site),
      answering: site,
      code: currentCode(),
      images: new ImageFactIndex(input.images),
      previous: previousOf(output.live, served?.pages, opts.cache !== false),
      sink: { reuse: (file, ino) => writer.link(file, ino), flush: () => writer.flush() },
      ...(opts.workers !== undefined && { threads: opts.workers }),
      output,
      writer,
      servedIndex: served?.index,
      servedPacks: served?.packs,
      ...(served?.links && { servedLinks: served.links }),
    };
  } catch (err) {
    output.release();
    throw err;
  }
}

/** Every page's key, and which pages the previous build made as this one would. */
export function key<S extends PagesToMake>(state: S): S & Keyed {
  const jobs = keyPages(state.input, state.pages, state.code, state.answering);
  return { ...state, jobs, plan: planPages(jobs, state.previous, state.images, state.input.search !== undefined) };
}

/**
 * Renders the pages the plan says changed (on the pool, or inline) and takes the others as they
 * were.
 */
export async function render<S extends PagesToMake & Keyed>(state: S, pool?: RenderPool): Promise<S & Rendered> {
  const { input, plan, sink } = state;
  const records = new Map<string, PageRecord>();
  const kept = new Map<string, RenderedPage>();
  for (const { job, record, ino } of plan.reuse) {
    await sink.reuse(job.file, ino);
    records.set(job.file, record);
  }
  const problems = new Map<string, PpgError[]>();
  const rechromed = new Set<string>();
  const take = (batch: TakenBatch) => {
    for (const file of batch.rechromed) rechromed.add(file);
    for (const [file, record] of batch.records) records.set(file, record);
    for (const [file, page] of batch.kept) kept.set(file, page);
    for (const [file, found] of batch.problems) problems.set(file, found);
  };
  const jobs = plan.render.map(({ job }) => job);
  const how = { threads: state.threads, templates: state.templates, sources: state.sources, pool };
  await renderJobs(input, jobs, take, how);
  await sink.flush();
  // A page given a new header and footer has the search entries it had: the index reads <main> alone.
  if (input.search && "records" in state.previous)
    for (const file of rechromed) {
      const before = state.previous.records(file);
      const now = records.get(file);
      if (before && now) records.set(file, withSearchOf(now, before));
    }
  // Every page's, reused ones' too: a warning is shown on every build until it is fixed.
  const warnings = pageWarnings(state.jobs, records, state.sources);
  return { ...state, records, kept, problems, rechromed, warnings };
}

/**
 * The search index, from every page's entry (each page's record, made when it rendered) and the
 * records of keywords and listings, in the order of site.yaml (output/search-index.ts). A shard writes
 * none: its pages' entries go to the merge in its manifest.
 */
async function index<S extends Opened & Keyed & Rendered>(state: S): Promise<S & Indexed> {
  const { site, opts, jobs, records, output, writer } = state;
  if (opts.searchIndex === false || state.own) return { ...state, index: undefined };
  return { ...state, index: await writeIndexOf(state, site, jobs, records, output, writer) };
}

/** The index written from the pages' records (a build's, or a merge's taken from its shards). */
export async function writeIndexOf(
  state: Pick<Opened, "servedIndex" | "previous">,
  site: LoadedSite,
  jobs: readonly PageJob[],
  records: ReadonlyMap<string, PageRecord>,
  output: Pick<OutputFolder, "live">,
  writer: CopyWriter,
): Promise<{ record: IndexRecord; written: string[] }> {
  const fileOf = new Map(jobs.map((job) => [job.route, job.file]));
  const { previous } = state;
  const routes = indexRoutes(site, (route) => {
    const file = fileOf.get(route) ?? "";
    return { now: records.get(file), ...("records" in previous && { before: previous.records(file) }) };
  });
  const served = output.live && state.servedIndex ? { live: output.live, record: state.servedIndex } : undefined;
  const written = await writeSearchIndex(site, routes, writer, served);
  await writer.flush();
  return written;
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

/**
 * The link check over the new copy: every broken link and anchor, located (link-sources.ts). A page
 * reused from the served copy is checked again only when a change can break its links (kept-links.ts).
 */
export async function linkCheck(state: Built): Promise<Built> {
  const { site, output, writer, plan, records, publicScans, linkMode, report } = state;
  if (!state.input.scan || state.own) return state;
  const publicScan = new Map(publicScans);
  // Asked for page by page: a reused page's scan is made from the page cache then, not held for all of them.
  const scans = {
    has: (file: string) => publicScan.has(file) || "scan" in (records.get(file) ?? {}),
    get: (file: string) => publicScan.get(file) ?? records.get(file)?.scan,
  };
  const files = [...new Set([...writer.produced, ...plan.render.map(({ job }) => job.file)])];
  const checked = { dir: output.target, files, scans };
  const copy = { reused: new Set(plan.reuse.map(({ job }) => job.file)), index: new Set(state.index?.record.files) };
  const published = await checkChanged(checked, state.servedLinks, copy);
  const found = await brokenLinks(site, checked, state.unpublished, published.report);
  const problems = dedupe(
    [...besideOwnProblems(found, (file) => Boolean(state.problems.get(file)?.length)).values()].flat(),
  );
  const linked = { ...state, links: published.record };
  if (!problems.length) return linked;
  if (linkMode !== "warn") throw new PpgErrorList(together(state.errors, problems), report.warnings);
  return { ...linked, report: { ...report, warnings: [...report.warnings, ...problems] } };
}

/**
 * Makes the copy exactly the new site, writes its page cache (each record with its file's stat as
 * the copy will be served, for the next build's quick check) and the record of the inputs it was
 * built from (output/same-inputs.ts), and serves it.
 */
export async function commit(state: Built, inputs?: Inputs): Promise<Built> {
  const { output, writer, plan, records, index } = state;
  // What the stages went on in spite of fails the build here, before anything is served.
  if (state.errors.length) throw new PpgErrorList(state.errors, state.report.warnings);
  if (state.own) await writeShardManifest(state, state.own);
  await removeStale(output.target, output.listing, [writer, { produced: plan.render.map(({ job }) => job.file) }]);
  const stats = new Map<string, FileStat>();
  for (const file of records.keys()) {
    stats.set(file, writer.inPlace.get(file) ?? fileStat(lstatSync(join(output.target, file))));
  }
  const packs = writePageCache(
    output.target,
    currentCode(),
    { pages: records, index: index?.record, ...(state.links && { links: state.links }) },
    stats,
  );
  // The served copy's cache names its packs until the next build replaces it; one not read (--no-cache, another
  // version's) is read for their names alone.
  const served = state.servedPacks ?? (output.live ? packsNamedBy(output.live) : []);
  removeUnusedPacks(output.store, [...packs, ...served]);
  if (inputs) recordInputs(inputs, output.target, output.live, storedResult(state));
  // After every scan of the bodies (load, check, render), so that the next build finds each one's answers.
  state.site.kept?.save();
  output.commit();
  return state;
}

// Helpers of the stages.

/**
 * The render stage's problems and the unpublished pages' (checked beside it: unpublished.ts), all
 * reported at once. The unpublished pages go on to the link check.
 */
async function withUnpublished<S extends Rendered>(
  rendering: Promise<S>,
  checking: Promise<UnpublishedPages>,
): Promise<S> {
  const [rendered, checked] = await Promise.allSettled([rendering, checking]);
  if (checked.status === "rejected") throw checked.reason;
  const { errors, warnings } = checked.value;
  if (rendered.status === "rejected") {
    if (!isUserError(rendered.reason) || !errors.length) throw rendered.reason;
    throw new PpgErrorList([...errorsOf(rendered.reason), ...errors]);
  }
  // The published pages' own problems too: they are found already, and a report without them would show
  // them only once the drafts were mended.
  if (errors.length) throw new PpgErrorList(together([...rendered.value.problems.values()].flat(), errors));
  return { ...rendered.value, warnings: [...rendered.value.warnings, ...warnings], unpublished: checked.value };
}

/**
 * The pages rendered in spite of their problems (open: RenderInput.pageProblems): the build fails with them at its
 * end.
 */
function withPageProblems<S extends Checked & Rendered>(state: S): S {
  return { ...state, errors: together(state.errors, [...state.problems.values()].flat()) };
}

/**
 * A stage's failure, with what the stages before it found (their errors, which did not stop the build, and their
 * warnings): one report of every problem of the run. Anything but a problem of the site is left as it is.
 */
function withEarlier(err: unknown, before: Checked): unknown {
  if (!isUserError(err)) return err;
  const warnings = [...before.report.warnings, ...warningsOf(err)];
  return new PpgErrorList(together(before.errors, errorsOf(err)), [...new Set(warnings)]);
}

/** Keying and rendering with every page kept in memory, as for a first build, with the site's own templates. */
function pagesInMemory({ site, pages }: Pick<Checked, "site" | "pages">): PagesToMake {
  const input = renderInputOf(site, { scan: false, search: false });
  return {
    input,
    pages,
    sources: sourcesOf(site),
    code: currentCode(),
    images: new ImageFactIndex(input.images),
    previous: { none: "first build" },
    sink: IN_MEMORY,
    threads: false,
    templates: site.templates,
    answering: site,
  };
}

/** The pages rendered in memory, in the order of the pages. */
function pagesOf(state: Keyed & Rendered): PageInMemory[] {
  return state.jobs.map((job) => ({
    ...expected(state.kept.get(job.file), `${job.file} was rendered`),
    ...builtPage(job),
  }));
}

export function resultOf(state: Built, timings: StageTimings, started: number): BuildResult {
  return finish(
    {
      ...state.report,
      // Cache entries found damaged and made again: known once every image has been written.
      warnings: [...state.report.warnings, ...state.warnings, ...state.site.cacheWarnings.found],
      pages: state.jobs.map(builtPage),
      rendered: state.plan.render.map(({ job, reason }) => ({
        route: job.route,
        reason: state.rechromed.has(job.file) ? `${reason}, put in place of the old ones` : reason,
      })),
      indexed: state.index?.written,
      outDir: state.output.out,
      timings,
    },
    started,
  );
}

/** What the build keeps with the inputs it was built from (output/same-inputs.ts), for a build of the same ones. */
function storedResult(state: Built): StoredResult {
  const { aliases, assets, nextChange, warnings, placeholders } = state.report;
  return {
    pages: state.jobs.map(builtPage),
    aliases,
    assets,
    ...(nextChange && { nextChange }),
    warnings: [...warnings, ...state.warnings].map(errorData),
    placeholders: placeholders.map(errorData),
  };
}
