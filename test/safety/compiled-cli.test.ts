/**
 * The compiled CLI (lib/, scripts/build-cli.mjs). Issue 27: a truncated or emptied compiled file
 * once failed every later run (exit 70), and an empty worker file published nothing with exit 0.
 * Issue 31: with node_modules a symbolic link, a template edit was silently lost ("0 rendered").
 * Now lib/ runs only when every file is the one compiled, from the sources beside it; otherwise
 * the CLI says why and runs the sources, so what renders is always the code in the folder.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { serialize } from "node:v8";
import { SHIPPED_ASSETS, shippedAssets } from "../../src/assets/bundles.ts";
import { codeDigest } from "../../src/core/code-id.ts";
import { writeChecked } from "../../src/core/disk-cache.ts";
import { expected } from "../../src/core/invariant.ts";
import { RACY_MS } from "../../src/core/file-stamp.ts";
import { copyFixture } from "../helpers/fixture.ts";
import { treeHash } from "../helpers/outcome.ts";
import { compileCopy, copyPackage } from "../helpers/package-copy.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

interface Run {
  code: number;
  stderr: string;
  fromLib: boolean;
}

/** Runs the copy's CLI; whether lib/ ran is told by the one line the CLI prints when it runs the sources instead. */
async function run(pkg: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const env_ = { ...process.env, NO_COLOR: "1", ...env };
  const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(process.execPath, [join(pkg, "bin/ppguide"), ...args], { cwd, env: env_ }, (err, _stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr });
    });
  });
  return { code, stderr, fromLib: !stderr.includes("so ppguide runs from its sources") };
}

async function packageCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ppguide-package-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return copyPackage(dir);
}

