// The link scan's thread when ppguide runs from its TypeScript sources (tests, or a lib/ not
// compiled from these sources): registers tsx's loader, then loads the worker. The compiled CLI
// runs lib/scan-worker.cjs instead.
import { register } from "tsx/esm/api";

register();
export const { scanBatch } = await import("./scan-worker.ts");
