/**
 * `ppguide build --shard i/n` on separate machines, then `ppguide merge`: the merged site is the one
 * a single build writes from the same sources, byte for byte, search index included. Each shard is a
 * process of its own, in a copy of its own of the site, with caches of its own (PPGUIDE_CACHE_DIR and
 * the site's .ppguide-cache), as separate CI runners have them; the merge runs in yet another copy.
 * The guide's runners start from a copy of the guide's image cache, as the workflow's runners restore
 * theirs (docs/workflows/site-sharded.yml): encoding its photos in every runner proved nothing about
 * the merge.
 * A merge that cannot be one site (a shard missing, twice, of another commit) or is interrupted
 * leaves the served site as it was.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorsOf, fromFileSystemError, isUserError } from "../../src/core/errors.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import { build } from "../../src/engine/build.ts";
import { merge } from "../../src/engine/merge.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { CLI, runCli, startCli, treeHash } from "../helpers/outcome.ts";
import { removeWhenDone, tempDir } from "../helpers/scratch.ts";
import { copySources, describeDifference, readTree, type Tree } from "../helpers/output-tree.ts";
import { restoreGuideImages } from "../helpers/served-site.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

/** The CLI as a runner runs it: in `cwd`, with its own cache folder; resolves to its stdout, rejects on a failure. */
function ppguide(args: string[], cwd: string, caches: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [CLI, ...args],
      // PPGUIDE_CLOCK, the suite's (vitest.config.ts), is every runner's: a shard built on another day than the merge
      // is of other sources (ShardMismatch).
      { cwd, env: { ...process.env, NO_COLOR: "1", PPGUIDE_CACHE_DIR: caches } },
      (err, stdout, stderr) =>
        err ? reject(new Error(`ppguide ${args.join(" ")}: ${stderr || err.message}`)) : resolve(stdout),
    ),
  );
}

/**
 * A copy of the site's sources in a runner of its own: a fresh folder, its own caches; for the guide,
 * the guide's image cache restored, as a runner restores it.
 */
async function runner(sources: string, name: string, guide = false): Promise<{ root: string; caches: string }> {
  const work = await tempDir(`ppguide-${name}-`);
  const root = join(work, "site");
  await copySources(sources, root);
  await mkdir(join(work, "caches"));
  if (guide) await restoreGuideImages(root);
  return { root, caches: join(work, "caches") };
}

/**
 * The site built as `total` shards, each by its own runner (two at a time: this machine has two cores), and merged
 * by another; the merged output as a tree, and the search index files the merge wrote anew (--explain).
 */
async function shardAndMerge(sources: string, total: number, guide = false) {
  const folders: string[] = [];
  const shards = Array.from({ length: total }, (_, i) => i + 1);
  for (let at = 0; at < shards.length; at += 2) {
    await Promise.all(
      shards.slice(at, at + 2).map(async (index) => {
        const { root, caches } = await runner(sources, `shard-${index}-of-${total}`, guide);
        await ppguide(["build", "--shard", `${index}/${total}`, "--out", "shard", "-q"], root, caches);
        folders[index - 1] = join(root, "shard");
      }),
    );
  }
  const { root, caches } = await runner(sources, `merge-${total}`, guide);
  // Given in another order than 1..n: the merge orders them itself.
  const given = [...folders].reverse();
  const report = JSON.parse(await ppguide(["merge", ...given, "--explain", "--format", "json"], root, caches)) as {
    summary: { indexed: string[]; pages: number };
  };
  return { tree: await readTree(join(root, "dist")), indexed: report.summary.indexed };
}

/** What a single build of the same sources writes, by a runner of its own. */
async function singleBuild(sources: string, guide = false) {
  const { root, caches } = await runner(sources, "single", guide);
  await ppguide(["build", "-q"], root, caches);
  return readTree(join(root, "dist"));
}

/** Three pages, one with keywords and one anchor linked across pages. */
const INLINE = `
-- site.yaml --
site:
  name: Inline Site
  url: https://inline.example
  language: en-US
  logo: { src: /images/logo.svg, png: /images/logo.png, width: 1800, height: 390, alt: Inline Site }
  email: info@inline.example
  social: { facebook: https://www.facebook.com/inline, twitter: https://x.com/inline, pinterest: https://www.pinterest.com/inline, youtube: https://www.youtube.com/@inline }
  disclosure: Some links are affiliate links.
routes:
  - { path: /harbour, kind: article, content: harbour.md }
  - { path: /ferries, kind: article, content: ferries.md }
  - { path: /market, kind: article, content: market.md }
-- content/harbour.md --
---
keywords: [harbour, boats]
---
The harbour, with a [link to the ferries](/ferries#times).
-- content/ferries.md --
## Times {#times}

The ferries leave at dawn. Back to [the harbour](/harbour).
-- content/market.md --
A third page, about the market.
`;

