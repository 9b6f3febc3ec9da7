/**
 * The README's walk of one article's build (Layout) is the code's: every file it lists exists, each
 * is imported (statically or on demand) by a file before it in the walk, and the numbers of files
 * and returns it states are the list's own. Once the README said "fourteen files, each met once"
 * of a walk that took twenty-seven, with twenty-nine returns.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

const NUMBERS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];

const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");
const layout = readme.slice(readme.indexOf("## Layout"));
const block = /```\n([\s\S]*?)```/.exec(layout)?.[1] ?? "";
/** The walk: each line's file, and whether the line is a return. */
const walk = block
  .split("\n")
  .map((line) => /^(\(again\) )?(\S+)/.exec(line))
  .flatMap((m) => (m?.[2] && /[./]/.test(m[2]) ? [{ file: m[2], again: Boolean(m[1]) }] : []));

/** The files a file imports, by path from the package, type-only and dynamic imports included. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(PACKAGE_DIR, file), "utf8");
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter((ref) => ref.fileName.startsWith("."))
    .map((ref) => relative(PACKAGE_DIR, resolve(PACKAGE_DIR, dirname(file), ref.fileName)));
}

describe("the README's walk of one article's build", () => {
  it("lists existing files, each imported by one before it, and says how many files and returns it has", () => {
    const files = walk.filter((step) => !step.again).map((step) => step.file);
    const returns = walk.filter((step) => step.again);
    expect(files.length).toBeGreaterThan(10);
    // A return is to a file the walk has already entered.
    for (const step of returns) expect(files.slice(0, walk.indexOf(step)), step.file).toContain(step.file);
    expect(new Set(files).size).toBe(files.length);
    const reached = new Set<string>([files[0] ?? ""]);
    for (const file of files.slice(1)) {
      // bin/ppguide starts the compiled CLI or the sources: the sources are what the walk reads.
      const before = [...reached].flatMap((f) =>
        importsOf(f).map((i) => i.replace(/^lib\/(\w+)\.js$/, "src/cli/$1.ts")),
      );
      expect(before, `${file} is imported by no file before it in the walk`).toContain(file);
      reached.add(file);
      // The templates reach the renderer through templates/index.ts, which the load stage imports
      // and hands over (render/ never imports them).
      if (importsOf(file).includes("templates/index.ts")) reached.add("templates/index.ts");
    }
    const said = /is a walk of (\w+) files, with\s+(\w+) returns/.exec(layout);
    expect(said?.slice(1)).toEqual([NUMBERS[files.length], NUMBERS[returns.length]]);
  });
});
