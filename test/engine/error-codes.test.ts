/**
 * The error catalogue's own checks. Each code is made to happen in every-code.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { describe as describeError, PpgError } from "../../src/core/errors.ts";
import { errorsMarkdown } from "../../scripts/errors-doc.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import { compiledPackage } from "../helpers/package-copy.ts";

describe("an error from a template", () => {
  it("TemplateFailed keeps the template's own stack", () => {
    const thrown = new Error("Cannot read properties of undefined (reading 'title')");
    const err = new PpgError("TemplateFailed", { route: "/beaches", reason: thrown.message }, { cause: thrown });
    expect(describeError(err)).toContain(
      `[TemplateFailed]\n    Error: Cannot read properties of undefined (reading 'title')\n    `,
    );
    expect(describeError(err)).toContain("error-codes.test.ts");
  });

  it("a stack from the compiled CLI (a render thread's) names the lines of templates/ it was made from; others stay", async () => {
    await compiledPackage();
    const worker = join(PACKAGE_DIR, "lib", "render-worker.cjs");
    // The first line of the layout's code in the compiled file (esbuild heads each module with its path).
    const lines = readFileSync(worker, "utf8").split("\n");
    const line = lines.indexOf("// templates/Layout.tsx") + 2;
    expect(line).toBeGreaterThan(1);
    const thrown = new Error("boom");
    thrown.stack = `Error: boom\n    at Layout (${worker}:${line}:1)\n    at ${worker}:${line}:1\n    at f (/elsewhere/x.cjs:1:1)`;
    const err = new PpgError("TemplateFailed", { route: "/beaches", reason: thrown.message }, { cause: thrown });
    const shown = describeError(err);
    const layout = join(PACKAGE_DIR, "templates", "Layout.tsx");
    expect(shown).toContain(`at Layout (${layout}:`);
    expect(shown).toContain(`at ${layout}:`);
    expect(shown).not.toContain("render-worker.cjs");
    expect(shown).toContain("at f (/elsewhere/x.cjs:1:1)");
  });
});

describe("the catalogue", () => {
  it("docs/errors.md is the catalogue as `npm run docs:errors` writes it", () => {
    expect(readFileSync(fileURLToPath(new URL("../../docs/errors.md", import.meta.url)), "utf8")).toBe(
      errorsMarkdown(),
    );
  });
});

/**
 * The codes whose message or hint chooses among wordings: a `switch`, a conditional whose branch is
 * another conditional, or a test of which parameters it was given (`"errno" in p`). A plural or an
 * optional clause is not a choice.
 */
function choosingCodes(): string[] {
  const file = fileURLToPath(new URL("../../src/core/errors-data.ts", import.meta.url));
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const chooses = (node: ts.Node): boolean =>
    ts.isSwitchStatement(node) ||
    (ts.isConditionalExpression(node) &&
      [node.whenTrue, node.whenFalse].some((b) => ts.isConditionalExpression(skipParens(b)))) ||
    (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword) ||
    (ts.forEachChild(node, (child) => chooses(child) || undefined) ?? false);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      ["message", "hintFor"].includes(node.name.text)
    ) {
      const entry = node.parent.parent;
      if (ts.isPropertyAssignment(entry) && ts.isIdentifier(entry.name) && chooses(node.initializer))
        found.add(entry.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...found].sort();
}

function skipParens(node: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(node) ? skipParens(node.expression) : node;
}

describe("light logic in messages", () => {
  it("every code whose message chooses among wordings is listed, with what it chooses by, in errors-README.md", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../src/core/errors-README.md", import.meta.url)), "utf8");
    const table = readme.slice(readme.indexOf("## Codes that word one situation several ways"));
    const listed = [...table.matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]).sort();
    expect(choosingCodes()).toEqual(listed);
  });
});
