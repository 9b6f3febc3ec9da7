import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { compileFunction } from "node:vm";
import type { Ajv as AjvType, ErrorObject, ValidateFunction } from "ajv";
import type { SchemaBreach } from "../core/errors-data.ts";
import { PpgError, shortened } from "../core/errors.ts";
import { pointerToPath } from "./yaml-source.ts";
import { formatPath, type PathSegment, type YamlSource } from "./yaml-path.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { DiskCache, readChecked } from "../core/disk-cache.ts";
import { expected } from "../core/invariant.ts";
import { dateProblem } from "../core/dates.ts";
import { DATE_FORMATS, SCHEMA_FORMATS_MODULE, SCHEMA_FORMATS_VERSION, schemaFormats } from "./schema-formats.ts";

/** The schemas of the files ppguide reads, in schema/. */
const SCHEMA_NAMES = ["site", "front-matter", "listings", "shard"] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

/**
 * Schemas of files that ppguide writes and reads back (a shard's manifest, engine/shard-manifest.ts):
 * their validator stops at the first problem. A file no editor wrote is not fixed value by value but
 * made again, and one damaged on purpose could otherwise make ajv list a problem for each of its
 * millions of values.
 */
const FIRST_PROBLEM_ONLY: ReadonlySet<SchemaName> = new Set(["shard"]);

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
 * What the site schema says of a route's field (editors see it on hover): the one statement of how to write it, which
 * `ppguide new` repeats in a stub (site/new-page.ts).
 */
export function routeFieldRule(field: string): string | undefined {
  const schema = JSON.parse(schemaText("site")) as {
    definitions: { route: { properties: Record<string, { description?: string }> } };
  };
  return schema.definitions.route.properties[field]?.description;
}

/**
 * Compiling the schemas costs a quarter of a small site's build (docs/performance.md), so each
 * compiled validator is kept as ajv standalone code, keyed by the schema's text and the ajv
 * version: with the code, in lib/validators/ (compiled with lib/, scripts/ship-validators.ts), so
 * that a first build on a fresh machine compiles none, and on disk among the caches for one the
 * code does not have (an edited schema: three schemas and the structured-data rules, a few versions
 * of each kept). A stored validator whose key does not match is never read, and one damaged fails
 * its checksum and is compiled again.
 */
const standalone = new DiskCache("ppguide-schemas", 16);
/** The folder of lib/ that holds the validators compiled with it. */
export const SHIPPED_VALIDATORS = "validators";
const SHIPPED = join(PACKAGE_DIR, "lib", SHIPPED_VALIDATORS);
/** The code of each validator this process has used, by key: what lib/validators/ holds. */
const used = new Map<string, string>();

function validatorFor(name: SchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (fn) return fn;
  const text = schemaText(name);
  const allErrors = !FIRST_PROBLEM_ONLY.has(name);
  const key = DiskCache.key(
    text,
    (require("ajv/package.json") as { version: string }).version,
    SCHEMA_FORMATS_VERSION,
    String(allErrors),
  );
  fn = stored(key) ?? keep(key, compile(text, allErrors));
  compiled.set(name, fn);
  return fn;
}

/**
 * A validator for one definition (`ref`) among schemas of ppguide's own beyond the three above
 * (render/structured-data-check.ts: Google's rich-result properties), kept the same way, since
 * each render thread would otherwise compile them again.
 */
export function cachedValidator(schemas: readonly object[], ref: string): ValidateFunction {
  const key = DiskCache.key(
    JSON.stringify([schemas, ref]),
    (require("ajv/package.json") as { version: string }).version,
  );
  return stored(key) ?? keep(key, compileRef(schemas, ref));
}

/** The validators of every schema in schema/, loaded or compiled now (scripts/ship-validators.ts). */
export function loadSchemaValidators(): void {
  for (const name of SCHEMA_NAMES) validatorFor(name);
}

