// Loads the CLI without paying for tsx on every start: the TypeScript sources are bundled once
// with esbuild into node_modules/.cache and reused until a file under src/ or templates/ (or
// package.json) changes. Any problem with the bundle falls back to running the sources through
// tsx, which also reports TypeScript syntax errors with their location.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sourceFingerprint } from "./source-fingerprint.mjs";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const cacheRoot = join(packageDir, "node_modules", ".cache", "ppguide-cli");

async function bundle(dir) {
  const { build } = await import("esbuild");
  const staging = `${dir}.tmp-${process.pid}`;
  await build({
    // Worker threads are entries of their own beside the CLI (src/core/worker-threads.ts looks for them there).
    entryPoints: {
      main: join(packageDir, "src/cli/main.ts"),
      "scan-worker": join(packageDir, "src/links/scan-worker.ts"),
      "output-worker": join(packageDir, "src/output/output-worker.ts"),
      "markdown-worker": join(packageDir, "src/content/markdown-worker.ts"),
    },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    jsx: "automatic",
    sourcemap: true,
    logLevel: "silent",
  });
  writeFileSync(join(staging, "package.json"), '{ "type": "module" }\n');
  try {
    renameSync(staging, dir);
  } catch {
    // Another ppguide process finished the same bundle first.
    rmSync(staging, { recursive: true, force: true });
  }
  for (const old of readdirSync(cacheRoot)) {
    if (join(cacheRoot, old) !== dir && !old.includes(".tmp-")) rmSync(join(cacheRoot, old), { recursive: true, force: true });
  }
}

async function fromSource() {
  const { register } = await import("tsx/esm/api");
  register();
  return import("../src/cli/main.ts");
}

export async function loadCli() {
  if (process.env.PPGUIDE_FROM_SOURCE) return fromSource();
  try {
    // This file's text too: its bundling options shape the bundle.
    const dir = join(cacheRoot, sourceFingerprint(packageDir, readFileSync(fileURLToPath(import.meta.url))));
    if (!existsSync(join(dir, "main.js"))) {
      mkdirSync(cacheRoot, { recursive: true });
      await bundle(dir);
    }
    // Stack traces of a crash then point into src/, not into the bundle.
    process.setSourceMapsEnabled(true);
    return await import(pathToFileURL(join(dir, "main.js")).href);
  } catch {
    return fromSource();
  }
}
