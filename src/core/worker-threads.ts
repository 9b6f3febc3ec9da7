import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

/**
 * A pool of `size` threads (piscina) running the function `task` exported by the worker module
 * `name` that sits beside the caller: compiled, `lib/<name>.cjs` (scripts/build-cli.mjs); from the
 * TypeScript sources, `<name>.mjs`, which registers tsx's loader and imports `<name>.ts` (Node 20
 * loads a worker's own .ts entry before any loader applies). Each thread is given `workerData` once.
 */
export function workerPool<T, R>(
  callerUrl: string,
  name: string,
  task: string,
  workerData: unknown,
  size: number,
): Piscina<T, R> {
  const fromSource = callerUrl.endsWith(".ts") || callerUrl.endsWith(".tsx");
  const pool = new Piscina<T, R>({
    filename: fileURLToPath(new URL(`./${name}.${fromSource ? "mjs" : "cjs"}`, callerUrl)),
    name: task,
    workerData,
    minThreads: size,
    maxThreads: size,
    // A thread that finishes a task has the next one already, instead of waiting a round trip
    // through this thread (docs/performance.md).
    concurrentTasksPerWorker: 2,
    // V8's own young generation: capped at 8 MB, a 4,000-page first build took 1.08× as long, its short-lived
    // garbage promoted and collected again (docs/performance.md, "Render threads on two cores").
    // The parent's flags (vitest's, --input-type) are not the worker's.
    execArgv: [],
  });
  // A thread's failure outside any task may come before runOnPool listens (a pool started early): kept for it.
  pool.on("error", (err: unknown) => {
    if (!failures.has(pool)) failures.set(pool, err);
  });
  return pool;
}

const failures = new WeakMap<object, unknown>();

/**
 * Runs every task on the pool and hands each result to `done` with the task's number; destroys
 * the pool either way, and throws a thread's failure outside any task (one that dies idle, or
 * answers a task the pool has already cancelled), which workerPool heard as an 'error' event:
 * unheard, it would end the process before a build lets go of its lock.
 */
export async function runOnPool<T, R>(
  pool: Piscina<T, R>,
  tasks: T[],
  done: (result: R, task: number) => void,
): Promise<void> {
  const failed = () => failures.has(pool);
  // Only as many tasks submitted as the threads take at once, the next as each ends: given them
  // all, piscina's queue handed them out of order (batches 4 and 5 of 125 ran last), and whoever
  // takes the results in order (the search index, given pages in site.yaml's order) waited for the last.
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < tasks.length && !failed()) {
      const i = next++;
      done(await pool.run(tasks[i] as T), i);
    }
  };
  try {
    const lanes = Math.max(1, pool.options.maxThreads * pool.options.concurrentTasksPerWorker);
    await Promise.all(Array.from({ length: Math.min(lanes, tasks.length) }, lane));
    if (failed()) throw failures.get(pool);
  } finally {
    // Nothing may still be running (writing into the output) once the caller goes on.
    await pool.destroy();
  }
}
