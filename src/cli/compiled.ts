import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sourcesDigest } from "../core/code-id.ts";
import { hexDigest } from "../core/digest.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";

/**
 * Why lib/ (the compiled CLI, scripts/build-cli.mjs) must not run, or undefined when it may: a
 * file that is not the one compiled (truncated, emptied: an empty worker once published
 * nothing), or sources changed since it was compiled. bin/ppguide then runs the sources.
 */
export function libProblem(): string | undefined {
  const lib = join(PACKAGE_DIR, "lib");
  let record: { sources?: unknown; files?: unknown };
  try {
    record = JSON.parse(readFileSync(join(lib, "build.json"), "utf8"));
  } catch {
    return "lib/build.json cannot be read";
  }
  if (typeof record?.sources !== "string" || typeof record.files !== "object" || record.files === null)
    return "lib/build.json is not the record scripts/build-cli.mjs writes";
  for (const [file, hash] of Object.entries(record.files as Record<string, unknown>)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(lib, file));
    } catch {
      return `lib/${file} is missing`;
    }
    if (hexDigest(64, bytes) !== hash) return `lib/${file} is not the file that was compiled`;
  }
  return record.sources === sourcesDigest() ? undefined : "the sources changed since lib/ was compiled";
}

export { sourcesDigest };
