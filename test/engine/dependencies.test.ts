/**
 * What `npm ci` installs is what the code imports: the product's modules come from
 * `dependencies`, the tests' from `devDependencies`, and the tools the benchmarks compare against
 * from bench/package.json only (issue 18: they once made `npm ci` install 714 packages).
 */
import { readdir, readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readPackage = async (path: string): Promise<PackageJson> => JSON.parse(await readFile(join(REPO, path), "utf8"));
const declared = (pkg: PackageJson) =>
  new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);

/** Packages a folder's sources load: static and dynamic imports, require, require.resolve. */
async function importedPackages(...folders: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const folder of folders) {
    const files = folder.includes(".")
      ? [folder]
      : (await readdir(join(REPO, folder), { recursive: true })).map((f) => join(folder, f));
    // test/hosts/node_modules holds the host tools' own install (test/hosts/package.json).
    for (const file of files.filter((f) => /\.(ts|tsx|mjs|cjs)$/.test(f) && !f.split(sep).includes("node_modules"))) {
      const text = await readFile(join(REPO, file), "utf8");
      for (const [, spec = ""] of text.matchAll(
        /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\.resolve\(\s*)["']([^"'./][^"']*)["']/g,
      )) {
        // Only bare package names: not builtins, nor URLs and odd strings that tests feed the engine.
        if (
          spec.startsWith("node:") ||
          builtinModules.includes(spec) ||
          !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/|$)/.test(spec)
        )
          continue;
        const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
        if (!found.has(name)) found.set(name, file);
      }
    }
  }
  return found;
}

describe("the root package.json", () => {
  it("declares every package the product loads as a dependency, not a devDependency", async () => {
    const pkg = await readPackage("package.json");
    const product = await importedPackages("src", "templates", "bin");
    expect(product.size).toBeGreaterThan(10);
    const missing = [...product]
      .filter(([name]) => !(name in (pkg.dependencies ?? {})))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it("declares every package the tests and scripts load", async () => {
    const names = declared(await readPackage("package.json"));
    const used = await importedPackages("test", "scripts", "vitest.config.ts");
    expect([...used].filter(([name]) => !names.has(name)).map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });

  it("installs nothing that no code loads", async () => {
    const pkg = await readPackage("package.json");
    const used = await importedPackages("src", "templates", "bin", "test", "scripts", "vitest.config.ts");
    // Run by name rather than imported: tsc and biome run in `npm test`; @types/* are read by tsc.
    const byTool = (name: string) => name === "typescript" || name === "@biomejs/biome" || name.startsWith("@types/");
    expect([...declared(pkg)].filter((name) => !used.has(name) && !byTool(name))).toEqual([]);
  });

  it("leaves the benchmarks' peers to bench/package.json", async () => {
    const root = declared(await readPackage("package.json"));
    const peers = [...declared(await readPackage("bench/package.json"))];
    expect(peers).toContain("@11ty/eleventy");
    expect(peers.filter((name) => root.has(name))).toEqual([]);
  });
});
