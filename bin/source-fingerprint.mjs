// Identifies one state of ppguide's code cheaply: package.json (dependency versions) and the
// size and mtime of every TypeScript file under src/ and templates/, which change with every edit.
// Used by bin/cli-bundle.mjs for its bundle and by caches of what the code computed.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Hex digest over the code's state; `extra` (strings or bytes) joins it. */
export function sourceFingerprint(packageDir, ...extra) {
  const hash = createHash("sha256").update(readFileSync(join(packageDir, "package.json")));
  for (const part of extra) hash.update(part);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${relative(packageDir, path)}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  walk(join(packageDir, "src"));
  walk(join(packageDir, "templates"));
  return hash.digest("hex").slice(0, 16);
}
