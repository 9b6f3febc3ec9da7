/**
 * The README's figures about the suite that can be counted without running it: how many test files
 * `npm test` runs. The number of tests and the time are one measured run's, said as such.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/main.ts";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";
import { TEST_FILES } from "../../vitest.config.ts";

it("the README's count of test files is the number vitest's projects run", async () => {
  const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");
  const said = /`npm test` runs ([\d,]+) test files/.exec(readme)?.[1];
  expect(said, "the README says how many files npm test runs").toBeDefined();
  const files = await fg(TEST_FILES, { cwd: PACKAGE_DIR, ignore: ["**/node_modules/**"] });
  expect(files.length).toBeGreaterThan(0);
  expect(Number(said!.replace(/,/g, ""))).toBe(files.length);
});

/**
 * Where the README and the docs send a reader, something is: a pointer to a section of a doc (`docs/x.md`, Section;
 * `docs/x.md` (Section); [text](docs/x.md#anchor)) names one of its headings, wherever it is written (the docs, the
 * code's hints and comments, the tests). Once the README sent readers to `docs/content-format.md` (Offline and
 * installing), which had no such section.
 */
describe("the README's and the docs' pointers", () => {
  const files = fg.sync(
    ["README.md", "docs/*.md", "src/**/*.{ts,tsx}", "templates/**/*.tsx", "scripts/**/*.{ts,mjs}", "test/**/*.ts"],
    // This file's own examples of a pointer are not pointers.
    { cwd: PACKAGE_DIR, ignore: ["**/node_modules/**", "test/fixtures/**", "test/engine/readme-figures.test.ts"] },
  );
  const headings = new Map<string, string[]>();
  const headingsOf = (doc: string) => {
    let found = headings.get(doc);
    if (!found) {
      const text = existsSync(join(PACKAGE_DIR, doc)) ? readFileSync(join(PACKAGE_DIR, doc), "utf8") : "";
      found = text
        .replace(/```[\s\S]*?```/g, "")
        .split("\n")
        .filter((l) => /^#{1,6} /.test(l))
        .map((l) => l.replace(/^#+ /, "").replace(/\s*\{#[^}]*\}$/, ""));
      headings.set(doc, found);
    }
    return found;
  };
  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
  const anchorOf = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");

  it("each names a doc that exists and a heading of it", () => {
    const dead: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(PACKAGE_DIR, file), "utf8");
      for (const m of text.matchAll(/docs\/([\w-]+\.md)`?(?:, |\s+\()"?([A-Z][^)\]"\n,;:.]*)/g)) {
        const doc = `docs/${m[1]}`;
        const section = m[2]!.trim().replace(/\s+/g, " ").toLowerCase();
        if (!headingsOf(doc).some((h) => h.toLowerCase().startsWith(section))) dead.push(`${file}: ${doc}, ${m[2]}`);
      }
      for (const m of text.matchAll(/\]\((\.\.\/)?(docs\/[\w-]+\.md|[\w-]+\.md)#([\w-]+)\)/g)) {
        // From a doc, `../README.md` is the README and `errors.md` a doc beside it.
        const doc = m[1] || m[2]!.startsWith("docs/") || !file.startsWith("docs/") ? m[2]! : `docs/${m[2]}`;
        if (!headingsOf(doc).map(anchorOf).includes(m[3]!)) dead.push(`${file}: ${doc}#${m[3]}`);
      }
      for (const m of text.matchAll(/docs\/([\w-]+\.md)/g))
        if (!existsSync(join(PACKAGE_DIR, "docs", m[1]!))) dead.push(`${file}: docs/${m[1]}`);
    }
    expect(dead).toEqual([]);
  });

  it("the README's table of commands has a row for every command ppguide has, and no other", () => {
    const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");
    const rows = [...readme.matchAll(/^\| `npx ppguide ([a-z][a-z-]*)/gm)].map((m) => m[1]!);
    const commands = createProgram().commands.map((c) => c.name());
    expect([...new Set(rows)].sort()).toEqual([...commands].sort());
  });
});

/**
 * Every `npm run NAME` the README and the docs give a reader is a script of package.json: a
 * renamed or removed script would leave a command that fails where a reader copies it.
 */
it("every npm run the README and the docs name is a script of package.json", () => {
  const scripts = Object.keys(JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")).scripts ?? {});
  const named = fg.sync(["README.md", "docs/*.md"], { cwd: PACKAGE_DIR }).flatMap((file) =>
    [...readFileSync(join(PACKAGE_DIR, file), "utf8").matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((m) => ({
      file,
      script: m[1]!,
    })),
  );
  expect(named.map((n) => n.script)).toContain("test:fast");
  expect(named.filter((n) => !scripts.includes(n.script))).toEqual([]);
});
