/**
 * routeReferences() is the one list of the places site.yaml names a route: the cross-reference
 * check and dev mode's change tracking both read it. These tests hold it to the schema, so a new
 * field of route paths that is left out of it fails here rather than leaving dev mode stale.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseManifest } from "../../src/site/load-site.ts";
import { routeReferences } from "../../src/manifest/route-references.ts";
import { FIXTURES } from "../helpers/fixture.ts";

const REPO = join(FIXTURES, "../..");
const schema = JSON.parse(readFileSync(join(REPO, "schema/site.schema.json"), "utf8")) as SchemaNode;

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  definitions?: Record<string, SchemaNode>;
}

/** Paths in site.yaml that are a route path by the schema but are not references to one. */
const DECLARATIONS = [/^routes\.\d+\.path$/, /^aliases\.\d+\.(from|to)$/, /^site\.robots\.disallow\.\d+$/];

/** Every value in the manifest that the schema types as a routePath, by where it is. */
function routePathsBySchema(value: unknown, node: SchemaNode, at: (string | number)[], found: string[]): void {
  if (node.$ref) {
    if (node.$ref === "#/definitions/routePath") found.push(at.join("."));
    else routePathsBySchema(value, schema.definitions![node.$ref.replace("#/definitions/", "")]!, at, found);
    return;
  }
  if (Array.isArray(value) && node.items)
    value.forEach((item, i) => routePathsBySchema(item, node.items!, [...at, i], found));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const sub =
        node.properties?.[key] ??
        (typeof node.additionalProperties === "object" ? node.additionalProperties : undefined);
      if (sub) routePathsBySchema(child, sub, [...at, key], found);
    }
  }
}

/** Every place, from the schema alone, where a route path may stand: array items as index 0. */
function schemaRoutePlaces(node: SchemaNode, at: (string | number)[], seen: string[] = []): (string | number)[][] {
  if (node.$ref === "#/definitions/routePath") return [at];
  if (node.$ref) {
    if (seen.includes(node.$ref)) return [];
    const name = node.$ref.replace("#/definitions/", "");
    return schemaRoutePlaces(schema.definitions![name]!, at, [...seen, node.$ref]);
  }
  const places: (string | number)[][] = [];
  if (node.items) places.push(...schemaRoutePlaces(node.items, [...at, 0], seen));
  for (const [key, child] of Object.entries(node.properties ?? {}))
    places.push(...schemaRoutePlaces(child, [...at, key], seen));
  return places;
}

/** The path placed at a place: the place itself, so a listed path says where it was found. */
const pathFor = (at: (string | number)[]): string => `/${at.join("/")}`;

/** Sets the path for `at` in `root`, making the objects and one-item arrays on the way. */
function placePath(root: Record<string, unknown>, at: (string | number)[]): void {
  let here: Record<string | number, unknown> = root;
  at.forEach((key, i) => {
    const next = at[i + 1];
    if (next === undefined) here[key] = pathFor(at);
    else here[key] ??= typeof next === "number" ? [] : {};
    here = here[key] as Record<string | number, unknown>;
  });
}

const load = (file: string) => parseManifest(readFileSync(file, "utf8")).manifest;

describe("routeReferences", () => {
  for (const [name, file] of [
    ["the fixture", join(FIXTURES, "basic-site/site.yaml")],
    ["the Puerto Plata Guide", join(REPO, "site.yaml")],
  ] as const) {
    it(`lists every route path the schema allows in ${name}'s site.yaml, except the routes' and aliases' own`, () => {
      const manifest = load(file);
      const bySchema: string[] = [];
      routePathsBySchema(manifest, schema, [], bySchema);
      const expected = bySchema.filter((at) => !DECLARATIONS.some((d) => d.test(at))).sort();
      const refs = routeReferences(manifest);
      expect(refs.map((r) => r.at.join(".")).sort()).toEqual(expected);
      expect(expected.length).toBeGreaterThan(10);
      // Each names the path found at its place.
      for (const ref of refs)
        expect(ref.at.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], manifest)).toBe(ref.path);
    });
  }

  it("lists every field the schema types as a route path, whether or not a site.yaml uses it yet", () => {
    // One manifest with a path at every place the schema allows one, each path naming its place:
    // a field a new kind adds to the schema and not to routeReferences is missing below, where it
    // would otherwise be found by a mistyped path crashing the render.
    const places = schemaRoutePlaces(schema, []).filter((at) => !DECLARATIONS.some((d) => d.test(at.join("."))));
    const manifest = {};
    for (const at of places) placePath(manifest, at);
    const listed = routeReferences(manifest as never).map((r) => r.path);
    const unlisted = places.map(pathFor).filter((p) => !listed.includes(p));
    expect(
      unlisted.map((p) => `${p.slice(1).replaceAll("/", ".")}: add it to src/manifest/route-references.ts`),
    ).toEqual([]);
    expect(places.length).toBeGreaterThan(8);
  });

  it("says which page shows each card, and leaves menus, search and the 404 page to every page", () => {
    const refs = routeReferences(load(join(FIXTURES, "basic-site/site.yaml")));
    expect(refs.filter((r) => r.path === "/bakeries").map((r) => [r.what, r.shownOn])).toEqual([
      ["nav link", undefined],
      ["thumbnail", "/"],
      ["related card", "/beaches"],
      ["related card", "/flan-recipe"],
      ["related card", "/guides"],
    ]);
    expect(refs.filter((r) => r.shownOn === undefined).map((r) => r.what)).toEqual([
      "nav link",
      "nav link",
      "nav link",
      "nav link",
      "search item",
      "search item",
    ]);
  });
});
