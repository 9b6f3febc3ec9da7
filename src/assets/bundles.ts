import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { deserialize } from "node:v8";
import { currentCode } from "../core/code-id.ts";
import { compileErrors } from "../core/compile-errors.ts";
import { readChecked } from "../core/disk-cache.ts";
import { hexDigest } from "../core/digest.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";

export interface Asset {
  /** URL path with a content hash, e.g. /assets/site.3f2a9c1d.css: hosts may cache it forever. */
  url: string;
  content: string | Uint8Array;
}

export interface SiteAssets {
  css: Asset;
  scripts: Asset[];
  /** The service worker's code (src/client/sw.ts), which the build writes as /sw.js after a line of settings. */
  worker?: Uint8Array;
}

export const STYLES_DIR = join(PACKAGE_DIR, "templates/styles");
export const CLIENT_DIR = join(PACKAGE_DIR, "src/client");

function hashed(name: string, ext: string, content: string | Uint8Array): Asset {
  const hash = hexDigest(10, content);
  return { url: `/assets/${name}.${hash}.${ext}`, content };
}

/**
 * The stylesheet: every file in templates/styles in name order, so partials stay small. esbuild
 * parses CSS leniently and only warns about a stray or missing brace, which silently drops rules:
 * its warnings fail the build like errors, each in its file and at its line.
 */
export async function buildStylesheet(dir = STYLES_DIR): Promise<Asset> {
  // A listing, not a glob: a glob's cwd with a backslash in it (legal on Linux) found nothing.
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".css") && !f.startsWith("."))
    .sort();
  const parts = await Promise.all(files.map((f) => readFile(join(dir, f), "utf8")));
  // Each part starts on the line after the previous one's last.
  const starts: number[] = [];
  let start = 1;
  for (const part of parts) {
    starts.push(start);
    start += part.split("\n").length;
  }
  const locate = (line: number) => {
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > line) i--;
    return { file: join(dir, files[i]!), line: line - starts[i]! + 1 };
  };
  const failed = (err: unknown) => compileErrors(err, "StyleFailed", locate);
  const { transform } = await import("esbuild");
  const { code, warnings } = await transform(parts.join("\n"), { loader: "css", minify: true }).catch((err: unknown) =>
    Promise.reject(failed(err)),
  );
  if (warnings.length) throw failed({ errors: warnings });
  return hashed("site", "css", code);
}

/**
 * One bundle per entry in src/client/entries (each page loads only what it uses), minified ES
 * modules: progressive enhancements, never required to read a page.
 */
export async function buildScripts(dir = CLIENT_DIR): Promise<Asset[]> {
  const entries = (existsSync(join(dir, "entries")) ? readdirSync(join(dir, "entries")) : [])
    .filter((f) => f.endsWith(".ts") && !f.startsWith("."))
    .map((f) => `entries/${f}`)
    .sort();
  if (entries.length === 0) return [];
  const { build: esbuild } = await import("esbuild");
  const result = await esbuild({
    entryPoints: entries.map((e) => join(dir, e)),
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2020",
    write: false,
    outdir: "out",
    logLevel: "silent",
  }).catch((err: unknown) => Promise.reject(compileErrors(err, "ScriptFailed")));
  return result.outputFiles.map((f) => hashed(f.path.replace(/^.*\//, "").replace(/\.js$/, ""), "js", f.contents));
}

/**
 * The service worker: a classic script of its own (a worker's URL must stay the same from build to
 * build, so it is not among the hashed entries), with Workbox's development logging left out.
 */
export async function buildServiceWorker(dir = CLIENT_DIR): Promise<Uint8Array | undefined> {
  if (!existsSync(join(dir, "sw.ts"))) return undefined;
  const { build: esbuild } = await import("esbuild");
  const result = await esbuild({
    entryPoints: [join(dir, "sw.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  }).catch((err: unknown) => Promise.reject(compileErrors(err, "ScriptFailed")));
  return result.outputFiles[0]!.contents;
}

/**
 * The stylesheet, the scripts and the service worker: as bundled with the code (scripts/ship-assets.ts, run by
 * scripts/build-cli.mjs), when lib/ holds the bundles of this very code; else bundled now. They are made of the code
 * alone (templates/styles/, src/client/, the packages the lockfile pins), so the code's id names them: a build from
 * lib/ starts no bundler, and one from edited sources bundles what it runs.
 */
export async function buildAssets(code = currentCode()): Promise<SiteAssets> {
  return shippedAssets(code) ?? bundleAssets();
}

/** The assets bundled from the sources now. */
export async function bundleAssets(): Promise<SiteAssets> {
  const [css, scripts, worker] = await Promise.all([buildStylesheet(), buildScripts(), buildServiceWorker()]);
  return { css, scripts, ...(worker && { worker }) };
}

/** The folder of lib/ that holds the assets bundled with it, each file named by the code's id. */
export const SHIPPED_ASSETS = "assets";

/** The assets `lib` holds for `code`; undefined when it holds none, or none intact (checksummed, as written). */
export function shippedAssets(code: string, lib = join(PACKAGE_DIR, "lib")): SiteAssets | undefined {
  const bytes = readChecked(join(lib, SHIPPED_ASSETS, code));
  if (!bytes) return undefined;
  try {
    const assets = deserialize(bytes) as SiteAssets;
    return typeof assets.css?.url === "string" && Array.isArray(assets.scripts) ? assets : undefined;
  } catch {
    return undefined;
  }
}

/** The script every page loads: the menu, the search box, offline reading. */
const EVERY_PAGE = "site";

/** The URLs of the scripts a page loads: every page's, and those its kind names (by entry name). */
export function scriptsFor(names: readonly string[], scripts: readonly Pick<Asset, "url">[]): string[] {
  const wanted = new Set([EVERY_PAGE, ...names]);
  return scripts
    .filter((s) => wanted.has(s.url.replace(/^\/assets\//, "").replace(/\.[0-9a-f]{10}\.js$/, "")))
    .map((s) => s.url);
}
