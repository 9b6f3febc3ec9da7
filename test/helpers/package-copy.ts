import { execFile } from "node:child_process";
import { cp, symlink } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

/**
 * A copy of ppguide in `dir` (sources, templates, schemas, bin/, its compiled lib/), whose
 * node_modules is a symbolic link to the real one (or to `modules`): what `npm link`, a Docker
 * volume or a restored CI cache look like. A test edits the copy, never the package the suite runs from.
 */
export async function copyPackage(dir: string, modules = join(PACKAGE_DIR, "node_modules")): Promise<string> {
  for (const part of [
    "bin",
    "src",
    "templates",
    "schema",
    "scripts",
    "lib",
    "vendor",
    "package.json",
    "package-lock.json",
    "tsconfig.json",
  ]) {
    await cp(join(PACKAGE_DIR, part), join(dir, part), { recursive: true });
  }
  await symlink(modules, join(dir, "node_modules"));
  return dir;
}

/** Compiles a copy's lib/ again, as `npm run build:cli` would. */
export async function compileCopy(dir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [join(dir, "scripts/build-cli.mjs")], { cwd: dir });
}
