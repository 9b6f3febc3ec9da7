import { availableParallelism } from "node:os";
import { PpgError } from "./errors.ts";

/**
 * How many threads render a build's pages, decided here: PPGUIDE_THREADS when it is set (0 renders
 * them on the build's own thread), else one per core on a machine of POOLED_CORES or more, else none.
 * On two cores a pool took as long as one thread and 1.4× its CPU (docs/performance.md, "Two cores
 * render on one thread"): the build's own thread, the file writes and the garbage collector's
 * helpers already keep the second core busy.
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
export const POOLED_CORES = 3;
