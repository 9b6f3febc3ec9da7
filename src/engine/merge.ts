/**
 * `ppguide merge SHARD_DIR…`: the shards of `ppguide build --shard i/n` (engine/shard.ts) put
 * together into the one site a single build writes from the same sources, byte for byte.
 *
 * A merge loads and checks the whole site as a build does, and keys every page; then it checks the
 * shards (each manifest of its schema, the same code and site digest, each i of n once, every page in
 * the shard the split gives it, the bytes of every page and index file it takes from a shard those
 * the shard recorded) before the output is opened: a damaged shard is reported with nothing written.
 * It renders nothing: each page is linked from its shard. Then the build's own stages, over the whole site: the index
 * (an index part a build shard made is taken as it is; the others are made from the pages, in the
 * order a build gives them to Pagefind), public/ and the generated files, the link check of every
 * page with the links each shard scanned, and the commit, into an output folder as build's (a failed
 * or interrupted merge leaves the served site as it was). The page cache it writes is a build's, so a
 * later `ppguide build` or merge into the same output reuses every page.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { currentCode } from "../core/code-id.ts";
import { digest } from "../core/digest.ts";
import { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { whileInterruptible } from "../core/interrupt.ts";
import { failedWhileWriting } from "../core/written-so-far.ts";
import { isInside } from "../core/site-folder.ts";
import { timed, type StageTimings } from "../core/timing.ts";
import { checkOutputFolder, outputPaths, type OutputFolder } from "../output/output-folder.ts";
import type { IndexRecord, PageRecord } from "../output/page-cache.ts";
import { writeIndex } from "../output/index-maker.ts";
import { fileSum, indexable, planIndex, assignParts, type PartFile, type PartPlan } from "../output/search-index.ts";
import { findManifest, type LoadedSite } from "../site/load-site.ts";
import { check, linkCheck, commit, load, open, resultOf, writeOffline, writeRest } from "./build.ts";
import type { BuildOptions, BuildResult, Indexed, Keyed, Opened, Rendered } from "./build-state.ts";
import { pageWarnings } from "./render-pages.ts";
import { keyPages, renderInputOf, type PageJob } from "./page-keys.ts";
import {
  CHANGED,
  pagesOfShards,
  readShards,
  ShardDamage,
  shardFile,
  siteDigest,
  type ShardFolder,
  type ShardPageRecord,
} from "./shard.ts";

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
      // Nothing is opened until the shards are known to be this site's, every page in its shard, and every file the
      // merge takes from a shard to hold the bytes the shard recorded.
      const keyed = timed(timings, "key", () => {
        const input = renderInputOf(checked.site, { scan: true });
        const jobs = keyPages(input, checked.pages);
        const found = pagesOfShards(shards, siteDigest(input, jobs), jobs);
        const taken =
          opts.searchIndex === false
            ? new Map<string, IndexPart>()
            : indexPartsOfShards(checked.site, shards, jobs, found);
        return { jobs, found: checkedPages(found), taken };
      });
      const opened = timed(timings, "open", () => open(checked, outDir));
      held = opened.output;
      try {
        const placed = await timed(timings, "pages", () => placePages(opened, keyed.jobs, keyed.found));
        const indexed = await timed(timings, "index", () => indexFromShards(placed, keyed.taken));
        const written = await timed(timings, "rest", () => writeRest(indexed));
        const offline = await timed(timings, "offline", () => writeOffline(written));
        const linked = await timed(timings, "links", () => linkCheck(offline));
        const committed = await timed(timings, "commit", () => commit(linked));
        // Nothing was rendered here: every page was a shard's.
        return { ...resultOf(committed, timings, started), rendered: undefined };
      } catch (err) {
        await opened.writer.flush().catch(() => {});
        throw failedWhileWriting(err, opened.output.target);
      } finally {
        opened.output.release();
      }
    },
  );
}

/** A page as the merge takes it: its record, and its file in the shard, its bytes those the shard recorded. */
interface ShardPage {
  shard: ShardFolder;
  record: PageRecord;
  from: string;
}

/**
 * Each page's file in its shard, checked to be a plain file inside the shard holding the bytes the shard recorded;
 * every damaged one is reported at once (ShardDamage), before anything is written.
 */
