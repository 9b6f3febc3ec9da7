// The render pool's thread when ppguide runs from its TypeScript sources (tests, or a lib/ not compiled from these sources):
// registers tsx's loader, then loads the worker. The compiled CLI runs lib/render-worker.cjs instead.
import { register } from "tsx/esm/api";

register();
export const { renderBatch } = await import("./render-worker.ts");
