/**
 * `ppguide merge SHARD_DIR…`: the shards of `ppguide build --shard i/n` (engine/shard.ts) put
 * together into the one site a single build writes from the same sources, byte for byte.
 *
 * A merge loads and checks the whole site as a build does, and keys every page; then it checks the
 * shards (each manifest of its schema, the same code and site digest, each i of n once, every page in
 * the shard the split gives it, the bytes of every page and index file it takes from a shard those
 * the shard recorded) before the output is opened: a damaged shard is reported with nothing written.
 * It renders nothing: each page is linked from its shard. Then the build's own stages, over the whole site: the index
 * (made from the search entries the shards recorded of their pages, in the order a build joins them), public/ and
 * the generated files, the link check of every page with the links each shard scanned, and the commit, into an
 * output folder as build's (a failed or interrupted merge leaves the served site as it was). The page cache it
 * writes is a build's, so a later `ppguide build` or merge into the same output reuses every page.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { currentCode } from "../core/code-id.ts";
import { digest } from "../core/digest.ts";
import { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { DEFAULT_OUT } from "../core/output-names.ts";
import { cleanUpOnInterrupt } from "../core/interrupt.ts";
import { failedWhileWriting } from "../core/written-so-far.ts";
import { isInside } from "../core/site-folder.ts";
import { stageClock, type StageTimings } from "../core/timing.ts";
import { checkOutputFolder, outputPaths, type OutputFolder } from "../output/output-folder.ts";
import type { PageRecord } from "../output/page-cache.ts";
import { indexable } from "../output/search-index.ts";
import { findManifest } from "../site/find-site.ts";
import { check, linkCheck, commit, load, open, resultOf, writeIndexOf, writeOffline, writeRest } from "./build.ts";
import type { BuildOptions, BuildResult, Checked, Indexed, Keyed, Opened, Rendered } from "./build-state.ts";
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
  /** Default true: the search index, made from the entries the shards recorded. */
  searchIndex?: boolean;
}

/** The build's stages after load and check, fed from the shards: pages, index, the rest, offline, links, commit. */
export async function merge(opts: MergeOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: StageTimings = {};
  const timed = stageClock(timings);
  const site = findManifest(resolve(opts.root));
  const outDir = resolve(site.root, opts.out ?? DEFAULT_OUT);
  checkOutputFolder(site.root, outDir, opts.force);
  // Before the site is loaded: a shard missing or given twice is known from the folders alone.
  const shards = timed("shards")(readShards(opts.shards, currentCode()));
  refuseShardsInOutput(shards, outDir);
  let held: OutputFolder | undefined;
  const letGo = cleanUpOnInterrupt(() => held?.release());
  try {
    const loaded = await timed("load")(load(site, opts));
    const checked = timed("check")(check(loaded));
    // Nothing is opened until the shards are known to be this site's, every page in its shard, and every file the
    // merge takes from a shard to hold the bytes the shard recorded.
    const keyed = timed("key")(keyFromShards(checked, shards, opts));
    const opened = timed("open")(open(checked, outDir));
    held = opened.output;
    try {
      const placed = await timed("pages")(placePages(opened, keyed.jobs, keyed.found));
      const indexed = await timed("index")(indexFromShards(placed));
      const written = await timed("rest")(writeRest(indexed));
      const offline = await timed("offline")(writeOffline(written));
      const linked = await timed("links")(linkCheck(offline));
      const committed = await timed("commit")(commit(linked));
      // Nothing was rendered here: every page was a shard's.
      return { ...resultOf(committed, timings, started), rendered: undefined };
    } catch (err) {
      await opened.writer.flush().catch(() => {});
      throw failedWhileWriting(err, opened.output.target);
    } finally {
      opened.output.release();
    }
  } finally {
    letGo();
  }
}

/** The pages the shards hold, each checked to be this site's and to have the bytes its shard recorded. */
function keyFromShards(checked: Checked, shards: ShardFolder[], opts: MergeOptions) {
  const input = renderInputOf(checked.site, { scan: true, search: opts.searchIndex !== false });
  const jobs = keyPages(input, checked.pages);
  const found = pagesOfShards(shards, siteDigest(input, jobs), jobs);
  if (opts.searchIndex !== false) refuseMissingEntries(jobs, found);
  return { jobs, found: checkedPages(found) };
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
    const served = before?.hash === record.hash && "intact" in previous ? previous.intact(job.file, before) : undefined;
    // The served file's inode as it is now: the recorded one is another file's after a cache restored elsewhere.
    if (served) await writer.link(job.file, served.ino);
    else await writer.adopt(from, job.file);
  }
  await writer.flush();
  return {
    ...state,
    jobs,
    plan: { reuse: [], render: [] },
    rechromed: new Set(),
    records,
    kept: new Map(),
    problems: new Map(),
    // A shard's pages warn as they did when the shard rendered them.
    warnings: pageWarnings(jobs, records, state.sources),
  };
}

/**
 * Every indexable page must come with its search entry, which a shard built with --no-search-index
 * left out: such a shard is refused, at the page's record, before anything is written.
 */
function refuseMissingEntries(jobs: readonly PageJob[], found: ReadonlyMap<string, ShardPageRecord>): void {
  const damage = new ShardDamage();
  for (const job of jobs) {
    const page = found.get(job.file);
    if (page && indexable(job) && !("search" in page.record))
      damage.add(page.shard, job.file, "has no search entry: build the shard without --no-search-index", [
        "pages",
        page.at,
        "record",
      ]);
  }
  damage.throwIfAny();
}

/** The index as a build makes it, from each page's entry that its shard recorded. */
async function indexFromShards(state: Opened & Keyed & Rendered): Promise<Opened & Keyed & Rendered & Indexed> {
  const { site, opts, jobs, records, output, writer } = state;
  if (opts.searchIndex === false) return { ...state, index: undefined };
  return { ...state, index: await writeIndexOf(state, site, jobs, records, output, writer) };
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
