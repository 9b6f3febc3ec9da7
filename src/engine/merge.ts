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
import { resolve } from "node:path";
import { currentCode } from "../core/code-id.ts";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { whileInterruptible } from "../core/interrupt.ts";
import { isInside } from "../core/site-folder.ts";
import { timed, type StageTimings } from "../core/timing.ts";
import { findManifest } from "../manifest/load.ts";
import { checkOutputFolder, OutputFolder, outputPaths } from "../output/output-folder.ts";
import { readPageCache, servedIntact, writePageCache, type PageRecord } from "../output/page-cache.ts";
import type { ShardFile, ShardPlan } from "../output/search-index.ts";
import { removeStale, StageWriter } from "../output/write.ts";
import { loadSite } from "../site/load-site.ts";
import {
  checkSite,
  checkSiteLinks,
  indexSite,
  scansOf,
  withStats,
  writeTheRest,
  type BuildOptions,
  type BuildResult,
} from "./build.ts";
import { keyPages, type PageJob } from "./page-keys.ts";
import { contentHash, renderInputOf } from "./render-pages.ts";
import { pagesOfShards, readShards, shardFile, shardFileChanged, siteDigest, type ShardFolder } from "./shard.ts";

export interface MergeOptions extends Pick<BuildOptions, "root" | "out" | "force" | "checkLinks" | "strict" | "clock"> {
  /** The shard folders, as `ppguide build --shard i/n --out DIR` wrote them, in any order. */
  shards: string[];
  /** Default true: the search index, taken from the build shards that made it, else made here. */
  searchIndex?: boolean;
}

export async function merge(opts: MergeOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(opts.root);
  const timings: StageTimings = {};
  const outDir = resolve(root, opts.out ?? "dist");
  findManifest(root);
  checkOutputFolder(root, outDir, opts.force);
  // Before the site is loaded: a shard missing or given twice is known from the folders alone.
  const shards = timed(timings, "shards", () => readShards(opts.shards, currentCode()));
  refuseShardsInOutput(shards, outDir);
  let output: OutputFolder | undefined;
  return whileInterruptible(
    () => output?.release(),
    async () => {
      const site = await loadSite(root, timings, { clock: opts.clock });
      const result = checkSite(site, { ...opts, write: true }, timings);
      const checkMode = opts.checkLinks ?? site.manifest.site.checkLinks ?? "error";
      // Nothing is opened until the shards are known to be this site's, every page in its shard.
      const { jobs, pages } = timed(timings, "key", () => {
        const input = renderInputOf(site, undefined, true);
        const jobs = keyPages(input);
        return { jobs, pages: pagesOfShards(shards, siteDigest(input, jobs), jobs) };
      });
      output = timed(timings, "open", () => OutputFolder.open(root, outDir, opts.force));
      try {
        const served = output.live ? readPageCache(output.live, currentCode()) : undefined;
        const writer = new StageWriter({ target: output.target, live: output.live });
        try {
          const records = await timed(timings, "pages", () => placePages(jobs, pages, writer, output!, served));
          const index =
            opts.searchIndex === false
              ? undefined
              : await timed(timings, "index", () =>
                  indexSite(site, jobs, records, output!, served?.index, writer, { made: madeByShard(shards) }),
                );
          const publicScans = await timed(timings, "write", () => writeTheRest(site, writer, true));
          if (checkMode !== "off")
            await timed(timings, "check", () =>
              checkSiteLinks(
                site,
                output!.target,
                writer.produced,
                [...scansOf(records), ...publicScans],
                checkMode,
                result.warnings,
              ),
            );
          await timed(timings, "commit", async () => {
            await removeStale(output!.target, output!.listing, [writer]);
            writePageCache(output!.target, currentCode(), {
              pages: withStats(output!.target, records),
              index: index?.record,
            });
            output!.commit();
          });
          result.pages = jobs.map(({ route, file, kind }) => ({ route, file, kind }));
          // Nothing rendered here: every page was the shards' (the summary says no more).
          result.rendered = undefined;
          result.indexed = index?.made;
          result.outDir = outDir;
          return Object.assign(result, { seconds: (performance.now() - started) / 1000 });
        } catch (err) {
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
 * Each page into the new copy, in the order of the pages: from the served copy when it holds the same bytes
 * (recorded, and its file intact), else linked from its shard once its bytes are those the shard recorded.
 */
async function placePages(
  jobs: PageJob[],
  pages: Map<string, { shard: ShardFolder; record: PageRecord }>,
  writer: StageWriter,
  output: OutputFolder,
  served: ReturnType<typeof readPageCache>,
): Promise<Map<string, PageRecord>> {
  const records = new Map<string, PageRecord>();
  const damaged: PpgError[] = [];
  for (const job of jobs) {
    const { shard, record } = pages.get(job.file)!;
    records.set(job.file, record);
    const before = served?.pages.get(job.file);
    if (output.live && before?.hash === record.hash && servedIntact(output.live, job.file, before, contentHash)) {
      await writer.link(job.file, before.stat.ino);
      continue;
    }
    try {
      const from = shardFile(shard, job.file);
      if (contentHash(readFileSync(from)) !== record.hash) throw shardFileChanged(shard, job.file);
      await writer.adopt(from, job.file);
    } catch (err) {
      if (!(err instanceof PpgError)) throw err;
      damaged.push(err);
    }
  }
  await writer.flush();
  if (damaged.length) throw new PpgErrorList(damaged);
  return records;
}

/** The files of an index shard a build shard made from the same pages and records, checked as its pages are. */
function madeByShard(shards: readonly ShardFolder[]): (plan: ShardPlan) => ShardFile[] | undefined {
  return (plan) => {
    for (const shard of shards) {
      const made = shard.manifest.index.find((s) => s.dir === plan.dir && s.digest === plan.digest);
      if (!made) continue;
      return made.files.map((file, i) => {
        const from = shardFile(shard, file);
        if (!file.startsWith(`${plan.dir}/`) || contentHash(readFileSync(from)) !== made.hashes[i])
          throw shardFileChanged(shard, file);
        return { file, from };
      });
    }
    return undefined;
  };
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
