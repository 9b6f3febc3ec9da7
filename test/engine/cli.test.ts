import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { copyFixture, edit } from "../helpers/fixture.ts";

const bin = fileURLToPath(new URL("../../bin/ppguide", import.meta.url));
const run = (args: string[]) =>
  promisify(execFile)(bin, args, { encoding: "utf8" }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe("the ppguide CLI", () => {
  it("prints its version and per-command help", async () => {
    const pkg = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8"));
    expect((await run(["--version"])).stdout.trim()).toBe(pkg.version);
    const help = await run(["build", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--out <dir>");
  });

  it("exits 2 on bad usage", async () => {
    const result = await run(["no-such-command"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'no-such-command'");
  });

  it("builds a site and ends with a one-line summary", async () => {
    const root = await copyFixture("basic-site");
    const result = await run(["build", "--root", root]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^Built 7 pages, 1 aliases and \d+ assets into .*dist in \d+\.\d\d s$/);
  });

  it("reports every manifest mistake with file:line:col and exits 1", async () => {
    const root = await copyFixture("basic-site");
    await edit(join(root, "site.yaml"), "related: [/flan-recipe, /bakeries, /guides]", "related: [/flan-recipe, /bakeries]");
    await edit(join(root, "site.yaml"), "    kind: index\n", "    kind: catalogue\n");
    const result = await run(["build", "--root", root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("site.yaml:54:14  routes[1].related  related must list exactly 3 routes, found 2.");
    expect(result.stderr).toContain("site.yaml:74:11  routes[4].kind  'catalogue' is not allowed. Use one of: home, article");
    expect(result.stderr).toContain("2 problems found; nothing was written.");
  });
});
