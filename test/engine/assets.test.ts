import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorsOf, type PpgError } from "../../src/core/errors.ts";
import { buildScripts, buildStylesheet } from "../../src/assets/bundles.ts";

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
