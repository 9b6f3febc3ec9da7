/**
 * The tools the benchmarks compare ppguide against (Eleventy, check-html-links, linkinator,
 * hyperlink) are bench/'s own dependencies, not the product's: `npm ci` at the root installs only
 * what ppguide and its tests need, and a bench installs its peers from bench/package-lock.json the
 * first time it runs (and again whenever that lock file is newer than the install).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installFromLock } from "../test/helpers/install-from-lock.ts";

export const BENCH = fileURLToPath(new URL(".", import.meta.url));

export function installPeers(): void {
  installFromLock(BENCH, "the benchmarks' peers");
}

/** A peer's command, as installed under bench/node_modules/.bin. */
export const peerBin = (name: string): string => join(BENCH, "node_modules/.bin", name);

/** Debian's `hugo` (apt-get install hugo) or any on PATH; undefined when there is none. */
export function hugoVersion(): string | undefined {
  const result = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * Pagefind's own binary, as its npm package installs it for this platform (@pagefind/<platform>):
 * the CLI a Hugo user runs after `hugo` (`pagefind --site public`), called directly, without the
 * package's Node wrapper.
 */
export function pagefindBinary(): string {
  const dir = join(
    fileURLToPath(new URL("../node_modules/@pagefind/", import.meta.url)),
    `${process.platform}-${process.arch}`,
    "bin",
  );
  const found = readdirSync(dir).find((f) => /^pagefind(_extended)?(\.exe)?$/.test(f));
  if (!found) throw new Error(`no Pagefind binary in ${dir}: run npm ci`);
  return join(dir, found);
}
