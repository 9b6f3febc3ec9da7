/**
 * Temporary folders a test file makes, all removed when that file's tests end. Files share their
 * worker's modules (vitest.config.ts, `isolate: false`), so the removal is registered for each file
 * by its setup (each-file.ts), not when this module is first imported.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const scratch: string[] = [];

/** A folder made elsewhere (by the helper that wrote a site there), removed with the others. */
export function removeWhenDone(dir: string): void {
  scratch.push(dir);
}

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  removeWhenDone(dir);
  return dir;
}

/** Removes every folder the file that ran registered. */
export async function removeScratch(): Promise<void> {
  const dirs = scratch.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
