import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { errorsOf, type PpgError } from "../../src/core/errors.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import {
  buildAssets,
  buildScripts,
  buildStylesheet,
  bundleAssets,
  SHIPPED_ASSETS,
  shippedAssets,
} from "../../src/assets/bundles.ts";

async function failure(promise: Promise<unknown>): Promise<PpgError[]> {
  return promise.then(
    () => [],
    (err: unknown) => errorsOf(err as PpgError),
  );
}

describe("the stylesheet and browser scripts", () => {
  it("minifies the stylesheet's files in name order", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-styles-"));
    await writeFile(join(dir, "10-b.css"), ".b {\n  color: blue;\n}\n");
    await writeFile(join(dir, "00-a.css"), ".a {\n  color: red;\n}\n");
    const css = await buildStylesheet(dir);
    expect(css.content).toBe(".a{color:red}.b{color:#00f}\n");
    expect(css.url).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
  });

  it("fails on a stray brace in the stylesheet, naming the file and its line", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-styles-"));
    await writeFile(join(dir, "00-a.css"), ".a {\n  color: red;\n}\n");
    await writeFile(join(dir, "10-b.css"), ".b {\n  color: blue;\n}\n}\n.c { color: green; }\n");
    const [problem, ...rest] = await failure(buildStylesheet(dir));
    expect(rest).toEqual([]);
    expect(problem?.code).toBe("StyleFailed");
    expect(problem?.message).toContain('Unexpected "}"');
    expect(problem?.location?.file).toMatch(/10-b\.css$/);
    expect(problem?.location?.line).toBe(4);
  });

  it("fails on a browser script that does not compile, naming the file, line and column", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ppguide-client-"));
    await mkdir(join(dir, "entries"));
    await writeFile(join(dir, "entries/menu.ts"), "export const open = (a: number) => {\n  return a +;\n};\n");
    const [problem] = await failure(buildScripts(dir));
    expect(problem?.code).toBe("ScriptFailed");
    expect(problem?.location?.file).toMatch(/entries\/menu\.ts$/);
    expect(problem?.location?.line).toBe(2);
    expect(problem?.location?.column).toBeGreaterThan(1);
  });
});

describe("the bundles shipped with the code", () => {
  it("are what bundling gives, found by the code's id only, and not when damaged", async () => {
    const lib = await mkdtemp(join(tmpdir(), "ppguide-lib-"));
    await promisify(execFile)(
      process.execPath,
      ["--import", "tsx/esm", join(PACKAGE_DIR, "scripts/ship-assets.ts"), lib, "code-a"],
      { cwd: PACKAGE_DIR },
    );
    const bundled = await bundleAssets();
    expect(bundled.css.content.length).toBeGreaterThan(1000);
    expect(shippedAssets("code-a", lib)).toEqual(bundled);
    expect(shippedAssets("code-b", lib)).toBeUndefined();
    const file = join(lib, SHIPPED_ASSETS, "code-a");
    const bytes = await readFile(file);
    bytes[100]! ^= 1;
    await writeFile(file, bytes);
    expect(shippedAssets("code-a", lib)).toBeUndefined();
    // With nothing shipped for a code, a build bundles its own.
    expect(await buildAssets("code-b")).toEqual(bundled);
  });
});
