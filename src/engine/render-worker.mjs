// The render pool's thread when ppguide runs from its TypeScript sources (tests, or a lib/ not compiled from these sources):
// registers tsx's loader, then loads the worker. The compiled CLI runs lib/render-worker.cjs instead.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// ppguide's own tsconfig (the automatic JSX runtime), whatever folder the site is built from: tsx
// would otherwise look for one in the current folder, and compile the templates for classic JSX.
register({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
export const { renderBatch } = await import("./render-worker.ts");
