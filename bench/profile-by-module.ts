/**
 * Self time by module of V8 CPU profiles (`node --cpu-prof`), for docs/performance.md: a function
 * of the compiled CLI (lib/*.cjs) is charged to the source file esbuild's `// path` comment above
 * it names, a dependency to its package, the kernel's time inside a call (open, lstat) to
 * "(native)".
 *
 *   taskset -c 0 node --cpu-prof --cpu-prof-dir=/tmp/prof bin/ppguide build --root SITE --no-search-index --no-cache
 *   npx tsx bench/profile-by-module.ts /tmp/prof/*.cpuprofile
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const owners = new Map<string, string[]>();

function packageOf(path: string): string | undefined {
  return /node_modules\/((@[^/]+\/)?[^/]+)/.exec(path)?.[1];
}

function moduleOf(url: string, line: number): string {
  if (!url) return "(native)";
  const file = url.replace(/^file:\/\//, "");
  if (!/\/lib\/[^/]+\.cjs$/.test(file)) return packageOf(file) ?? (url.startsWith("node:") ? url : file);
  let lines = owners.get(file);
  if (!lines) {
    let current = "?";
    lines = readFileSync(file, "utf8")
      .split("\n")
      .map((l) => (current = /^\/\/ (\S+\.(m?[jt]sx?|cjs|json))$/.exec(l)?.[1] ?? current));
    owners.set(file, lines);
  }
  const source = lines[line] ?? "?";
  return packageOf(source) ?? source;
}

const totals = new Map<string, number>();
for (const path of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(path, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const special = /^\((garbage collector|idle|program)\)$/.test(frame.functionName);
    const name = special ? frame.functionName : moduleOf(frame.url, frame.lineNumber);
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
}
const busy = [...totals].reduce((sum, [name, us]) => (name === "(idle)" ? sum : sum + us), 0);
console.log(`busy ${(busy / 1e6).toFixed(2)} s`);
for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${(us / 1e6).toFixed(2).padStart(6)} s ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`);
