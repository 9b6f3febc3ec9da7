import type { Worker } from 'node:worker_threads';
import { startWorker } from '../core/worker-threads.ts';
import type { PageScan } from './types.ts';

/**
 * Scans pages handed over one at a time on a worker thread, while the caller goes on producing
 * them: a build renders on this thread and the other core parses what it has written, so the
 * link check after the build no longer reads and parses every page again.
 */
export class ScanStream {
  private readonly worker: Worker;
  private readonly result: Promise<Map<string, PageScan>>;

  constructor() {
    this.worker = startWorker(import.meta.url, 'scan-stream-worker', null);
    this.result = new Promise((resolve, reject) => {
      this.worker.once('message', (scans: [string, PageScan][]) => resolve(new Map(scans)));
      this.worker.once('error', reject);
    });
    // A build that fails before finish() must not be kept alive by this thread.
    this.worker.unref();
  }

  /** `file` is the page's path relative to the site's output folder. */
  add(file: string, html: string): void {
    this.worker.postMessage([file, html]);
  }

  async finish(): Promise<Map<string, PageScan>> {
    this.worker.ref();
    this.worker.postMessage(null);
    try {
      return await this.result;
    } finally {
      void this.worker.terminate();
    }
  }

  cancel(): void {
    void this.worker.terminate();
  }
}
