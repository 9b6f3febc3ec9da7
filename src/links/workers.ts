import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runOnPool, workerPool } from "../core/worker-threads.ts";
import { scanPage } from "./extract.ts";
import type { LinkScan } from "./types.ts";

/** Below this many pages a pool's start-up (about 50 ms a thread, 300 ms under tsx) costs more than it saves. */
export const WORKER_THRESHOLD = 500;
/** Pages per task: large enough that messages cost little, small enough that the threads finish together. */
const BATCH = 64;

/** Scans every page once, on `threads` threads (piscina) or on this one; one scan per file, in order. */
export async function scanPages(dir: string, files: readonly string[], threads: number): Promise<LinkScan[]> {
  if (threads <= 1 || files.length <= BATCH)
    return files.map((file) => scanPage(readFileSync(join(dir, file), "utf8")));
  const batches: string[][] = [];
  for (let i = 0; i < files.length; i += BATCH) batches.push(files.slice(i, i + BATCH));
  const scans: LinkScan[] = new Array(files.length);
  const pool = workerPool<string[], LinkScan[]>(
    import.meta.url,
    "scan-worker",
    "scanBatch",
    dir,
    Math.min(threads, batches.length),
  );
  await runOnPool(pool, batches, (batch, i) => batch.forEach((scan, k) => (scans[i * BATCH + k] = scan)));
  return scans;
}
