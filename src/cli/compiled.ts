import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { codeDigest, libRecord, recordedCode } from "../core/code-id.ts";
import { hexDigest } from "../core/digest.ts";
import { fileStamp } from "../core/file-stamp.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";

/**
 * Why lib/ (the compiled CLI, scripts/build-cli.mjs) must not run, or undefined when it may: a
 * file that is not the one compiled (truncated, emptied: an empty worker once published
 * nothing), or sources changed since it was compiled. bin/ppguide then runs the sources.
 *
 * A file whose stamp (core/file-stamp.ts) is the one the compile step took of it, just after
 * writing it, is that file, unread: the damage this guards against (a copy cut short, a file
 * emptied or edited) changes its size or its times. Any other is read and must have the recorded
 * digest. Reading and hashing every compiled file and source was a fifth of a CLI's start.
 */
export function libProblem(): string | undefined {
  const lib = join(PACKAGE_DIR, "lib");
  const record = libRecord();
  if (!record) return "lib/build.json cannot be read";
  const { sources, files } = record;
  if (typeof sources !== "string" || typeof files !== "object" || files === null)
    return "lib/build.json is not the record scripts/build-cli.mjs writes";
  const stamps = (typeof record.stamps === "object" && record.stamps) || {};
  for (const [file, hash] of Object.entries(files as Record<string, unknown>)) {
    const path = join(lib, file);
    try {
      if ((stamps as Record<string, unknown>)[file] === fileStamp(statSync(path), path)) continue;
      if (hexDigest(64, readFileSync(path)) !== hash) return `lib/${file} is not the file that was compiled`;
    } catch {
      return `lib/${file} is missing`;
    }
  }
  return sources === codeDigest(PACKAGE_DIR, recordedCode(record)).digest
    ? undefined
    : "the sources changed since lib/ was compiled";
}
