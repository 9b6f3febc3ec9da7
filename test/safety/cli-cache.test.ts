/**
 * The CLI's own cache (issue 27): a truncated or emptied file in node_modules/.cache/ppguide-cli
 * once failed every later run (exit 70), and an empty worker file published nothing with
 * exit 0 and left the lock behind. Each file is now checked against the hash written with it.
 * Issue 23: the bundle is loaded with a plain require, so import() works in every source file.
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

/**
 * Preloaded into the CLI: records at exit which files of the bundle were required, so a test
 * can tell the bundle ran from the silent fallback to the sources.
 */
const PROBE = `if (require("node:worker_threads").isMainThread) process.on("exit", () => require("node:fs").writeFileSync(process.env.PPGUIDE_TEST_PROBE, JSON.stringify(Object.keys(require.cache))));`;

async function run(args: string[], cwd: string, cliCache: string, env: Record<string, string> = {}): Promise<{ code: number; stderr: string; fromBundle: boolean }> {
  const probe = join(cliCache, "..", `${cliCache.split("/").pop()}.probe`);
  await writeFile(`${probe}.cjs`, PROBE);
  onTestFinished(() => rm(`${probe}.cjs`, { force: true }).then(() => rm(probe, { force: true })));
  const env_ = { ...process.env, NO_COLOR: "1", PPGUIDE_CLI_CACHE_DIR: cliCache, PPGUIDE_FROM_SOURCE: "", PPGUIDE_TEST_PROBE: probe, NODE_OPTIONS: `--require ${probe}.cjs`, ...env };
  const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env: env_ }, (err, _stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr });
    });
  });
  const required = JSON.parse(await readFile(probe, "utf8")) as string[];
  return { code, stderr, fromBundle: required.some((f) => f.startsWith(cliCache) && f.endsWith("/main.js")) };
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
      ["render-worker.js", (f: string) => writeFile(f, "")],
      ["main.js", (f: string) => truncate(f, 1000)],
      ["scan-worker.js", (f: string) => truncate(f, 10)],
    ] as const) {
      await damage(join(dir, file));
      const outcome = await run(["build"], root, cliCache);
      expect(outcome.code, `${file}: ${outcome.stderr}`).toBe(0);
      expect(await readFile(join(await bundleDir(cliCache), "main.js")), file).toEqual(good);
      expect(outcome.fromBundle, `${file}: the bundle, not the sources, ran`).toBe(true);
    }
    expect(await readFile(join(root, "dist/beaches.html"), "utf8")).toContain("The Best Beaches");
  }, 180_000);

  // Regression (issue 23): run from V8's code cache, the bundle could not import(): a second run
  // that had to encode an image failed with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING (exit 70),
  // which is why sharp was once loaded with createRequire.
  it("import() inside the sources works through the bundle, on its first run and every later one", async () => {
    const root = await copyFixture("basic-site");
    const cliCache = await privateCliCache();
    onTestFinished(() => rm(cliCache, { recursive: true, force: true }));
    for (const pass of ["first run", "second run"]) {
      // Fresh caches: sharp (external to the bundle) is import()ed to encode the share images.
      const caches = await mkdtemp(join(tmpdir(), "ppguide-caches-"));
      onTestFinished(() => rm(caches, { recursive: true, force: true }));
      await rm(join(root, ".ppguide-cache"), { recursive: true, force: true });
      const outcome = await run(["build"], root, cliCache, { PPGUIDE_CACHE_DIR: caches });
      expect(outcome.code, `${pass}: ${outcome.stderr}`).toBe(0);
      expect(outcome.fromBundle, pass).toBe(true);
      expect((await readdir(join(root, ".ppguide-cache/images"))).filter((f) => f.startsWith("share-")).length, pass).toBeGreaterThan(0);
    }
  }, 180_000);

  it("a render thread that runs nothing fails the build: exit 70, the lock released, the output untouched", async () => {
    // Big enough for the build to render on the pool of threads.
    const root = await mkdtemp(join(tmpdir(), "ppguide-threaded-"));
    await writePpguideSite(root, 320, "1");
    const cliCache = await privateCliCache();
    onTestFinished(() => rm(cliCache, { recursive: true, force: true }));
    expect((await run(["build"], root, cliCache)).code).toBe(0);
    const before = await treeHash(join(root, "dist"));
    // An empty worker that the integrity record vouches for: what a worker that cannot start looks like.
    const dir = await bundleDir(cliCache);
    await writeFile(join(dir, "render-worker.js"), "");
    const record = JSON.parse(await readFile(join(dir, "integrity.json"), "utf8")) as Record<string, string>;
    record["render-worker.js"] = createHash("sha256").update("").digest("hex");
    await writeFile(join(dir, "integrity.json"), JSON.stringify(record));
    await writePpguideSite(root, 320, "2");
    const outcome = await run(["build"], root, cliCache);
    expect(outcome.stderr).toMatch(/No handler function exported from .*render-worker\.js/);
    expect(outcome.code).toBe(70);
    expect(existsSync(join(root, "dist.ppguide/lock"))).toBe(false);
    expect(await treeHash(join(root, "dist"))).toBe(before);
  }, 180_000);
});