describe("the compiled CLI (lib/)", () => {
  it("runs when it is intact and compiled from the sources beside it", async () => {
    const pkg = await packageCopy();
    const root = await copyFixture("basic-site");
    const outcome = await run(pkg, ["build"], root);
    expect(outcome).toMatchObject({ code: 0, fromLib: true });
    expect(outcome.stderr).toBe("");
  });

  it("ships its bundles: a build from lib/ takes them as they are, and bundles anew when they are damaged", async () => {
    const pkg = await packageCopy();
    const root = await copyFixture("basic-site");
    const [name, ...others] = await readdir(join(pkg, "lib", SHIPPED_ASSETS));
    expect(others).toEqual([]);
    const file = join(pkg, "lib", SHIPPED_ASSETS, name!);
    const assets = expected(shippedAssets(name!, join(pkg, "lib")), "the shipped bundles");
    const build = async () => {
      await rm(join(root, "dist"), { recursive: true, force: true });
      await rm(join(root, "dist.ppguide"), { recursive: true, force: true });
      expect(await run(pkg, ["build"], root)).toMatchObject({ code: 0, fromLib: true, stderr: "" });
      return readFile(join(root, "dist/beaches.html"), "utf8");
    };
    expect(await build()).toContain(assets.css.url);
    // A stylesheet made to differ, written as the compile step writes it, is what the build serves: it is read.
    writeChecked(file, serialize({ ...assets, css: { url: "/assets/site.0123456789.css", content: "body{}" } }));
    expect(await build()).toContain("/assets/site.0123456789.css");
    // Damaged, it is not read: the build bundles its own.
    await truncate(file, 100);
    expect(await build()).toContain(assets.css.url);
  });

  it("ships its validators compiled: a first build with empty caches compiles none, and one damaged or wrong is compiled again", async () => {
    const pkg = await packageCopy();
    const root = await copyFixture("basic-site");
    const shipped = join(pkg, "lib", "validators");
    // The schemas in schema/ and the structured-data rules, each under its key.
    expect((await readdir(shipped)).length).toBeGreaterThanOrEqual(4);
    const caches = await mkdtemp(join(tmpdir(), "ppguide-fresh-caches-"));
    onTestFinished(() => rm(caches, { recursive: true, force: true }));
    const fresh = await run(pkg, ["build", "--no-cache"], root, { PPGUIDE_CACHE_DIR: caches });
    expect(fresh).toMatchObject({ code: 0, fromLib: true, stderr: "" });
    // Nothing was compiled, so nothing was kept among the caches.
    expect(existsSync(join(caches, "ppguide-schemas"))).toBe(false);
    const page = () => readFile(join(root, "dist/beaches.html"), "utf8");
    const built = await page();
    expect(built).toContain("The Best Beaches");

    // Each shipped validator damaged or made to say something else (a build does not use them all: the shard
    // manifest's is the merge's): each the build uses fails its checksum, is compiled again, and the build is the same.
    const names = (await readdir(shipped)).sort();
    for (const [i, name] of names.entries()) {
      if (i % 2 === 0) {
        await truncate(join(shipped, name), 100);
        continue;
      }
      const other = await readFile(join(shipped, name));
      other[other.length - 1] = (other.at(-1) ?? 0) ^ 1;
      await writeFile(join(shipped, name), other);
    }
    await rm(join(root, "dist"), { recursive: true });
    // As on a fresh checkout: the site's own store holds the checks its texts passed, which would spare the validators.
    await rm(join(root, ".ppguide-cache"), { recursive: true });
    const again = await run(pkg, ["build", "--no-cache"], root, { PPGUIDE_CACHE_DIR: caches });
    expect(again).toMatchObject({ code: 0, fromLib: true, stderr: "" });
    const compiled = await readdir(join(caches, "ppguide-schemas"));
    // The site's, the front matter's, the listings' schemas and the structured-data rules, both ways damaged.
    expect(compiled.length).toBeGreaterThanOrEqual(4);
    expect(names).toEqual(expect.arrayContaining(compiled));
    expect(compiled.some((name) => names.indexOf(name) % 2 === 0)).toBe(true);
    expect(compiled.some((name) => names.indexOf(name) % 2 === 1)).toBe(true);
    expect(await page()).toBe(built);

    // A site.yaml the schema refuses is refused as ever by a validator compiled on the spot.
    await writeFile(join(root, "site.yaml"), `${await readFile(join(root, "site.yaml"), "utf8")}\nunknownField: 1\n`);
    await rm(join(shipped), { recursive: true });
    const refused = await run(pkg, ["build"], root, { PPGUIDE_CACHE_DIR: caches });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("ManifestInvalid");
  }, 180_000);

  it("a damaged compiled file is never run: the CLI says so, runs the sources, and the build is as it should be", async () => {
    const pkg = await packageCopy();
    const root = await copyFixture("basic-site");
    for (const [file, damage] of [
      ["render-worker.cjs", (f: string) => writeFile(f, "")],
      ["ppguide.cjs", (f: string) => truncate(f, 1000)],
      ["scan-worker.cjs", (f: string) => truncate(f, 10)],
    ] as const) {
      const intact = await readFile(join(pkg, "lib", file));
      await damage(join(pkg, "lib", file));
      const outcome = await run(pkg, ["build", "--no-cache"], root);
      expect(outcome.code, `${file}: ${outcome.stderr}`).toBe(0);
      expect(outcome.fromLib, file).toBe(false);
      expect(outcome.stderr, file).toMatch(
        /lib\/.* so ppguide runs from its sources \(slower\)\. Run npm run build:cli/,
      );
      // Its bytes put back, the file is as compiled (its record's digest), and only the next one is damaged.
      await writeFile(join(pkg, "lib", file), intact);
      expect((await run(pkg, ["--version"], root)).fromLib, file).toBe(true);
    }
    expect(await readFile(join(root, "dist/beaches.html"), "utf8")).toContain("The Best Beaches");
  }, 180_000);

  // Regression (issue 31): the code's part of every page key came from the mtimes of files in a
  // folder found from where the CLI's bundle was cached; with node_modules a link, a template edit
  // rebuilt "0 rendered" and published pages a clean build renders differently.
  it("a template edited after compiling reaches every page, with node_modules a symbolic link", async () => {
    const pkg = await packageCopy();
    const root = await copyFixture("basic-site");
    expect((await run(pkg, ["build"], root)).code).toBe(0);
    const layout = join(pkg, "templates/Layout.tsx");
    const text = await readFile(layout, "utf8");
    expect(text).toContain("All rights reserved.");
    await writeFile(layout, text.replace("All rights reserved.", "All rights kept."));
    const stale = await run(pkg, ["build"], root);
    expect(stale).toMatchObject({ code: 0, fromLib: false });
    expect(stale.stderr).toContain("the sources changed since lib/ was compiled");
    expect(await readFile(join(root, "dist/beaches.html"), "utf8")).toContain("All rights kept.");
    // Compiled again, lib/ runs and renders the same pages: nothing left to render.
    await compileCopy(pkg);
    const compiled = await run(pkg, ["build"], root);
    expect(compiled).toMatchObject({ code: 0, fromLib: true });
  }, 180_000);

  // Regression: run from the sources in the site's folder, the render pool's threads found no
  // tsconfig there and compiled the templates for the classic JSX runtime ("React is not defined", exit 70).
  it("runs from the sources with the render pool's threads too, from the site's own folder", async () => {
    const pkg = await packageCopy();
    await writeFile(join(pkg, "lib/build.json"), "{}");
    const root = await mkdtemp(join(tmpdir(), "ppguide-threaded-"));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    // Big enough for the pool of threads (engine/render-pages.ts), and for the link scan's.
    await writePpguideSite(root, 600);
    const outcome = await run(pkg, ["build", "--no-search-index"], root);
    expect(outcome.stderr).toContain("so ppguide runs from its sources");
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.fromLib).toBe(false);
    expect(await readFile(join(root, "dist/article-1.html"), "utf8")).toContain("Getting there</h2>");
  }, 180_000);

  // Regression (issue 23): run from V8's code cache, the bundle could not import(): a run that had
  // to encode an image failed with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING (exit 70).
  it("import() inside the sources works from lib/", async () => {
    const pkg = await packageCopy();
    const root = await copyFixture("basic-site");
    const caches = await mkdtemp(join(tmpdir(), "ppguide-caches-"));
    onTestFinished(() => rm(caches, { recursive: true, force: true }));
    // Fresh caches: sharp (outside lib/) is import()ed to encode the share images.
    const outcome = await run(pkg, ["build"], root, { PPGUIDE_CACHE_DIR: caches });
    expect(outcome).toMatchObject({ code: 0, fromLib: true });
    expect(existsSync(join(root, ".ppguide-cache/images"))).toBe(true);
  }, 180_000);

  it("a render thread that runs nothing fails the build: exit 70, the lock released, the output untouched", async () => {
    const pkg = await packageCopy();
    // Big enough for the build to render on the pool of threads.
    const root = await mkdtemp(join(tmpdir(), "ppguide-threaded-"));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    await writePpguideSite(root, 320, "1");
    expect((await run(pkg, ["build"], root)).code).toBe(0);
    const before = await treeHash(join(root, "dist"));
    // An empty worker that lib/build.json vouches for: what a worker that cannot start looks like.
    await writeFile(join(pkg, "lib/render-worker.cjs"), "");
    const record = JSON.parse(await readFile(join(pkg, "lib/build.json"), "utf8")) as { files: Record<string, string> };
    record.files["render-worker.cjs"] = createHash("sha256").update("").digest("hex");
    await writeFile(join(pkg, "lib/build.json"), JSON.stringify(record));
    await writePpguideSite(root, 320, "2");
    // On a pool of two threads, whatever the runner's cores.
    const outcome = await run(pkg, ["build"], root, { PPGUIDE_THREADS: "2" });
    expect(outcome.stderr).toMatch(/No handler function exported from .*render-worker\.cjs/);
    expect(outcome.code).toBe(70);
    expect(existsSync(join(root, "dist.ppguide/lock"))).toBe(false);
    expect(await treeHash(join(root, "dist"))).toBe(before);
  }, 180_000);
});

