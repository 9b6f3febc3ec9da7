import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { compileFunction } from "node:vm";
import type { Ajv as AjvType, ErrorObject, ValidateFunction } from "ajv";
import { PpgError, type ErrorCode } from "../core/errors.ts";
import { formatPath, pointerToPath, type PathSegment, type YamlSource } from "./yaml-source.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { DiskCache } from "../core/disk-cache.ts";

export type SchemaName = "site" | "front-matter" | "listings";

const schemaDir = join(PACKAGE_DIR, "schema/");
const compiled = new Map<SchemaName, ValidateFunction>();
const require = createRequire(import.meta.url);
const texts = new Map<SchemaName, string>();

/** A schema's text, read once. */
function schemaText(name: SchemaName): string {
  let text = texts.get(name);
  if (text === undefined) texts.set(name, (text = readFileSync(`${schemaDir}${name}.schema.json`, "utf8")));
  return text;
}

/**
 * Compiling the three schemas took a quarter of a small site's build (about 270 ms), so each
 * compiled validator is kept on disk as ajv standalone code, keyed by the schema's text and the
 * ajv version, and run from there on later runs (three schemas and the structured-data rules, a few
 * versions of each kept).
 */
const standalone = new DiskCache("ppguide-schemas", 16);

function validatorFor(name: SchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (fn) return fn;
  const text = schemaText(name);
  const key = DiskCache.key(text, (require("ajv/package.json") as { version: string }).version);
  try {
    fn = loadStandalone(standalone.file(key), standalone.read(key));
  } catch {
    let code: string;
    ({ fn, code } = compile(text));
    standalone.write(key, code);
  }
  compiled.set(name, fn);
  return fn;
}

/**
 * A validator for one definition (`ref`) among schemas of ppguide's own beyond the three above
 * (render/structured-data-check.ts: Google's rich-result properties), cached on disk the same way:
 * compiling them cost each render thread 185 ms.
 */
export function cachedValidator(schemas: readonly object[], ref: string): ValidateFunction {
  const key = DiskCache.key(JSON.stringify([schemas, ref]), (require("ajv/package.json") as { version: string }).version);
  try {
    return loadStandalone(standalone.file(key), standalone.read(key));
  } catch {
    const { Ajv } = require("ajv") as { Ajv: new (opts: object) => AjvType };
    const addFormats = (require("ajv-formats") as { default: (ajv: AjvType) => AjvType }).default;
    const standaloneCode = (require("ajv/dist/standalone/index.js") as { default: (ajv: AjvType, fn: ValidateFunction) => string }).default;
    const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
    addFormats(ajv);
    for (const schema of schemas) ajv.addSchema(schema);
    const fn = ajv.getSchema(ref)!;
    standalone.write(key, standaloneCode(ajv, fn));
    return fn;
  }
}

/**
 * Runs a cached validator with ppguide's own `require`: the cache folder may lie outside ppguide's
 * node_modules (PPGUIDE_CACHE_DIR), where a plain require of the file could not resolve the ajv
 * runtime helpers its code requires.
 */
function loadStandalone(file: string, code: Buffer | undefined): ValidateFunction {
  if (!code) throw new Error(`no intact compiled validator in ${file}`);
  const module = { exports: {} as ValidateFunction };
  compileFunction(code.toString("utf8"), ["require", "module", "exports"], { filename: file })(require, module, module.exports);
  return module.exports;
}

function compile(schemaText: string): { fn: ValidateFunction; code: string } {
  // Required only here: with every validator cached, loading ajv itself (~50 ms) is not needed.
  const { Ajv } = require("ajv") as { Ajv: new (opts: object) => AjvType };
  const addFormats = (require("ajv-formats") as { default: (ajv: AjvType) => AjvType }).default;
  const standaloneCode = (require("ajv/dist/standalone/index.js") as { default: (ajv: AjvType, fn: ValidateFunction) => string }).default;
  // verbose: errors then carry their parentSchema, whose `description` becomes part of the hint.
  // strictRequired is off because `if`/`then` blocks require properties declared one level up:
  // standard JSON Schema, not a mistake.
  const ajv = new Ajv({ allErrors: true, strict: true, verbose: true, strictTypes: false, strictRequired: false, code: { source: true } });
  addFormats(ajv);
  const fn = ajv.compile(JSON.parse(schemaText));
  return { fn, code: standaloneCode(ajv, fn) };
}

