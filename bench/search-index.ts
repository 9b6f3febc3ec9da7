/**
 * What the full-text search index (src/output/search-index.ts) costs a build: the synthetic site
 * built by `node bin/ppguide build --root <site> --out <dir>` with and without `--no-search-index`,
 * each from a fresh process, taking turns (A, B, A, B, …): first builds from nothing (no output,
 * no caches), then rebuilds over the previous output. Prints the medians of wall and CPU time and
 * the index's share; also the size of the project site's index. The CPU time is ppguide's
 * process only: GNU time does not see Pagefind's process, which ppguide never waits for.
 *
 *   npx tsx bench/search-index.ts            # 4,000 pages, 5 runs of each
 *   npx tsx bench/search-index.ts 1000 --runs 7
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheRoot } from "../src/core/disk-cache.ts";
import { writePpguideSite } from "../test/helpers/synthetic-site.ts";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const CLI = join(REPO, "bin/ppguide");
/** What a rebuild reuses from the last build; a first build starts without them. */
const REBUILD_CACHES = ["ppguide-output", "ppguide-markdown"].map((kind) => join(cacheRoot(), kind));
const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5;
const N = args.length ? Number(args[0]) : 4000;

interface Sample {
  wall: number;
  cpu: number;
}

function measure(argv: string[]): Sample {
  // The previous build's writes are flushed first, so their writeback is not charged to the next.
  spawnSync("sync");
  const result = spawnSync("/usr/bin/time", ["-f", "TIME %e %U %S", process.execPath, CLI, ...argv], { cwd: REPO, encoding: "utf8", env: { ...process.env, CI: "true" } });
  const line = result.stderr.split("\n").find((l) => l.startsWith("TIME "));
  if (result.status !== 0 || !line) throw new Error(`ppguide ${argv.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  const [wall, user, sys] = line.slice(5).split(" ").map(Number);
  return { wall, cpu: user + sys };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (s: Sample[]) => ({ wall: median(s.map((x) => x.wall)), cpu: median(s.map((x) => x.cpu)) });
const du = (dir: string) => execFileSync("du", ["-shL", dir], { encoding: "utf8" }).split("\t")[0];

async function main(): Promise<void> {
  if (!existsSync("/usr/bin/time")) throw new Error("this bench needs GNU time at /usr/bin/time (apt-get install time)");
  const tmp = await mkdtemp(join(tmpdir(), "ppguide-bench-search-"));
  try {
    const site = join(tmp, "site");
    await writePpguideSite(site, N);
    const variants = [
      { name: "with the index", out: join(tmp, "with"), extra: [] as string[] },
      { name: "--no-search-index", out: join(tmp, "without"), extra: ["--no-search-index"] },
    ];
    const build = (v: (typeof variants)[number]) => measure(["build", "--root", site, "--out", v.out, ...v.extra]);
    const clear = (v: (typeof variants)[number]) => {
      for (const p of [v.out, `${v.out}.ppguide`, join(site, ".ppguide-cache"), ...REBUILD_CACHES]) rmSync(p, { recursive: true, force: true });
    };
    // One untimed build of each first: the CLI bundle and the schema cache are made once, as on any machine after install.
    for (const v of variants) build(v);
    const firsts = variants.map(() => [] as Sample[]);
    const rebuilds = variants.map(() => [] as Sample[]);
    for (let r = 0; r < RUNS; r++) {
      variants.forEach((v, i) => {
        clear(v);
        firsts[i].push(build(v));
      });
    }
    for (let r = 0; r < RUNS; r++) variants.forEach((v, i) => rebuilds[i].push(build(v)));

    console.log(`node ${process.version}; ${N} synthetic pages; medians of ${RUNS} interleaved runs, wall / CPU (user+sys)`);
    for (const [label, samples] of [["first build", firsts], ["rebuild", rebuilds]] as const) {
      const [a, b] = samples.map(summary);
      const added = ((a.wall / b.wall - 1) * 100).toFixed(1);
      console.log(`${label.padEnd(12)} with ${a.wall.toFixed(2)} s / ${a.cpu.toFixed(2)} s   without ${b.wall.toFixed(2)} s / ${b.cpu.toFixed(2)} s   index adds ${added}% wall`);
      console.log(`${"".padEnd(12)} runs with: ${samples[0].map((s) => s.wall.toFixed(2)).join(" ")}   without: ${samples[1].map((s) => s.wall.toFixed(2)).join(" ")}`);
    }
    console.log(`index of the ${N}-page site: ${du(join(variants[0].out, "pagefind"))}`);

    const own = join(tmp, "project");
    measure(["build", "--out", own]);
    console.log(`index of the project site: ${du(join(own, "pagefind"))} (${Number(execFileSync("bash", ["-c", `find -L ${join(own, "pagefind")} -type f | wc -l`], { encoding: "utf8" }))} files)`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
