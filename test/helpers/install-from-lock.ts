/**
 * Folders with a package.json and lockfile of their own (bench/, test/hosts/) hold tools the main
 * install leaves out. Each installs from its lock the first time something needs it, and again
 * whenever the lock is newer than the install, so a fresh clone needs no extra command.
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

/** Installs `dir`'s dependencies from its lock when they are missing or older than it; whether it did. */
export function installFromLock(dir: string, what: string): boolean {
  // npm writes node_modules/.package-lock.json after every install: its age says whether the
  // install follows the lock file.
  const installed = join(dir, "node_modules/.package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(dir, "package-lock.json")).mtimeMs)
    return false;
  process.stderr.write(`Installing ${what} into ${join(dir, "node_modules")} (npm ci --prefix ${dir})…\n`);
  execFileSync("npm", ["ci", "--prefix", dir, "--no-audit", "--no-fund"], { stdio: ["ignore", "inherit", "inherit"] });
  return true;
}
