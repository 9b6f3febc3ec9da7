/**
 * Parses pages on every core. Threads claim chunks of the page list from one shared counter
 * (Atomics), so a slow thread (a worker pays its start-up, this thread does the bookkeeping)
 * simply takes fewer chunks: each page is parsed exactly once. Workers are started only when the
 * pages left after a first few chunks would take this thread longer than a worker takes to start
 * (timed, not guessed from the page count): otherwise a worker would cost its start-up, its
 * memory and its CPU without ever parsing a page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../core/worker-threads.ts';
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

/**
 * What a worker costs before it parses its first page: its thread, Node's bootstrap and, from
 * TypeScript sources, tsx's loader (measured: ≈50 ms compiled, ≈300 ms under tsx).
 */
const WORKER_START_MS = import.meta.url.endsWith('.ts') ? 300 : 50;
/** Chunks this thread parses before deciding on workers; the last one is timed (warm code). */
const PROBE_CHUNKS = 2;

/**
 * Claims and scans chunks until none is left (or `limit` have been claimed), handing each to
 * `done` as it completes.
 */
export function scanClaimedChunks(job: ScanJob, done: (chunk: ScannedChunk) => void, limit = Infinity): void {
  const total = Math.ceil(job.files.length / CHUNK);
  for (let claimed = 0; claimed < limit; claimed++) {
    const chunk = Atomics.add(job.counter, 0, 1);
    if (chunk >= total) return;
    const start = chunk * CHUNK;
    const end = Math.min(start + CHUNK, job.files.length);
    const scans: PageScan[] = [];
    for (let i = start; i < end; i++) scans.push(scanPage(readFileSync(join(job.dir, job.files[i]!), 'utf8')));
    done({ start, scans });
  }
}

/** Scans every page once, on `threads` threads counting this one; one scan per file, in order. */
export async function scanPages(dir: string, files: readonly string[], threads: number): Promise<PageScan[]> {
  const scans: PageScan[] = new Array(files.length);
  const total = Math.ceil(files.length / CHUNK);
  let received = 0;
  const accept = ({ start, scans: chunk }: ScannedChunk): void => {
    for (let i = 0; i < chunk.length; i++) scans[start + i] = chunk[i]!;
    received++;
  };
  const job: ScanJob = { dir, files, counter: new Int32Array(new SharedArrayBuffer(4)) };

  const workers: Worker[] = [];
  let live = 0;
  let wake: (() => void) | null = null;
  const startWorkers = (): void => {
    for (let t = 1; t < threads; t++) {
      const worker = startWorker(import.meta.url, 'scan-worker', { dir, files, counter: job.counter });
      live++;
      worker.on('message', (chunk: ScannedChunk) => {
        accept(chunk);
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
  };

  if (threads > 1 && total > 1) {
    scanClaimedChunks(job, accept, PROBE_CHUNKS - 1);
    const started = performance.now();
    scanClaimedChunks(job, accept, 1);
    const left = total - Atomics.load(job.counter, 0);
    // A worker that starts after S ms halves what is left after S: worth it when that is well
    // more than S.
    if (left * (performance.now() - started) > 2 * WORKER_START_MS) startWorkers();
  }

  // This thread claims chunks too, so it works while the workers start up.
  scanClaimedChunks(job, accept);
  while (received < total && live > 0) await new Promise<void>((resolve) => (wake = resolve));
  for (const w of workers) void w.terminate();
  for (let i = 0; i < files.length; i++) {
    if (scans[i] === undefined) scans[i] = scanPage(readFileSync(join(dir, files[i]!), 'utf8'));
  }
  return scans;
}
