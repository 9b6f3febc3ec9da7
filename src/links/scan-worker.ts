/** Worker entry: claims and scans chunks of pages, posting each chunk's scans as soon as it is done. */
import { parentPort, workerData } from 'node:worker_threads';
import { scanClaimedChunks, type ScanJob } from './workers.ts';

scanClaimedChunks(workerData as ScanJob, (chunk) => parentPort!.postMessage(chunk));
