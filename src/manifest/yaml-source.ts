import { createRequire } from "node:module";
import type { Document, Node } from "yaml";
import { PpgError, PpgErrorList, type SourceLocation } from "../core/errors.ts";
import { lineFeeds } from "../core/source-text.ts";
import { checkedOnce, type ParsedYaml } from "./parsed-yaml.ts";
import { type KeyAt, yamlMistake } from "./yaml-mistakes.ts";
import { valueProblems } from "./yaml-values.ts";
import type { PathSegment, YamlSource } from "./yaml-path.ts";

/**
 * Parses YAML text. `lineOffset` shifts reported lines, for front matter that starts below line 1.
 * Throws a one-element PpgError list for a syntax error, and a list of every value that breaks
 * the rules all values keep (yaml-values.ts: the text rule, URLs).
 *
 * js-yaml reads a text when it can, being several times faster (docs/performance.md, YAML). `yaml`
 * reads what js-yaml is told to refuse (aliases, which `yaml` guards against alias bombs; an empty
 * text, which js-yaml calls an error), explains every error, and finds positions, which js-yaml
 * does not keep. Which parser reads a text depends on nothing but the text, so a build never
 * accepts a text only because nothing else was wrong; test/engine/yaml-parsers.test.ts holds the
 * two to the same data and the same refusals (js-yaml 4 once read a quote left open across lines
 * that `yaml` refuses). `parsed`: the data of texts a previous load parsed, found there instead.
 */
export function parseYamlSource(text: string, file: string, lineOffset = 0, parsed?: ParsedYaml): YamlSource {
  const lines = lineFeeds(text);
  const source = parseText(lines, file, lineOffset, parsed);
  const problems = checkedOnce(parsed, lines, "values", () => valueProblems(source));
  if (problems.length) throw new PpgErrorList(problems);
  return source;
}

function parseText(text: string, file: string, lineOffset: number, parsed?: ParsedYaml): YamlSource {
  const found = parsed?.find(text);
  if (found) return yamlSource(text, file, lineOffset, found.data);
  const quick = quickLoad(text);
  if (quick.ok) {
    parsed?.keep(text, quick.data);
    return yamlSource(text, file, lineOffset, quick.data);
  }
  const positioned = positionedDocument(text, file, lineOffset);
  let data: unknown;
  try {
    data = positioned.doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    // An alias to an anchor defined later or nowhere, or an alias bomb.
    throw new PpgErrorList([
      new PpgError(
        "YamlSyntax",
        { problem: (err as Error).message },
        {
          location: positioned.at(aliasOffset(positioned.doc)),
          hint: "Define the anchor (&name) before the alias (*name) that repeats it, or write the value out.",
        },
      ),
    ]);
  }
  parsed?.keep(text, data);
  return yamlSource(text, file, lineOffset, data, positioned);
}

/** A YamlSource for text whose data is known already (parsed before): positions are found only if asked for. */
export function yamlSource(
  text: string,
  file: string,
  lineOffset: number,
  data: unknown,
  positioned?: PositionedDocument,
): YamlSource {
  return {
    file,
    data,
    text,
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

// Loaded on first use: `yaml` only when js-yaml refuses a text or an error must be located.
const require = createRequire(import.meta.url);
let yamlModule: typeof import("yaml") | undefined;
const yaml = () => (yamlModule ??= require("yaml") as typeof import("yaml"));
let jsYamlModule: typeof import("js-yaml") | undefined;
const jsYaml = () => (jsYamlModule ??= require("js-yaml") as typeof import("js-yaml"));

/** The data of `text` as js-yaml reads it under the rules `yaml` is given below; not ok when it refuses. */
function quickLoad(text: string): { ok: true; data: unknown } | { ok: false } {
  // An explicit tag (`!!float 1`) is resolved differently by the two: left to `yaml`. A `!` after
  // a space in prose sends a text there too, which costs only time.
  if (/(?:^|[\s[{,])!/.test(text)) return { ok: false };
  const { load, CORE_SCHEMA } = jsYaml();
  try {
    // The core schema without merge keys, duplicate keys refused, as `yaml` is configured.
    return { ok: true, data: load(text, { schema: CORE_SCHEMA, maxAliases: 0 }) };
  } catch {
    return { ok: false };
  }
}

function positionedDocument(text: string, file: string, lineOffset: number): PositionedDocument {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  // YAML 1.2's core schema, as the schemas expect: dates stay strings, `<<` is an ordinary key.
  // logLevel "error": `yaml` would print some warnings (a key that is a list) as bare Node
  // warnings naming no file; the schema check reports what matters, at its place.
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    schema: "core",
    logLevel: "error",
  });
  const at = (offset: number): SourceLocation => {
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line + lineOffset, column: pos.col };
  };
  if (doc.errors.length > 0) {
    // Only the first mistake: one mis-indented line makes the parser report a cascade of errors
    // on the lines after it that all disappear once the first is fixed.
    const mistake = yamlMistake(text, doc.errors, at, () => keysOfMappings(doc));
    throw new PpgErrorList([
      new PpgError(
        "YamlSyntax",
        { problem: mistake.problem },
        { location: at(mistake.offset), ...(mistake.hint !== undefined && { hint: mistake.hint }) },
      ),
    ]);
  }
  return { doc, at };
}

/** The keys of every mapping of a document, each with its offset, in the order written. */
function keysOfMappings(doc: Document): KeyAt[][] {
  const { isScalar, visit } = yaml();
  const found: KeyAt[][] = [];
  visit(doc, {
    Map(_, map) {
      found.push(
        map.items.flatMap((pair) =>
          isScalar(pair.key) && pair.key.range ? [{ key: String(pair.key.value), offset: pair.key.range[0] }] : [],
        ),
      );
    },
  });
  return found;
}

/** Where the first alias of a document is: the likely culprit when converting it fails. */
function aliasOffset(doc: Document): number {
  let offset = 0;
  yaml().visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0] ?? 0;
      return yaml().visit.BREAK;
    },
  });
  return offset;
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
