import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createRequire } from "node:module";
import { build as esbuild } from "esbuild";
import { compileErrors } from "../core/compile-errors.ts";
import { packageCache } from "../core/disk-cache.ts";
import { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import type { Templates } from "../render/render.tsx";
import { PACKAGE_DIR } from "../core/package-dir.ts";

const packageDir = `${PACKAGE_DIR}/`;
export const TEMPLATES_DIR = join(packageDir, "templates");
/** Inside the package so that the bundle's bare imports (react) resolve to the engine's own copy. */
const BUNDLE_DIR = packageCache("dev");

/**
 * Loads templates/index.ts through a fresh module graph on every call, so TSX edits take effect
 * without restarting: esbuild bundles the templates (packages stay external, so React is the one
 * the engine renders with) into a file with a new name, which Node has never cached.
 * esbuild rather than tsx's `tsImport`: a quarter of the time a reload (docs/performance.md, Dev
 * mode), and it reports syntax errors with a location.
 */
export class FreshTemplates {
  private generation = 0;

  /** `entry`: another templates/index.ts (tests use a copy they can break). */
  constructor(private readonly entry = join(TEMPLATES_DIR, "index.ts")) {}

  /** The templates, and the bundle they were loaded from: its bytes are the code part of dev mode's page keys. */
  async load(): Promise<{ templates: Templates; bundle: Uint8Array }> {
    let compiled: Uint8Array | undefined;
    try {
      const result = await esbuild({
        entryPoints: [this.entry],
        bundle: true,
        packages: "external",
        // CommonJS, loaded with require: each generation leaves the module cache once loaded
        // (below), where an import()ed module would stay for the life of the dev server.
        format: "cjs",
        platform: "node",
        target: "node20",
        jsx: "automatic",
        sourcemap: "inline",
        write: false,
        logLevel: "silent",
      });
      compiled = result.outputFiles[0]?.contents;
    } catch (err) {
      throw compileErrors(err, "TemplateFailed");
    }
    // One entry point, written to memory: esbuild hands back its one output file.
    const code = expected(compiled, "the templates' bundle from esbuild");
    await mkdir(BUNDLE_DIR, { recursive: true });
    const file = join(BUNDLE_DIR, `templates-${process.pid}-${++this.generation}.cjs`);
    await writeFile(file, code);
    const require = createRequire(import.meta.url);
    try {
      return { templates: require(file) as Templates, bundle: code };
    } catch (err) {
      // A module that compiles but throws while it is evaluated (a typo in a top-level expression).
      throw new PpgError(
        "TemplateFailed",
        { reason: (err as Error).message },
        { hint: "Fix the template; the error above names the problem." },
      );
    } finally {
      // Each generation is loaded once: neither the file nor the module cache entry is needed again.
      delete require.cache[file];
      await rm(file, { force: true });
    }
  }

  /** Kept for symmetry with other dev resources; each bundle file is already gone once loaded. */
  async dispose(): Promise<void> {}
}
