/**
 * Vitest global setup: every test run gets its own cache folder (PPGUIDE_CACHE_DIR, read by
 * src/core/disk-cache.ts), inherited by the test workers and by every CLI they spawn, so no test
 * reads a developer's cached manifests, output records or validators, or evicts them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "ppguide-test-caches-"));
  process.env.PPGUIDE_CACHE_DIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
