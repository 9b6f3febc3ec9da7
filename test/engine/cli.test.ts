import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/engine/build.ts";
import { copyFixture, edit } from "../helpers/fixture.ts";
import { writeInlineSite } from "../helpers/inline-site.ts";
import { compiledPackage } from "../helpers/package-copy.ts";
import { writePpguideSite } from "../helpers/synthetic-site.ts";

const bin = fileURLToPath(new URL("../../bin/ppguide", import.meta.url));
const run = (args: string[]) =>
  promisify(execFile)(bin, args, { encoding: "utf8" }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe("the ppguide CLI", () => {
  beforeAll(compiledPackage, 120_000);
  it("prints its version and per-command help", async () => {
    const pkg = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8"));
    expect((await run(["--version"])).stdout.trim()).toBe(pkg.version);
    const help = await run(["build", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--out <dir>");
  });

  it("build --explain names each page it rendered and the input that changed it; --verify agrees with a clean build", async () => {
    const root = await copyFixture("basic-site");
    const first = await run(["build", "--root", root, "--explain"]);
    expect(first.stdout).toContain("  rendered /beaches: first build\n");
    await edit(join(root, "content/articles/beaches.md"), "Our favourite beaches", "Our very favourite beaches");
    await edit(
      join(root, "content/listings/bakeries.yaml"),
      "selling bread and cakes",
      "selling bread, buns and cakes",
    );
    const explained = await run(["build", "--root", root, "--explain", "--verify"]);
    expect(explained.code, explained.stderr).toBe(0);
    expect(explained.stdout.split("\n").filter((l) => l.startsWith("  rendered "))).toEqual([
      "  rendered /beaches: its Markdown",
      "  rendered /bakeries: its listings",
    ]);
    expect(explained.stdout).toMatch(/^ {2}search index: \d+ files written, the rest unchanged \(pagefind\/.*pf_meta/m);
    expect(explained.stdout).toContain(
      "Verified: a clean build of the same sources writes the same files, byte for byte.",
    );
    expect((await readdir(join(root, "dist.ppguide"))).filter((f) => f.startsWith("verify"))).toEqual([]);
  });

  it("exits 2 on bad usage", async () => {
    const result = await run(["no-such-command"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'no-such-command'");
  });

  it("builds a site and ends with a one-line summary, then the placeholders left", async () => {
    const root = await copyFixture("basic-site");
    const result = await run(["build", "--root", root]);
    expect(result.code).toBe(0);
    const [summary, placeholders] = result.stdout.trim().split("\n");
    expect(summary).toMatch(/^Built 8 pages, 1 aliases and \d+ assets into .*dist in \d+\.\d\d s$/);
    // The fixture keeps .example domains and bare social links (test/engine/placeholders.test.ts).
    expect(placeholders).toMatch(/^10 placeholders left to replace before going live \(.*\): --placeholders lists/);
  });

  // Regression: `npm run build` failed with "sh: 1: ppguide: not found" on a fresh clone, because
  // npm puts only dependencies' bins on a script's PATH, never the package's own.
  it("runs through npm run build and npm run check-links", async () => {
    const root = await copyFixture("basic-site");
    const npm = (args: string[]) =>
      promisify(execFile)("npm", ["run", "--silent", ...args], {
        cwd: fileURLToPath(new URL("../..", import.meta.url)),
        encoding: "utf8",
      });
    const built = await npm(["build", "--", "--root", root, "--out", join(root, "out")]);
    expect(built.stdout).toMatch(/^Built 8 pages/);
    const checked = await npm(["check-links", "--", join(root, "out")]);
    expect(checked.stdout).toMatch(/\d+ pages, \d+ references, 0 problems/);
  });

  it("reports every manifest mistake with file:line:col and exits 1", async () => {
    const root = await writeInlineSite(`
      -- site.yaml --
      routes:
        - { path: /a, kind: article, content: a.md, related: [/filler-1, /filler-2] }
        - { path: /b, kind: catalogue, title: B, description: A page of a kind that does not exist. }
      -- content/a.md --
      A.
    `);
    const result = await run(["build", "--root", root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("site.yaml:2:56  routes[0].related  related must list exactly 3 routes, found 2.");
    expect(result.stderr).toContain(
      "site.yaml:3:23  routes[1].kind  'catalogue' is not allowed. Use one of: home, article",
    );
    expect(result.stderr).toContain("2 problems found; nothing was written.");
  });

  it("builds a site past the output-thread threshold with the compiled workers, and rebuilds it the same", async () => {
    const root = await mkdtemp(join(tmpdir(), "ppguide-cli-large-"));
    await writePpguideSite(root, 320);
    for (const pass of ["first build", "rebuild"]) {
      const result = await run(["build", "--root", root]);
      expect(result.stderr, pass).toBe("");
      expect(result.stdout, pass).toMatch(/^Built 323 pages/);
    }
    await build({ root, out: join(root, "inline"), workers: false });
    const files = (await readdir(join(root, "inline"), { recursive: true })).sort();
    expect((await readdir(join(root, "dist"), { recursive: true })).sort()).toEqual(files);
    for (const f of files.filter((f) => f.endsWith(".html")))
      expect(await readFile(join(root, "dist", f), "utf8"), f).toBe(await readFile(join(root, "inline", f), "utf8"));
  });

  it("reports a crash with a stack that points into src/, not into lib/, through the source maps", async () => {
    // What bin/ppguide does: lib/, with Node's own source maps off (main(null) is a crash of ppguide's own).
    const script = `require(${JSON.stringify(fileURLToPath(new URL("../../lib/ppguide.cjs", import.meta.url)))}).main(null);`;
    const result = await promisify(execFile)(process.execPath, ["-e", script], { encoding: "utf8" }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code).toBe(70);
    expect(result.stderr).toContain("ppguide crashed");
    expect(result.stderr).toMatch(/at (Object\.)?main \(.*src\/cli\/main\.ts:\d+:\d+\)/);
    expect(result.stderr).not.toMatch(/lib\/ppguide\.cjs:\d/);
    // The map holds the mappings, not the sources' text.
    const map = JSON.parse(
      await readFile(fileURLToPath(new URL("../../lib/ppguide.cjs.map", import.meta.url)), "utf8"),
    );
    expect(map.mappings.length).toBeGreaterThan(0);
    expect(map.sourcesContent).toBeUndefined();
  });
});
