import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_DIR } from "./package-dir.ts";
import { Digest } from "./digest.ts";

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

/**
 * A SHA-256 over the bytes of CODE_INPUTS, each named by its path inside the package: never a
 * size, an mtime or an absolute path, which every clone, CI cache restore or `npm link` changes
 * (once: mtimes gave a new key on every CI run, and a folder found from the cache's location
 * missed a template edit). lib/ runs only when it was compiled from these same bytes (bin/ppguide),
 * so the digest names the code that renders either way.
 */
export function sourcesDigest(packageDir: string = PACKAGE_DIR): string {
  const hash = new Digest();
  const add = (rel: string) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(packageDir, rel));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EISDIR") {
        for (const name of readdirSync(join(packageDir, rel)).sort()) add(`${rel}/${name}`);
        return;
      }
      // A missing lockfile or build script (a trimmed copy of the package) is a missing input.
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    hash.add(`${rel}\0${bytes.length}\0`, bytes);
  };
  for (const input of CODE_INPUTS) add(input);
  return hash.hex();
}

let codeId: string | undefined;

/** This ppguide's code, for the keys of what it computes (page keys, caches): sourcesDigest(), once per process. */
export function currentCode(): string {
  codeId ??= sourcesDigest();
  return codeId;
}
