import { resolve } from "node:path";
import { currentDay } from "../core/clock.ts";
import { renderThreads } from "../core/threads.ts";
import { siteCache } from "../core/disk-cache.ts";
import { revivedErrors, type PpgErrorData } from "../core/errors.ts";
import { DEFAULT_OUT } from "../core/output-names.ts";
import { stageClock, type StageTimings } from "../core/timing.ts";
import { checkOutputFolder, outputPaths, servedCopy } from "../output/output-folder.ts";
import { sameAsServed, takeInputs, type Inputs } from "../output/same-inputs.ts";
import { findManifest, type FoundSite } from "../site/find-site.ts";
import type { BuildOptions, BuildResult } from "./build-state.ts";

/**
 * A build's first look, before anything of the site is read: the site found, --out judged, and its
 * inputs looked at. When they are the very inputs the served copy was built from
 * (output/same-inputs.ts), the build's result is that build's. This module imports nothing of the
 * pipeline (engine/build.ts), so a command whose build ends here never loads it: loading it was
 * half of such a build (docs/performance.md).
 */
export interface FirstLook {
  site: FoundSite;
  started: number;
  timings: StageTimings;
  /** The output folder; none for a build in memory. */
  outDir?: string;
  /** The inputs looked at; none in memory and for a shard. */
  inputs?: Inputs;
  /** The served copy's result, when its build had these very inputs. */
  result?: BuildResult;
}

export function firstLook(opts: BuildOptions): FirstLook {
  const started = performance.now();
  const timings: StageTimings = {};
  // A mistyped PPGUIDE_THREADS is told before anything is read, not once the pages are about to render.
  renderThreads();
  const site = findManifest(resolve(opts.root));
  if (opts.write === false) return { site, started, timings };
  const outDir = resolve(site.root, opts.out ?? DEFAULT_OUT);
  checkOutputFolder(site.root, outDir, opts.force);
  const inputs = opts.shard ? undefined : stageClock(timings)("inputs")(inputsOf(site.root, outDir, opts));
  const same = inputs && opts.cache !== false ? sameAsServed(inputs, servedCopy(outDir)) : undefined;
  const look = { site, started, timings, outDir, inputs };
  return same ? { ...look, result: finish(fromRecord(same as StoredResult, outDir, timings), started) } : look;
}

/**
 * The result a build keeps with the inputs it was built from (output/same-inputs.ts), as plain data: what any build
 * of the same inputs reports. Not the cache entries it found damaged, which it made again.
 */
export type StoredResult = Pick<BuildResult, "pages" | "aliases" | "assets" | "nextChange"> & {
  warnings: PpgErrorData[];
  placeholders: PpgErrorData[];
};

/** A build of the inputs a kept result was made from: nothing rendered, nothing indexed, nothing written. */
function fromRecord(stored: StoredResult, outDir: string, timings: StageTimings): Omit<BuildResult, "seconds"> {
  const warnings = revivedErrors(stored.warnings);
  const placeholders = revivedErrors(stored.placeholders);
  return { ...stored, warnings, placeholders, rendered: [], indexed: [], outDir, timings };
}

/** What a build's output depends on besides its files and code: its options and its day. */
function inputsOf(root: string, outDir: string, opts: BuildOptions): Inputs | undefined {
  const { linkMode, strict, searchIndex, caches } = opts;
  const skip = [outDir, outputPaths(outDir).store, siteCache(root), ...(caches ? [resolve(caches)] : [])];
  return takeInputs(root, skip, {
    day: currentDay(opts.clock),
    linkMode: linkMode ?? null,
    strict: strict === true,
    searchIndex: searchIndex !== false,
    caches: caches ?? null,
    outDir,
  });
}

export function finish(result: Omit<BuildResult, "seconds">, started: number): BuildResult {
  return { ...result, seconds: (performance.now() - started) / 1000 };
}