/** The code of every validator this process has used, by key (scripts/ship-validators.ts). */
export function validatorsUsed(): ReadonlyMap<string, string> {
  return used;
}

/** The validator kept under `key`, with the code or among the caches; undefined when neither has it intact. */
function stored(key: string): ValidateFunction | undefined {
  for (const file of [join(SHIPPED, key), standalone.file(key)]) {
    const code = readChecked(file);
    if (!code) continue;
    try {
      const fn = loadStandalone(file, code);
      used.set(key, code.toString("utf8"));
      return fn;
    } catch {
      // Code that holds its checksum but does not load: compiled again.
    }
  }
  return undefined;
}

/** A validator just compiled, kept among the caches for the next run. */
function keep(key: string, { fn, code }: { fn: ValidateFunction; code: string }): ValidateFunction {
  standalone.write(key, code);
  used.set(key, code);
  return fn;
}

function compileRef(schemas: readonly object[], ref: string): { fn: ValidateFunction; code: string } {
  const { Ajv } = require("ajv") as { Ajv: new (opts: object) => AjvType };
  const addFormats = (require("ajv-formats") as { default: (ajv: AjvType) => AjvType }).default;
  const standaloneCode = (
    require("ajv/dist/standalone/index.js") as { default: (ajv: AjvType, fn: ValidateFunction) => string }
  ).default;
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
  addFormats(ajv);
  for (const schema of schemas) ajv.addSchema(schema);
  const fn = expected(ajv.getSchema(ref), `the definition ${ref}`);
  return { fn, code: standaloneCode(ajv, fn) };
}

/**
 * Runs a cached validator with ppguide's own `require`: the cache folder may lie outside ppguide's
 * node_modules (PPGUIDE_CACHE_DIR), where a plain require of the file could not resolve the ajv
 * runtime helpers its code requires.
 */
function loadStandalone(file: string, code: Buffer): ValidateFunction {
  const module = { exports: {} as ValidateFunction };
  const requireWithFormats = (id: string): unknown => (id === SCHEMA_FORMATS_MODULE ? schemaFormats() : require(id));
  compileFunction(code.toString("utf8"), ["require", "module", "exports"], { filename: file })(
    requireWithFormats,
    module,
    module.exports,
  );
  return module.exports;
}

function compile(schemaText: string, allErrors: boolean): { fn: ValidateFunction; code: string } {
  // Required only here: with every validator cached, loading ajv itself (~50 ms) is not needed.
  const { Ajv, _ } = require("ajv") as { Ajv: new (opts: object) => AjvType; _: typeof import("ajv")._ };
  const standaloneCode = (
    require("ajv/dist/standalone/index.js") as { default: (ajv: AjvType, fn: ValidateFunction) => string }
  ).default;
  // verbose: errors then carry their parentSchema, whose `description` becomes part of the hint.
  // strictRequired is off because `if`/`then` blocks require properties declared one level up:
  // standard JSON Schema, not a mistake.
  const ajv = new Ajv({
    allErrors,
    strict: true,
    verbose: true,
    strictTypes: false,
    strictRequired: false,
    // Dates are read by core/dates.ts; the standalone code asks for the formats by this name.
    formats: schemaFormats(),
    code: { source: true, formats: _`require(${SCHEMA_FORMATS_MODULE})` },
  });
  const fn = ajv.compile(JSON.parse(schemaText));
  return { fn, code: standaloneCode(ajv, fn) };
}

let routePath: RegExp | undefined;

/**
 * site.yaml's routePath pattern, read from the schema itself (one rule for the schema check and the code that explains
 * it).
 */
export function ROUTE_PATH(): RegExp {
  return (routePath ??= new RegExp(
    (JSON.parse(schemaText("site")) as { definitions: { routePath: { pattern: string } } }).definitions.routePath
      .pattern,
    "u",
  ));
}

