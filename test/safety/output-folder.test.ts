/**
 * ppguide never writes or deletes outside its output folder, and a reader of the output sees
 * wholly the old site or wholly the new one (issue 15); the builds killed at any moment, and those
 * interrupted, are in interrupted-build.test.ts. Each test tries to break one of those promises.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, stat, symlink, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CopyWriter } from "../../src/output/write.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { attempt, runCli, startCli, treeHash } from "../helpers/outcome.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { storeEntries } from "../helpers/output-tree.ts";
import sharp from "sharp";

describe("an output folder that is not ppguide's to replace", () => {
  const REFUSED: [string, (root: string) => string | Promise<string>, RegExp][] = [
    ["the site folder itself", (root) => root, /it is the site folder or a folder that holds it/],
    ["the folder holding the site", (root) => join(root, ".."), /it is the site folder or a folder that holds it/],
    ["a folder inside content/", (root) => join(root, "content/out"), /inside the site's content\/ folder/],
    ["public/", (root) => join(root, "public"), /inside the site's public\/ folder/],
    ["a folder inside templates/", (root) => join(root, "templates/x"), /inside the site's templates\/ folder/],
    ["the filesystem root", () => "/", /it is the filesystem root/],
    ["the home folder", () => homedir(), /it is the home folder/],
    [
      "a link to the site folder",
      async (root) => {
        const via = join(await mkdtemp(join(tmpdir(), "ppguide-via-")), "site");
        await symlink(root, via);
        return via;
      },
      /it is the site folder or a folder that holds it/,
    ],
    [
      "a file",
      async (root) => {
        await writeFile(join(root, "notes.txt"), "mine");
        return join(root, "notes.txt");
      },
      /it is a file, not a folder/,
    ],
  ];

  it.each(REFUSED)("refuses %s with exit 2, even with --force, and touches nothing", async (_what, outOf, reason) => {
    const root = await copyFixture("basic-site");
    const out = await outOf(root);
    const site = await treeHash(root);
    for (const force of [false, true]) {
      const outcome = await attempt({ root, out, force });
      expect(outcome.exit).toBe(2);
      expect(outcome.lines).toEqual([expect.stringMatching(reason)]);
    }
    expect(await treeHash(root)).toBe(site);
  });

  it("refuses a non-empty folder it did not create unless --force, which replaces only that folder", async () => {
    const root = await copyFixture("basic-site");
    const out = join(root, "mine");
    await mkdir(out);
    await writeFile(join(out, "thesis.txt"), "years of work");
    const refused = await attempt({ root, out });
    expect(refused.exit).toBe(2);
    expect(refused.lines[0]).toMatch(/OutputRefused .*a folder that ppguide did not create .* not empty.*--force/);
    expect(await readFile(join(out, "thesis.txt"), "utf8")).toBe("years of work");

    expect((await attempt({ root, out, force: true })).exit).toBe(0);
    expect(await readlink(out)).toBe("mine.ppguide/a");
    expect(existsSync(join(out, "thesis.txt"))).toBe(false);
    expect(existsSync(join(out, "index.html"))).toBe(true);
    // From now on the folder is ppguide's: no --force needed.
    expect((await attempt({ root, out })).exit).toBe(0);
  });

  it("the CLI says so and exits 2 for `--out .` and `--out ..`, leaving the site as it was", async () => {
    const root = await copyFixture("basic-site");
    const site = await treeHash(root);
    for (const out of [".", ".."]) {
      const run = await runCli(["build", "--out", out], root);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/refusing to write the site into .*: it is the site folder or a folder that holds it/);
    }
    expect(await treeHash(root)).toBe(site);
  });
});

describe("an output folder on a filesystem the kernel makes up", () => {
  // Regression: `--out /proc/x` spun at 100% CPU in Node's recursive mkdir (the kernel answers
  // ENOENT for a folder it will never allow, under a parent that exists), deaf to SIGTERM, with no
  // JSON; only SIGKILL stopped it.
  const OUTS = ["/proc/x", "/proc/self/x", "/proc/1/x", "/proc/self/fd/x", "/sys/x", "/dev/x", "/dev/x/y/z"];

  it.each(OUTS)("the CLI refuses --out %s as a usage error, exit 2, in JSON", async (out) => {
    const root = await copyFixture("basic-site");
    const started = performance.now();
    const child = startCli(["build", "--out", out, "--format", "json"], root);
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr?.resume();
    const ended = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    const limit = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const code = await ended;
    clearTimeout(limit);
    expect(code, stdout).toBe(2);
    // About half a second, most of it Node and the CLI loading (the in-process case below times the
    // build alone); the bound leaves room for a machine under load.
    expect(performance.now() - started).toBeLessThan(5_000);
    const report = JSON.parse(stdout) as { problems: { code: string; message: string }[]; timings?: unknown };
    expect(report.problems).toEqual([
      expect.objectContaining({ code: "OutputRefused", message: expect.stringMatching(/a filesystem the kernel/) }),
    ]);
    expect(existsSync(out)).toBe(false);
  });

  it("is refused within a second of the build's start, in process", async () => {
    const root = await copyFixture("basic-site");
    for (const out of OUTS) {
      const started = performance.now();
      const outcome = await attempt({ root, out });
      expect(outcome.exit, out).toBe(2);
      expect(performance.now() - started, out).toBeLessThan(1_000);
    }
  });

  it("SIGTERM at any moment of such a build ends it with 143 and one JSON report, or it finished first with 2", {
    timeout: 120_000,
  }, async () => {
    const root = await copyFixture("basic-site");
    for (const afterMs of [0, 50, 150, 300, 450, 600, 900]) {
      const child = startCli(["build", "--out", "/proc/self/fd/x", "--format", "json"], root);
      let stdout = "";
      child.stdout?.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
      child.stderr?.resume();
      const ended = new Promise<[number | null, NodeJS.Signals | null]>((done) =>
        child.on("close", (code, signal) => done([code, signal])),
      );
      setTimeout(() => child.kill("SIGTERM"), afterMs);
      const limit = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const [code, signal] = await ended;
      clearTimeout(limit);
      // Before its handlers are in place (bin/ppguide keeps a signal while the CLI loads), Node's own ending.
      if (signal !== null) {
        expect(signal).toBe("SIGTERM");
        continue;
      }
      expect([2, 143], `after ${afterMs} ms: ${stdout}`).toContain(code);
      const report = JSON.parse(stdout) as { exitCode: number; interrupted: boolean };
      expect(report.exitCode).toBe(code);
      expect(report.interrupted).toBe(code === 143);
    }
  });

  it("makes a deep output folder in one step per missing folder, and says why one cannot be made", async () => {
    const { makeFolder } = await import("../../src/core/make-folder.ts");
    const base = await mkdtemp(join(tmpdir(), "ppguide-deep-"));
    const deep = join(base, ...Array.from({ length: 40 }, (_, i) => `d${i}`));
    makeFolder(deep);
    expect((await stat(deep)).isDirectory()).toBe(true);
    // Made already: nothing to do, no error.
    makeFolder(deep);
    await writeFile(join(base, "file"), "x");
    expect(() => makeFolder(join(base, "file", "below"))).toThrow(/ENOTDIR/);
    // Where Node's recursive mkdir never returns.
    expect(() => makeFolder("/proc/x.ppguide")).toThrow(/ENOENT/);
  });
});

describe("the writer", () => {
  it("refuses any file name that would leave its folder, whatever the schema let through", async () => {
    const target = await mkdtemp(join(tmpdir(), "ppguide-writer-"));
    const writer = new CopyWriter({ target: join(target, "copy") });
    for (const name of [
      "../victim/index.html",
      "a/../../victim",
      "/etc/passwd",
      "a//b",
      "./x",
      "a\\..\\b",
      "x\u0000y",
      "",
    ]) {
      await expect(writer.add(name, "x"), name).rejects.toMatchObject({ code: "OutputPathOutside" });
    }
    await writer.flush();
    expect(await readdir(target)).toEqual([]);
  });

  it("never writes through a symbolic link planted in the copy it brings up to date", async () => {
    const root = await copyFixture("basic-site");
    const out = join(root, "dist");
    await attempt({ root, out });
    await attempt({ root, out });
    const next = join(root, "dist.ppguide", (await realpath(out)).endsWith("a") ? "b" : "a");
    const victim = await mkdtemp(join(tmpdir(), "ppguide-victim-"));
    await rm(join(next, "authors"), { recursive: true });
    await symlink(victim, join(next, "authors"));
    await symlink(join(victim, "robots.txt"), join(next, "images-link"));
    expect((await attempt({ root, out })).exit).toBe(0);
    expect(await readdir(victim)).toEqual([]);
    expect((await stat(join(out, "authors"))).isDirectory()).toBe(true);
  });
});

describe("two builds, and leftovers of killed ones", () => {
  it("a second build of the same output waits for no one: it says another is running", async () => {
    const root = await copyFixture("basic-site");
    const out = join(root, "dist");
    await mkdir(`${out}.ppguide`, { recursive: true });
    const sleeper = startCli(["--help"], root); // any live process that is not this one
    await writeFile(join(`${out}.ppguide`, "lock"), String(sleeper.pid));
    const busy = await attempt({ root, out });
    sleeper.kill();
    expect(busy.exit).toBe(1);
    expect(busy.lines[0]).toMatch(
      new RegExp(`^OutputBusy {2}another ppguide build \\(process ${sleeper.pid}\\) is writing`),
    );
  });

  it("takes over the lock of a dead build and removes the staging folders older versions left", async () => {
    const root = await copyFixture("basic-site");
    const out = join(root, "dist");
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid!;
    await mkdir(`${out}.ppguide`, { recursive: true });
    await writeFile(join(`${out}.ppguide`, "lock"), String(dead));
    await mkdir(join(`${out}.ppguide`, `link-${dead}`));
    await mkdir(join(root, `dist.staging-${dead}-1700000000000/big`), { recursive: true });
    await writeFile(join(root, "dist.staging-keep-me"), "not a staging folder of ppguide's");
    expect((await attempt({ root, out })).exit).toBe(0);
    expect((await readdir(root)).filter((f) => f.startsWith("dist")).sort()).toEqual([
      "dist",
      "dist.ppguide",
      "dist.staging-keep-me",
    ]);
    expect(await storeEntries(`${out}.ppguide`)).toEqual({
      names: [".ppguide-output", "a", "a.pages"],
      packs: [expect.stringMatching(/^scans-/), expect.stringMatching(/^search-/)],
      records: expect.any(Array),
      unnamed: [],
    });
  });
});

/** A tmpfs of `size` at a new folder, or undefined where this machine does not allow mounting. */
function mountTmpfs(size: string): string | undefined {
  const dir = execFileSync("mktemp", ["-d", join(tmpdir(), "ppguide-mnt-XXXXXX")])
    .toString()
    .trim();
  const result = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]);
  return result.status === 0 ? dir : undefined;
}
const mounts: string[] = [];
afterAll(() => {
  for (const dir of mounts) spawnSync("umount", ["-l", dir]);
});

