// The render pool's thread when ppguide runs from its TypeScript sources (tests, PPGUIDE_FROM_SOURCE):
// registers tsx's loader, then loads the worker. The bundled CLI runs render-worker.js instead.
import { register } from "tsx/esm/api";

register();
export const { renderBatch } = await import("./render-worker.ts");
