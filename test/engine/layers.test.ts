/**
 * The folders of src/, with templates/ and bin/, are floors: a module imports only from its own
 * floor or those below it. core/ (errors, caches, file-system and text helpers) is the ground
 * floor and imports nothing else under src/; templates/ sit above rendering, which is given them
 * and never imports them; engine/ is the pipeline, which only the commands above it may import;
 * bin/ppguide is the top. TypeScript's own pre-processor lists each file's imports, type-only and
 * dynamic ones included.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Lowest first. Folders on one floor do not import each other either way round (see below). */
const FLOORS: string[][] = [
  ["core"],
  ["manifest", "links", "search"],
  ["content", "assets"],
  ["render"],
  ["templates"],
  ["site", "client"],
  ["output", "audits"],
  ["serve"],
  ["engine"],
  // Neither imports the other: what both need (listening, the Host check, request paths) is serve/'s.
  ["dev", "preview"],
  ["cli"],
  ["bin"],
];
const floorOf = new Map(FLOORS.flatMap((folders, floor) => folders.map((f) => [f, floor] as const)));

interface Import {
  from: string;
  to: string;
  line: number;
}

/** A file's place among the floors: `core/errors.ts` for src/core/errors.ts, `templates/x.tsx`, `bin/ppguide`. */
const placeOf = (fromRoot: string) => (fromRoot.startsWith("src/") ? fromRoot.slice("src/".length) : fromRoot);

/** Every import of a module under src/, templates/ or bin/ by another folder's module. */
function crossFolderImports(): Import[] {
  return moduleImports().filter(({ from, to }) => to.split("/")[0] !== from.split("/")[0]);
}

/** Every import of a module under src/, templates/ or bin/ by another of them. */
function moduleImports(): Import[] {
  const found: Import[] = [];
  for (const file of fg.sync(["src/**/*.{ts,tsx,mjs}", "templates/**/*.{ts,tsx}", "bin/ppguide"], { cwd: ROOT })) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      if (!ref.fileName.startsWith(".")) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(file), ref.fileName));
      // lib/ is what scripts/build-cli.mjs compiles from src/: bin/ppguide's way to src/cli.
      if (target.startsWith("..") || target.startsWith("lib/")) continue;
      const [from, to] = [placeOf(file), placeOf(target)];
      found.push({
        from,
        to,
        line: ts.createSourceFile(file, text, ts.ScriptTarget.Latest).getLineAndCharacterOfPosition(ref.pos).line + 1,
      });
    }
  }
  return found;
}

/**
 * The import circles, each as its modules in a ring (Tarjan's strongly connected components): a
 * circle makes the modules in it one module in all but name, which none of them says.
 */
function circles(imports: readonly Pick<Import, "from" | "to">[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const ring: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) ring.push(w);
    if (ring.length > 1) found.push(ring.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The imports that run upward or sideways, as `file:line imports target`. */
function violations(imports: Import[]): string[] {
  return imports
    .filter(({ from, to }) => {
      const a = floorOf.get(from.split("/")[0]!);
      const b = floorOf.get(to.split("/")[0]!);
      return a === undefined || b === undefined || b >= a;
    })
    .map(({ from, to, line }) => `${from}:${line} imports ${to}`);
}

describe("import direction", () => {
  const imports = crossFolderImports();

  it("finds the imports it judges (type-only and dynamic ones too)", () => {
    expect(imports.length).toBeGreaterThan(50);
    expect(imports).toContainEqual(expect.objectContaining({ from: "cli/build.ts", to: "engine/build.ts" }));
    expect(imports).toContainEqual(
      expect.objectContaining({ from: "output/generated-files.ts", to: "site/load-site.ts" }),
    );
    expect(imports).toContainEqual(expect.objectContaining({ from: "templates/Layout.tsx", to: "render/model.ts" }));
    expect(imports).toContainEqual(expect.objectContaining({ from: "bin/ppguide", to: "cli/main.ts" }));
  });

  it("every folder under src/ has a floor", () => {
    const folders = new Set(fg.sync("*", { cwd: join(ROOT, "src"), onlyDirectories: true }));
    expect([...folders].filter((f) => !floorOf.has(f))).toEqual([]);
  });

  it("no module imports from its own floor's other folders or from above", () => {
    expect(violations(imports)).toEqual([]);
  });

  it("the ground floor imports nothing else under src/", () => {
    expect(imports.filter((i) => i.from.startsWith("core/"))).toEqual([]);
  });

  it("only the commands import the pipeline", () => {
    const users = new Set(imports.filter((i) => i.to.startsWith("engine/")).map((i) => i.from.split("/")[0]));
    expect(users.size).toBeGreaterThan(0);
    expect([...users].filter((f) => !["dev", "preview", "cli"].includes(f ?? ""))).toEqual([]);
  });

  it("no module imports itself through others: no import circles, inside a folder or across", () => {
    expect(circles(moduleImports())).toEqual([]);
  });

  it("would see an import circle", () => {
    const ring = [
      { from: "engine/build.ts", to: "engine/shard.ts" },
      { from: "engine/shard.ts", to: "engine/build.ts" },
      { from: "engine/build.ts", to: "core/errors.ts" },
    ];
    expect(circles(ring)).toEqual([["engine/build.ts", "engine/shard.ts"]]);
  });

  it("would see an upward import", () => {
    expect(
      violations([
        { from: "core/errors.ts", to: "engine/build.ts", line: 3 },
        { from: "render/render.tsx", to: "templates/index.ts", line: 9 },
      ]),
    ).toEqual(["core/errors.ts:3 imports engine/build.ts", "render/render.tsx:9 imports templates/index.ts"]);
  });
});
