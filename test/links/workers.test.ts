/**
 * The link checker's worker must boot from TypeScript sources (under vitest, and under plain
 * `node --import tsx`, how the CLI runs from source): scanPages survives a worker that fails to
 * start by parsing everything itself, so only starting the worker entry directly, with nothing
 * else claiming chunks, shows that it boots and parses.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../src/core/worker-threads.ts';
import { scanPage } from '../../src/links/extract.ts';
import { listSiteFiles } from '../../src/links/site-files.ts';
import type { PageScan } from '../../src/links/types.ts';
import { scanPages, type ScannedChunk } from '../../src/links/workers.ts';

const root = join(import.meta.dirname, '..', '..');
const site = join(root, 'test', 'fixtures', 'links-site');
/** scan-worker sits beside workers.ts, which starts it with its own URL. */
const workersUrl = new URL('../../src/links/workers.ts', import.meta.url).href;

const pages = listSiteFiles(site).filter((f) => f.endsWith('.html'));
/**
 * `count` of the fixture's pages, so there are several 32-page chunks to claim. Each page repeats
 * five times in a row: a sequence whose period divided the chunk size would hide a chunk stored at
 * the wrong offset.
 */
const repeated = (count: number): string[] => Array.from({ length: count }, (_, i) => pages[Math.floor(i / 5) % pages.length]!);
const scanHere = (files: readonly string[]): PageScan[] => files.map((f) => scanPage(readFileSync(join(site, f), 'utf8')));

/** Runs the scan worker alone to the end; rejects if it fails to start, throws or hangs. */
function runScanWorker(files: readonly string[]): Promise<{ chunks: ScannedChunk[]; exitCode: number }> {
  return new Promise((resolve, reject) => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const worker = startWorker(workersUrl, 'scan-worker', { dir: site, files, counter });
    const chunks: ScannedChunk[] = [];
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`scan-worker did not exit within 30 s (posted ${chunks.length} chunks)`));
    }, 30_000);
    worker.on('message', (chunk: ScannedChunk) => chunks.push(chunk));
    worker.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ chunks, exitCode });
    });
  });
}

describe('scan worker', () => {
  it('boots from .ts sources under vitest and scans every page as this thread would', async () => {
    const files = repeated(80);
    const { chunks, exitCode } = await runScanWorker(files);
    expect(exitCode).toBe(0);
    chunks.sort((a, b) => a.start - b.start);
    expect(chunks.map((c) => c.start)).toEqual([0, 32, 64]);
    expect(chunks.flatMap((c) => c.scans)).toEqual(scanHere(files));
  });

  it('boots under plain `node --import tsx` too (how the CLI runs from source)', () => {
    const files = repeated(80);
    // Module input (--input-type) and the tsx flag must not leak into the worker, whose bootstrap
    // is evaluated as a script.
    const script = `
      import { startWorker } from './src/core/worker-threads.ts';
      const files = ${JSON.stringify(files)};
      const counter = new Int32Array(new SharedArrayBuffer(4));
      const worker = startWorker(${JSON.stringify(workersUrl)}, 'scan-worker', { dir: ${JSON.stringify(site)}, files, counter });
      const chunks = [];
      worker.on('message', (chunk) => chunks.push(chunk));
      worker.on('error', (err) => { console.error(err); process.exit(1); });
      worker.on('exit', (code) => {
        chunks.sort((a, b) => a.start - b.start);
        console.log(JSON.stringify({ code, scans: chunks.flatMap((c) => c.scans) }));
      });
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(JSON.parse(out)).toEqual({ code: 0, scans: scanHere(files) });
  });
});

describe('scanPages', () => {
  it('returns one scan per file, in order, equal to scanning on this thread alone', async () => {
    const files = repeated(320);
    expect(await scanPages(site, files, 2)).toEqual(scanHere(files));
  });
});