/** The inline site's sources and their single build, made once for every n. */
let inline: Promise<{ sources: string; single: Tree }> | undefined;
function inlineSingle() {
  inline ??= writeInlineSite(INLINE).then(async (sources) => {
    removeWhenDone(sources);
    return { sources, single: await singleBuild(sources) };
  });
  return inline;
}

describe("a site built in shards on separate runners, then merged", () => {
  it.each([1, 2, 3, 5])(
    "in %i shards, equals a single build, byte for byte, search index included",
    {
      timeout: 180_000,
    },
    async (total) => {
      const { sources, single } = await inlineSingle();
      expect([...single.keys()].filter((f) => f.startsWith("pagefind/index/"))).not.toEqual([]);
      const { tree, indexed } = await shardAndMerge(sources, total);
      expect(describeDifference(tree, single, ["merged site", "single build"])).toBeUndefined();
      // The merge made the index from the shards' entries: every file of it written.
      expect(indexed).toEqual([...single.keys()].filter((f) => f.startsWith("pagefind/")).sort());
    },
  );

  it("the guide itself, in 3 shards, equals its single build, byte for byte", { timeout: 600_000 }, async () => {
    const sources = await tempDir("ppguide-guide-");
    for (const part of ["site.yaml", "content", "public"])
      await cp(join(PACKAGE_DIR, part), join(sources, part), { recursive: true });
    const single = await singleBuild(sources, true);
    expect(single.size).toBeGreaterThan(300);
    const { tree, indexed } = await shardAndMerge(sources, 3, true);
    expect(describeDifference(tree, single, ["merged site", "single build"])).toBeUndefined();
    expect(indexed?.length).toBeGreaterThan(100);
  });
});