describe("the code's digest (core/code-id.ts), which names the code in lib/build.json and in every cache key", () => {
  // Three small packages, one a test, whose files were all changed more than RACY_MS before the
  // tests take their records (a file's change time cannot be set back: it must be waited for).
  const packages: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const dir = await mkdtemp(join(tmpdir(), "ppguide-code-"));
      await mkdir(join(dir, "src/core"), { recursive: true });
      await writeFile(join(dir, "src/core/a.ts"), "export const a = 1;\n");
      await writeFile(join(dir, "package.json"), '{ "name": "ppguide" }\n');
      packages.push(dir);
    }
    await new Promise((r) => setTimeout(r, RACY_MS + 100));
  });
  afterAll(() => Promise.all(packages.map((dir) => rm(dir, { recursive: true, force: true }))));
  const smallPackage = () => packages.pop()!;

  it("trusts a recorded stamp instead of reading the file, and notices an edit that keeps the size", async () => {
    const dir = smallPackage();
    const recorded = codeDigest(dir, {}, Date.now());
    expect(Object.keys(recorded.files).sort()).toEqual(["package.json", "src/core/a.ts"]);
    expect(recorded.files["src/core/a.ts"]![0]).not.toBe("");
    // The same files: the same digest, from the stamps alone.
    expect(codeDigest(dir, recorded.files).digest).toBe(recorded.digest);
    // A digest recorded beside an unchanged stamp is believed: the file was not read.
    const believed = {
      ...recorded.files,
      "src/core/a.ts": [recorded.files["src/core/a.ts"]![0], "0".repeat(64)] as [string, string],
    };
    expect(codeDigest(dir, believed).digest).not.toBe(recorded.digest);
    // An edit of the same size changes the stamp's times, so the file is read and the digest changes.
    await writeFile(join(dir, "src/core/a.ts"), "export const a = 2;\n");
    expect(codeDigest(dir, recorded.files).digest).not.toBe(recorded.digest);
    expect(codeDigest(dir, recorded.files).digest).toBe(codeDigest(dir).digest);
  });

  it("records no stamp for a file changed just before the record: a second write in the same tick could keep its stamp", async () => {
    const dir = smallPackage();
    await writeFile(join(dir, "src/core/a.ts"), "export const a = 3;\n");
    const recorded = codeDigest(dir, {}, Date.now());
    expect(recorded.files["src/core/a.ts"]![0]).toBe("");
    expect(recorded.files["package.json"]![0]).not.toBe("");
    // A file with no stamp is read every time.
    const believed = { ...recorded.files, "src/core/a.ts": ["", "0".repeat(64)] as [string, string] };
    expect(codeDigest(dir, believed).digest).toBe(recorded.digest);
  });

  it("a file added or taken away changes the digest", async () => {
    const dir = smallPackage();
    const recorded = codeDigest(dir, {}, Date.now());
    await writeFile(join(dir, "src/core/b.ts"), "");
    const added = codeDigest(dir, recorded.files).digest;
    expect(added).not.toBe(recorded.digest);
    await rm(join(dir, "src/core/b.ts"));
    expect(codeDigest(dir, recorded.files).digest).toBe(recorded.digest);
  });
});
