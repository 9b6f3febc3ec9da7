import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, symlink } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

/**
 * A copy of ppguide in `dir` (sources, templates, schemas, bin/, its compiled lib/), whose
 * node_modules is a symbolic link to the real one (or to `modules`): what `npm link`, a Docker
 * volume or a restored CI cache look like. A test edits the copy, never the package the suite runs from.
 * Without a compiled lib/ (a fresh clone where only one test file is run, before any `npm test`),
 * the copy compiles its own, so no file needs a step run before it.
 */
export async function copyPackage(dir: string, modules = join(PACKAGE_DIR, "node_modules")): Promise<string> {
  for (const part of [
    "bin",
    "src",
    "templates",
    "schema",
    "scripts",
    "vendor",
    "package.json",
    "package-lock.json",
    "tsconfig.json",
  ]) {
    await cp(join(PACKAGE_DIR, part), join(dir, part), { recursive: true });
  }
  await symlink(modules, join(dir, "node_modules"));
  if (existsSync(join(PACKAGE_DIR, "lib"))) await cp(join(PACKAGE_DIR, "lib"), join(dir, "lib"), { recursive: true });
  else await compileCopy(dir);
  return dir;
}

/**
 * The package's own lib/, compiled when it is missing: a test of the compiled CLI run alone on a
 * fresh clone (`npm test` compiles it first).
 */
export async function compiledPackage(): Promise<void> {
  if (!existsSync(join(PACKAGE_DIR, "lib", "ppguide.cjs"))) await compileCopy(PACKAGE_DIR);
}

/** Compiles a copy's lib/ again, as `npm run build:cli` would. */
export async function compileCopy(dir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [join(dir, "scripts/build-cli.mjs")], { cwd: dir });
}
