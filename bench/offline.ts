/**
 * What the service worker's files (src/output/service-worker.ts: sw.js and sw-manifest.json, made
 * from the build's digests) cost a build: the synthetic site with site.offline, built once from
 * nothing by `node bin/ppguide build --timings` in a fresh process; prints the `offline` stage
 * against the whole build, and the sizes of sw.js and sw-manifest.json. Budget: 1% of the build.
 *
 *   npx tsx bench/offline.ts          # 4,000 pages
 *   npx tsx bench/offline.ts 1000
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writePpguideSite } from "../test/helpers/synthetic-site.ts";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const N = Number(process.argv[2] ?? 4000);

const dir = await mkdtemp(join(tmpdir(), "ppguide-bench-offline-"));
try {
  const site = join(dir, "site");
  await writePpguideSite(site, N);
  const yaml = join(site, "site.yaml");
  writeFileSync(
    yaml,
    readFileSync(yaml, "utf8").replace(
      "  disclosure:",
      "  offline: { packs: [{ name: all, label: the guide }] }\n  disclosure:",
    ),
  );
  const out = join(dir, "out");
  const started = performance.now();
  const printed = execFileSync(
    process.execPath,
    [join(REPO, "bin/ppguide"), "build", "--root", site, "--out", out, "--timings", "--quiet"],
    { cwd: REPO, env: { ...process.env, PPGUIDE_CACHE_DIR: join(dir, "cache") }, encoding: "utf8" },
  );
  const wall = performance.now() - started;
  const stages = new Map(
    [...printed.matchAll(/^ {2}(\w+)\s+(\d+) ms$/gm)].map((m) => [m[1]!, Number(m[2])] as [string, number]),
  );
  const total = [...stages.values()].reduce((a, b) => a + b, 0);
  const offline = stages.get("offline") ?? Number.NaN;
  console.log(`${N} pages, first build: stages ${total} ms (process ${wall.toFixed(0)} ms)`);
  console.log(`  offline stage ${offline} ms = ${((100 * offline) / total).toFixed(2)}% of the stages (budget 1%)`);
  console.log(
    `  sw.js ${statSync(join(out, "sw.js")).size} bytes, sw-manifest.json ${statSync(join(out, "sw-manifest.json")).size} bytes`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
