import { lstatSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { findPlaceholders } from "../check/placeholders.ts";
import { currentCode } from "../core/code-id.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { whileInterruptible } from "../core/interrupt.ts";
import { timed, type StageTimings } from "../core/timing.ts";
import { ImageFactIndex } from "../assets/image-facts.ts";
import { checkLinks } from "../links/check.ts";
import { brokenLink } from "../links/report.ts";
import type { LinkReport, PageScan } from "../links/types.ts";
import { generatedFiles } from "../output/generated-files.ts";
import { claimOutputs } from "../output/claims.ts";
import { checkOutputFolder, OutputFolder } from "../output/output-folder.ts";
import {
  readPageCache,
  servedIntact,
  writePageCache,
  type CachedPage,
  type CopyCache,
  type IndexRecord,
  type PageRecord,
} from "../output/page-cache.ts";
import {
  indexable,
  makeShard,
  planIndex,
  servedShard,
  type ShardFile,
  type ShardPlan,
} from "../output/search-index.ts";
import { removeStale, StageWriter } from "../output/write.ts";
import type { RenderedPage } from "../render/render.tsx";
import { findManifest } from "../manifest/load.ts";
import { loadSite, type LoadedSite } from "../site/load-site.ts";
import { locateImageErrors } from "../site/locate-images.ts";
import { inSourceFiles } from "./link-sources.ts";
import { keyPages, planPages, type PageJob } from "./page-keys.ts";
import { contentHash, renderInputOf, renderJobs, renderPages, type RenderInput } from "./render-pages.ts";
import { indexShardsOf, inShard, shardInput, writeShardManifest, type ShardSpec } from "./shard.ts";

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
  /**
   * Default true: render only the pages whose key changed since the served copy (output/page-cache.ts); false renders
   * all.
   */
  cache?: boolean;
  /** Fail, writing nothing, while the site still holds placeholders (check/placeholders.ts). */
  strict?: boolean;
  /** Default true: write the full-text search index (/pagefind/) with the pages (output/search-index.ts). */
  searchIndex?: boolean;
  /** Build as of this day, YYYY-MM-DD (site/schedule.ts): default PPGUIDE_CLOCK, else today. */
  clock?: string;
  /**
   * Build only this shard's pages, and the index shards made of them, into a shard folder for `ppguide merge`
   * (engine/shard.ts): no public or generated files, no link check (the merge does both for the whole site).
   */
  shard?: ShardSpec;
}

/** A page of the built site; with `write: false` it carries its HTML. */
export type BuiltPage = Omit<RenderedPage, "html" | "shared"> & { html?: string };

export interface BuildResult {
  /** Every page written; with `write: false` each also carries its HTML. */
  pages: BuiltPage[];
  /** The pages this build rendered, and why (the others were linked from the served copy). */
  rendered?: { route: string; reason: string }[];
  /** The search index's shards made again (the others were linked from the served copy). */
  indexed?: string[];
  aliases: number;
  assets: number;
  outDir?: string;
  /**
   * Located problems that do not fail the build (content no route uses, links under checkLinks: warn, listing data to
   * look at).
   */
  warnings: PpgError[];
  /** Stand-ins still to replace before going live: listed by the CLI, fatal with `strict`. */
  placeholders: PpgError[];
  /** The next day on which the output will change with no edit (a page's publication or expiry day). */
  nextChange?: { date: string; why: string };
  timings: StageTimings;
  seconds: number;
}

