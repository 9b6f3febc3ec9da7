import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ValidateFunction } from "ajv";
import AggregateRating from "@adobe/structured-data-validator/src/types/AggregateRating.js";
import BreadcrumbList from "@adobe/structured-data-validator/src/types/BreadcrumbList.js";
import HowToStep from "@adobe/structured-data-validator/src/types/HowToStep.js";
import ImageObject from "@adobe/structured-data-validator/src/types/ImageObject.js";
import ListItem from "@adobe/structured-data-validator/src/types/ListItem.js";
import Organization from "@adobe/structured-data-validator/src/types/Organization.js";
import Person from "@adobe/structured-data-validator/src/types/Person.js";
import Rating from "@adobe/structured-data-validator/src/types/Rating.js";
import VideoObject from "@adobe/structured-data-validator/src/types/VideoObject.js";
import type { AdobePathElement } from "@adobe/structured-data-validator/src/types/Person.js";
import { PpgError, type SourcePath } from "../core/errors.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { cachedValidator } from "../manifest/schema.ts";
import type { RouteEntry } from "../manifest/types.ts";
import { UNSOURCED, type JsonLd } from "./structured-data.ts";

/**
 * Every page's JSON-LD checked against Google's rich-result rules as it is rendered, so a page
 * whose structured data Google would ignore fails the build at the line that made it.
 *
 * @adobe/structured-data-validator's rules are used for the types they handle on this site's
 * pages (Person, Organization, ImageObject, VideoObject, ListItem, BreadcrumbList, Rating,
 * AggregateRating, HowToStep), called one node at a time as its Validator does, without the
 * schema.org vocabulary it would fetch (builds have no network). Its Recipe rules stop at an
 * ImageObject (`url.startsWith is not a function`), and it has no Article or LocalBusiness rules:
 * those are Google's documented properties as JSON Schemas in schema/structured-data/, checked
 * by ajv. A missing or malformed required property is an error (StructuredDataInvalid); a
 * property Google recommends is a warning (StructuredDataIncomplete): the library's own warnings
 * (a Rating without worstRating), and the schemas' `recommended` properties, less those no
 * content format of ppguide has a field for (UNSUPPLIED), about which no site could do anything.
 * docs/structured-data.md lists what is checked.
 */
type Rules = typeof Person;
const ADOBE: Record<string, Rules> = {
  AggregateRating,
  BreadcrumbList,
  HowToStep,
  ImageObject,
  ListItem,
  Organization,
  Person,
  Rating,
  VideoObject,
};
const SCHEMAS = ["article", "recipe", "local-business"] as const;
/**
 * Recommended properties no front matter, listing or site.yaml field supplies: a recipe's rating
 * and video, a step's own name, picture and video, a video's duration and statistics, a business's
 * map position, menu, hours, price range, reviews, cuisine and department. A listing's phone and
 * website are left out too: an empty one means no source states it, and the card says 'No Phone'
 * or 'No Website'. Keyed by schema (schema/structured-data/) and by the library's types.
 */
const UNSUPPLIED_BY_TYPE: Record<string, ReadonlySet<string>> = {
  HowToStep: new Set(["image", "itemListElement", "name", "url", "video"]),
  VideoObject: new Set([
    "duration",
    "expires",
    "hasPart",
    "publication",
    "ineligibleRegion",
    "regionsAllowed",
    "interactionStatistic",
    "interactionCount",
  ]),
};
/** Google: "Use totalTime or a combination of both cookTime and prepTime" (developers.google.com, Recipe). */
const GIVEN_BY: Record<string, string> = { cookTime: "totalTime" };
const UNSUPPLIED: Record<string, ReadonlySet<string>> = {
  recipe: new Set(["aggregateRating", "video"]),
  "local-business": new Set([
    "aggregateRating",
    "department",
    "geo",
    "menu",
    "openingHoursSpecification",
    "priceRange",
    "review",
    "servesCuisine",
    "telephone",
    "url",
  ]),
};

/** Where a JSON-LD node came from, when not from the route's own entry: set by the kind's model (kinds/). */
export const ORIGIN = Symbol("structured data origin");
export type Origin = { listing: number } | { video: number };

export function withOrigin<T extends object>(node: T, origin: Origin): T {
  Object.defineProperty(node, ORIGIN, { value: origin, enumerable: false });
  return node;
}

export interface StructuredDataIssue {
  type: string;
  problem: string;
  origin?: Origin;
  /** A required property (error) or a recommended one (warning). */
  severity: "error" | "warning";
}

interface Compiled {
  types: Set<string>;
  validate: ValidateFunction;
  /** The recommended properties a site can supply, each checked as `{ required: [name] }`. */
  recommended: string[];
  schema: { definitions: { recommended?: { required?: string[] } } };
}
let compiled: Compiled[] | undefined;

function googleSchemas(): Compiled[] {
  if (compiled) return compiled;
  const files = SCHEMAS.map(
    (name) =>
      JSON.parse(readFileSync(join(PACKAGE_DIR, "schema/structured-data", `${name}.schema.json`), "utf8")) as {
        $id: string;
        definitions: { types: { enum: string[] }; recommended?: { required?: string[] } };
      },
  );
  compiled = files.map((schema, i) => ({
    types: new Set(schema.definitions.types.enum),
    validate: cachedValidator(files, `${schema.$id}#/definitions/required`),
    recommended: (schema.definitions.recommended?.required ?? []).filter(
      (name) => !UNSUPPLIED[SCHEMAS[i] as string]?.has(name),
    ),
    schema,
  }));
  return compiled;
}

