import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { digest } from "../core/digest.ts";
import { PpgError } from "../core/errors.ts";
import { build, type BuildOptions, type BuildResult } from "./build.ts";

/**
 * `ppguide build --verify`: the incremental build, then a clean one (no page cache, no served
 * copy) into a folder of the output's own store, compared file by file; every differing file is
 * reported as BuildNotReproducible. The clean copy is deleted either way.
 */
export async function buildAndVerify(opts: BuildOptions): Promise<BuildResult> {
  const result = await build(opts);
  const served = result.outDir!;
  const clean = join(`${served}.ppguide`, "verify");
  try {
    await build({ ...opts, out: clean, cache: false, force: true });
    const [ours, theirs] = [digestsOf(served), digestsOf(clean)];
    const files = [...new Set([...ours.keys(), ...theirs.keys()])].filter((f) => ours.get(f) !== theirs.get(f)).sort();
    if (files.length) throw new PpgError("BuildNotReproducible", { files });
    return result;
  } finally {
    rmSync(clean, { recursive: true, force: true });
    rmSync(`${clean}.ppguide`, { recursive: true, force: true });
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
