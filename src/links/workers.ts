/**
 * Parses pages on every core. Threads claim chunks of the page list from one shared counter
 * (Atomics), so a slow thread (a worker pays its start-up, this thread does the bookkeeping)
 * simply takes fewer chunks: each page is parsed exactly once, and if this thread finishes every
 * chunk before a worker has even started, the worker is stopped and costs nothing but its spawn.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { scanPage } from './extract.ts';
import type { PageScan } from './types.ts';

/** Below this many pages a worker's start-up (≈50 ms, ≈300 ms under tsx) costs more than it saves. */
export const WORKER_THRESHOLD = 500;

const CHUNK = 32;

export interface ScanJob {
  dir: string;
  files: readonly string[];
  /** Int32Array over a SharedArrayBuffer: index of the next unclaimed chunk. */
  counter: Int32Array;
}

export interface ScannedChunk {
  start: number;
  scans: PageScan[];
}

/** Claims and scans chunks until none is left, handing each to `done` as it completes. */
export function scanClaimedChunks(job: ScanJob, done: (chunk: ScannedChunk) => void): void {
  const total = Math.ceil(job.files.length / CHUNK);
  for (;;) {
    const chunk = Atomics.add(job.counter, 0, 1);
    if (chunk >= total) return;
    const start = chunk * CHUNK;
    const end = Math.min(start + CHUNK, job.files.length);
    const scans: PageScan[] = [];
    for (let i = start; i < end; i++) scans.push(scanPage(readFileSync(join(job.dir, job.files[i]!), 'utf8')));
    done({ start, scans });
  }
}

/**
 * Starts a worker on scan-worker. From TypeScript sources (tsx, vitest) that module is a .ts file,
 * and `execArgv: ['--import', 'tsx']` is not enough on Node 20: the worker's entry is loaded before
 * the loader applies (ERR_UNKNOWN_FILE_EXTENSION; tested in test/links/workers.test.ts). So the
 * worker starts on a two-line bootstrap that registers tsx's loader, then imports the .ts entry.
 * tsx is resolved from this file, not from the current directory, which is the user's site.
 */
function startWorker(workerData: unknown): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './scan-worker.ts' : './scan-worker.js', import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData });
  // require.resolve picks the "require" build of tsx/esm/api, whose relative imports break when
  // loaded with import(); its "import" build sits next to it.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  // Dynamic import only: the bootstrap runs as CommonJS or as a module depending on the flags.
  const bootstrap =
    `import(${JSON.stringify(tsxApi)}).then((m) => { (m.register ?? m.default.register)(); ` +
    `return import(${JSON.stringify(entry.href)}); });`;
  // execArgv: [] so the parent's flags (vitest's, --input-type) do not leak into the worker.
  return new Worker(bootstrap, { eval: true, workerData, execArgv: [] });
}

export interface ScanResult {
  /** One scan per file, in the order of `files`. */
  scans: PageScan[];
  /** How many pages the workers parsed (for tests and profiling). */
  byWorkers: number;
}

/** Scans every page once, on `threads` threads counting this one. */
export async function scanPages(
  dir: string,
  files: readonly string[],
  threads: number,
  /** mainThreadScans: false leaves all parsing to the workers; tests use it to prove they run. */
  { mainThreadScans = true }: { mainThreadScans?: boolean } = {},
): Promise<ScanResult> {
  const scans: PageScan[] = new Array(files.length);
  const total = Math.ceil(files.length / CHUNK);
  let received = 0;
  let byWorkers = 0;
  const accept = ({ start, scans: chunk }: ScannedChunk): void => {
    for (let i = 0; i < chunk.length; i++) scans[start + i] = chunk[i]!;
    received++;
  };
  const job: ScanJob = { dir, files, counter: new Int32Array(new SharedArrayBuffer(4)) };

  const workers: Worker[] = [];
  let live = 0;
  let wake: (() => void) | null = null;
  if (threads > 1 && total > 1) {
    for (let t = 1; t < threads; t++) {
      const worker = startWorker({ dir, files, counter: job.counter });
      live++;
      worker.on('message', (chunk: ScannedChunk) => {
        accept(chunk);
        byWorkers += chunk.scans.length;
        wake?.();
      });
      // A worker that cannot start or dies must not fail the check: whatever it claimed and did
      // not deliver is parsed here afterwards.
      worker.on('error', () => {});
      worker.once('exit', () => {
        live--;
        wake?.();
      });
      workers.push(worker);
    }
  }

  // This thread claims chunks too, so it works while the workers start up.
  if (mainThreadScans || workers.length === 0) scanClaimedChunks(job, accept);
  while (received < total && live > 0) await new Promise<void>((resolve) => (wake = resolve));
  for (const w of workers) void w.terminate();
  for (let i = 0; i < files.length; i++) {
    if (scans[i] === undefined) scans[i] = scanPage(readFileSync(join(dir, files[i]!), 'utf8'));
  }
  return { scans, byWorkers };
}
