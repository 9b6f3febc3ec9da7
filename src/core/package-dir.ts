import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * ppguide's own folder (schemas, templates, browser scripts), found by walking up to its
 * package.json rather than by a fixed '../../': the same code runs from src/ through tsx and
 * from the bundled CLI in node_modules/.cache.
 */
export const PACKAGE_DIR = findPackageDir(dirname(fileURLToPath(import.meta.url)));

function findPackageDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "ppguide")
      return dir;
    if (dirname(dir) === dir) throw new Error(`ppguide's package.json was not found above ${from}`);
  }
}
