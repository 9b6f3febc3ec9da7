import { readdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_DIR } from "./package-dir.ts";
import { Digest, hexDigest } from "./digest.ts";
import { changedAt, changedNear, fileStamp } from "./file-stamp.ts";

/**
 * What decides the bytes ppguide writes, besides the site: its sources and templates, its
 * schemas, the lockfile that pins every dependency (React renders; markdown-it is bundled), and
 * the options of the step that compiles them into lib/ (scripts/build-cli.mjs).
 */
const CODE_INPUTS = [
  "src",
  "templates",
  "schema",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "scripts/build-cli.mjs",
];

/** Each code input's stamp and the digest of its bytes, by its path inside the package. */
export type CodeFiles = Record<string, [stamp: string, digest: string]>;

/**
 * The code's digest (a SHA-256 over each file of CODE_INPUTS, named by its path inside the package,
 * with its bytes' digest), and each file's stamp and digest. The digest is of bytes, never of a
 * size, an mtime or an absolute path, which every clone, CI cache restore or `npm link` changes
 * (once: mtimes gave a new key on every CI run, and a folder found from the cache's location missed
 * a template edit). A stamp only spares a read: a file whose stamp is in `known` (what the compile
 * step recorded, lib/build.json) is not read, and its digest is the one recorded there. Reading and
 * hashing every source was a tenth of a build that found nothing to do (docs/performance.md).
 * `recordedAt`: the stamps are being recorded now, so a file changed just before gets none
 * (core/file-stamp.ts).
 */
export function codeDigest(
  packageDir: string = PACKAGE_DIR,
  known: CodeFiles = {},
  recordedAt?: number,
): { digest: string; files: CodeFiles } {
  const hash = new Digest();
  const files: CodeFiles = {};
  const add = (rel: string) => {
    const path = join(packageDir, rel);
    let s: Stats;
    try {
      s = statSync(path);
    } catch (err) {
      // A missing lockfile or build script (a trimmed copy of the package) is a missing input.
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    if (s.isDirectory()) {
      for (const name of readdirSync(path).sort()) add(`${rel}/${name}`);
      return;
    }
    const stamp = recordedAt !== undefined && changedNear(changedAt(s), recordedAt) ? "" : fileStamp(s, path);
    const kept = known[rel];
    const fileDigest = stamp && kept?.[0] === stamp ? kept[1] : hexDigest(64, readFileSync(path));
    files[rel] = [stamp, fileDigest];
    hash.add(`${rel}\0${fileDigest}\0`);
  };
  for (const input of CODE_INPUTS) add(input);
  return { digest: hash.hex(), files };
}

/** What the compile step recorded of lib/ (scripts/build-cli.mjs): lib/build.json, or undefined when unreadable. */
export function libRecord(packageDir: string = PACKAGE_DIR): Record<string, unknown> | undefined {
  try {
    const record: unknown = JSON.parse(readFileSync(join(packageDir, "lib", "build.json"), "utf8"));
    return typeof record === "object" && record !== null ? (record as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The code files a lib/ record stamps; none when it has none. */
export function recordedCode(record: Record<string, unknown> | undefined): CodeFiles {
  const code = record?.code;
  return typeof code === "object" && code !== null ? (code as CodeFiles) : {};
}

let codeId: string | undefined;

/**
 * This ppguide's code, for the keys of what it computes (page keys, caches): its digest, once per
 * process, trusting the stamps the compile step recorded when lib/ has them.
 */
export function currentCode(): string {
  codeId ??= codeDigest(PACKAGE_DIR, recordedCode(libRecord())).digest;
  return codeId;
}
