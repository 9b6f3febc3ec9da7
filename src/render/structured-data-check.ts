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
import { PpgError, type SourceLocation } from "../core/errors.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { cachedValidator } from "../manifest/schema.ts";
import { formatPath, parseYamlSource, type PathSegment } from "../manifest/yaml-source.ts";
import type { RouteEntry } from "../manifest/types.ts";
import type { JsonLd } from "./structured-data.ts";

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
 * by ajv. Only a missing or malformed required property is an error; Google's recommended
 * properties are listed in those schemas and not reported.
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

/** Where a JSON-LD node came from, when not from the route's own entry: set by page-model.ts. */
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
}

interface Compiled {
  types: Set<string>;
  validate: ValidateFunction;
}
let compiled: Compiled[] | undefined;

function googleSchemas(): Compiled[] {
  if (compiled) return compiled;
  const files = SCHEMAS.map(
    (name) =>
      JSON.parse(readFileSync(join(PACKAGE_DIR, "schema/structured-data", `${name}.schema.json`), "utf8")) as {
        $id: string;
        definitions: { types: { enum: string[] } };
      },
  );
  compiled = files.map((schema) => ({
    types: new Set(schema.definitions.types.enum),
    validate: cachedValidator(files, `${schema.$id}#/definitions/required`),
  }));
  return compiled;
}

/** Every required property missing or malformed in a page's JSON-LD. */
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
          if (issue.severity === "ERROR") issues.push({ type, problem: issue.issueMessage, origin: here });
        }
      }
      for (const { types: applies, validate } of googleSchemas()) {
        if (!applies.has(type) || validate(record)) continue;
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
 * The issues of one page as located errors: at the route's entry in site.yaml, or at the listing
 * or video that made the node. Located from the files themselves, only when there is an error,
 * so a render thread needs nothing but the site's folder.
 */
export function structuredDataErrors(
  items: readonly JsonLd[],
  route: RouteEntry,
  root: string | undefined,
): PpgError[] {
  const issues = structuredDataIssues(items);
  if (issues.length === 0) return [];
  const seen = new Set<string>();
  return issues
    .filter((i) => {
      const key = JSON.stringify([i.type, i.problem, i.origin]);
      return !seen.has(key) && seen.add(key);
    })
    .map((issue) => {
      const where = root ? locate(root, route, issue.origin) : undefined;
      return new PpgError(
        "StructuredDataInvalid",
        { type: issue.type, problem: issue.problem, page: route.path },
        where ?? {},
      );
    });
}

function locate(
  root: string,
  route: RouteEntry,
  origin: Origin | undefined,
): { location: SourceLocation; path: string } | undefined {
  try {
    if (origin && "listing" in origin && route.listings) {
      const file = `content/${route.listings}`;
      const at: PathSegment[] = ["items", origin.listing];
      return {
        location: parseYamlSource(readFileSync(join(root, file), "utf8"), file).locate(at),
        path: formatPath(at),
      };
    }
    const source = parseYamlSource(readFileSync(join(root, "site.yaml"), "utf8"), "site.yaml");
    // By path: the manifest a page is rendered from may leave out unpublished routes (site/schedule.ts).
    const index = ((source.data as { routes?: { path?: string }[] }).routes ?? []).findIndex(
      (r) => r.path === route.path,
    );
    if (index < 0) return undefined;
    const at: PathSegment[] =
      origin && "video" in origin ? ["routes", index, "videos", origin.video] : ["routes", index];
    return { location: source.locate(at), path: formatPath(at) };
  } catch {
    // A file changed or gone since the load: the error still names the page.
    return undefined;
  }
}