describe("a machine that says no", () => {
  const canMount = (() => {
    const dir = mountTmpfs("1m");
    if (dir) spawnSync("umount", [dir]);
    return dir !== undefined;
  })();
  /** The fixture built once onto a tmpfs of `size`, and the hash of that output. */
  async function builtOnTmpfs(size: string) {
    const root = await copyFixture("basic-site");
    const disk = mountTmpfs(size)!;
    mounts.push(disk);
    const out = join(disk, "dist");
    expect((await attempt({ root, out })).exit).toBe(0);
    return { root, disk, out, before: await treeHash(out) };
  }

  if (!canMount)
    console.warn("skipping the full-disk and read-only tests: this machine does not let the tests mount a tmpfs");

  it.skipIf(!canMount)(
    "a full disk is DiskFull, exit 1, naming the file, and the served site is untouched",
    async () => {
      const { root, out, before } = await builtOnTmpfs("2m");
      await writeFile(
        join(root, "public/images/huge.svg"),
        `<svg xmlns="http://www.w3.org/2000/svg">${"<!-- padding -->".repeat(200_000)}</svg>`,
      );
      const full = await attempt({ root, out });
      expect(full.exit).toBe(1);
      expect(full.lines).toEqual([expect.stringMatching(/^DiskFull {2}.*: the disk is full \(ENOSPC/)]);
      expect(await treeHash(out)).toBe(before);
    },
  );

  // Regression (issue 35): a full disk while the site's image cache was written said "a larger
  // disk for the output", naming no file: a write's ENOSPC comes without a path.
  it.skipIf(!canMount)(
    "a full disk under the site's image cache is DiskFull naming the cache file and its folder, nothing half-written",
    async () => {
      const made = await writeInlineSite(
        `-- site.yaml --\nroutes:\n  - { path: /a, kind: article, content: a.md, image: { src: /images/p.jpg, alt: A photo } }\n-- content/a.md --\nA.\n`,
      );
      const disk = mountTmpfs("1m")!;
      mounts.push(disk);
      execFileSync("cp", ["-r", made, join(disk, "site")]);
      const root = join(disk, "site");
      // Noise does not compress: its WebP and AVIF variants need more room than the disk has left.
      const [width, height] = [900, 700];
      const noise = Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 2654435761) % 251));
      await writeFile(
        join(root, "public/images/p.jpg"),
        await sharp(noise, { raw: { width, height, channels: 3 } })
          .jpeg({ quality: 60 })
          .toBuffer(),
      );
      const full = await attempt({ root, out: join(made, "dist") });
      const cache = join(root, ".ppguide-cache/images");
      expect(full.lines).toEqual([
        `DiskFull  ${cache}/${full.lines[0]!.split(`${cache}/`)[1]!.split(":")[0]}: the disk is full (ENOSPC in write). Free some space on the disk that holds ${cache} (or move that folder to a larger disk) and build again; the previous output is untouched.`,
      ]);
      expect(full.exit).toBe(1);
      expect((await readdir(cache)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    },
  );

  it.skipIf(!canMount)("a read-only output is PermissionDenied, exit 1, with what to do", async () => {
    const { root, disk, out, before } = await builtOnTmpfs("4m");
    execFileSync("mount", ["-o", "remount,ro", disk]);
    const refused = await attempt({ root, out });
    expect(refused.exit).toBe(1);
    expect(refused.lines).toEqual([
      expect.stringMatching(
        /^PermissionDenied {2}.*: the filesystem is read-only \(EROFS.* is on a read-only disk: pass an --out on a writable one/,
      ),
    ]);
    expect(await treeHash(out)).toBe(before);
  });

  it("a file where the output's parent folder goes is PathBlocked, exit 1 from the CLI", async () => {
    const root = await copyFixture("basic-site");
    await writeFile(join(root, "build"), "a file, not a folder");
    const run = await runCli(["build", "--out", "build/dist"], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/PathBlocked|a file stands where a folder must be \(ENOTDIR/);
    expect(await readFile(join(root, "build"), "utf8")).toBe("a file, not a folder");
  });
});