function checkedPages(found: ReadonlyMap<string, ShardPageRecord>): Map<string, ShardPage> {
  const damage = new ShardDamage();
  const pages = new Map<string, ShardPage>();
  for (const [file, { shard, record, at }] of found) {
    const checked = shardFile(shard, file);
    if ("why" in checked) damage.add(shard, file, checked.why, ["pages", at, "file"]);
    else if (digest(readFileSync(checked.path)) !== record.hash)
      damage.add(shard, file, CHANGED, ["pages", at, "file"]);
    else pages.set(file, { shard, record, from: checked.path });
  }
  damage.throwIfAny();
  return pages;
}

/**
 * Each page into the new copy, in the order of the pages: from the served copy when it holds the same bytes
 * (recorded, and its file intact), else linked from its shard (checked before: checkedPages).
 */
async function placePages(
  state: Opened,
  jobs: PageJob[],
  found: Map<string, ShardPage>,
): Promise<Opened & Keyed & Rendered> {
  const { writer, previous } = state;
  const records = new Map<string, PageRecord>();
  for (const job of jobs) {
    const { record, from } = expected(found.get(job.file), `a shard holding ${job.file}`);
    records.set(job.file, record);
    const before = "records" in previous ? previous.records(job.file) : undefined;
    if (before?.hash === record.hash && "intact" in previous && previous.intact(job.file, before))
      await writer.link(job.file, before.stat?.ino);
    else await writer.adopt(from, job.file);
  }
  await writer.flush();
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

/** A part of the search index a build shard made: the merge's plan of it, and its files in the shard. */
interface IndexPart {
  plan: PartPlan;
  files: PartFile[];
}

/**
 * The parts of the search index a build shard made from the pages and records of this merge (the same folder and
 * digest as the merge plans), by folder, each file checked as a page is: the merge takes them as they are.
 */
function indexPartsOfShards(
  site: LoadedSite,
  shards: readonly ShardFolder[],
  jobs: readonly PageJob[],
  found: ReadonlyMap<string, ShardPageRecord>,
): Map<string, IndexPart> {
  const mains = new Map(jobs.filter(indexable).map((job) => [job.route, found.get(job.file)?.record.main ?? ""]));
  const damage = new ShardDamage();
  const taken = new Map<string, IndexPart>();
  for (const plan of planIndex(assignParts(site), mains)) {
    for (const shard of shards) {
      const i = shard.manifest.index.findIndex((s) => s.dir === plan.dir && s.digest === plan.digest);
      const made = shard.manifest.index[i];
      if (!made) continue;
      const files: PartFile[] = [];
      for (const [j, file] of made.files.entries()) {
        const checked = shardFile(shard, file);
        const sum = made.sums[j] ?? "";
        if ("why" in checked) damage.add(shard, file, checked.why, ["index", i, "files", j]);
        else if (fileSum(checked.path) !== sum) damage.add(shard, file, CHANGED, ["index", i, "files", j]);
        else files.push({ file, from: checked.path, sum });
      }
      taken.set(plan.dir, { plan, files });
      break;
    }
  }
  damage.throwIfAny();
  return taken;
}

/**
 * The index as a build makes it, part by part: one a build shard made from the same pages and records is taken from
 * it (`taken`, its files checked before); the others are linked from the served copy or made here, from the pages as
 * written, in the order a build gives them to Pagefind.
 */
async function indexFromShards(
  state: Opened & Keyed & Rendered,
  taken: ReadonlyMap<string, IndexPart>,
): Promise<Opened & Keyed & Rendered & Indexed> {
  const { site, opts, jobs, records, output, writer } = state;
  if (opts.searchIndex === false) return { ...state, index: undefined };
  const fileOf = new Map(jobs.map((job) => [job.route, job.file]));
  const mains = new Map(jobs.filter(indexable).map((job) => [job.route, records.get(job.file)?.main ?? ""]));
  const read = (route: string) =>
    readFileSync(join(output.target, expected(fileOf.get(route), `a page at ${route}`)), "utf8");
  const record: IndexRecord = { parts: [] };
  const made: string[] = [];
  for (const plan of planIndex(assignParts(site), mains)) {
    const fromShard = taken.get(plan.dir);
    if (fromShard && fromShard.plan.digest === plan.digest) {
      for (const { file, from } of fromShard.files) await writer.adopt(from, file);
      record.parts.push({
        dir: plan.dir,
        digest: plan.digest,
        files: fromShard.files.map((f) => f.file),
        sums: fromShard.files.map((f) => f.sum),
      });
      continue;
    }
    const one = await writeIndex([plan], output, state.servedIndex, writer, read);
    record.parts.push(...one.record.parts);
    made.push(...one.made);
  }
  await writer.flush();
  return { ...state, index: { record, made } };
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
