/**
 * A decision the code makes in one place: changed there, it changes for every command. Read from
 * the sources' syntax (TypeScript's parser), so a comment or a longer string naming it does not count.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { expect, it } from "vitest";
import { DEFAULT_OUT } from "../../src/core/output-names.ts";

const ROOT = resolve(import.meta.dirname, "../..");

/** The files of src/ that write `text` as a whole string literal. */
function filesWriting(text: string, files = fg.sync("src/**/*.{ts,tsx}", { cwd: ROOT })): string[] {
  return files.filter((file) => {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
    let found = false;
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text === text) found = true;
      else ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

it("the output folder's default is written in one file, which every command takes it from", () => {
  expect(DEFAULT_OUT).toBe("dist");
  expect(filesWriting(DEFAULT_OUT)).toEqual(["src/core/output-names.ts"]);
});

it("would see the default written a second time", () => {
  // A file of this suite that writes it: the search is not blind to a second place.
  const here = "test/engine/decided-once.test.ts";
  expect(filesWriting("dist", [here, "src/core/output-names.ts"])).toEqual([here, "src/core/output-names.ts"]);
});

/** `file:line` of each call of `object`'s `methods` (console.warn, URL.canParse) in `files`, found in their syntax. */
function callsOf(files: string[], object: string, methods: string[]): string[] {
  return files.flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest);
    const calls: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.expression.getText(source) === object &&
        methods.includes(node.expression.name.text)
      )
        calls.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return calls;
  });
}

it("problems and warnings are printed by the reporter alone", () => {
  const files = fg.sync("src/**/*.{ts,tsx}", { cwd: ROOT });
  const outside = callsOf(files, "console", ["warn", "error"]).filter((at) => !at.startsWith("src/cli/report.ts:"));
  expect(outside).toEqual([]);
  // And it sees them: the reporter prints through console.error.
  expect(callsOf(["src/cli/report.ts"], "console", ["warn", "error"]).length).toBeGreaterThan(3);
});

it("whether a text is a URL is decided by parsedUrl alone, never by URL.canParse", () => {
  // Node 20's URL.canParse calls a Latin-1 host no URL once V8 has optimised its caller (core/url-path.ts).
  // callsOf sees a call when there is one: the test above holds it to the reporter's.
  expect(callsOf(fg.sync("src/**/*.{ts,tsx}", { cwd: ROOT }), "URL", ["canParse"])).toEqual([]);
});

it("a page's file and the URL a host answers with a file are each one function, each the other's inverse", async () => {
  const { fileUrl, pageFile } = await import("../../src/core/output-names.ts");
  for (const route of ["/", "/beaches", "/recipes/flan", "/404", "/café"])
    for (const format of ["file", "directory"] as const) expect(fileUrl(pageFile(route, format))).toBe(route);
  // No other file of src/ turns a page's file back into its URL.
  const files = fg.sync("src/**/*.{ts,tsx}", { cwd: ROOT, ignore: ["src/core/output-names.ts", "src/client/**"] });
  const again = files.filter((file) => /replace\(\/.*index\\\.html\$\//.test(readFileSync(join(ROOT, file), "utf8")));
  expect(again).toEqual([]);
});
