/**
 * The pipeline asserts nothing it cannot show: no `x!` in engine/, output/, render/, content/ or
 * site/. A value that may be missing is narrowed, given what its pattern guarantees, or passed
 * through core/invariant.ts's expected(), which names what a stage before should have made and
 * fails as ppguide's own bug. A `!` would instead let an undefined run on into a page.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { expected } from "../../src/core/invariant.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

const PIPELINE = ["engine", "output", "render", "content", "site"];

/** Where a source text holds a non-null assertion, as `line: text`. */
function assertionsIn(name: string, text: string): string[] {
  const kind = name.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.NonNullExpression)
      found.push(`${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("non-null assertions", () => {
  it("are seen where written, and not in a negation or a comparison", () => {
    expect(assertionsIn("a.ts", "const b = a!.b;\nconst c = m.get(k)!;")).toEqual(["1: a!", "2: m.get(k)!"]);
    expect(assertionsIn("a.tsx", "const ok = !a && b !== c; const e = <p>{x!}</p>;")).toEqual(["1: x!"]);
  });

  it("are none in the pipeline's folders", () => {
    const files = fg.sync(
      PIPELINE.map((folder) => `src/${folder}/**/*.{ts,tsx}`),
      { cwd: PACKAGE_DIR },
    );
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      assertionsIn(file, readFileSync(join(PACKAGE_DIR, file), "utf8")).map((at) => `${file}:${at}`),
    );
    expect(found).toEqual([]);
  });

  it("give way to expected(), which names what was missing as ppguide's bug", () => {
    expect(expected(0, "a count")).toBe(0);
    expect(expected("", "a text")).toBe("");
    expect(() => expected(undefined, "the record of /about")).toThrow("ppguide bug: the record of /about");
    expect(() => expected(null, "a page")).toThrow(/^ppguide bug: a page$/);
  });
});
