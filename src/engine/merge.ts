/**
 * `ppguide merge SHARD_DIR…`: the shards of `ppguide build --shard i/n` (engine/shard.ts) put
 * together into the one site a single build writes from the same sources, byte for byte.
 *
 * A merge loads and checks the whole site as a build does, and keys every page; then it checks the
 * shards (the same code and site digest, each i of n once, every page in the shard the split gives
 * it, each page's bytes those its shard recorded) before anything is written. It renders nothing:
 * each page is linked from its shard. Then the build's own stages, over the whole site: the index
 * (an index shard a build shard made is taken as it is; the others are made from the pages, in the
 * order a build gives them to Pagefind), public/ and the generated files, the link check of every
 * page with the links each shard scanned, and the commit, into an output folder as build's (a failed
 * or interrupted merge leaves the served site as it was). The page cache it writes is a build's, so a
 * later `ppguide build` or merge into the same output reuses every page.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { currentCode } from "../core/code-id.ts";
import { digest } from "../core/digest.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { whileInterruptible } from "../core/interrupt.ts";
import { isInside } from "../core/site-folder.ts";
import { timed, type StageTimings } from "../core/timing.ts";
import { checkOutputFolder, outputPaths, type OutputFolder } from "../output/output-folder.ts";
import type { IndexRecord, PageRecord } from "../output/page-cache.ts";
import { writeIndex } from "../output/index-maker.ts";
import { fileSum, indexable, planIndex, type ShardFile, type ShardPlan } from "../output/search-index.ts";
import { findManifest } from "../site/load-site.ts";
import { check, linkCheck, commit, load, open, resultOf, writeOffline, writeRest } from "./build.ts";
import type { BuildOptions, BuildResult, Indexed, Keyed, Opened, Rendered } from "./build-state.ts";
import { pageWarnings } from "./render-pages.ts";
import { keyPages, renderInputOf, type PageJob } from "./page-keys.ts";
import { pagesOfShards, readShards, shardFile, shardFileChanged, siteDigest, type ShardFolder } from "./shard.ts";

export interface MergeOptions extends Pick<BuildOptions, "root" | "out" | "force" | "linkMode" | "strict" | "clock"> {
  /** The shard folders, as `ppguide build --shard i/n --out DIR` wrote them, in any order. */
  shards: string[];
  /** Default true: the search index, taken from the build shards that made it, else made here. */
  searchIndex?: boolean;
}

/** The build's stages after load and check, fed from the shards: pages, index, the rest, offline, links, commit. */
export async function merge(opts: MergeOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: StageTimings = {};
  const site = findManifest(resolve(opts.root));
  const outDir = resolve(site.root, opts.out ?? "dist");
  checkOutputFolder(site.root, outDir, opts.force);
  // Before the site is loaded: a shard missing or given twice is known from the folders alone.
  const shards = timed(timings, "shards", () => readShards(opts.shards, currentCode()));
  refuseShardsInOutput(shards, outDir);
  let held: OutputFolder | undefined;
  return whileInterruptible(
    () => held?.release(),
    async () => {
      const loaded = await timed(timings, "load", () => load(site, opts));
      const checked = timed(timings, "check", () => check(loaded));
      // Nothing is opened until the shards are known to be this site's, every page in its shard.
      const keyed = timed(timings, "key", () => {
        const input = renderInputOf(checked.site, { scan: true });
        const jobs = keyPages(input, checked.pages);
        return { jobs, found: pagesOfShards(shards, siteDigest(input, jobs), jobs) };
      });
      const opened = timed(timings, "open", () => open(checked, outDir));
      held = opened.output;
      try {
        const placed = await timed(timings, "pages", () => placePages(opened, keyed.jobs, keyed.found));
        const indexed = await timed(timings, "index", () => indexFromShards(placed, shards));
        const written = await timed(timings, "write", () => writeRest(indexed));
        const offline = await timed(timings, "offline", () => writeOffline(written));
        const linked = await timed(timings, "links", () => linkCheck(offline));
        const committed = await timed(timings, "commit", () => commit(linked));
        // Nothing was rendered here: every page was a shard's.
        return { ...resultOf(committed, timings, started), rendered: undefined };
      } catch (err) {
        await opened.writer.flush().catch(() => {});
        throw err;
      } finally {
        opened.output.release();
      }
    },
  );
}

/**
 * Each page into the new copy, in the order of the pages: from the served copy when it holds the same bytes
 * (recorded, and its file intact), else linked from its shard once its bytes are those the shard recorded.
 */
