/**
 * The tools the benchmarks compare ppguide against (Eleventy, check-html-links, linkinator,
 * hyperlink) are bench/'s own dependencies, not the product's: `npm ci` at the root installs only
 * what ppguide and its tests need, and a bench installs its peers from bench/package-lock.json the
 * first time it runs (and again whenever that lock file is newer than the install).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH = fileURLToPath(new URL(".", import.meta.url));

/** npm writes this after every install; its age tells whether the install follows the lock file. */
const INSTALLED = join(BENCH, "node_modules/.package-lock.json");
const LOCK = join(BENCH, "package-lock.json");

export function installPeers(): void {
  if (existsSync(INSTALLED) && statSync(INSTALLED).mtimeMs >= statSync(LOCK).mtimeMs) return;
  process.stderr.write("Installing the benchmarks' peers into bench/node_modules (npm ci --prefix bench)…\n");
  execFileSync("npm", ["ci", "--prefix", BENCH, "--no-audit", "--no-fund"], { stdio: ["ignore", "inherit", "inherit"] });
}

/** A peer's command, as installed under bench/node_modules/.bin. */
export const peerBin = (name: string): string => join(BENCH, "node_modules/.bin", name);

/** Debian's `hugo` (apt-get install hugo) or any on PATH; undefined when there is none. */
export function hugoVersion(): string | undefined {
  const result = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
