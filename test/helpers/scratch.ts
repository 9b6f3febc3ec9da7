/**
 * Temporary folders a test file makes, all removed when that file's tests end: `afterAll` here
 * registers on the suite of the file that first imports this module.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A folder made elsewhere (by the helper that wrote a site there), removed with the others. */
export function removeWhenDone(dir: string): void {
  scratch.push(dir);
}

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  removeWhenDone(dir);
  return dir;
}