async function placePages(
  state: Opened,
  jobs: PageJob[],
  found: Map<string, { shard: ShardFolder; record: PageRecord }>,
): Promise<Opened & Keyed & Rendered> {
  const { writer, previous } = state;
  const records = new Map<string, PageRecord>();
  const damaged: PpgError[] = [];
  for (const job of jobs) {
    const { shard, record } = found.get(job.file) ?? unreachable(job.file);
    records.set(job.file, record);
    const before = "records" in previous ? previous.records(job.file) : undefined;
    if (before?.hash === record.hash && "intact" in previous && previous.intact(job.file, before)) {
      await writer.link(job.file, before.stat?.ino);
      continue;
    }
    try {
      const from = shardFile(shard, job.file);
      if (digest(readFileSync(from)) !== record.hash) throw shardFileChanged(shard, job.file);
      await writer.adopt(from, job.file);
    } catch (err) {
      if (!(err instanceof PpgError)) throw err;
      damaged.push(err);
    }
  }
  await writer.flush();
  if (damaged.length) throw new PpgErrorList(damaged);
  return {
    ...state,
    jobs,
    plan: { reuse: [], render: [] },
    records,
    kept: new Map(),
    problems: new Map(),
    // A shard's pages warn as they did when the shard rendered them.
    warnings: pageWarnings(jobs, records, state.sources),
  };
}

/**
 * The index as a build makes it, shard by shard: one a build shard made from the same pages and records is taken
 * from it (its files checked as its pages are); the others are linked from the served copy or made here, from the
 * pages as written, in the order a build gives them to Pagefind.
 */
async function indexFromShards(
  state: Opened & Keyed & Rendered,
  shards: readonly ShardFolder[],
): Promise<Opened & Keyed & Rendered & Indexed> {
  const { site, opts, jobs, records, output, writer } = state;
  if (opts.searchIndex === false) return { ...state, index: undefined };
  const fileOf = new Map(jobs.map((job) => [job.route, job.file]));
  const mains = new Map(jobs.filter(indexable).map((job) => [job.route, records.get(job.file)?.main ?? ""]));
  const read = (route: string) => readFileSync(join(output.target, fileOf.get(route) ?? unreachable(route)), "utf8");
  const record: IndexRecord = { shards: [] };
  const made: string[] = [];
  for (const plan of planIndex(site, mains)) {
    const taken = madeByShard(shards, plan);
    if (taken) {
      for (const { file, from } of taken) await writer.adopt(from, file);
      record.shards.push({
        dir: plan.dir,
        digest: plan.digest,
        files: taken.map((f) => f.file),
        sums: taken.map((f) => f.sum),
      });
      continue;
    }
    const one = await writeIndex([plan], output, state.servedIndex, writer, read);
    record.shards.push(...one.record.shards);
    made.push(...one.made);
  }
  await writer.flush();
  return { ...state, index: { record, made } };
}

/** The files of an index shard a build shard made from the same pages and records, each checked by its digest. */
function madeByShard(shards: readonly ShardFolder[], plan: ShardPlan): ShardFile[] | undefined {
  for (const shard of shards) {
    const made = shard.manifest.index.find((s) => s.dir === plan.dir && s.digest === plan.digest);
    if (!made) continue;
    return made.files.map((file, i) => {
      const from = shardFile(shard, file);
      const sum = made.sums[i] ?? "";
      if (!file.startsWith(`${plan.dir}/`) || fileSum(from) !== sum) throw shardFileChanged(shard, file);
      return { file, from, sum };
    });
  }
  return undefined;
}

/**
 * A shard inside the output or its store would be replaced by the merge it feeds (the served copy is linked from,
 * the other is written): refused before anything is made.
 */
function refuseShardsInOutput(shards: readonly ShardFolder[], out: string): void {
  const { store } = outputPaths(out);
  for (const shard of shards) {
    for (const folder of [out, store]) {
      const inside = isInside(shard.real, folder) || isInside(resolve(shard.dir), folder);
      if (inside)
        throw new PpgError(
          "OutputRefused",
          { out, why: `the shard ${shard.dir} is inside it, and the merge would replace it` },
          { hint: "Pass another --out, or keep the shards outside the output." },
        );
    }
  }
}

/** A bug in ppguide, not in the shards: the checks before found every page its shard. */
function unreachable(what: string): never {
  throw new Error(`no shard holds ${what}`);
}
