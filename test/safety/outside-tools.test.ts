/**
 * Every outside tool has a deadline and a clear failure (core/deadline.ts); the disk's refusals
 * are located. Once, a Pagefind binary that exited 3 or wrote garbage ended the build with exit 13
 * and nothing under --format json; one that never answered hung the build forever. ppguide now
 * writes the search index itself, so sharp is the one outside tool left: one that never answers
 * ends the build at its deadline, and the index's files on a full disk are DiskFull like a page's.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt, runCli, treeHash } from "../helpers/outcome.ts";

function setEnv(name: string, value: string): void {
  const saved = process.env[name];
  process.env[name] = value;
  onTestFinished(() => {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  });
}

describe("sharp that never answers", () => {
  // A deadline of a millisecond stands in for a hung encoder: no picture is encoded that fast.
  const HUNG = "0.000001";

  it("is ToolTimedOut at its deadline, exit 1, the lock released and the served site untouched", async () => {
    const root = await copyFixture("basic-site");
    const out = join(root, "dist");
    expect((await attempt({ root, out })).exit).toBe(0);
    const before = await treeHash(out);
    setEnv("PPGUIDE_DEADLINE_SCALE", HUNG);
    // Without the site's cache of encoded pictures, so the pictures are encoded again.
    await rm(join(root, ".ppguide-cache"), { recursive: true, force: true });
    const outcome = await attempt({ root, out });
    expect(outcome.exit).toBe(1);
    expect(outcome.lines[0]).toMatch(/^ToolTimedOut {2}sharp .* gave no answer in 1 ms/);
    expect((await readdir(join(root, "dist.ppguide"))).filter((f) => f === "lock")).toEqual([]);
    expect(await treeHash(out)).toBe(before);
  });

  it("exits 1 from the CLI with one JSON report, never 13 or 70", async () => {
    const root = await copyFixture("basic-site");
    setEnv("PPGUIDE_DEADLINE_SCALE", HUNG);
    const { code, stdout } = await runCli(["build", "--root", root, "--format", "json"], root);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { ok: boolean; problems: { code: string }[] };
    expect(report.ok).toBe(false);
    expect(new Set(report.problems.map((p) => p.code))).toEqual(new Set(["ToolTimedOut"]));
  });
});

/** A tmpfs of `size` at a new folder, or undefined where this machine does not allow mounting. */
function mountTmpfs(size: string): string | undefined {
  const dir = execFileSync("mktemp", ["-d", join(tmpdir(), "ppguide-mnt-XXXXXX")])
    .toString()
    .trim();
  return spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]).status === 0 ? dir : undefined;
}
const mounts: string[] = [];
afterAll(() => {
  for (const dir of mounts) spawnSync("umount", ["-l", dir]);
});

describe("the search index on a full disk", () => {
  const probe = mountTmpfs("1m");
  if (probe) spawnSync("umount", [probe]);
  if (!probe)
    console.warn("skipping the full-disk test of the search index: this machine does not let the tests mount a tmpfs");

  // The pages fit on the disk; the index written after them does not.
  it.skipIf(!probe)("is DiskFull naming an index file, exit 1, with the lock released", async () => {
    const root = await copyFixture("basic-site");
    const disk = mountTmpfs("200k")!;
    mounts.push(disk);
    const out = join(disk, "dist");
    const full = await attempt({ root, out });
    expect(full.lines).toEqual([expect.stringMatching(/^DiskFull {2}.*\/pagefind\/.*: the disk is full \(ENOSPC/)]);
    expect(full.exit).toBe(1);
    expect((await readdir(join(disk, "dist.ppguide"))).filter((f) => f === "lock")).toEqual([]);
  });
});
