import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type Transferable } from "node:worker_threads";

/**
 * Our workers handle one page or body at a time and keep little: V8's default young generation
 * (tens of MB per thread) only raised the peak memory. With 8 MB, the 4,000-page bench peaked
 * 45 MB lower at the same speed.
 */
export const WORKER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * Starts a worker thread on module `name` (without extension) that sits beside the caller,
 * whether ppguide runs from its TypeScript sources through tsx (tests, or a lib/ not compiled from the sources) or
 * from the compiled CLI, where scripts/build-cli.mjs emits each worker as its own file in lib/.
 *
 * From sources, `execArgv: ['--import', 'tsx']` is not enough on Node 20: the worker's .ts entry
 * is loaded before the loader applies (ERR_UNKNOWN_FILE_EXTENSION; tested in
 * test/links/workers.test.ts). So the worker starts on a bootstrap that registers tsx's loader,
 * then imports the entry. tsx is resolved from this file, not from the current directory, which is
 * the user's site.
 */
export function startWorker(callerUrl: string, name: string, workerData: unknown, transferList: Transferable[] = []): Worker {
  const fromSource = callerUrl.endsWith(".ts") || callerUrl.endsWith(".tsx");
  const entry = new URL(`./${name}.${fromSource ? "ts" : "cjs"}`, callerUrl);
  if (!fromSource) return new Worker(entry, { workerData, transferList, resourceLimits: WORKER_RESOURCE_LIMITS });
  // require.resolve picks the "require" build of tsx/esm/api, whose relative imports break when
  // loaded with import(); its "import" build sits next to it.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  // Dynamic import only: the bootstrap runs as CommonJS or as a module depending on the flags.
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { (m.register ?? m.default.register)(); return import(${JSON.stringify(entry.href)}); });`;
  // execArgv: [] so the parent's flags (vitest's, --input-type) do not leak into the worker.
  return new Worker(bootstrap, { eval: true, workerData, transferList, resourceLimits: WORKER_RESOURCE_LIMITS, execArgv: [] });
}
