/** A thread of the render pool (render-pages.ts): renders, scans and writes the batches it is given. */
import { workerData } from "node:worker_threads";
import type { PageJob } from "./page-keys.ts";
import { PageRenderer, type BatchResult, type RenderInput } from "./render-pages.ts";

let renderer: Promise<PageRenderer> | undefined;

export async function renderBatch(jobs: PageJob[]): Promise<BatchResult> {
  renderer ??= PageRenderer.create(workerData as RenderInput);
  return (await renderer).render(jobs);
}