/**
 * The whole pipeline: open the output → load → check → key every page → render what changed →
 * index for search → write the rest → check links → commit. Every stage collects all the problems
 * it can find before failing, and nothing is served until everything has succeeded.
 */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(opts.root);
  const timings: StageTimings = {};
  const finish = (result: BuildResult) => Object.assign(result, { seconds: (performance.now() - started) / 1000 });
  if (opts.write === false) {
    const site = await loadSite(root, timings, { clock: opts.clock });
    const result = checkSite(site, opts, timings);
    result.pages = await timed(timings, "render", () => renderPages(site));
    return finish(result);
  }
  const outDir = resolve(root, opts.out ?? "dist");
  // Nothing is made until the site is found, --out judged, the site loaded and every output path
  // claimed once (once: a build in a folder without site.yaml left dist.ppguide/ behind, a
  // mistyped --root made its whole chain of folders, and a route /index failed on the disk).
  findManifest(root);
  checkOutputFolder(root, outDir, opts.force);
  // Interrupted, the build lets go of the lock and its temporary link; the copy it was writing is
  // not served, so whatever it holds is simply brought up to date by the next build. The handlers
  // are in place before the lock is taken, so no signal can leave the lock behind.
  let output: OutputFolder | undefined;
  return whileInterruptible(
    () => output?.release(),
    async () => {
      const site = await loadSite(root, timings, { clock: opts.clock });
      const result = checkSite(site, opts, timings);
      output = timed(timings, "open", () => OutputFolder.open(root, outDir, opts.force));
      try {
        const checkMode = opts.checkLinks ?? site.manifest.site.checkLinks ?? "error";
        // A shard scans its pages whatever the mode: the merge checks every link of the site.
        const scan = opts.shard !== undefined || checkMode !== "off";
        const input = renderInputOf(site, { target: output.target, live: output.live }, scan);
        const served = opts.cache === false || !output.live ? undefined : readPageCache(output.live, currentCode());
        const none =
          opts.cache === false
            ? "--no-cache"
            : !output.live
              ? "first build"
              : "no page cache of the served copy from this ppguide";
        const { all, jobs, plan } = timed(timings, "key", () =>
          keyAndPlan(input, output!.live, served ?? none, opts.shard),
        );
        const writer = new StageWriter(input.spec!);
        try {
          // A shard's render threads are given only the Markdown its pages read, not the whole site's.
          const readable = opts.shard ? shardInput(input, jobs) : input;
          const records = await timed(timings, "render", () => renderChanged(readable, plan, writer, opts.workers));
          const index =
            opts.searchIndex === false
              ? undefined
              : await timed(timings, "index", () =>
                  indexSite(site, jobs, records, output!, served?.index, writer, {
                    only: opts.shard && ((plans) => indexShardsOf(site.manifest, plans, opts.shard!)),
                  }),
                );
          const publicScans = opts.shard
            ? []
            : await timed(timings, "write", () => writeTheRest(site, writer, input.scan));
          const rendered = plan.render.map(({ job }) => job.file);
          if (opts.shard)
            await writeShardManifest(writer, output.target, { input, all, jobs, shard: opts.shard, records, index });
          else if (input.scan)
            await timed(timings, "check", () =>
              checkSiteLinks(
                site,
                output!.target,
                [...writer.produced, ...rendered],
                [...scansOf(records), ...publicScans],
                checkMode,
                result.warnings,
              ),
            );
          await timed(timings, "commit", async () => {
            await removeStale(output!.target, output!.listing, [writer, { produced: rendered }]);
            writePageCache(output!.target, currentCode(), {
              pages: withStats(output!.target, records),
              index: index?.record,
            });
            output!.commit();
          });
          result.pages = jobs.map(({ route, file, kind }) => ({ route, file, kind }));
          // A shard writes no public or generated file: the merge does.
          if (opts.shard) result.assets = 0;
          result.rendered = plan.render.map(({ job, reason }) => ({ route: job.route, reason }));
          result.indexed = index?.made;
          result.outDir = outDir;
          return finish(result);
        } catch (err) {
          // Nothing may still be writing when the lock is released.
          await writer.flush().catch(() => {});
          throw err;
        }
      } finally {
        output.release();
      }
    },
  );
}

/**
 * What a loaded site tells before rendering: each output path claimed once (output/claims.ts),
 * content no route uses, placeholders (fatal with `strict`).
 */
export function checkSite(site: LoadedSite, opts: BuildOptions, timings: StageTimings): BuildResult {
  const { manifest, content, publicFiles, assets } = site;
  const clashes = claimOutputs(site, { searchIndex: opts.write !== false && opts.searchIndex !== false });
  if (clashes.length) throw new PpgErrorList(clashes);
  const warnings = [
    ...content.unused.map(
      (f) =>
        new PpgError(
          "ContentUnused",
          { file: `content/${f}` },
          { location: { file: `content/${f}`, line: 1, column: 1 } },
        ),
    ),
    ...content.warnings,
  ];
  const placeholders = findPlaceholders(site);
  if (opts.strict && placeholders.length) throw new PpgErrorList(placeholders);
  return {
    pages: [],
    aliases: manifest.aliases?.length ?? 0,
    assets: publicFiles.size + 1 + assets.scripts.length,
    warnings,
    placeholders,
    nextChange: site.schedule.next,
    timings,
    seconds: 0,
  };
}

/**
 * Every page's key (`all`), the pages this build makes (`jobs`: a shard's, or all), and which of them the served
 * copy holds as this build would make them.
 */
function keyAndPlan(input: RenderInput, live: string | undefined, served: CopyCache | string, shard?: ShardSpec) {
  const all = keyPages(input);
  const jobs = shard ? all.filter((job) => inShard(job.route, shard)) : all;
  const previous = typeof served === "string" ? served : (file: string) => served.pages.get(file);
  const intact = (file: string, record: PageRecord) => servedIntact(live!, file, record as CachedPage, contentHash);
  return { all, jobs, plan: planPages(jobs, previous, new ImageFactIndex(input.images), intact) };
}

/**
 * Renders the pages the plan says changed (on the pool) and links the others from the served
 * copy; returns every page's record, in the order of the pages.
 */
