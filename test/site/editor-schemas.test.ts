/**
 * Schemas wherever an editor opens a file (issue 33): every yaml-language-server hint in the
 * site's files resolves to a schema, each schema accepts the site's own files, the per-kind front
 * matter schemas are what `npm run gen:schemas` writes, and .vscode maps the globs.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import fg from "fast-glob";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "../../src/content/front-matter.ts";
import { frontMatterSchemaText, pageKinds } from "../../src/site/editor-schemas.ts";
import type { Manifest } from "../../src/manifest/types.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const HINT = /^# yaml-language-server: \$schema=(\S+)$/m;

function ajv(): Ajv {
  const a = new Ajv({ allErrors: true, strict: false });
  addFormats(a);
  // ppguide's own format, which an editor knows only by name: checked by the build, not here (and no
  // warning for each schema that names it).
  a.addFormat("partial-date", true);
  a.addSchema(JSON.parse(read("schema/front-matter.schema.json")));
  return a;
}

describe("editor schemas", () => {
  const manifest = parse(read("site.yaml")) as Manifest;
  const listings = fg.sync("content/listings/*.yaml", { cwd: ROOT }).sort();

  it("every listings file starts with the schema hint, and every hint in the site resolves to a schema file", () => {
    expect(listings.length).toBeGreaterThan(10);
    for (const file of listings)
      expect(read(file).split("\n")[0], file).toBe("# yaml-language-server: $schema=../../schema/listings.schema.json");
    const hinted = ["site.yaml", ...fg.sync("content/**/*.{yaml,yml,md}", { cwd: ROOT })].filter((f) =>
      HINT.test(read(f)),
    );
    expect(hinted.length).toBe(
      listings.length + 1 + fg.sync("content/**/*.md", { cwd: ROOT }).filter((f) => HINT.test(read(f))).length,
    );
    for (const file of hinted) {
      const target = resolve(dirname(join(ROOT, file)), HINT.exec(read(file))![1]!);
      expect(existsSync(target), `${file} names ${target}`).toBe(true);
      expect(() => JSON.parse(readFileSync(target, "utf8")), target).not.toThrow();
    }
  });

  it("the listings schema accepts every listings file, and site.schema.json accepts site.yaml", () => {
    const a = ajv();
    const listingsSchema = a.compile(JSON.parse(read("schema/listings.schema.json")));
    for (const file of listings)
      expect(listingsSchema(parse(read(file))) ? [] : listingsSchema.errors, file).toEqual([]);
    const site = a.compile(JSON.parse(read("schema/site.schema.json")));
    expect(site(manifest) ? [] : site.errors).toEqual([]);
  });

  it("each page kind's front matter schema accepts the front matter of every page of that kind, and the recipe's asks for a recipe", () => {
    const a = ajv();
    // Placed at the URL of its file, as an editor reads it, so its relative $ref reaches the base schema's $id.
    const at = (kind: string) => ({
      ...JSON.parse(read(`schema/front-matter/${kind}.schema.json`)),
      $id: `https://ppguide.dev/schema/front-matter/${kind}.schema.json`,
    });
    const validators = new Map(pageKinds().map((kind) => [kind, a.compile(at(kind))]));
    let checked = 0;
    for (const route of manifest.routes) {
      if (!route.content) continue;
      const { frontMatter } = splitFrontMatter(read(`content/${route.content}`), `content/${route.content}`);
      const validate = validators.get(route.kind)!;
      expect(validate(frontMatter) ? [] : validate.errors, `${route.content} (${route.kind})`).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    expect(validators.get("recipe")!({ keywords: ["flan"] })).toBe(false);
    expect(validators.get("article")!({ keywords: ["flan"] })).toBe(true);
    expect(validators.get("article")!({ keyword: ["typo"] })).toBe(false);
  });

  it("schema/front-matter/ holds one schema per page kind, as npm run gen:schemas writes it", () => {
    const files = fg.sync("schema/front-matter/*.schema.json", { cwd: ROOT }).sort();
    expect(files).toEqual(
      pageKinds()
        .map((k) => `schema/front-matter/${k}.schema.json`)
        .sort(),
    );
    for (const kind of pageKinds())
      expect(read(`schema/front-matter/${kind}.schema.json`), `${kind}: run npm run gen:schemas`).toBe(
        frontMatterSchemaText(kind),
      );
  });

  it(".vscode maps each glob to an existing schema that matches files, and recommends the YAML extension", () => {
    const settings = JSON.parse(read(".vscode/settings.json")) as { "yaml.schemas": Record<string, string | string[]> };
    const mapped = Object.entries(settings["yaml.schemas"]);
    expect(mapped.map(([schema]) => schema).sort()).toEqual([
      "./schema/listings.schema.json",
      "./schema/site.schema.json",
    ]);
    for (const [schema, globs] of mapped) {
      expect(existsSync(join(ROOT, schema)), schema).toBe(true);
      for (const glob of [globs].flat()) expect(fg.sync(glob, { cwd: ROOT }).length, glob).toBeGreaterThan(0);
    }
    expect(JSON.parse(read(".vscode/extensions.json")).recommendations).toContain("redhat.vscode-yaml");
  });
});
