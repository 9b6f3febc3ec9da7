import { availableParallelism } from "node:os";
import { PpgError } from "./errors.ts";

/**
 * How many threads render a build's pages, decided here: PPGUIDE_THREADS when it is set (0 renders
 * them on the build's own thread), else one per core on a machine of POOLED_CORES or more, else none.
 * Which is faster on two cores depends on the build (docs/performance.md, "Render threads on two
 * cores"): with the search index, the pool; without it, the build's own thread.
 */
export function renderThreads(env = process.env.PPGUIDE_THREADS): number {
  if (env === undefined || env === "") {
    const cores = availableParallelism();
    return cores >= POOLED_CORES ? cores : 0;
  }
  if (!/^\d{1,3}$/.test(env.trim())) throw new PpgError("ThreadsInvalid", { value: env });
  return Number(env);
}

/** The fewest cores on which the pages render on a pool of threads by default. */
export const POOLED_CORES = 2;
