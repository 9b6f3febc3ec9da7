import { createRequire } from "node:module";
import type { Document, Node } from "yaml";
import jsyaml from "js-yaml";
import { PpgError, type SourceLocation } from "../core/errors.ts";

export type PathSegment = string | number;

/**
 * A parsed YAML text that still knows where every value came from, so that a schema error at
 * `/routes/3/related` can be reported as `site.yaml:41:14`.
 */
export interface YamlSource {
  file: string;
  data: unknown;
  /** Location of the value at `path`; `key: true` points at the key of the last segment instead. */
  locate(path: PathSegment[], opts?: { key?: boolean }): SourceLocation;
}

/**
 * Parses YAML text. `lineOffset` shifts reported lines, for front matter that starts below line 1.
 * Throws a one-element PpgError list for a syntax error.
 *
 * Two parsers, each for what it does best: js-yaml reads the text (15 times faster than building
 * `yaml`'s document: 49 ms against 758 ms for a 1,000-route manifest), and `yaml`'s document API
 * with its LineCounter is built only when something must be located, i.e. on the error path.
 */
export function parseYamlSource(text: string, file: string, lineOffset = 0): YamlSource {
  let data: unknown;
  let positioned: PositionedDocument | undefined;
  try {
    // CORE_SCHEMA is YAML 1.2's core schema, as `yaml` uses: dates stay strings.
    data = jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA });
  } catch {
    // Let `yaml` describe the problem, so messages and positions are the same on every path.
    positioned = positionedDocument(text, file, lineOffset);
    data = positioned.doc.toJS();
  }
  return yamlSource(text, file, lineOffset, data, positioned);
}

/** A YamlSource for text whose data is known already (parsed before): positions are found only if asked for. */
export function yamlSource(text: string, file: string, lineOffset: number, data: unknown, positioned?: PositionedDocument): YamlSource {
  return {
    file,
    data,
    locate(path, opts = {}) {
      positioned ??= positionedDocument(text, file, lineOffset);
      return positioned.at(offsetOf(positioned.doc, path, opts.key ?? false));
    },
  };
}

interface PositionedDocument {
  doc: Document;
  at(offset: number): SourceLocation;
}

// Loaded with the first error to locate: a build that finds none never pays for the module.
const require = createRequire(import.meta.url);
let yamlModule: typeof import("yaml") | undefined;
const yaml = () => (yamlModule ??= require("yaml") as typeof import("yaml"));

function positionedDocument(text: string, file: string, lineOffset: number): PositionedDocument {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): SourceLocation => {
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line + lineOffset, column: pos.col };
  };
  if (doc.errors.length > 0) {
    // Only the first: one mis-indented line makes the parser report a cascade of errors on the
    // lines after it that all disappear once the first is fixed.
    const e = doc.errors[0];
    throw [
      new PpgError("YamlSyntax", `YAML syntax error: ${firstLine(e.message)}`, {
        location: at(e.pos[0]),
        hint: "Check the indentation and quoting on this line (quote values that contain ': ' or start with a special character).",
      }),
    ];
  }
  return { doc, at };
}

function firstLine(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/** Walks as deep as the path exists and returns the offset of the deepest node found. */
function offsetOf(doc: Document, path: PathSegment[], wantKey: boolean): number {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: Node | null | undefined = doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) return offset;
      const keyNode = pair.key as Node;
      if (last && wantKey) return keyNode.range?.[0] ?? offset;
      node = pair.value as Node | null;
      // `key:` with no value has no node of its own: point at the key.
      offset = node?.range?.[0] ?? keyNode.range?.[0] ?? offset;
    } else if (isSeq(node) && typeof seg === "number") {
      const item = node.items[seg] as Node | undefined;
      if (!item) return offset;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      return offset;
    }
  }
  return offset;
}

/** Converts an ajv instancePath (`/routes/3/related`) to path segments, unescaping JSON Pointer. */
export function pointerToPath(pointer: string): PathSegment[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** `routes[3].related`, the form users read in messages. */
export function formatPath(path: PathSegment[]): string {
  return path.reduce<string>((out, seg) => (typeof seg === "number" ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), "");
}
