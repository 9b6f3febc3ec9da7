/**
 * Whole `node bin/ppguide ARGS` processes, from spawn to exit, in ways of loading the CLI that
 * take strict turns (the order reversed every other round, `sync` before each run, one warm-up
 * run of each first): the compiled CLI (lib/) alone by default.
 *
 *   npx tsx bench/cli-start.ts                                   # project site: build --out /tmp/ppguide-cli-start/dist
 *   npx tsx bench/cli-start.ts --pairs 8 -- --version
 *   npx tsx bench/cli-start.ts --variant a: --variant b:SOME_ENV=1 -- build --out /tmp/x/dist
 *
 * A variant is `name:` followed by the environment it sets (`NAME=value,NAME=value`). Prints each
 * round, the medians of wall and CPU time (user + system, from /usr/bin/time) and the median of
 * the first variant's ratio to each other one, pair by pair.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pairs: { type: "string", default: "8" }, variant: { type: "string", multiple: true } },
});
const variants = (values.variant ?? ["lib:"]).map((spec) => {
  const [name, env = ""] = spec.split(/:(.*)/s);
  return {
    name: name!,
    env: Object.fromEntries(
      env
        .split(",")
        .filter(Boolean)
        .map((kv) => kv.split(/=(.*)/s) as [string, string]),
    ),
  };
});
const args = positionals.length ? positionals : ["build", "--out", join(tmpdir(), "ppguide-cli-start", "dist")];
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "ppguide-cli-start-"));

function once(env: Record<string, string>): { wall: number; cpu: number } {
  execFileSync("sync");
  const times = join(scratch, "time");
  const start = process.hrtime.bigint();
  const run = spawnSync("/usr/bin/time", ["-f", "%U %S", "-o", times, process.execPath, "bin/ppguide", ...args], {
    cwd: packageDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0) throw new Error(`ppguide ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  const [user, system] = readFileSync(times, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  return { wall, cpu: user! + system! };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

try {
  for (const v of variants) once(v.env);
  const runs = new Map(variants.map((v) => [v.name, [] as { wall: number; cpu: number }[]]));
  for (let round = 1; round <= Number(values.pairs); round++) {
    for (const v of round % 2 ? variants : [...variants].reverse()) runs.get(v.name)!.push(once(v.env));
    const row = variants.map((v) => runs.get(v.name)!.at(-1)!);
    const ratios = row
      .slice(1)
      .map((r, i) => `${variants[0]!.name}/${variants[i + 1]!.name} ${(row[0]!.wall / r.wall).toFixed(3)}`);
    console.log(
      `${round}  ${row.map((r, i) => `${variants[i]!.name} ${r.wall.toFixed(3)} s (CPU ${r.cpu.toFixed(2)} s)`).join("  ")}  ${ratios.join("  ")}`,
    );
  }
  for (const v of variants) {
    const r = runs.get(v.name)!;
    console.log(
      `median ${v.name}: wall ${median(r.map((x) => x.wall)).toFixed(3)} s, CPU ${median(r.map((x) => x.cpu)).toFixed(2)} s`,
    );
  }
  const first = runs.get(variants[0]!.name)!;
  for (const v of variants.slice(1)) {
    const other = runs.get(v.name)!;
    console.log(
      `median pair ratio ${variants[0]!.name}/${v.name}: ${median(first.map((x, i) => x.wall / other[i]!.wall)).toFixed(3)}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
