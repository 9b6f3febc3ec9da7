/**
 * Pagefind's browser client that ppguide ships (vendor/pagefind/<version>/, src/search/client.ts)
 * is the installed `pagefind` package's, byte for byte, and of the version whose format ppguide
 * writes: upgrading the package without taking its client again (npm run vendor:pagefind) fails here.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as pagefind from "pagefind";
import { describe, expect, it } from "vitest";
import { CLIENT_FILES, clientFiles, PAGEFIND_VERSION } from "../../src/search/client.ts";

function installedVersion(): string {
  // Found as Node finds the package: its package.json is not among the files it exports.
  const file = (createRequire(import.meta.url).resolve.paths("pagefind") ?? [])
    .map((dir) => join(dir, "pagefind/package.json"))
    .find(existsSync);
  return (JSON.parse(readFileSync(file ?? "", "utf8")) as { version: string }).version;
}

describe("Pagefind's client, as ppguide ships it", () => {
  it("is of the installed package's version", () => {
    expect(installedVersion()).toBe(PAGEFIND_VERSION);
  });

  it("is the client that version writes, file for file", { timeout: 60_000 }, async () => {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: "en" });
    if (!index) throw new Error(errors.join("; "));
    try {
      await index.addHTMLFile({ url: "/", content: "<html><body><main><h1>Hello</h1></main></body></html>" });
      const { files } = await index.getFiles();
      const written = new Map(files.map((f) => [f.path, Buffer.from(f.content)]));
      const shipped = clientFiles();
      expect(shipped.map((f) => f.path)).toEqual(CLIENT_FILES);
      for (const { path, bytes } of shipped)
        expect(Buffer.from(bytes).equals(written.get(path) ?? Buffer.alloc(0)), path).toBe(true);
    } finally {
      await pagefind.close();
    }
  });
});
