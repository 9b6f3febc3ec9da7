/**
 * The README's figures about the suite that can be counted without running it: how many test files
 * `npm test` runs. The number of tests and the time are one measured run's, said as such.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { expect, it } from "vitest";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import config from "../../vitest.config.ts";

it("the README's count of test files is the number vitest's include finds", async () => {
  const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");
  const said = /`npm test` runs [\d,]+ tests in ([\d,]+) files/.exec(readme)?.[1];
  expect(said, "the README says how many files npm test runs").toBeDefined();
  const include = config.test?.include ?? [];
  const files = await fg(include, { cwd: PACKAGE_DIR, ignore: ["**/node_modules/**"] });
  expect(include.length).toBeGreaterThan(0);
  expect(Number(said!.replace(/,/g, ""))).toBe(files.length);
});
