import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { digest } from "../core/digest.ts";
import { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { build } from "./build.ts";
import type { BuildOptions, BuildResult } from "./build-state.ts";

/**
 * `ppguide build --verify`: the incremental build, then a clean one from the sources alone into a
 * folder of the output's own store, compared file by file; every differing file is reported as
 * BuildNotReproducible. The clean build trusts no cache of any kind: no page cache, no served
 * copy, and an empty folder for the image cache and PPGUIDE_CACHE_DIR's (once, it reused the
 * damaged image cache it was meant to check, and printed "Verified"). Both are deleted either way.
 */
export async function buildAndVerify(opts: BuildOptions): Promise<BuildResult> {
  const result = await build(opts);
  const served = expected(result.outDir, "the output folder of a build that writes");
  const clean = join(`${served}.ppguide`, "verify");
  const caches = mkdtempSync(join(tmpdir(), "ppguide-verify-"));
  const shared = process.env.PPGUIDE_CACHE_DIR;
  try {
    // Set for the clean build alone; its worker threads take a copy of the environment.
    process.env.PPGUIDE_CACHE_DIR = join(caches, "shared");
    try {
      await build({ ...opts, out: clean, cache: false, force: true, caches });
    } finally {
      if (shared === undefined) delete process.env.PPGUIDE_CACHE_DIR;
      else process.env.PPGUIDE_CACHE_DIR = shared;
    }
    const [ours, theirs] = [digestsOf(served), digestsOf(clean)];
    const files = [...new Set([...ours.keys(), ...theirs.keys()])].filter((f) => ours.get(f) !== theirs.get(f)).sort();
    if (files.length) throw new PpgError("BuildNotReproducible", { files });
    return result;
  } finally {
    rmSync(clean, { recursive: true, force: true });
    rmSync(`${clean}.ppguide`, { recursive: true, force: true });
    rmSync(caches, { recursive: true, force: true });
  }
}

/** Every file of a built site (through its link), by path, with the digest of its bytes. */
function digestsOf(dir: string): Map<string, string> {
  const digests = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    digests.set(relative(dir, path), digest(readFileSync(path)));
  }
  return digests;
}
