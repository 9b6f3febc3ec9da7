/**
 * Folders with a package.json and lockfile of their own (bench/, test/hosts/) hold tools the main
 * install leaves out. Each installs from its lock the first time something needs it, and again
 * whenever the lock is newer than the install, so a fresh clone needs no extra command.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** Installs `dir`'s dependencies from its lock when they are missing or older than it; whether it did. */
export function installFromLock(dir: string, what: string): boolean {
  if (current(dir)) return false;
  // Test files run in several workers at once elsewhere: one installs while the others wait for it.
  const lock = join(dir, ".install-lock");
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      // A lock a killed install left: an install takes well under this.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 600_000)
        rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (current(dir)) return false;
    process.stderr.write(`Installing ${what} into ${join(dir, "node_modules")} (npm ci --prefix ${dir})…\n`);
    execFileSync("npm", ["ci", "--prefix", dir, "--no-audit", "--no-fund"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Whether `dir`'s install follows its lock file: npm writes node_modules/.package-lock.json after
 * every install, so its age says.
 */
function current(dir: string): boolean {
  const installed = join(dir, "node_modules/.package-lock.json");
  return existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(dir, "package-lock.json")).mtimeMs;
}
