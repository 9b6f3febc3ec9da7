/**
 * The CLI's own cache (issue 27): a truncated or emptied file in node_modules/.cache/ppguide-cli
 * once failed every later run (exit 70), and an empty output-worker.js published nothing with
 * exit 0 and left the lock behind. Each file is now checked against the hash written with it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { copyFixture } from "../helpers/fixture.ts";
import { CLI, treeHash } from "../helpers/outcome.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

function run(args: string[], cwd: string, cliCache: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", PPGUIDE_CLI_CACHE_DIR: cliCache, PPGUIDE_FROM_SOURCE: "" } }, (err, _stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr });
    });
  });
}

/** A private bundle cache inside ppguide's folder, where the bundle can find its package.json. */
const privateCliCache = () => mkdtemp(join(fileURLToPath(new URL("../../node_modules/.cache/", import.meta.url)), "ppguide-cli-test-"));

async function bundleDir(cliCache: string): Promise<string> {
  const [dir] = await readdir(cliCache);
  return join(cliCache, dir!);
}

describe("the CLI's bundle cache", () => {
  it("a damaged bundle file is rebuilt, and the build runs as if nothing happened", async () => {
    const root = await copyFixture("basic-site");
    const cliCache = await privateCliCache();
    onTestFinished(() => rm(cliCache, { recursive: true, force: true }));
    expect((await run(["build"], root, cliCache)).code).toBe(0);
    const dir = await bundleDir(cliCache);
    const good = await readFile(join(dir, "main.js"));
    for (const [file, damage] of [
      ["output-worker.js", (f: string) => writeFile(f, "")],
      ["main.js", (f: string) => truncate(f, 1000)],
      ["scan-worker.js", (f: string) => truncate(f, 10)],
      ["main.js.v8-cache", (f: string) => truncate(f, 1000)],
    ] as const) {
      await damage(join(dir, file));
      const outcome = await run(["build"], root, cliCache);
      expect(outcome.code, `${file}: ${outcome.stderr}`).toBe(0);
      expect(await readFile(join(await bundleDir(cliCache), "main.js")), file).toEqual(good);
      // Written only when the bundle (not the sources, the fallback) ran.
      expect(existsSync(join(await bundleDir(cliCache), "main.js.v8-cache")), file).toBe(true);
    }
    expect(await readFile(join(root, "dist/beaches.html"), "utf8")).toContain("The Best Beaches");
  }, 180_000);

  it("an output thread that runs nothing fails the build: exit 70, the lock released, the output untouched", async () => {
    // Big enough for the build to write through the output thread.
    const root = await mkdtemp(join(tmpdir(), "ppguide-threaded-"));
    await writePpguideSite(root, 320, "1");
    const cliCache = await privateCliCache();
    onTestFinished(() => rm(cliCache, { recursive: true, force: true }));
    expect((await run(["build"], root, cliCache)).code).toBe(0);
    const before = await treeHash(join(root, "dist"));
    // An empty worker that the integrity record vouches for: what a worker that cannot start looks like.
    const dir = await bundleDir(cliCache);
    await writeFile(join(dir, "output-worker.js"), "");
    const record = JSON.parse(await readFile(join(dir, "integrity.json"), "utf8")) as Record<string, string>;
    record["output-worker.js"] = createHash("sha256").update("").digest("hex");
    await writeFile(join(dir, "integrity.json"), JSON.stringify(record));
    await writePpguideSite(root, 320, "2");
    const outcome = await run(["build"], root, cliCache);
    expect(outcome.stderr).toContain("the output thread stopped (exit code 0) before the build was done");
    expect(outcome.code).toBe(70);
    expect(existsSync(join(root, "dist.ppguide/lock"))).toBe(false);
    expect(await treeHash(join(root, "dist"))).toBe(before);
  }, 180_000);
});
