/**
 * Writes src/manifest/types.ts from schema/site.schema.json, so the manifest has one source: the
 * schema, which also validates site.yaml and documents it in editors.
 *
 *   npm run gen:types            # after editing the schema; a test fails while the file is stale
 *
 * json-schema-to-typescript turns the schema into interfaces. It cannot read the schema's
 * `if kind … then required …` blocks, so the per-kind part is derived here from those blocks: one
 * interface per page kind, with the fields that kind requires made required, and RouteEntry as
 * their union (discriminated on `kind`).
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compile, type JSONSchema } from "json-schema-to-typescript";

const SCHEMA = fileURLToPath(new URL("../schema/site.schema.json", import.meta.url));
export const TYPES_FILE = fileURLToPath(new URL("../src/manifest/types.ts", import.meta.url));

type Schema = JSONSchema & { definitions: Record<string, Schema>; properties: Record<string, Schema>; items?: Schema };

/** Marks a part of the schema copy with the name the code uses for its type. */
const NAME = "x-ts-name";

function nameParts(schema: Schema): void {
  // The root is named by compile(); its $id and title would name it otherwise.
  delete schema.$id;
  delete schema.title;
  const name = (part: Schema | undefined, as: string) => ((part as Record<string, unknown>)[NAME] = as);
  const defs = schema.definitions;
  name(defs.route, "RouteFields");
  name(defs.home, "HomeData");
  name(defs.image, "Image");
  name(defs.route!.properties.videos!.items, "Video");
  const props = schema.properties;
  name(props.site, "SiteSettings");
  name(props.site!.properties.banners!.items, "Banner");
  name(props.site!.properties.app, "WebAppSettings");
  name(props.site!.properties.offline, "OfflineSettings");
  name(props.site!.properties.offline!.properties.packs!.items, "OfflinePackSettings");
  name(props.authors!.additionalProperties as Schema, "Author");
  name(props.nav!.items, "NavMenu");
  name(props.aliases!.items, "Alias");
}

interface KindRule {
  if: { properties: { kind: { enum?: string[]; const?: string } } };
  then: { required: string[] };
}

/** For each page kind, the fields the schema requires of it beyond every route's own. */
function requiredByKind(route: Schema): Map<string, string[]> {
  const kinds = (route.properties.kind?.enum ?? []) as string[];
  const rules = (route.allOf ?? []) as KindRule[];
  return new Map(
    kinds.map((kind) => {
      const required = rules
        .filter((r) => (r.if.properties.kind.enum ?? [r.if.properties.kind.const]).includes(kind))
        .flatMap((r) => r.then.required);
      return [kind, [...new Set(required)]];
    }),
  );
}

/** The longest line the generated file may have, as in the rest of src/. */
const WIDTH = 120;

/** Words of `text` in lines of at most `room` characters (a longer word gets a line of its own). */
function wrapWords(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/**
 * Comment lines longer than WIDTH wrapped at spaces onto more lines, the words unchanged: the
 * schema's descriptions are long, and json-schema-to-typescript copies each onto one line.
 */
function wrapComments(code: string): string {
  return code
    .split("\n")
    .flatMap((line) => {
      if (line.length <= WIDTH) return [line];
      const inBlock = /^(\s*)\* (.*)$/.exec(line);
      if (inBlock) {
        const prefix = `${inBlock[1]}* `;
        return wrapWords(inBlock[2]!, WIDTH - prefix.length).map((words) => prefix + words);
      }
      const oneLine = /^(\s*)\/\*\* (.*) \*\/$/.exec(line);
      if (oneLine) {
        const indent = oneLine[1]!;
        const prefix = `${indent} * `;
        return [
          `${indent}/**`,
          ...wrapWords(oneLine[2]!, WIDTH - prefix.length).map((words) => prefix + words),
          `${indent} */`,
        ];
      }
      return [line];
    })
    .join("\n");
}

const typeName = (kind: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)}Route`;

function perKindTypes(byKind: Map<string, string[]>): string {
  const out: string[] = [
    "/** A route of kind K, with the fields F its kind requires (the schema's `if`/`then` blocks) made required. */",
    "type KindRoute<K extends string, F extends keyof RouteFields = never> = RouteFields & { kind: K } & {",
    "  [P in F]-?: NonNullable<RouteFields[P]>;",
    "};",
    "",
  ];
  for (const [kind, fields] of byKind) {
    out.push(`/** A route of kind "${kind}"${fields.length ? `: ${fields.join(", ")} required` : ""}. */`);
    out.push(
      `export type ${typeName(kind)} = KindRoute<"${kind}"${fields.length ? `, ${fields.map((f) => `"${f}"`).join(" | ")}` : ""}>;`,
      "",
    );
  }
  out.push(
    "/** Every page of the site: one type per kind, so testing `route.kind` makes that kind's required fields required. */",
  );
  out.push(`export type RouteEntry =\n${[...byKind.keys()].map((kind) => `  | ${typeName(kind)}`).join("\n")};`, "");
  out.push(`export type RouteKind = RouteEntry["kind"];`, "");
  out.push('/** The route type of one kind: RouteOf<"recipe"> is RecipeRoute. */');
  out.push("export type RouteOf<K extends RouteKind> = Extract<RouteEntry, { kind: K }>;", "");
  return out.join("\n");
}

export async function generateManifestTypes(): Promise<string> {
  const original = JSON.parse(await readFile(SCHEMA, "utf8")) as Schema;
  // Types of definitions are named after their keys: "date" would give a type Date that hides the global one.
  const { date, ...definitions } = original.definitions;
  const renamed = JSON.stringify({ ...original, definitions: { ...definitions, isoDate: date } }).replaceAll(
    '"#/definitions/date"',
    '"#/definitions/isoDate"',
  );
  const schema = JSON.parse(renamed) as Schema;
  nameParts(schema);
  // Routes are typed per kind below; the schema's own `routes` items name that union.
  schema.properties.routes!.items = { tsType: "RouteEntry" } as Schema;
  const interfaces = await compile(schema, "Manifest", {
    customName: (part) => (part as Record<string, unknown>)[NAME] as string | undefined,
    bannerComment: [
      "/*",
      " * Generated by `npm run gen:types` (scripts/gen-manifest-types.ts) from schema/site.schema.json:",
      " * edit the schema, then run it.",
      " */",
    ].join("\n"),
    // Keep every definition, routes' among them, though `routes` now points at the union instead.
    unreachableDefinitions: true,
    // Counts (three related cards, at least one slide) are the schema's to check: arrays stay arrays.
    ignoreMinAndMaxItems: true,
    unknownAny: true,
    additionalProperties: false,
    style: { printWidth: WIDTH, singleQuote: false },
  });
  return wrapComments(`${interfaces}\n${perKindTypes(requiredByKind(schema.definitions.route!))}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await writeFile(TYPES_FILE, await generateManifestTypes());
  console.log(`wrote ${TYPES_FILE}`);
}