let routePath: RegExp | undefined;

/** site.yaml's routePath pattern, read from the schema itself (one rule for the schema check and the code that explains it). */
export function ROUTE_PATH(): RegExp {
  return (routePath ??= new RegExp((JSON.parse(schemaText("site")) as { definitions: { routePath: { pattern: string } } }).definitions.routePath.pattern, "u"));
}

/** Validates a parsed YAML source against one of the shipped schemas; returns every problem. */
export function validateAgainstSchema(source: YamlSource, name: SchemaName, code: ErrorCode): PpgError[] {
  const validate = validatorFor(name);
  if (validate(source.data)) return [];
  return (validate.errors ?? [])
    // `if`/`then` failures repeat the `required` error they wrap.
    .filter((e) => e.keyword !== "if")
    .map((e) => toPpgError(e, source, code));
}

function toPpgError(e: ErrorObject, source: YamlSource, code: ErrorCode): PpgError {
  const path = pointerToPath(e.instancePath);
  const description = (e.parentSchema as { description?: string } | undefined)?.description;
  const { message, hint, at, onKey, errorCode } = explain(e, path, description);
  return new PpgError(errorCode ?? code, message, {
    location: source.locate(at, { key: onKey }),
    path: formatPath(at) || "(top level)",
    hint,
  });
}

interface Explanation {
  message: string;
  hint: string;
  at: PathSegment[];
  onKey?: boolean;
  errorCode?: ErrorCode;
}

function explain(e: ErrorObject, path: PathSegment[], description?: string): Explanation {
  const p = e.params as Record<string, unknown>;
  const about = description ? ` (${description.replace(/\.$/, "")})` : "";
  const last = path[path.length - 1];
  switch (e.keyword) {
    case "required":
      return { message: `missing required field '${p.missingProperty}'`, hint: `Add \`${p.missingProperty}:\` to this entry.`, at: path };
    case "additionalProperties":
      return {
        message: `unknown field '${p.additionalProperty}'`,
        hint: `Remove it or check its spelling; allowed here: ${Object.keys((e.parentSchema as { properties?: object })?.properties ?? {}).join(", ")}.`,
        at: [...path, p.additionalProperty as string],
        onKey: true,
      };
    case "type":
      return { message: `must be ${article(String(p.type))} ${p.type}, not ${describe(e.data)}`, hint: `Write ${article(String(p.type))} ${p.type} here${about}.`, at: path };
    case "enum":
      return { message: `'${String(e.data)}' is not allowed`, hint: `Use one of: ${(p.allowedValues as unknown[]).map(String).join(", ")}.`, at: path };
    case "const":
      return { message: `must be ${JSON.stringify(p.allowedValue)}, not ${JSON.stringify(e.data)}`, hint: `Write ${JSON.stringify(p.allowedValue)}${about}.`, at: path };
    case "minItems":
    case "maxItems":
      if (last === "related") {
        return {
          message: `related must list exactly 3 routes, found ${(e.data as unknown[]).length}`,
          hint: "The 'You May Also Like' block always shows three cards: list three route paths.",
          at: path,
          errorCode: "RelatedNotThree",
        };
      }
      return { message: `${e.message}`, hint: `Check the number of entries${about}.`, at: path };
    case "pattern":
    case "format":
      return { message: `'${String(e.data)}' is not a valid ${e.keyword === "format" ? String(p.format) : "value"}`, hint: description ? `${description}` : `It must match ${String(p.pattern)}.`, at: path };
    case "multipleOf":
      return { message: `${String(e.data)} must be a multiple of ${p.multipleOf}`, hint: `Use steps of ${p.multipleOf}${about}.`, at: path };
    default:
      return { message: e.message ?? "is invalid", hint: description ? `${description}` : "Check this value against the schema.", at: path };
  }
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${JSON.stringify(value)}`;
}
