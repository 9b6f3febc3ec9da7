import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { PpgError } from "../core/errors.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { failAndExit } from "./exit.ts";

/**
 * What must hold before any library loads, checked by bin/ppguide first (compiled on its own into
 * lib/preflight.cjs, which needs no package from node_modules): each failure is reported as the
 * catalogue says it, in the format the command line asks for, exit 1. Then a closed pipe ends
 * the command quietly. (Signals and crashes are src/cli/exit.ts's, from the CLI's start.)
 */
export function preflight(): void {
  const problem = findProblem();
  if (problem) failAndExit(problem);
  // `ppguide build | head -1`: once the reader is gone, what is left to print is dropped, and the
  // command ends with its own exit code instead of an EPIPE stack.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "EPIPE" && err.code !== "ERR_STREAM_DESTROYED") throw err;
    });
  }
}

function findProblem(): PpgError | undefined {
  // Module loading and every relative path need the current folder; started from one that was
  // deleted, esbuild once waited forever.
  try {
    process.cwd();
  } catch (err) {
    return new PpgError("WorkingFolderGone", { errno: (err as NodeJS.ErrnoException).code ?? "ENOENT" });
  }
  // node_modules linked to a folder of another name (`node_modules -> /srv/deps`): Node resolves a
  // package's own dependencies from its real path and finds none outside a folder named
  // node_modules, so the first require of React failed as "a bug in ppguide".
  const modules = join(PACKAGE_DIR, "node_modules");
  try {
    const real = realpathSync(modules);
    if (!/[\\/]node_modules$/.test(real)) return new PpgError("DependenciesUnreachable", { link: modules, real });
  } catch {
    // No node_modules at all: the first import says which package is missing.
  }
  // Under a tiny file-handle limit esbuild's and sharp's helpers fail in ways that look like
  // crashes; say what it is up front (Linux tells us the limit; elsewhere the handler above does).
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
    if (soft && Number(soft) < MIN_OPEN_FILES)
      return new PpgError("TooManyOpenFiles", { limit: Number(soft), needed: MIN_OPEN_FILES });
  } catch {
    // Not Linux.
  }
  return undefined;
}

/** Files ppguide may hold open at once: the render threads' writes, esbuild's and sharp's helpers. */
const MIN_OPEN_FILES = 256;

// For bin/ppguide and scripts/build-cli.mjs, which ask the compiled lib/preflight.cjs whether lib/ may run.
export { libProblem } from "./compiled.ts";
export { codeDigest } from "../core/code-id.ts";
export { fileStamp } from "../core/file-stamp.ts";
