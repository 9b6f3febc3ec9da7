// Loads the CLI without paying for tsx, or for Node's module resolution, on every start: the
// TypeScript sources and their dependencies are bundled once with esbuild into one CommonJS file
// in node_modules/.cache, reused until a file under src/ or templates/, package.json or the
// installed dependencies change, and loaded with a plain require (project site, 8 interleaved
// pairs: 0.83 s from process start against 1.30 s through tsx). V8's code cache of the bundle
// was dropped (issue 23): it saved 2-5% of that build and forbade import() across the sources.
// Any problem with the bundle falls back to running the sources through tsx, which also reports
// TypeScript syntax errors with their location.
import { createHash } from "node:crypto";
import { createRequire, SourceMap } from "node:module";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceFingerprint } from "./source-fingerprint.cjs";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
// PPGUIDE_CLI_CACHE_DIR: tests damage a bundle of their own, never the one other runs use (it
// must be inside ppguide's folder: the bundle finds its package.json by walking up).
const cacheRoot = process.env.PPGUIDE_CLI_CACHE_DIR ?? join(packageDir, "node_modules", ".cache", "ppguide-cli");

/** What the bundle's files hashed to when written: a truncated or emptied file is rebuilt, never run. */
const INTEGRITY = "integrity.json";
const BUNDLED = ["main.js", "scan-worker.js", "render-worker.js", "package.json"];

function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Whether every file of the bundle in `dir` is as it was written (issue 27: an empty output-worker.js published nothing, exit 0). */
function intact(dir) {
  try {
    const expected = JSON.parse(readFileSync(join(dir, INTEGRITY), "utf8"));
    return BUNDLED.every((f) => expected[f] === sha256(readFileSync(join(dir, f))));
  } catch {
    return false;
  }
}

async function bundle(dir) {
  const { build } = await import("esbuild");
  const staging = `${dir}.tmp-${process.pid}`;
  await build({
    // Worker threads are entries of their own beside the CLI (src/core/worker-threads.ts looks for them there).
    entryPoints: {
      main: join(packageDir, "src/cli/main.ts"),
      "scan-worker": join(packageDir, "src/links/scan-worker.ts"),
      "render-worker": join(packageDir, "src/build/render-worker.ts"),
    },
    outdir: staging,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // Native code stays outside (sharp, esbuild), and so does React: dev mode loads edited
    // templates as a separate bundle, which must render with the very same React. piscina too:
    // it starts each thread on its own worker file, found beside its own module.
    external: ["sharp", "esbuild", "piscina", "tsx", "tsx/*", "react", "react/*", "react-dom", "react-dom/*"],
    // Our sources find their own folder and their workers from import.meta.url.
    define: { "import.meta.url": "__ppguide_module_url" },
    banner: { js: 'var __ppguide_module_url = require("node:url").pathToFileURL(__filename).href;' },
    jsx: "automatic",
    sourcemap: true,
    logLevel: "silent",
  });
  writeFileSync(join(staging, "package.json"), '{ "type": "commonjs" }\n');
  writeFileSync(join(staging, INTEGRITY), JSON.stringify(Object.fromEntries(BUNDLED.map((f) => [f, sha256(readFileSync(join(staging, f)))]))));
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

/** The bundle, required as any CommonJS file, with its stack frames mapped back to src/. */
function requireBundle(file) {
  const exports = createRequire(file)(file);
  mapStackTraces(file);
  return exports;
}

/**
 * Node applies source maps only under --enable-source-maps, which reads the whole map at start:
 * frames in the bundle are mapped here, the map read on the first stack that needs it, with
 * Node's own SourceMap, so a crash points into src/.
 */
function mapStackTraces(file) {
  let map;
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      if (frame.getFileName() === file) {
        // A stack must print even when the map cannot be read (out of file handles, say).
        try {
          map ??= new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
        } catch {
          map = null;
        }
        const entry = map?.findEntry(frame.getLineNumber() - 1, frame.getColumnNumber() - 1) ?? {};
        if (entry.originalSource) {
          const source = entry.originalSource.startsWith("file:") ? fileURLToPath(entry.originalSource) : resolve(dirname(file), entry.originalSource);
          const name = frame.getFunctionName();
          const type = frame.isToplevel() ? null : frame.getTypeName();
          const at = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
          return `    at ${frame.isAsync() ? "async " : ""}${name ? `${type ? `${type}.` : ""}${name} (${at})` : at}`;
        }
      }
      return `    at ${frame}`;
    });
    return [Error.prototype.toString.call(error), ...lines].join("\n");
  };
}

async function fromSource() {
  const { register } = await import("tsx/esm/api");
  // ppguide's own tsconfig (automatic JSX runtime), whatever folder the site is built from:
  // tsx would otherwise look for one in the current folder, the user's site.
  register({ tsconfig: join(packageDir, "tsconfig.json") });
  return import("../src/cli/main.ts");
}

export async function loadCli() {
  if (process.env.PPGUIDE_FROM_SOURCE) return fromSource();
  try {
    // This file's text too, whose bundling options shape the bundle, and the fingerprint's own,
    // which the bundle carries (src/core/disk-cache.ts imports it).
    const dir = join(cacheRoot, sourceFingerprint(packageDir, readFileSync(fileURLToPath(import.meta.url)), readFileSync(join(packageDir, "bin/source-fingerprint.cjs"))));
    if (!intact(dir)) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(cacheRoot, { recursive: true });
      await bundle(dir);
    }
    return requireBundle(join(dir, "main.js"));
  } catch {
    return fromSource();
  }
}