describe("a merge that cannot be one site", () => {
  /** A site built in `total` shards into root/s1…, and merged once into dist: the site being served. */
  async function served(total: number) {
    const root = await writeInlineSite(INLINE);
    removeWhenDone(root);
    const shards: string[] = [];
    for (let index = 1; index <= total; index++) {
      shards.push(join(root, `s${index}`));
      await build({ root, out: join(root, `s${index}`), shard: { index, total } });
    }
    await merge({ root, shards });
    return { root, shards, before: await treeHash(join(root, "dist")) };
  }

  it("a shard missing, a shard twice, a shard of another commit: located errors, the served site untouched", {
    timeout: 120_000,
  }, async () => {
    const { root, shards, before } = await served(3);
    const attempt = (given: string[]) => merge({ root, shards: given }).then(() => [], errorLines);
    expect(await attempt([shards[0]!, shards[2]!])).toEqual([
      expect.stringMatching(
        /^ShardMissing {2}.*s1\/ppguide-shard\.json:1:\d+ {2}shard\.total {2}shard 2 of 3 is missing/,
      ),
    ]);
    expect(await attempt([...shards, shards[1]!])).toEqual([
      expect.stringMatching(
        /^ShardTwice {2}.*s2\/ppguide-shard\.json:1:\d+ {2}shard\.index {2}shard 2\/3 is given twice/,
      ),
    ]);
    // Shard 2 rebuilt after an edit (another commit) beside shards 1 and 3 of the first.
    await writeFile(join(root, "content/market.md"), "A third page, about the fish market.\n");
    await build({ root, out: shards[1]!, shard: { index: 2, total: 3 } });
    const mismatched = await attempt(shards);
    expect(mismatched.length).toBeGreaterThan(0);
    for (const line of mismatched)
      expect(line).toMatch(/^ShardMismatch {2}.*\/s\d\/ppguide-shard\.json:1:\d+ {2}site {2}/);
    expect(await treeHash(join(root, "dist"))).toBe(before);
  });

  it("a shard built without the search index is refused by a merge that makes one, at each page's record", async () => {
    const { root, shards, before } = await served(2);
    await build({ root, out: shards[1]!, shard: { index: 2, total: 2 }, searchIndex: false, cache: false });
    const lines = await merge({ root, shards }).then(() => [], errorLines);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(
        /^ShardDamaged {2}.*s2\/ppguide-shard\.json:1:\d+ {2}pages\[\d+\]\.record {2}.*has no search entry: build the shard without --no-search-index/,
      );
    expect(await treeHash(join(root, "dist"))).toBe(before);
    // Merged without the index, the same shards make a site.
    await merge({ root, shards, searchIndex: false });
  });

  // Regression: a damaged shard was reported with "nothing was written" after 7 or 8 of its pages had been linked
  // into the copy being prepared. Every page's bytes are checked before the output is opened.
  it("a damaged shard is found before anything is linked: no copy is made, and the report says nothing was written", {
    timeout: 120_000,
  }, async () => {
    const { root, shards, before } = await served(2);
    const store = join(root, "dist.ppguide");
    const stored = await readdir(store);
    const manifest = JSON.parse(await readFile(join(shards[1]!, "ppguide-shard.json"), "utf8")) as {
      pages: { file: string }[];
    };
    // A new file each (the served copy's pages are hard links to the shards' files it was merged from).
    for (const { file } of manifest.pages) {
      await rm(join(shards[1]!, file));
      await writeFile(join(shards[1]!, file), "<!doctype html><title>cut");
    }
    const { code, stderr } = await runCli(["merge", "s1", "s2"], root);
    expect(code).toBe(1);
    const damaged = stderr.split("\n").filter((line) => line.endsWith("[ShardDamaged]"));
    expect(damaged).toHaveLength(manifest.pages.length);
    for (const line of damaged)
      expect(line).toMatch(/^s2\/ppguide-shard\.json:1:\d+ {2}pages\[\d+\]\.file {2}s2: \S+ does not hold the bytes/);
    expect(stderr).toContain("problems found; nothing was written.");
    expect(await readdir(store)).toEqual(stored);
    expect(await treeHash(join(root, "dist"))).toBe(before);
  });

  // Regression: a merge of a legal `--shard 1/999999` alone printed one 7.9 MB line (13 MB under --format json),
  // every missing number of a million, and a shard.total of 2^32 crashed it sizing that list.
  it("a shard of 999,999 merged alone: one located line naming the missing ranges, a small JSON report", {
    timeout: 120_000,
  }, async () => {
    const root = await writeInlineSite(INLINE);
    removeWhenDone(root);
    await build({ root, out: join(root, "big"), shard: { index: 1, total: 999_999 } });
    const { code, stdout } = await runCli(["merge", "big", "--format", "json"], root);
    expect(code).toBe(1);
    expect(stdout.length).toBeLessThan(2_000);
    const report = JSON.parse(stdout) as { problems: { code: string; file: string; line: number; message: string }[] };
    expect(report.problems).toEqual([
      expect.objectContaining({
        code: "ShardMissing",
        file: "big/ppguide-shard.json",
        line: 1,
        message:
          "shard.total: shards 2–999,999 of 999,999 are missing (999,998 shards): the folders given (big) hold the others",
      }),
    ]);
  });

  // Shards make no link check: the merge's is its last stage, after the pages are in the copy it prepares.
  it("a merge that fails after writing says what it left: nothing published, the copy it prepared not served", {
    timeout: 120_000,
  }, async () => {
    const root = await writeInlineSite(INLINE.replace("(/ferries#times)", "(/ferries#no-such-part)"));
    removeWhenDone(root);
    for (const index of [1, 2]) await build({ root, out: join(root, `s${index}`), shard: { index, total: 2 } });
    const { code, stderr } = await runCli(["merge", "s1", "s2"], root);
    expect(code).toBe(1);
    expect(stderr).toContain("content/harbour.md:4:43  /ferries#no-such-part  missing anchor.");
    expect(stderr).toContain(
      "1 problem found; nothing was published (the copy being prepared, dist.ppguide/a, is not served).",
    );
    expect(existsSync(join(root, "dist"))).toBe(false);
  });

  it("a merge killed, or stopped by SIGTERM, leaves the served site as it was", { timeout: 300_000 }, async () => {
    const root = await tempDir("ppguide-merge-kill-");
    const PAGES = 200;
    const shardsOf = async (version: string) => {
      await writePpguideSite(root, PAGES, version);
      for (const index of [1, 2]) await build({ root, out: join(root, `s${index}`), shard: { index, total: 2 } });
    };
    const version = async () => {
      const seen = new Set<string>();
      for (let i = 0; i < PAGES; i += 7)
        seen.add(/Build (v\d+) of article/.exec(await readFile(join(root, `dist/article-${i}.html`), "utf8"))![1]!);
      return [...seen];
    };
    await shardsOf("v0");
    await merge({ root, shards: [join(root, "s1"), join(root, "s2")] });
    const before = await treeHash(join(root, "dist"));
    await shardsOf("v1");
    for (const signal of ["SIGKILL", "SIGTERM"] as const) {
      const child = startCli(["merge", "s1", "s2"], root);
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      // Once the lock is taken the merge is writing the copy that is not served.
      // (The lock a killed merge left names its own process, which the next merge takes over.)
      const lock = join(root, "dist.ppguide/lock");
      const held = () => existsSync(lock) && readFileSync(lock, "utf8") === String(child.pid);
      while (!held() && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 10));
      // SIGKILL a moment later, among the pages and the index; SIGTERM at once.
      if (signal === "SIGKILL") await new Promise((resolve) => setTimeout(resolve, 200));
      child.kill(signal);
      const code = await exited;
      if (code === 0) break;
      expect(await version()).toEqual(["v0"]);
      expect(await treeHash(join(root, "dist"))).toBe(before);
      if (signal === "SIGTERM") expect(code).toBe(143);
    }
    // The next merge finishes, and serves the new site whole.
    await merge({ root, shards: [join(root, "s1"), join(root, "s2")] });
    expect(await version()).toEqual(["v1"]);
  });
});

function errorLines(err: unknown): string[] {
  const user = fromFileSystemError(err);
  if (!isUserError(user)) throw err;
  return errorsOf(user).map((e) => `${e.code}  ${e.format()}`);
}
