// Compiles ppguide's TypeScript sources into lib/ with esbuild: one CommonJS file for the CLI and
// one for each worker thread, each with its source map. Runs on `npm ci` and `npm install`
// (package.json "prepare") and before `npm test`; `npm run build:cli` runs it by hand.
//
// A CLI started from one file is loaded by a plain require: it neither resolves hundreds of
// modules nor compiles TypeScript on every start, as running the sources through tsx does.
// lib/build.json records which sources it was compiled from and each file's SHA-256 and stamp, so
// bin/ppguide runs lib/ only when it is intact and up to date, and the sources otherwise.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const lib = join(packageDir, "lib");
const staging = `${lib}.tmp-${process.pid}`;

export const LIB_FILES = ["ppguide.cjs", "preflight.cjs", "render-worker.cjs", "scan-worker.cjs"];

// What every file is compiled with.
const options = {
  outdir: staging,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // Native code stays outside (sharp, esbuild), and so does React: dev mode compiles edited
  // templates on their own, and they must render with the very same React. piscina starts each
  // thread on a worker file of its own, found beside its module; tsx runs the sources.
  external: ["sharp", "esbuild", "piscina", "tsx", "tsx/*", "react", "react/*", "react-dom", "react-dom/*"],
  // The sources find their own folder and their workers from import.meta.url.
  define: { "import.meta.url": "__ppguide_module_url" },
  banner: { js: 'var __ppguide_module_url = require("node:url").pathToFileURL(__filename).href;' },
  jsx: "automatic",
  // Mapped only when a stack trace is printed (src/core/stack-trace.ts), so a stack points into src/.
  sourcemap: "linked",
  // A stack trace needs the mappings, not the sources' text (two thirds of the map).
  sourcesContent: false,
  // Paths in the output are relative to the package, so two clones compile the same bytes.
  absWorkingDir: packageDir,
  logLevel: "warning",
};

// What bin/ppguide checks before any package loads, compiled first: it must need nothing from
// node_modules, and it takes the digest of the code before the rest is compiled from it, so a
// source saved meanwhile leaves lib/ older than its record says, which bin/ppguide then refuses.
await build({ ...options, entryPoints: { preflight: join(packageDir, "src/cli/preflight.ts") } });
const preflight = createRequire(import.meta.url)(join(staging, "preflight.cjs"));
const code = preflight.codeDigest(packageDir, {}, Date.now());

await build({
  ...options,
  entryPoints: {
    ppguide: join(packageDir, "src/cli/main.ts"),
    // Worker threads start from files of their own beside the CLI (src/engine/render-pool.ts, src/core/worker-threads.ts).
    "render-worker": join(packageDir, "src/engine/render-worker.ts"),
    "scan-worker": join(packageDir, "src/links/scan-worker.ts"),
  },
});

// The validators, compiled now and kept with the code (scripts/ship-validators.ts), and the site's bundles, named by
// the code they were bundled from (scripts/ship-assets.ts).
for (const [script, ...args] of [["ship-validators.ts"], ["ship-assets.ts", code.digest]])
  execFileSync(process.execPath, ["--import", "tsx/esm", join(packageDir, "scripts", script), staging, ...args], {
    cwd: packageDir,
    stdio: "inherit",
  });

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
// Each compiled file's digest and its stamp, taken now that it is written (moving the folder to
// lib/ below leaves its files' stamps as they are): a file that still has that stamp is not read
// again at start (src/cli/compiled.ts), nor is a source that has the stamp recorded for it.
const record = {
  sources: code.digest,
  files: Object.fromEntries(LIB_FILES.map((f) => [f, sha256(readFileSync(join(staging, f)))])),
  stamps: Object.fromEntries(LIB_FILES.map((f) => [f, preflight.fileStamp(statSync(join(staging, f)), f)])),
  code: code.files,
};
writeFileSync(join(staging, "build.json"), `${JSON.stringify(record, null, 2)}\n`);
writeFileSync(join(staging, "package.json"), '{ "type": "commonjs" }\n');
// Replaced whole: a CLI starting meanwhile finds no lib/ and runs the sources.
rmSync(lib, { recursive: true, force: true });
renameSync(staging, lib);
