/** A thread of the link scan's pool (workers.ts): reads and scans the pages it is given. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { workerData } from "node:worker_threads";
import { scanPage } from "./extract.ts";
import type { LinkScan } from "./types.ts";

export function scanBatch(files: string[]): LinkScan[] {
  return files.map((file) => scanPage(readFileSync(join(workerData as string, file), "utf8")));
}
