/**
 * Benchmark of `ppguide dev`: time from saving one Markdown file to the reload event a browser
 * receives, on a copy of the project site and on a generated 4,000-page site.
 *
 *   npx tsx bench/dev.ts              # project site + 4,000 pages
 *   npx tsx bench/dev.ts 1000 8000    # other synthetic sizes
 *
 * Each site is copied or generated into a temp folder (the real content/ is never touched), dev
 * mode starts programmatically on a free port, and a fetch() reads the event stream the way a
 * browser's EventSource would. Every round appends a line to the same article and waits for the
 * reload event; the first rounds warm the JIT and are not counted.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { readDevEvents, type DevEvent } from "../test/helpers/dev-events.ts";
import { writePpguideSite } from "../test/helpers/synthetic-site.ts";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startDev, type RebuildReport } from "../src/dev/index.ts";

const repo = resolve(fileURLToPath(new URL("..", import.meta.url)));
const ROUNDS = 20;
const WARMUP = 3;

interface Figures {
  site: string;
  pages: number;
  firstBuildMs: number;
  saveToEvent: number[];
  rebuild: number[];
  saveToReload: number[];
}

async function measure(name: string, root: string, article: string): Promise<Figures> {
  let last: { report: RebuildReport; firstEventAt: number } | undefined;
  const started = performance.now();
  const dev = await startDev({
    root,
    port: 0,
    log: () => {},
    onRebuild: (report, firstEventAt) => (last = { report, firstEventAt }),
  });
  const firstBuildMs = performance.now() - started;
  if (!dev.initial.ok)
    throw new Error(`${name} does not build:\n${dev.initial.errors.map((e) => e.format()).join("\n")}`);

  // Every event, stamped on arrival.
  const arrivals: DevEvent[] = [];
  const stream = await readDevEvents(dev.url, (e) => arrivals.push(e));
  /** The first reload event that arrived after `since`. */
  const nextReload = async (since: number): Promise<number> => {
    for (;;) {
      const hit = arrivals.find((a) => a.at > since && (a.event === "reload" || a.event === "problems"));
      if (hit?.event === "problems") throw new Error("rebuild failed");
      if (hit) return hit.at;
      await new Promise((done) => setTimeout(done, 1));
    }
  };
  let extra = 0;

  const file = join(root, "content", article);
  const original = await readFile(file, "utf8");
  const figures: Figures = {
    site: name,
    pages: dev.site.pages.size,
    firstBuildMs,
    saveToEvent: [],
    rebuild: [],
    saveToReload: [],
  };
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const saved = performance.now();
    await writeFile(file, `${original}\nEdit number ${i}: the reload should show this line.\n`);
    const reloaded = await nextReload(saved);
    const r = last!;
    if (r.report.pages.length !== 1) throw new Error(`expected one page rebuilt, got ${r.report.pages.length}`);
    if (i >= WARMUP) {
      figures.saveToEvent.push(r.firstEventAt - saved);
      figures.rebuild.push(r.report.ms);
      figures.saveToReload.push(reloaded - saved);
    }
    // Past chokidar's 50 ms change throttle and the watcher's second look, as a person typing would be.
    await new Promise((done) => setTimeout(done, 150));
    extra += arrivals.filter((a) => a.event === "reload" && a.at > reloaded).length;
  }
  if (extra) console.warn(`${name}: ${extra} extra reload event(s) for ${ROUNDS + WARMUP} saves`);
  stream.close();
  await dev.close();
  return figures;
}

async function projectSite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ppguide-bench-project-"));
  await Promise.all(
    ["site.yaml", "content", "public"].map((f) => cp(join(repo, f), join(dir, f), { recursive: true })),
  );
  return dir;
}

/** The same synthetic site `npm run bench` builds (test/helpers/synthetic-site.ts). */
async function syntheticSite(n: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `ppguide-bench-${n}-`));
  await writePpguideSite(dir, n);
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p90 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))] ?? Number.NaN;
const fmt = (xs: number[]) => `${median(xs).toFixed(0).padStart(4)} ms (p90 ${p90(xs).toFixed(0)})`;

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0);
const runs: { name: string; make: () => Promise<string>; article: string }[] = [
  { name: "project site", make: projectSite, article: "travel/paseo-dona-blanca-puerto-plata.md" },
  ...(sizes.length ? sizes : [4000]).map((n) => ({
    name: `synthetic ${n}`,
    make: () => syntheticSite(n),
    article: "articles/article-17.md",
  })),
];

const results: Figures[] = [];
for (const run of runs) {
  const dir = await run.make();
  try {
    results.push(await measure(run.name, dir, run.article));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(
  `\nppguide dev: save one Markdown file → reload event (median of ${ROUNDS} saves after ${WARMUP} warm-up)\n`,
);
console.log(
  `${"site".padEnd(16)}${"pages".padStart(7)}  ${"first build".padStart(11)}  ${"save→watch event".padEnd(22)}${"rebuild work".padEnd(22)}save→reload`,
);
for (const f of results) {
  console.log(
    `${f.site.padEnd(16)}${String(f.pages).padStart(7)}  ${`${(f.firstBuildMs / 1000).toFixed(2)} s`.padStart(11)}  ${fmt(f.saveToEvent).padEnd(22)}${fmt(f.rebuild).padEnd(22)}${fmt(f.saveToReload)}`,
  );
}
console.log(
  "\nsave→watch event: until chokidar reports the file; the 30 ms debounce follows it. Rebuild work: parse, render, swap.",
);
process.exit(0);
