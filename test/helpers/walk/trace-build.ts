/**
 * `ppguide build` of a site, run as bin/ppguide runs the sources, with a trace of the calls that
 * decide one page's bytes: `node --import ./register.mjs --import tsx/esm trace-build.ts ROOT OUT
 * SOURCE_MARK HTML_PATTERN RESULT`.
 *
 * Every call from one of ppguide's files into a function another exports is seen (loader.mjs). A
 * call decides the page's bytes when what it gives back holds a text that carries them, as written
 * (SOURCE_MARK, a piece of the page's Markdown) or as rendered (HTML_PATTERN, a pattern of its
 * HTML), and that none of the values it was handed holds: it made them into something new. So does
 * the write of a file whose bytes carry them, and the rename that serves the output. Such a call,
 * and every call it was made within (followed across awaits), are on the walk. RESULT receives the
 * walk's files, and the command's exit code.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs, { writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [root, out, sourceMark, htmlPattern, result] = process.argv.slice(2) as [string, string, string, string, string];
const htmlMark = new RegExp(htmlPattern);

/** The files of the exported functions a call was made within, outermost first. */
const within = new AsyncLocalStorage<readonly string[]>();
/** The files on the walk. */
const onWalk = new Set<string>();
Error.stackTraceLimit = Number.POSITIVE_INFINITY;
process.setSourceMapsEnabled(true);
const PACKAGE = fileURLToPath(new URL("../../../", import.meta.url));
const OWN_FRAME = new RegExp(
  `${PACKAGE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}((?:src|templates)/[^:)]+\\.tsx?):\\d+`,
  "g",
);

/**
 * A call that carries the page's bytes, and every call it was made within: the exported functions
 * (`chain`, followed across awaits) and every function of ppguide's on the stack when it was seen
 * (`stack`: a closure, a class's method, an object's, which the hook does not wrap).
 */
function mark(chain: readonly string[], stack: string | undefined): void {
  const frames = [...(stack ?? "").matchAll(OWN_FRAME)].map((m) => m[1] as string).reverse();
  for (const file of [...frames, ...chain]) onWalk.add(file);
}

/** Whether a text carries the page's bytes, as written or as rendered. */
function marked(text: string): boolean {
  return text.includes(sourceMark) || htmlMark.test(text);
}

/** The texts in a value (bytes read as UTF-8, objects, arrays, maps and sets followed), up to `budget` of them. */
function textsIn(value: unknown, budget: number): Set<string> {
  const texts = new Set<string>();
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (--budget < 0) return;
    if (typeof v === "string") texts.add(v);
    else if (v instanceof Uint8Array) texts.add(Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString());
    else if (v && typeof v === "object" && !seen.has(v)) {
      seen.add(v);
      for (const part of v instanceof Map || v instanceof Set ? v.values() : Object.values(v)) visit(part);
    }
  };
  visit(value);
  return texts;
}

/**
 * Whether a call made the page's bytes into something new: what it gave back holds a text carrying
 * them that none of the values it was handed holds (a function that hands on what it was given, or
 * gathers texts to look through, decides nothing of them).
 */
function decides(args: unknown[], given: unknown): boolean {
  const made = [...textsIn(given, 20_000)].filter(marked);
  if (made.length === 0) return false;
  const handed = textsIn(args, 1_000_000);
  return made.some((text) => !handed.has(text));
}

(globalThis as { __ppguideWalk?: unknown }).__ppguideWalk = (
  file: string,
  fn: (...args: unknown[]) => unknown,
): ((...args: unknown[]) => unknown) => {
  // An async function's callers are on the stack when it is called, not when its promise settles.
  const async = fn.constructor.name === "AsyncFunction";
  return function (this: unknown, ...args: unknown[]) {
    const chain = [...(within.getStore() ?? []), file];
    const called = async ? new Error().stack : undefined;
    const value = within.run(chain, () => fn.apply(this, args));
    const judge = (given: unknown) => {
      if (decides(args, given)) mark(chain, called ?? new Error().stack);
    };
    if (value instanceof Promise) value.then(judge, () => {});
    else judge(value);
    return value;
  };
};

// The file system's writes and the serving rename, seen as they happen. Patched before any of
// ppguide's modules load, so that the names they import are these.
const served = resolve(out);
for (const name of ["writeFile", "writeFileSync", "writeSync", "write"] as const) {
  const original = fs[name] as (...args: unknown[]) => unknown;
  (fs as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    if ([...textsIn(args[1], 1)].some(marked)) mark(within.getStore() ?? [], new Error().stack);
    return original.apply(this, args);
  };
}
const rename = fs.renameSync;
fs.renameSync = (from, to) => {
  if (resolve(String(to)) === served) mark(within.getStore() ?? [], new Error().stack);
  return rename(from, to);
};
syncBuiltinESMExports();

process.on("exit", (code) => {
  writeFileSync(result, JSON.stringify({ code, walk: [...onWalk] }));
});

const { preflight } = await import("../../../src/cli/preflight.ts");
preflight();
const { main } = await import("../../../src/cli/main.ts");
// A first build, as on a fresh clone: what the guide's other builds kept in its caches (each Markdown file as
// last loaded, content/kept-markdown.ts) would take the words another way.
await main(["node", "ppguide", "build", "--root", root, "--out", out, "--no-cache"], { signals: [], stop: () => {} });
