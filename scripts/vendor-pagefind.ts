/**
 * Takes Pagefind's browser client (its script, its worker and the WebAssembly that searches) from
 * the installed `pagefind` package, once per Pagefind version, into vendor/pagefind/<version>/:
 * ppguide writes the index itself (src/search/) and ships Pagefind's own client, unchanged, to
 * read it. Run after upgrading the `pagefind` devDependency (`npm run vendor:pagefind`), then run
 * test/search/ (the oracle tests say whether ppguide's index still matches what that version
 * writes) and set PAGEFIND_VERSION in src/search/client.ts.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as pagefind from "pagefind";
import { CLIENT_FILES, vendoredClient } from "../src/search/client.ts";

// Found as Node finds the package: its package.json is not among the files it exports.
const packageJson = (createRequire(import.meta.url).resolve.paths("pagefind") ?? [])
  .map((dir) => join(dir, "pagefind/package.json"))
  .find(existsSync);
if (!packageJson) throw new Error("The pagefind package is not installed: run npm ci.");
const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
const out = vendoredClient(version);
const { index, errors } = await pagefind.createIndex({ forceLanguage: "en" });
if (!index || errors.length) throw new Error(`Pagefind would not start: ${errors.join("; ")}`);
await index.addHTMLFile({ url: "/", content: "<html><body><main><h1>Hello</h1></main></body></html>" });
const { files } = await index.getFiles();
await pagefind.close();
mkdirSync(out, { recursive: true });
for (const name of CLIENT_FILES) {
  const file = files.find((f) => f.path === name);
  if (!file) throw new Error(`Pagefind ${version} wrote no ${name}`);
  writeFileSync(join(out, name), file.content);
}
// Pagefind is MIT licensed; its notice goes with the copy.
copyFileSync(join(dirname(packageJson), "LICENSE", "LICENSE"), join(out, "LICENSE"));
console.log(`Pagefind ${version}'s client: ${CLIENT_FILES.join(", ")} in ${out}`);
