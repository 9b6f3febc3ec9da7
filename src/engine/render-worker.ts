/** A thread of the render pool (render-pages.ts): renders, scans and writes the batches it is given. */
import { workerData } from "node:worker_threads";
import type { PageJob, RenderInput } from "./page-keys.ts";
import { PageRenderer, type RenderedBatch } from "./render-pages.ts";

let renderer: Promise<PageRenderer> | undefined;
let previous: Promise<unknown> = Promise.resolve();

/**
 * One batch at a time, in the order they came (the pool sends a thread its next batch early): two
 * batches rendered at once took turns at every write, and the earlier one finished last, holding
 * back the search index, which Pagefind is given in the order of the pages (engine/index-stream.ts).
 */
export function renderBatch(jobs: PageJob[]): Promise<RenderedBatch> {
  const made = (renderer ??= PageRenderer.create(workerData as RenderInput));
  const batch = previous.then(async () => (await made).render(jobs));
  previous = batch.catch(() => {});
  return batch;
}