/** The rules' validators, loaded or compiled now (scripts/ship-validators.ts). */
export function loadStructuredDataRules(): void {
  googleSchemas();
}

/** Every required property missing or malformed in a page's JSON-LD, and every recommended one missing. */
export function structuredDataIssues(items: readonly JsonLd[]): StructuredDataIssue[] {
  const issues: StructuredDataIssue[] = [];
  const visit = (node: unknown, path: AdobePathElement[], origin: Origin | undefined): void => {
    if (Array.isArray(node)) {
      const last = path[path.length - 1] ?? {};
      node.forEach((item, index) =>
        visit(
          item,
          [
            ...path.slice(0, -1),
            { ...last, index, length: node.length, ...(item?.["@type"] ? { type: item["@type"] } : {}) },
          ],
          origin,
        ),
      );
      return;
    }
    if (!node || typeof node !== "object") return;
    const here = ((node as Record<symbol, Origin | undefined>)[ORIGIN] ?? origin) as Origin | undefined;
    const record = node as Record<string, unknown>;
    const types = [record["@type"]].flat().filter((t): t is string => typeof t === "string");
    for (const type of types) {
      const Rule = ADOBE[type];
      if (Rule) {
        for (const issue of new Rule({ dataFormat: "jsonld", path, type }).validate(record)) {
          const severity = issue.severity === "ERROR" ? "error" : "warning";
          const fields = issue.fieldNames ?? [];
          const unsupplied = UNSUPPLIED_BY_TYPE[type];
          if (severity === "warning" && unsupplied && fields.length && fields.every((f) => unsupplied.has(f))) continue;
          issues.push({ type, problem: issue.issueMessage, origin: here, severity });
        }
      }
      for (const { types: applies, validate, recommended } of googleSchemas()) {
        if (!applies.has(type)) continue;
        const unsourced = (node as Record<symbol, string[] | undefined>)[UNSOURCED] ?? [];
        for (const name of recommended)
          if (
            record[name] === undefined &&
            (GIVEN_BY[name] === undefined || record[GIVEN_BY[name]] === undefined) &&
            !unsourced.includes(name)
          )
            issues.push({ type, problem: `Missing field "${name}" (recommended)`, origin: here, severity: "warning" });
        if (validate(record)) continue;
        const errors = validate.errors ?? [];
        const alternatives = new Set(errors.filter((e) => e.keyword === "anyOf").map((e) => e.instancePath));
        for (const e of errors) {
          // An alternative for another type of value does not apply: "must be array" beside an author object.
          if (e.keyword === "if" || e.keyword === "anyOf" || (e.keyword === "type" && alternatives.has(e.instancePath)))
            continue;
          const missing = (e.params as { missingProperty?: string }).missingProperty;
          const at = e.instancePath.slice(1).replace(/\//g, ".");
          issues.push({
            type,
            problem: missing
              ? `Required attribute "${[at, missing].filter(Boolean).join(".")}" is missing`
              : `"${at}" ${e.message}`,
            origin: here,
            severity: "error",
          });
        }
      }
    }
    for (const [key, value] of Object.entries(record)) {
      if (key.startsWith("@") || value === null || typeof value !== "object") continue;
      if (Array.isArray(value) && (value.length === 0 || typeof value[0] !== "object")) continue;
      visit(
        value,
        [
          ...path,
          {
            property: key,
            ...(!Array.isArray(value) && (value as Record<string, unknown>)["@type"]
              ? { type: (value as Record<string, string>)["@type"] }
              : {}),
          },
        ],
        here,
      );
    }
  };
  items.forEach((item, index) => visit(item, [{ type: String(item["@type"]), index }], undefined));
  return issues;
}

/**
 * The issues of one page as problems at their source: the route's entry in site.yaml (`route`, its
 * index in the manifest the page is rendered from), or the listing or video that made the node.
 * The render thread names the value; the stage that holds the parsed files locates it
 * (engine/render-pages.ts), so each is located in the very files the page was made from.
 */
export function structuredDataProblems(
  items: readonly JsonLd[],
  route: { entry: RouteEntry; index: number },
): { errors: PpgError[]; warnings: PpgError[] } {
  const issues = structuredDataIssues(items);
  const found = { errors: [] as PpgError[], warnings: [] as PpgError[] };
  if (issues.length === 0) return found;
  const seen = new Set<string>();
  for (const issue of issues) {
    const key = JSON.stringify([issue.type, issue.problem, issue.origin]);
    if (seen.has(key)) continue;
    seen.add(key);
    const where = { source: sourceOf(route, issue.origin) };
    const params = { type: issue.type, problem: issue.problem, page: route.entry.path };
    if (issue.severity === "error") found.errors.push(new PpgError("StructuredDataInvalid", params, where));
    else found.warnings.push(new PpgError("StructuredDataIncomplete", params, where));
  }
  return found;
}

/** The errors alone: a property Google requires, missing or malformed. */
export function structuredDataErrors(
  items: readonly JsonLd[],
  route: { entry: RouteEntry; index: number },
): PpgError[] {
  return structuredDataProblems(items, route).errors;
}

/** The value that made a node: a listing of the route's listings file, a video of its entry, or the entry. */
function sourceOf(route: { entry: RouteEntry; index: number }, origin: Origin | undefined): SourcePath {
  if (origin && "listing" in origin && route.entry.listings)
    return { file: `content/${route.entry.listings}`, at: ["items", origin.listing] };
  if (origin && "video" in origin) return { file: "site.yaml", at: ["routes", route.index, "videos", origin.video] };
  return { file: "site.yaml", at: ["routes", route.index] };
}
