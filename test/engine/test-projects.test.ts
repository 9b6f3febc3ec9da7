/**
 * How vitest.config.ts splits the suite. Each test file runs in exactly one of its projects, so
 * `npm test` runs every file once and `npm run test:fast` leaves out only the slow ones. The files
 * of a worker share its modules, run once for all of them: so a file that replaces a module others
 * import must run isolated, and a helper must not register a hook when it is first imported, since
 * only the first file to import it would get the hook. Read from the sources' syntax (TypeScript's
 * parser).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { expect, it } from "vitest";
import config, { ISOLATED_FILES, SLOW_FILES, TEST_FILES } from "../../vitest.config.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const HOOKS = new Set(["afterAll", "beforeAll", "afterEach", "beforeEach"]);

function syntaxOf(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
}

/** The name a call is made through: `afterAll(...)` is afterAll, `vi.mock(...)` is vi.mock. */
function callee(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node)) return undefined;
  const called = node.expression;
  if (ts.isIdentifier(called)) return called.text;
  if (ts.isPropertyAccessExpression(called) && ts.isIdentifier(called.expression))
    return `${called.expression.text}.${called.name.text}`;
  return undefined;
}

function calls(source: ts.SourceFile, wanted: (name: string) => boolean): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    const name = callee(node);
    if (name && wanted(name)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it("runs every test file in exactly one project, the slow ones outside the fast set", async () => {
  const all = fg.sync(TEST_FILES, { cwd: ROOT, ignore: ["**/node_modules/**"] }).sort();
  const projects = (config.test?.projects ?? []) as { test: { name: string; include: string[]; exclude?: string[] } }[];
  const filesOf = new Map(
    projects.map(({ test }) => [test.name, fg.sync(test.include, { cwd: ROOT, ignore: test.exclude ?? [] }).sort()]),
  );
  expect([...filesOf.keys()]).toEqual(["fast", "slow", "isolated"]);
  expect([...filesOf.values()].flat().sort()).toEqual(all);
  const slow = fg.sync(SLOW_FILES, { cwd: ROOT });
  expect(slow).toContain("test/engine/incremental.test.ts");
  expect(filesOf.get("fast")!.filter((file) => slow.includes(file))).toEqual([]);
});

it("runs isolated exactly the files that replace a module, and every file that does", () => {
  const mocking = fg
    .sync("test/**/*.test.{ts,tsx}", { cwd: ROOT, ignore: ["**/node_modules/**"] })
    .filter((file) => calls(syntaxOf(file), (name) => name === "vi.mock" || name === "vi.doMock"))
    .sort();
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking).toEqual([...ISOLATED_FILES].sort());
});

it("registers no hook from a helper's top level, where only the first file to import it would get it", () => {
  const helpers = fg.sync("test/**/*.ts", { cwd: ROOT, ignore: ["**/node_modules/**", "**/*.test.ts"] });
  expect(helpers).toContain("test/helpers/scratch.ts");
  const registering = helpers.filter((file) =>
    syntaxOf(file).statements.some((s) => ts.isExpressionStatement(s) && HOOKS.has(callee(s.expression) ?? "")),
  );
  // The one setup file vitest runs before every test file.
  expect(registering).toEqual(["test/helpers/each-file.ts"]);
});
