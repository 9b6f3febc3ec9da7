import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { WORKER_RESOURCE_LIMITS } from "../core/worker-threads.ts";
import type { PageJob } from "./page-keys.ts";
import { PageRenderer, type BatchResult, type RenderInput } from "./page-renderer.ts";

/**
 * Below this many pages to render, a pool's start-up (each thread loads React, the templates and
 * the site's data, about 0.3 s) costs more than a second core gives back: the pages render inline.
 */
const POOL_THRESHOLD = 300;
/** Pages per task: large enough that messages cost little, small enough that the threads finish together. */
const BATCH = 32;

/**
 * Renders `jobs` on a pool of worker threads sized to the cores (piscina), or inline for few pages
 * or on one core (`threads` overrides), calling `done` with each batch's result (and the batch's number) as it arrives.
 */
export async function renderJobs(input: RenderInput, jobs: PageJob[], done: (result: BatchResult, batch: number) => void, threads = jobs.length >= POOL_THRESHOLD && availableParallelism() > 1): Promise<void> {
  const batches: PageJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  if (!threads || batches.length === 0) {
    const renderer = await PageRenderer.create(input);
    for (const [i, batch] of batches.entries()) done(await renderer.render(batch), i);
    return;
  }
  const size = Math.min(availableParallelism(), batches.length);
  const pool = new Piscina<PageJob[], BatchResult>({
    filename: workerFile(),
    name: "renderBatch",
    workerData: input,
    minThreads: size,
    // A thread that finishes a batch has the next one already, instead of waiting a round trip
    // through this thread: 4% off the 4,000-page first build (32 pages a batch; 16 and 64 were no better).
    concurrentTasksPerWorker: 2,
    maxThreads: size,
    // Same speed, 25-45 MB less at the peak on the 4,000-page bench (4 interleaved pairs).
    resourceLimits: WORKER_RESOURCE_LIMITS,
    // The parent's flags (vitest's, --input-type) are not the worker's.
    execArgv: [],
  });
  // A thread's failure outside any task (one that dies idle, or answers a task the pool has
  // already cancelled) is an 'error' event: unheard, it would end the process before the build
  // lets go of its lock.
  let failure: unknown;
  pool.on("error", (err: unknown) => (failure ??= err));
  try {
    await Promise.all(batches.map((batch, i) => pool.run(batch).then((result) => done(result, i))));
    if (failure) throw failure;
  } finally {
    // Nothing may still be writing into the copy once the build fails or commits.
    await pool.destroy();
  }
}

/**
 * The worker's file: beside the compiled CLI, lib/render-worker.cjs (scripts/build-cli.mjs); from the
 * sources, a small module that registers tsx's loader first (Node 20 loads a worker's own .ts
 * entry before any loader applies).
 */
function workerFile(): string {
  const fromSource = import.meta.url.endsWith(".ts");
  return fileURLToPath(new URL(fromSource ? "./render-worker.mjs" : "./render-worker.cjs", import.meta.url));
}
