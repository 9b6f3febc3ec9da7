/**
 * `ppguide check-links DIR` through the CLI's one reporter: each broken link or anchor is a
 * BrokenLink, `FILE:LINE:COL  HREF  reason (did you mean …?)  [BrokenLink]` on stderr in text,
 * the summary on stdout; one JSON object with --format json; exit 1 when anything is broken, 2
 * when the folder is not one to check.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/outcome.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures");
const lines = (text: string) => text.trimEnd().split("\n");

describe("ppguide check-links", () => {
  it("exits 0 on a clean site, with the summary", async () => {
    const { code, stdout, stderr } = await runCli(["check-links", join(fixtures, "links-site")], fixtures);
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: "8 pages, 50 references, 0 problems\n", stderr: "" });
  }, 60_000);

  it("exits 1 with one located line per problem, then the summary", async () => {
    const { code, stdout, stderr } = await runCli(["check-links", join(fixtures, "links-broken")], fixtures);
    expect(code).toBe(1);
    expect(lines(stderr)).toHaveLength(23);
    expect(lines(stderr)[3]).toBe("index.html:11:10  /nowhere/  missing page  [BrokenLink]");
    expect(lines(stderr)).toContain(
      "index.html:12:10  /guide/#Mangu  missing anchor (did you mean /guide/#Mangú?)  [BrokenLink]",
    );
    expect(stdout).toBe("3 pages, 28 references, 23 problems\n");
    // --quiet: the problems only.
    const quiet = await runCli(["check-links", join(fixtures, "links-broken"), "--quiet"], fixtures);
    expect(quiet).toEqual({ code: 1, stdout: "", stderr });
  }, 60_000);

  it("prints one JSON object with --format json", async () => {
    const { code, stdout } = await runCli(
      ["check-links", join(fixtures, "links-broken"), "--format", "json"],
      fixtures,
    );
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ command: "check-links", ok: false, exitCode: 1, interrupted: false });
    expect(report.summary).toEqual({ pages: 3, references: 28 });
    expect(report.problems).toHaveLength(23);
    expect(report.problems[3]).toEqual({
      code: "BrokenLink",
      severity: "error",
      file: "index.html",
      line: 11,
      column: 10,
      message: "/nowhere/  missing page",
      hint: null,
    });
  }, 60_000);

  it.each([
    ["a missing folder", "no-such-dist", /does not exist\. Build the site first.*\[LinksDirNotFound\]/],
    ["a folder without pages", "links-site/css", /no HTML pages .*\[LinksNoPages\]/],
  ])(
    "exits 2 with a clear message for %s",
    async (_what, dir, expected) => {
      const { code, stdout, stderr } = await runCli(["check-links", join(fixtures, dir)], fixtures);
      expect(code).toBe(2);
      expect(stderr).toMatch(expected);
      expect(stdout).toBe("");
    },
    60_000,
  );
});
