import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fg from "fast-glob";
import { build as esbuild, transform } from "esbuild";
import { PACKAGE_DIR } from "../core/package-dir.ts";

export interface Asset {
  /** URL path with a content hash, e.g. /assets/site.3f2a9c1d.css: hosts may cache it forever. */
  url: string;
  content: string | Uint8Array;
}

export interface SiteAssets {
  css: Asset;
  scripts: Asset[];
}

export const STYLES_DIR = join(PACKAGE_DIR, "templates/styles");
export const CLIENT_DIR = join(PACKAGE_DIR, "src/client");

function hashed(name: string, ext: string, content: string | Uint8Array): Asset {
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 10);
  return { url: `/assets/${name}.${hash}.${ext}`, content };
}

/** The stylesheet: every file in templates/styles in name order, so partials stay small. */
export async function buildStylesheet(): Promise<Asset> {
  const files = (await fg("*.css", { cwd: STYLES_DIR })).sort();
  const parts = await Promise.all(files.map((f) => readFile(`${STYLES_DIR}/${f}`, "utf8")));
  const { code } = await transform(parts.join("\n"), { loader: "css", minify: true });
  return hashed("site", "css", code);
}

/**
 * One bundle per entry in src/client/entries (each page loads only what it uses), minified ES
 * modules: progressive enhancements, never required to read a page.
 */
export async function buildScripts(): Promise<Asset[]> {
  const entries = (await fg("entries/*.ts", { cwd: CLIENT_DIR })).sort();
  if (entries.length === 0) return [];
  const result = await esbuild({
    entryPoints: entries.map((e) => `${CLIENT_DIR}/${e}`),
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2020",
    write: false,
    outdir: "out",
    logLevel: "silent",
  });
  return result.outputFiles.map((f) => hashed(f.path.replace(/^.*\//, "").replace(/\.js$/, ""), "js", f.contents));
}

export async function buildAssets(): Promise<SiteAssets> {
  const [css, scripts] = await Promise.all([buildStylesheet(), buildScripts()]);
  return { css, scripts };
}

/** Which scripts a page kind loads, by entry name. */
export function scriptsFor(kind: string, scripts: Asset[]): string[] {
  const wanted = new Set(["site", kind === "home" ? "home" : "", kind === "search" ? "search-page" : ""]);
  return scripts.filter((s) => wanted.has(s.url.replace(/^\/assets\//, "").replace(/\.[0-9a-f]{10}\.js$/, ""))).map((s) => s.url);
}
