/**
 * What the full-text search index (src/search/, written by the build's index stage) costs a build:
 * the synthetic site built by `node bin/ppguide build --root <site> --out <dir>` with and without
 * `--no-search-index`, each from a fresh process, taking turns (A, B, A, B, …): first builds from
 * nothing (no output, no caches), rebuilds over the previous output with nothing changed, and
 * rebuilds after one word of one article's body changed. Prints the medians of wall time, CPU time
 * (user + sys) and peak memory (maximum resident set), and the index's share; then the index stage
 * (what is left of indexing once the last page renders: each page's entry is made while it renders)
 * beside Pagefind's own CLI indexing the same output, as a Hugo user runs it after `hugo`.
 *
 *   npx tsx bench/search-index.ts            # 4,000 pages, 5 runs of each
 *   npx tsx bench/search-index.ts 1000 --runs 7
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheRoot } from "../src/core/disk-cache.ts";
import { writePpguideSite } from "../test/helpers/synthetic-site.ts";
import { pagefindBinary } from "./peers.ts";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const CLI = join(REPO, "bin/ppguide");
/** What a rebuild reuses from the last build; a first build starts without them. */
const REBUILD_CACHES = ["ppguide-pages"].map((kind) => join(cacheRoot(), kind));
const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 5;
const N = args.length ? Number(args[0]) : 4000;

interface Sample {
  wall: number;
  cpu: number;
  rssMb: number;
}

