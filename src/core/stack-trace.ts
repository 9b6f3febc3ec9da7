import { readFileSync } from "node:fs";
import { SourceMap, type SourceMapping } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { PACKAGE_DIR } from "./package-dir.ts";

/**
 * The stack trace of a thrown value, as it is printed (a crash's report, a template's exception):
 * each frame in the compiled CLI (lib/*.cjs, scripts/build-cli.mjs) names the line of src/ or
 * templates/ it was compiled from, through the source map beside the file.
 *
 * Node could map every stack itself (process.setSourceMapsEnabled), but it then reads and indexes
 * each map while the CLI loads, a tenth of a command's start (docs/performance.md), for a stack
 * that is rarely printed. Here a map is read only when a stack is printed. Frames already in the
 * sources (run through tsx, which maps its own) are left as they are.
 */
export function stackOf(thrown: unknown): string {
  const stack = thrown instanceof Error ? thrown.stack : undefined;
  return stack === undefined ? String(thrown) : mappedFrames(stack);
}

/** `text` (a stack, or an error as Node inspects it) with each frame in lib/ mapped to the sources. */
export function mappedFrames(text: string): string {
  return text.replace(FRAME, mapFrame);
}

/** A frame in a .cjs file: `at name (file:line:column)` or `at file:line:column`. */
const FRAME = /^(\s*at (?:.* \()?)(.+\.cjs):(\d+):(\d+)(\)?)$/gm;

const LIB = join(PACKAGE_DIR, "lib") + sep;

function mapFrame(frame: string, head: string, file: string, line: string, column: string, tail: string): string {
  const entry: Partial<SourceMapping> | undefined = file.startsWith(LIB)
    ? mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1)
    : undefined;
  if (entry?.originalSource === undefined || entry.originalLine === undefined) return frame;
  const source = resolve(dirname(file), entry.originalSource);
  return `${head}${source}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}${tail}`;
}

const maps = new Map<string, SourceMap | undefined>();

function mapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      // No map, or not one: the frame is printed as it is.
    }
    maps.set(file, map);
  }
  return maps.get(file);
}
