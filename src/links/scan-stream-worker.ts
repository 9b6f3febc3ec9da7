/** Worker entry of ScanStream: scans each [file, html] it is sent; on null, posts every scan back. */
import { parentPort } from 'node:worker_threads';
import { scanPage } from './extract.ts';
import type { PageScan } from './types.ts';

const scans: [string, PageScan][] = [];
parentPort!.on('message', (message: [string, string] | null) => {
  if (message === null) parentPort!.postMessage(scans);
  else scans.push([message[0], scanPage(message[1])]);
});
