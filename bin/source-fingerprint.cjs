// Identifies one state of ppguide's code cheaply: package.json, the installed dependencies
// (npm rewrites node_modules/.package-lock.json on every install) and the size and mtime of
// every TypeScript file under src/ and templates/, which change with every edit. Used by
// bin/cli-bundle.mjs for its bundle and by caches of what the code computed (src/core/disk-cache.ts
// imports it, and the bundle carries it).
"use strict";
const { createHash } = require("node:crypto");
const { readdirSync, readFileSync, statSync } = require("node:fs");
const { join, relative } = require("node:path");

/** Hex digest over the code's state; `extra` (strings or bytes) joins it. */
function sourceFingerprint(packageDir, ...extra) {
  const hash = createHash("sha256").update(readFileSync(join(packageDir, "package.json")));
  for (const part of extra) hash.update(part);
  const stamp = (path) => {
    const { size, mtimeMs } = statSync(path);
    hash.update(`${relative(packageDir, path)}\0${size}\0${mtimeMs}\n`);
  };
  try {
    stamp(join(packageDir, "node_modules", ".package-lock.json"));
  } catch {
    // Installed without npm's record of the tree: package.json has to do.
  }
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) stamp(path);
    }
  };
  walk(join(packageDir, "src"));
  walk(join(packageDir, "templates"));
  return hash.digest("hex").slice(0, 16);
}

exports.sourceFingerprint = sourceFingerprint;
