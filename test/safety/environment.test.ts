/**
 * Problems with the machine rather than the site (issue 27): each exits 1 with the path, what
 * happened and what to do, and leaves nothing behind. They once exited 70, "a bug in ppguide".
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describe as describeError, fromFileSystemError, type PpgError } from "../../src/core/errors.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt, CLI, treeHash } from "../helpers/outcome.ts";
import { copyPackage } from "../helpers/package-copy.ts";

/** The CLI run by a shell, which can first do what a user's shell did (`ulimit`, a deleted folder). */
function shell(
  script: string,
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "/bin/sh",
      ["-c", script],
      { cwd, env: { ...process.env, NO_COLOR: "1", PPGUIDE_CLI: CLI, NODE: process.execPath, ...env } },
      (err, _stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr });
      },
    );
  });
}

describe("the machine in the way", () => {
  it("an --out of 4,000 characters: PathTooLong, exit 1, no folder made", async () => {
    const root = await copyFixture("basic-site");
    const before = await readdir(root);
    const long = Array.from({ length: 20 }, () => "x".repeat(200)).join("/");
    const run = await shell(`"$NODE" "$PPGUIDE_CLI" build --out ${long}`, root);
    expect(run.stderr).toMatch(
      /^--out is \d{4} bytes long: the pages under it would pass the filesystem's limit .* Pass a shorter --out\. {2}\[PathTooLong\]/m,
    );
    expect(run.code).toBe(1);
    expect(await readdir(root)).toEqual(before);
  }, 60_000);

  it("ENAMETOOLONG anywhere is PathTooLong, with the path shortened", () => {
    const path = `/tmp/${"y".repeat(5000)}`;
    const err = fromFileSystemError(
      Object.assign(new Error("ENAMETOOLONG"), { code: "ENAMETOOLONG", syscall: "mkdir", path }),
    ) as PpgError;
    expect(describeError(err)).toMatch(
      /^\/tmp\/y{75}…y{80} \(5005 characters\): the name is longer than the filesystem allows \(ENAMETOOLONG in mkdir\)\. Pass a shorter --out, or shorten the route path\. {2}\[PathTooLong\]$/,
    );
  });

  it("started from a deleted folder: WorkingFolderGone, exit 1, promptly", async () => {
    const root = await copyFixture("basic-site");
    const run = await shell(
      `mkdir gone && cd gone && rmdir ../gone && exec "$NODE" "$PPGUIDE_CLI" build --root "${root}" --out "${join(root, "dist")}"`,
      root,
    );
    expect(run.stderr).toBe(
      "the current folder no longer exists (ENOENT). cd into the site's folder (or any existing folder and pass --root DIR) and run ppguide again.  [WorkingFolderGone]\n",
    );
    expect(run.code).toBe(1);
  }, 60_000);

  it("ulimit -n 20: TooManyOpenFiles, exit 1, the previous output untouched", async () => {
    const root = await copyFixture("basic-site");
    expect((await shell(`"$NODE" "$PPGUIDE_CLI" build`, root)).code).toBe(0);
    const before = await treeHash(join(root, "dist"));
    const run = await shell(`ulimit -n 20 && exec "$NODE" "$PPGUIDE_CLI" build`, root);
    expect(run.stderr).toMatch(
      /^only 20 files may be open at once \(ulimit -n\); ppguide needs at least 256\. .* {2}\[TooManyOpenFiles\]$/m,
    );
    expect(run.code).toBe(1);
    expect(await treeHash(join(root, "dist"))).toBe(before);
  }, 120_000);

  // Regression (issue 27): `ppguide build | head -1` ended with a raw EPIPE stack.
  it.each([
    ["build", 0],
    ["check-links", 0],
  ] as const)(
    "%s with its reader gone: no stack, its own exit code",
    async (command, code) => {
      const root = await copyFixture("basic-site");
      if (command === "check-links") expect((await shell(`"$NODE" "$PPGUIDE_CLI" build`, root)).code).toBe(0);
      const child = spawn(process.execPath, [CLI, command], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
      // The reader closes at once, as `head -1` does after its line.
      child.stdout.destroy();
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exit = await new Promise<number | null>((done) => child.on("close", done));
      expect(stderr).not.toMatch(/EPIPE|crashed/);
      expect(exit).toBe(code);
    },
    60_000,
  );

  // Regression (issue 27): Node's recursive mkdir says ENOENT on a read-only filesystem: exit 70.
  it("--out on a read-only filesystem: PermissionDenied naming the folder, exit 1", async (ctx) => {
    const mnt = await mkdtemp(join(tmpdir(), "ppguide-ro-"));
    if (spawnSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", mnt]).status !== 0) return ctx.skip();
    try {
      const root = await copyFixture("basic-site");
      const outcome = await attempt({ root, out: join(mnt, "sub/dist") });
      expect(outcome).toEqual({
        exit: 1,
        lines: [
          `PermissionDenied  ${mnt}/sub: the filesystem is read-only (EROFS in mkdir). ${mnt} is on a read-only disk: pass an --out on a writable one.`,
        ],
      });
    } finally {
      spawnSync("umount", [mnt]);
    }
  });

  // Regression (issue 27): node_modules linked to a folder of another name failed on React (exit 70).
  it("node_modules linked to a folder not named node_modules: DependenciesUnreachable, exit 1", async () => {
    // A copy of ppguide in a package of its own: the real node_modules is never touched.
    const pkg = await mkdtemp(join(tmpdir(), "ppguide-pkg-"));
    await mkdir(join(pkg, "deps"));
    await copyPackage(pkg, join(pkg, "deps"));
    const run = await shell(`"$NODE" "${join(pkg, "bin/ppguide")}" build`, pkg);
    expect(run.stderr).toBe(
      `${join(pkg, "node_modules")} is a link to ${await realpath(join(pkg, "deps"))}, which is not a folder named node_modules: Node cannot find the packages' own dependencies there. Link node_modules to a folder named node_modules, or run npm ci in ppguide's folder.  [DependenciesUnreachable]\n`,
    );
    expect(run.code).toBe(1);
  });
});