/** One process under GNU time; its output (stdout and stderr, less time's line) with its figures. */
function timedRun(command: string[], env: Record<string, string> = {}): Sample & { output: string } {
  // The previous build's writes are flushed first, so their writeback is not charged to the next.
  spawnSync("sync");
  const result = spawnSync("/usr/bin/time", ["-f", "TIME %e %U %S %M", ...command], {
    cwd: REPO,
    encoding: "utf8",
    env: { ...process.env, CI: "true", ...env },
  });
  const line = result.stderr.split("\n").find((l) => l.startsWith("TIME "));
  if (result.status !== 0 || !line) throw new Error(`${command.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  const [wall = Number.NaN, user = Number.NaN, sys = Number.NaN, kb = Number.NaN] = line
    .slice(5)
    .split(" ")
    .map(Number);
  return { wall, cpu: user + sys, rssMb: kb / 1024, output: result.stdout + result.stderr };
}

const measure = (argv: string[], env: Record<string, string> = {}): Sample =>
  timedRun([process.execPath, CLI, ...argv], env);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const summary = (s: Sample[]) => ({
  wall: median(s.map((x) => x.wall)),
  cpu: median(s.map((x) => x.cpu)),
  rssMb: median(s.map((x) => x.rssMb)),
});
const shown = (s: Sample) => `${s.wall.toFixed(2)} s / ${s.cpu.toFixed(2)} s / ${Math.round(s.rssMb)} MB`;
const du = (dir: string) => execFileSync("du", ["-shL", dir], { encoding: "utf8" }).split("\t")[0];

async function main(): Promise<void> {
  if (!existsSync("/usr/bin/time"))
    throw new Error("this bench needs GNU time at /usr/bin/time (apt-get install time)");
  const tmp = await mkdtemp(join(tmpdir(), "ppguide-bench-search-"));
  try {
    const site = join(tmp, "site");
    await writePpguideSite(site, N);
    type Variant = { name: string; out: string; extra: string[]; env: Record<string, string> };
    const withIndex: Variant = { name: "with", out: join(tmp, "with"), extra: [], env: {} };
    const variants: Variant[] = [
      withIndex,
      { name: "without", out: join(tmp, "without"), extra: ["--no-search-index"], env: {} },
    ];
    const build = (v: (typeof variants)[number]) =>
      measure(["build", "--root", site, "--out", v.out, ...v.extra], v.env);
    const clear = (v: (typeof variants)[number]) => {
      for (const p of [v.out, `${v.out}.ppguide`, join(site, ".ppguide-cache"), ...REBUILD_CACHES])
        rmSync(p, { recursive: true, force: true });
    };
    // One untimed build of each first: the CLI bundle and the schema cache are made once, as on any machine after install.
    for (const v of variants) build(v);
    const samples = {
      "first build": variants.map(() => [] as Sample[]),
      "no-change rebuild": variants.map(() => [] as Sample[]),
      "one-edit rebuild": variants.map(() => [] as Sample[]),
    };
    // Each run takes the variants in another order, so none always follows the same one.
    const inTurn = (r: number, each: (v: (typeof variants)[number], i: number) => void) =>
      variants.forEach((_, k) => each(variants[(k + r) % variants.length]!, (k + r) % variants.length));
    for (let r = 0; r < RUNS; r++) {
      inTurn(r, (v, i) => {
        clear(v);
        samples["first build"][i]!.push(build(v));
      });
    }
    for (let r = 0; r < RUNS; r++) inTurn(r, (v, i) => samples["no-change rebuild"][i]!.push(build(v)));
    const edited = join(site, "content/articles/article-7.md");
    for (let r = 0; r < RUNS; r++) {
      // One word of one article's body, new each run: every variant rebuilds over one edit.
      writeFileSync(edited, readFileSync(edited, "utf8").replace(/\n\nEdit \w+\.\n|$/, `\n\nEdit run${r}word.\n`));
      inTurn(r, (v, i) => samples["one-edit rebuild"][i]!.push(build(v)));
    }

    console.log(
      `node ${process.version}; ${N} synthetic pages; medians of ${RUNS} interleaved runs, wall / CPU (user+sys) / peak RSS`,
    );
    for (const [label, runs] of Object.entries(samples)) {
      const [a, b] = runs.map(summary) as [ReturnType<typeof summary>, ReturnType<typeof summary>];
      const added = ((a.wall / b.wall - 1) * 100).toFixed(1);
      const both = variants.map((v, i) => `${v.name} ${shown(summary(runs[i]!))}`).join("   ");
      console.log(`${label.padEnd(18)} ${both}   index adds ${added}% wall (${(a.wall / b.wall).toFixed(2)}×)`);
      console.log(
        `${"".padEnd(18)} runs ${variants.map((v, i) => `${v.name}: ${runs[i]!.map((s) => s.wall.toFixed(2)).join(" ")}`).join("   ")}`,
      );
    }
    console.log(`index of the ${N}-page site: ${du(join(withIndex.out, "pagefind"))}`);

    // The index stage beside Pagefind's own CLI indexing the same output, taking turns.
    const stage: number[] = [];
    const cli: Sample[] = [];
    const indexOut = join(tmp, "pagefind-cli");
    for (let r = 0; r < RUNS; r++) {
      clear(withIndex);
      const built = timedRun([process.execPath, CLI, "build", "--root", site, "--out", withIndex.out, "--timings"]);
      stage.push(Number(/^\s*index\s+(\d+) ms/m.exec(built.output)?.[1]) / 1000);
      rmSync(indexOut, { recursive: true, force: true });
      cli.push(
        timedRun([
          pagefindBinary(),
          // The output folder is a link to its served copy: Pagefind is given the copy itself.
          ...["--site", realpathSync(withIndex.out), "--output-path", indexOut, "--root-selector", "main"],
          ...["--force-language", "en", "--silent"],
        ]),
      );
    }
    const pagefind = summary(cli);
    console.log(
      `index stage (after the last page renders, a first build) ${median(stage).toFixed(2)} s; Pagefind's CLI on the ` +
        `same output ${shown(pagefind)} (${(median(stage) / pagefind.wall).toFixed(2)}× its wall); runs ` +
        `${stage.map((s) => s.toFixed(2)).join(" ")} / ${cli.map((s) => s.wall.toFixed(2)).join(" ")}`,
    );

    const own = join(tmp, "project");
    measure(["build", "--out", own]);
    console.log(
      `index of the project site: ${du(join(own, "pagefind"))} (${Number(execFileSync("bash", ["-c", `find -L ${join(own, "pagefind")} -type f | wc -l`], { encoding: "utf8" }))} files)`,
    );
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
