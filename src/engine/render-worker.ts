/** A thread of the render pool (render-pages.ts): renders, scans and writes the batches it is given. */
import { workerData } from "node:worker_threads";
import type { PageJob, RenderInput } from "./page-keys.ts";
import { PageRenderer, type RenderedBatch } from "./render-pages.ts";

let renderer: Promise<PageRenderer> | undefined;

export async function renderBatch(jobs: PageJob[]): Promise<RenderedBatch> {
  renderer ??= PageRenderer.create(workerData as RenderInput);
  return (await renderer).render(jobs);
}