/** Validates a parsed YAML source against one of the shipped schemas; returns every problem. */
export function validateAgainstSchema(source: YamlSource, name: SchemaName, code: SchemaCode): PpgError[] {
  const validate = validatorFor(name);
  if (validate(source.data)) return [];
  return (
    (validate.errors ?? [])
      // `if`/`then` failures repeat the `required` error they wrap.
      .filter((e) => e.keyword !== "if")
      .map((e) => toPpgError(e, source, code))
  );
}

function toPpgError(e: ErrorObject, source: YamlSource, code: SchemaCode): PpgError {
  const path = pointerToPath(e.instancePath);
  const about = (e.parentSchema as { description?: string } | undefined)?.description;
  const { at = path, onKey, ...found } = breachOf(e, path, about);
  const location = source.locate(at, { key: onKey });
  const yamlPath = shortened(formatPath(at)) || "(top level)";
  if ("related" in found)
    return new PpgError("RelatedNotThree", { found: found.related }, { location, path: yamlPath });
  return new PpgError(code, found.breach, { location, path: yamlPath });
}

/** The codes whose message is a schema breach. */
export type SchemaCode = "ManifestInvalid" | "FrontMatterInvalid" | "ListingsInvalid" | "ShardManifestInvalid";

/** What ajv found, in the catalogue's terms, and where: `at` when not the value's own path. */
type Found = ({ breach: SchemaBreach } | { related: number }) & { at?: PathSegment[]; onKey?: boolean };

function breachOf(e: ErrorObject, path: PathSegment[], about?: string): Found {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return { breach: { rule: "required", field: String(p.missingProperty) } };
    case "additionalProperties": {
      const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      return {
        breach: { rule: "unknownField", field: shortened(String(p.additionalProperty)), allowed },
        at: [...path, String(p.additionalProperty)],
        onKey: true,
      };
    }
    case "type": {
      // A field that may also be null (a recipe's `calories: null`) names its type, and null, in words.
      const expected = [p.type].flat().map(String).join(" or ");
      return { breach: { rule: "type", expected, found: describe(e.data), about } };
    }
    case "enum":
      return { breach: { rule: "enum", value: shown(e.data), allowed: (p.allowedValues as unknown[]).map(String) } };
    case "const":
      return {
        breach: {
          rule: "const",
          expected: JSON.stringify(p.allowedValue),
          found: shown(e.data, JSON.stringify),
          about,
        },
      };
    case "minItems":
    case "maxItems":
      if (path[path.length - 1] === "related") return { related: (e.data as unknown[]).length };
      return {
        breach: { rule: "other", ajvMessage: String(e.message), about: about ?? "Check the number of entries." },
      };
    case "format": {
      const precision = DATE_FORMATS[String(p.format)];
      const problem = precision && typeof e.data === "string" ? dateProblem(e.data, precision) : undefined;
      if (problem) return { breach: { rule: "date", value: shown(e.data), problem, partial: precision === "partial" } };
      return formatBreach(e, p, about);
    }
    case "pattern":
      return formatBreach(e, p, about);
    case "multipleOf":
      return { breach: { rule: "multipleOf", value: shown(e.data), step: Number(p.multipleOf), about } };
    default:
      return { breach: { rule: "other", ajvMessage: e.message ?? "is invalid", about } };
  }
}

function formatBreach(e: ErrorObject, p: Record<string, unknown>, about?: string): Found {
  return {
    breach: {
      rule: "format",
      value: shown(e.data),
      format: e.keyword === "format" ? String(p.format) : undefined,
      pattern: p.pattern === undefined ? undefined : String(p.pattern),
      about,
    },
  };
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${shown(value, JSON.stringify)}`;
}

/** A value as a message quotes it: a list as JSON, not its items run together, and a long one by its ends. */
function shown(value: unknown, text: (value: unknown) => string = String): string {
  return shortened(
    Array.isArray(value) || (typeof value === "object" && value !== null) ? JSON.stringify(value) : text(value),
  );
}
