/**
 * The README's walk of one article's build (Layout) is the code's, traced: a build of the guide
 * from the sources, with every call from file to file seen (test/helpers/walk/), finds the files
 * the article's words pass through on their way from its Markdown file to its HTML file, and the
 * README lists exactly those, each imported by a file before it, and says how many. Once the
 * README said "fourteen files, each met once" of a walk that took twenty-seven; later it listed
 * nineteen where a reader following the calls found twenty-eight.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
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
  "twenty-one",
  "twenty-two",
  "twenty-three",
  "twenty-four",
  "twenty-five",
  "twenty-six",
  "twenty-seven",
  "twenty-eight",
  "twenty-nine",
  "thirty",
];

const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");
const layout = readme.slice(readme.indexOf("## Layout"));
const block = /```\n([\s\S]*?)```/.exec(layout)?.[1] ?? "";
/** The walk: each line's file. */
const walk = block
  .split("\n")
  .map((line) => /^(\S+)/.exec(line)?.[1])
  .flatMap((file) => (file && /[./]/.test(file) ? [file] : []));

/** The files a file imports, by path from the package, type-only and dynamic imports included. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(PACKAGE_DIR, file), "utf8");
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter((ref) => ref.fileName.startsWith("."))
    .map((ref) => relative(PACKAGE_DIR, resolve(PACKAGE_DIR, dirname(file), ref.fileName)));
}

/** The article the README walks, and a line of it, as written and as rendered. */
const ARTICLE = {
  written: "[Malecón](/the-malecon-puerto-plata), on a point of land",
  rendered: "Malecón</a>, on a point of land",
};

/** The files a build of the guide passes the article's words through (test/helpers/walk/trace-build.ts). */
async function tracedWalk(): Promise<string[]> {
  const scratch = await mkdtemp(join(tmpdir(), "ppguide-walk-"));
  const result = join(scratch, "walk.json");
  const walker = join(PACKAGE_DIR, "test/helpers/walk");
  await promisify(execFile)(
    process.execPath,
    [
      "--import",
      join(walker, "register.mjs"),
      "--import",
      "tsx/esm",
      join(walker, "trace-build.ts"),
      PACKAGE_DIR,
      join(scratch, "dist"),
      ARTICLE.written,
      ARTICLE.rendered.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      result,
    ],
    { cwd: PACKAGE_DIR, maxBuffer: 64 * 1024 * 1024 },
  );
  const traced = JSON.parse(await readFile(result, "utf8")) as { code: number; walk: string[] };
  expect(traced.code).toBe(0);
  return traced.walk;
}

describe("the README's walk of one article's build", () => {
  it("lists existing files, each imported by one before it, and says how many", () => {
    expect(walk[0]).toBe("bin/ppguide");
    expect(new Set(walk).size).toBe(walk.length);
    const reached = new Set<string>([walk[0] ?? ""]);
    for (const file of walk.slice(1)) {
      // bin/ppguide starts the compiled CLI or the sources: the sources are what the walk reads.
      const before = [...reached].flatMap((f) =>
        importsOf(f).map((i) => i.replace(/^lib\/(\w+)\.js$/, "src/cli/$1.ts")),
      );
      expect(before, `${file} is imported by no file before it in the walk`).toContain(file);
      reached.add(file);
    }
    const said = /a walk of\s+([\w-]+)\s+files/.exec(layout);
    expect(said?.[1]).toBe(NUMBERS[walk.length]);
  });

  it("is the set of files the article's words pass through, traced from a build", async () => {
    const traced = await tracedWalk();
    // The trace sees the code bin/ppguide runs (src/cli/main.ts on), so the walk's first step is the README's own.
    expect(traced.length).toBeGreaterThan(10);
    expect([...traced].sort()).toEqual(walk.slice(1).sort());
  }, 120_000);
});
