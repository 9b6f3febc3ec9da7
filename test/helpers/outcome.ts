import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../../src/engine/build.ts";
import type { BuildOptions } from "../../src/engine/build-state.ts";
import { errorsOf, exitCodeOf, fromFileSystemError, isUserError } from "../../src/core/errors.ts";

export const CLI = fileURLToPath(new URL("../../bin/ppguide", import.meta.url));

export interface Outcome {
  exit: number;
  /** Each problem as `Code  file:line:col  path  message`. */
  lines: string[];
}

/** What the CLI would exit with and print, from an in-process build (the CLI's own mapping, without a process per case). */
export async function attempt(opts: BuildOptions): Promise<Outcome> {
  try {
    await build(opts);
    return { exit: 0, lines: [] };
  } catch (thrown) {
    const err = fromFileSystemError(thrown);
    if (!isUserError(err)) throw thrown;
    return { exit: exitCodeOf(err), lines: errorsOf(err).map((e) => `${e.code}  ${e.format()}`) };
  }
}

/** The real CLI, for exit codes and signals. */
export function runCli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { ...process.env, NO_COLOR: "1" } },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

export function startCli(args: string[], cwd: string): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * A fingerprint of a folder's files (followed through the output's link): names, bytes and
 * mtimes, so "untouched" means not even rewritten with the same bytes.
 */
export async function treeHash(dir: string): Promise<string> {
  const hash = createHash("sha256");
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return "absent";
  }
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const file of files)
    hash.update(`${file.slice(dir.length)}\0${(await stat(file)).mtimeMs}\0`).update(await readFile(file));
  return hash.digest("hex");
}

/**
 * Builds a fresh copy of `fixture`, breaks it, builds again: what that second build said, and
 * whether it left the first build's output untouched (files, bytes and mtimes).
 */
export async function attemptBroken(
  breakIt: (root: string) => Promise<void>,
  fixture = "basic-site",
): Promise<Outcome & { untouched: boolean }> {
  const { copyFixture } = await import("./fixture.ts");
  const root = await copyFixture(fixture);
  const out = join(root, "dist");
  const first = await attempt({ root, out });
  if (first.exit !== 0) throw new Error(`the fixture does not build: ${first.lines.join("\n")}`);
  const before = await treeHash(out);
  await breakIt(root);
  const outcome = await attempt({ root, out });
  return { ...outcome, untouched: (await treeHash(out)) === before };
}
