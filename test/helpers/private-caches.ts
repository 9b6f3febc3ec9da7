/**
 * Vitest global setup: every test run gets a folder of its own, removed when the run ends, and
 * everything the run writes goes there. Its cache folder (PPGUIDE_CACHE_DIR, read by
 * src/core/disk-cache.ts) means no test reads a developer's cached manifests, output records or
 * validators, or evicts them; its temporary folder (TMPDIR, which os.tmpdir() reads) holds every
 * site, output and copy a test makes, so a test that fails, or forgets its own, leaves nothing in
 * /tmp (once, 20,000 folders of earlier runs). Both are inherited by the test workers and by every
 * CLI they spawn.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default async function setup(): Promise<() => Promise<void>> {
  const run = await mkdtemp(join(tmpdir(), "ppguide-test-run-"));
  process.env.PPGUIDE_CACHE_DIR = join(run, "caches");
  // Made here: ppguide makes it when it first caches something, but helpers keep their builds in it before then.
  await mkdir(process.env.PPGUIDE_CACHE_DIR);
  // A run a test starts (vitest inside vitest) keeps the outer run's temporary folder: nested
  // anew at each level, the paths outgrew what a Unix socket's path may hold, and Chromium, which
  // makes one there, would not start.
  if (process.env.PPGUIDE_TEST_RUN === undefined) {
    process.env.PPGUIDE_TEST_RUN = run;
    process.env.TMPDIR = join(run, "tmp");
    await mkdir(process.env.TMPDIR);
  }
  return () => rm(run, { recursive: true, force: true });
}
