/** A thread of the render pool (render-pages.ts): renders, scans and writes the batches it is given. */
import { deserialize } from "node:v8";
import type { RenderInput } from "./page-keys.ts";
import { PageRenderer, type RenderedBatch, type RenderTask } from "./render-pages.ts";

let renderer: Promise<PageRenderer> | undefined;
let previous: Promise<unknown> = Promise.resolve();

/**
 * One batch at a time, in the order they came (the pool sends a thread its next batch early): two
 * batches rendered at once took turns at every write, and the earlier one finished last, holding
 * back the pages after it, which the build gathers in their order.
 */
export function renderBatch({ input, jobs }: RenderTask): Promise<RenderedBatch> {
  // The site's data, the same for every task: read with this thread's first.
  const made = (renderer ??= PageRenderer.create(deserialize(new Uint8Array(input)) as RenderInput));
  const batch = previous.then(async () => (await made).render(jobs));
  previous = batch.catch(() => {});
  return batch;
}