async function renderChanged(
  input: RenderInput,
  plan: ReturnType<typeof planPages>,
  writer: StageWriter,
  threads?: boolean,
): Promise<Map<string, PageRecord>> {
  const records = new Map<string, PageRecord>();
  for (const { job, record } of plan.reuse) {
    await writer.link(job.file);
    records.set(job.file, record);
  }
  await renderJobs(
    input,
    plan.render.map(({ job }) => job),
    (pages) => pages.forEach((p) => records.set(p.job.file, p.record)),
    { threads },
  );
  await writer.flush();
  return records;
}

/** Where a merge's index shards may come from besides the served copy, and which a shard build makes. */
export interface IndexSources {
  /** The shards to make (a build shard's own, engine/shard.ts); default all. */
  only?: (plans: ShardPlan[]) => ShardPlan[];
  /** The files of a shard made by a build shard, with where they are (ppguide merge). */
  made?: (plan: ShardPlan) => ShardFile[] | undefined;
}

/**
 * The search index's shards: each one made from the same pages and records as the served copy's
 * is linked from it; each one a build shard made is taken from it (a merge); the others are made
 * again from the pages just written.
 */
export async function indexSite(
  site: LoadedSite,
  jobs: PageJob[],
  records: Map<string, PageRecord>,
  output: OutputFolder,
  served: IndexRecord | undefined,
  writer: StageWriter,
  sources: IndexSources = {},
): Promise<{ record: IndexRecord; made: string[] }> {
  const fileOf = new Map(jobs.map((job) => [job.route, job.file]));
  const mains = new Map(jobs.filter(indexable).map((job) => [job.route, records.get(job.file)!.main!]));
  const record: IndexRecord = { shards: [] };
  const made: string[] = [];
  try {
    const plans = planIndex(site, mains);
    for (const shard of sources.only ? sources.only(plans) : plans) {
      const reuse = servedShard(output.live, served, shard);
      const fromShard = reuse ? undefined : sources.made?.(shard);
      let files: string[];
      if (fromShard) {
        for (const { file, from } of fromShard) await writer.adopt(from, file);
        files = fromShard.map((f) => f.file);
      } else if (reuse) {
        for (const file of reuse) await writer.link(file);
        files = reuse;
      } else {
        const written = await makeShard(shard, output.indexWork, (route) =>
          readFileSync(join(output.target, fileOf.get(route)!), "utf8"),
        );
        for (const { file, from } of written) await writer.adopt(from, file);
        // Taken before the next shard empties the working folder.
        await writer.flush();
        files = written.map((f) => f.file);
        made.push(shard.dir);
      }
      record.shards.push({ dir: shard.dir, digest: shard.digest, files });
    }
  } finally {
    rmSync(output.indexWork, { recursive: true, force: true });
  }
  return { record, made };
}

/** Everything but the pages and the index: public/ and the generated files. Returns public HTML's link scans. */
export async function writeTheRest(
  site: LoadedSite,
  writer: StageWriter,
  scan: boolean,
): Promise<[string, PageScan][]> {
  const scans: [string, PageScan][] = [];
  const scanPage = scan ? (await import("../links/extract.ts")).scanPage : undefined;
  for (const url of site.publicFiles) {
    const from = join(site.root, "public", decodeURI(url));
    if (scanPage && /\.html?$/i.test(url)) scans.push([url.slice(1), scanPage(readFileSync(from, "utf8"))]);
    await writer.copy(from, url.slice(1));
  }
  try {
    for (const { file, content } of generatedFiles(site)) await writer.add(file, await content());
  } catch (err) {
    // A share image is drawn only now: a picture sharp cannot read is located where it is named.
    throw locateImageErrors(err, site);
  }
  await writer.flush();
  return scans;
}

export function scansOf(records: Map<string, PageRecord>): [string, PageScan][] {
  return [...records].flatMap(([file, record]) => (record.scan ? [[file, record.scan] as [string, PageScan]] : []));
}

/**
 * The link check over the new copy; each broken link or anchor is its own located error, so the dev overlay can point
 * at each.
 */
export async function checkSiteLinks(
  site: LoadedSite,
  dir: string,
  files: string[],
  scans: [string, PageScan][],
  mode: "error" | "warn" | "off",
  warnings: PpgError[],
): Promise<void> {
  const report = await checkLinks({ dir, files: [...new Set(files)], scans: new Map(scans) });
  if (report.problems.length) reportBrokenLinks(inSourceFiles(report, site), mode, warnings);
}

function reportBrokenLinks(report: LinkReport, mode: "error" | "warn" | "off", warnings: PpgError[]): void {
  const problems = report.problems.map((problem) => brokenLink(problem));
  if (mode === "warn") warnings.push(...problems);
  else throw new PpgErrorList(problems);
}

/** Each page's record with its file's stat in the copy as it will be served, for the next build's quick check. */
export function withStats(target: string, records: Map<string, PageRecord>): Map<string, CachedPage> {
  const cached = new Map<string, CachedPage>();
  for (const [file, record] of records) {
    const { size, mtimeMs, ctimeMs, ino } = lstatSync(join(target, file));
    cached.set(file, { ...record, stat: { size, mtimeMs, ctimeMs, ino } });
  }
  return cached;
}
