/**
 * `ppguide check-links` on one page with N broken anchors into a page of N ids: the "did you
 * mean" search once compared every broken anchor with every id (10,000: 10.8 s; 20,000: 43 s).
 *
 *   npx tsx bench/broken-anchors.ts            # 10,000, 20,000 and 40,000
 *   npx tsx bench/broken-anchors.ts 187000     # other counts
 *
 * Each count runs the CLI as a whole process (`node bin/ppguide check-links DIR`), 5 times; the
 * median wall time is printed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const cli = resolve(dirname(fileURLToPath(import.meta.url)), "../bin/ppguide");
const counts = process.argv.slice(2).map(Number);

for (const n of counts.length ? counts : [10_000, 20_000, 40_000]) {
  const dir = mkdtempSync(join(tmpdir(), "ppguide-anchors-"));
  mkdirSync(join(dir, "target"));
  const ids = Array.from({ length: n }, (_, i) => `<h2 id="section-${i}">Section ${i}</h2>`).join("\n");
  writeFileSync(join(dir, "target/index.html"), `<!doctype html><title>t</title>\n${ids}\n`);
  // Each fragment is one edit away from a real id, so every one has a suggestion to find.
  const links = Array.from({ length: n }, (_, i) => `<a href="/target/#sectin-${i}">${i}</a>`).join("\n");
  writeFileSync(join(dir, "index.html"), `<!doctype html><title>i</title>\n${links}\n`);
  const times: number[] = [];
  let problems = "";
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [cli, "check-links", dir], { encoding: "utf8", maxBuffer: 1 << 30 });
    times.push((performance.now() - started) / 1000);
    problems = result.stdout.trim().split("\n").at(-1) ?? "";
  }
  times.sort((a, b) => a - b);
  console.log(
    `${String(n).padStart(7)} broken anchors: median ${times[2]!.toFixed(2)} s (min ${times[0]!.toFixed(2)}, max ${times[4]!.toFixed(2)})  ${problems}`,
  );
}
