/**
 * Comments that stay true: every file a comment under src/ or templates/ names exists, and every
 * function it names as `name()` is one the code declares. A comment that points at a removed file
 * (`markdown.ts:136` once named a file deleted long before) or a renamed function sends a reader
 * nowhere; this fails the moment one does.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR } from "../../src/core/package-dir.ts";

const SOURCES = ["src/**/*.{ts,tsx,mjs}", "templates/**/*.{ts,tsx}"];
/** Folders a comment's path may be written from: the repository, src/, and the commenting file's own. */
const BASES = ["", "src"];
/** A path to a file of the project: a name with one of its extensions, maybe after folders. */
const FILE = /(?<![\w./@-])((?:[\w.-]+\/)*[\w-]+\.(?:ts|tsx|mjs|md|json|yaml|yml|css))(?::\d+)?(?![\w/])/g;
/** A function named as code names it: `name()` or name() written in a comment. */
const CALL = /(?<![\w.$])([a-z][A-Za-z0-9]{2,})\(\)/g;

interface Comment {
  file: string;
  line: number;
  text: string;
}

/** Every comment of every source file, with the line it starts on. */
function comments(): Comment[] {
  const found: Comment[] = [];
  for (const file of fg.sync(SOURCES, { cwd: PACKAGE_DIR })) {
    const text = readFileSync(join(PACKAGE_DIR, file), "utf8");
    const kind = file.endsWith(".tsx")
      ? ts.ScriptKind.TSX
      : file.endsWith(".mjs")
        ? ts.ScriptKind.JS
        : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    // The parser knows a regular expression from a division, which a bare scan does not: every
    // comment is found beside the node it precedes or follows.
    const seen = new Set<number>();
    const take = (ranges: ts.CommentRange[] | undefined) => {
      for (const r of ranges ?? []) {
        if (seen.has(r.pos)) continue;
        seen.add(r.pos);
        found.push({ file, line: sf.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) });
      }
    };
    const visit = (node: ts.Node) => {
      take(ts.getLeadingCommentRanges(text, node.getFullStart()));
      take(ts.getTrailingCommentRanges(text, node.getEnd()));
      ts.forEachChild(node, visit);
    };
    visit(sf);
    take(ts.getLeadingCommentRanges(text, sf.endOfFileToken.getFullStart()));
  }
  return found;
}

/** Every name the code declares: functions, methods, and consts holding functions (and any other binding). */
function declaredNames(): Set<string> {
  const names = new Set<string>();
  const files = fg.sync([...SOURCES, "scripts/**/*.{ts,mjs}", "bench/*.ts"], { cwd: PACKAGE_DIR });
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(join(PACKAGE_DIR, file), "utf8"), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      const name = (node as { name?: ts.Node }).name;
      if (name && ts.isIdentifier(name)) names.add(name.text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return names;
}

/** Whether a path a comment gives names a file: from the repository, src/, or the commenting file's folder. */
function exists(path: string, from: string): boolean {
  const bases = [...BASES, dirname(from)];
  if (bases.some((base) => existsSync(join(PACKAGE_DIR, base, path)))) return true;
  // A bare name (`render.tsx`) is any file of that name in the project.
  return (
    !path.includes("/") &&
    fg.sync(`**/${path}`, { cwd: PACKAGE_DIR, ignore: ["**/node_modules/**", "dist/**", "**/.cache/**"] }).length > 0
  );
}

/**
 * Paths a comment may name that are no file of the project: other projects' files (Astro's, workerd's),
 * files ppguide writes (a shard's manifest, the service worker's), and names given as examples (`x.md`, `a.md`, `file.yaml`).
 */
const ELSEWHERE = new RegExp(
  [
    "^(?:packages/|hugolib/|pages-shared/|workers-shared/)",
    String.raw`^handler\.ts$`,
    String.raw`^core/(?:output-filename\.ts|errors/errors-data\.ts|routing/3xx\.ts)$`,
    String.raw`^(?:[\w-]+/)*(?:ppguide-shard|sw-manifest|pagefind-entry)\.json$`,
    String.raw`(?:^|/)(?:x|a|file)\.[a-z]+$`,
  ].join("|"),
);

describe("comments", () => {
  const all = comments();

  it("finds the comments it checks", () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some((c) => c.file === "src/engine/build.ts" && c.text.includes("load → check"))).toBe(true);
  });

  it("name only files that exist", () => {
    const missing: string[] = [];
    for (const c of all)
      for (const m of c.text.matchAll(FILE)) {
        const path = m[1] ?? "";
        if (ELSEWHERE.test(path) || exists(path, c.file)) continue;
        missing.push(`${c.file}:${c.line}  ${path}`);
      }
    expect(missing).toEqual([]);
  });

  it("name only functions the code declares", () => {
    const names = declaredNames();
    // Functions of the platform and of libraries that comments name as they are called.
    const library = new Set([
      "addDirectory",
      "addHTMLFile",
      "addCustomRecord",
      "writeFiles",
      "getFiles",
      "mergeIndex",
      "renderToStaticMarkup",
      "persist",
      "decodeURI",
      "encodeURI",
      "realpath",
      "structuredClone",
      "matchAll",
      "setTimeout",
      "fetch",
      "import",
    ]);
    const unknown: string[] = [];
    for (const c of all)
      for (const m of c.text.matchAll(CALL)) {
        const name = m[1] ?? "";
        if (names.has(name) || library.has(name)) continue;
        unknown.push(`${c.file}:${c.line}  ${name}()`);
      }
    expect(unknown).toEqual([]);
  });

  it("would see a file or a function that does not exist", () => {
    const text = "// see markdown.ts:136 and renderBody() in src/render/gone.tsx; keep pageFile() as is";
    const files = [...text.matchAll(FILE)].map((m) => m[1] ?? "").filter((p) => !exists(p, "src/render/x.ts"));
    expect(files).toEqual(["src/render/gone.tsx"]);
    const names = declaredNames();
    expect([...text.matchAll(CALL)].map((m) => m[1] ?? "").filter((n) => !names.has(n))).toEqual([]);
    expect(names.has("pageFile") && !names.has("renderBodyGone")).toBe(true);
  });
});
