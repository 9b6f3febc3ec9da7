/**
 * Every outside tool has a deadline and a clear failure (output/pagefind-runner.ts, core/deadline.ts).
 * Once, a Pagefind binary (PAGEFIND_BINARY_PATH) that exited 3 or wrote garbage ended the build with
 * exit 13, Node's code for an unfinished top-level await, printing only Pagefind's stderr (nothing
 * at all under --format json) and leaving the lock and the index's working folder behind; one that
 * never answered hung the build forever; a full disk under Pagefind was a Rust panic, not DiskFull.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt, runCli, treeHash } from "../helpers/outcome.ts";

/** A stand-in for Pagefind's binary: a shell script, for one test. */
async function fakePagefind(script: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ppguide-fake-pagefind-"));
  const file = join(dir, "pagefind");
  await writeFile(file, `#!/bin/sh\n${script}\n`);
  await chmod(file, 0o755);
  setEnv("PAGEFIND_BINARY_PATH", file);
  return dir;
}

function setEnv(name: string, value: string): void {
  const saved = process.env[name];
  process.env[name] = value;
  onTestFinished(() => {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  });
}

/** A built fixture; then `breakIt` (a fake Pagefind) and a second build, which must fail cleanly. */
async function failsCleanly(script: string) {
  const root = await copyFixture("basic-site");
  const out = join(root, "dist");
  expect((await attempt({ root, out })).exit).toBe(0);
  const before = await treeHash(out);
  const dir = await fakePagefind(script);
  // An edit, so that the index must be made again.
  await writeFile(join(root, "content/articles/beaches.md"), "\nA new word: zanzibarian.\n", { flag: "a" });
  const started = performance.now();
  const outcome = await attempt({ root, out });
  const seconds = (performance.now() - started) / 1000;
  expect(outcome.exit).toBe(1);
  // The lock and the index's working folder are released; the served site is untouched.
  expect((await readdir(join(root, "dist.ppguide"))).filter((f) => f === "lock" || f === "index-work")).toEqual([]);
  expect(await treeHash(out)).toBe(before);
  return { ...outcome, seconds, root, dir };
}

describe("a failing Pagefind", () => {
  it("that exits 3 is SearchIndexFailed, with what it said", async () => {
    const { lines } = await failsCleanly('echo "pagefind: the index is on fire" >&2; exit 3');
    expect(lines).toEqual([
      expect.stringMatching(/^SearchIndexFailed {2}Pagefind could not build the search index: .*the index is on fire/),
    ]);
  });

  it("that answers garbage is SearchIndexFailed", async () => {
    const { lines } = await failsCleanly("cat > /dev/null & echo 'not base64 at all,'; sleep 1; exit 0");
    expect(lines).toEqual([expect.stringMatching(/^SearchIndexFailed {2}Pagefind could not build the search index/)]);
  });

  it("that never answers is ToolTimedOut at its deadline, and is ended with its whole group", async () => {
    setEnv("PPGUIDE_DEADLINE_SCALE", "0.02");
    const { lines, seconds, dir } = await failsCleanly('echo $$ > "$(dirname "$0")/pid"; sleep 1000');
    expect(lines).toEqual([
      expect.stringMatching(/^ToolTimedOut {2}Pagefind \(the search index\) gave no answer in 1 s/),
    ]);
    expect(seconds).toBeLessThan(15);
    const pid = Number(await readFile(join(dir, "pid"), "utf8"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Gone, or a zombie that a container's init has not reaped yet: either way no longer running.
    const state = await readFile(`/proc/${pid}/stat`, "utf8").then(
      (stat) => stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3),
      () => "gone",
    );
    expect(["gone", "Z", "X"]).toContain(state);
  });

  it("that panics on a full disk is DiskFull, naming the folder", async () => {
    const { lines } = await failsCleanly(
      "echo \"thread 'main' panicked at src/fossick.rs:42: called Result::unwrap() on an Err value: " +
        'Os { code: 28, kind: StorageFull, message: \\"No space left on device\\" }" >&2; exit 101',
    );
    expect(lines).toEqual([expect.stringMatching(/^DiskFull {2}.*index-work\/out: the disk is full \(ENOSPC\)/)]);
  });

  it("exits 1 from the CLI with one JSON report, never 13", async () => {
    const root = await copyFixture("basic-site");
    await fakePagefind('echo "pagefind: broken" >&2; exit 3');
    const { code, stdout } = await runCli(["build", "--root", root, "--format", "json"], root);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { ok: boolean; problems: { code: string; message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.code)).toEqual(["SearchIndexFailed"]);
    expect(report.problems[0]!.message).toMatch(/broken/);
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

describe("the real Pagefind on a full disk", () => {
  const probe = mountTmpfs("1m");
  if (probe) spawnSync("umount", [probe]);
  if (!probe)
    console.warn("skipping the full-disk test of the search index: this machine does not let the tests mount a tmpfs");

  // The pages fit on the disk; the index Pagefind writes after them does not.
  it.skipIf(!probe)(
    "is DiskFull naming the index's folder, exit 1, with the lock and working folder released",
    async () => {
      const root = await copyFixture("basic-site");
      const disk = mountTmpfs("400k")!;
      mounts.push(disk);
      const out = join(disk, "dist");
      const full = await attempt({ root, out });
      expect(full.lines).toEqual([
        expect.stringMatching(/^DiskFull {2}.*\/dist\.ppguide\/index-work\/out: the disk is full \(ENOSPC\)/),
      ]);
      expect(full.exit).toBe(1);
      expect((await readdir(join(disk, "dist.ppguide"))).filter((f) => f === "lock" || f === "index-work")).toEqual([]);
    },
  );
});
