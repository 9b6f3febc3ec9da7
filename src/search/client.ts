/**
 * Pagefind's browser client, which reads the index ppguide writes: its script, its worker and the
 * WebAssembly that searches, taken unchanged from the Pagefind version the writer follows and kept
 * in vendor/pagefind/<version>/ (scripts/vendor-pagefind.ts). test/search/client-files.test.ts
 * holds the kept files to the installed package's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_DIR } from "../core/package-dir.ts";

/** The Pagefind version whose index format ppguide writes and whose client it ships. */
export const PAGEFIND_VERSION = "1.6.0";

/**
 * The client's files: its script, its worker and the WebAssembly that stems a query as the index's
 * words were stemmed, English's (site.language is en-US, by the schema).
 */
export const CLIENT_FILES = ["pagefind.js", "pagefind-worker.js", "wasm.en.pagefind"];

export function vendoredClient(version = PAGEFIND_VERSION): string {
  return join(PACKAGE_DIR, "vendor/pagefind", version);
}

/** The client files, by their path in the index's folder, with their bytes. */
export function clientFiles(): { path: string; bytes: Uint8Array }[] {
  return CLIENT_FILES.map((path) => ({ path, bytes: readFileSync(join(vendoredClient(), path)) }));
}
