import { statSync } from "node:fs";
import { join } from "node:path";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { readSourceText } from "../core/source-text.ts";
import { validateAgainstSchema } from "./schema.ts";
import { checkCrossReferences } from "./cross-references.ts";
import type { Manifest } from "./types.ts";
import { parseYamlSource, type YamlSource } from "./yaml-source.ts";

export const MANIFEST_FILE = "site.yaml";

export interface LoadedManifest {
  manifest: Manifest;
  source: YamlSource;
}

/** A site folder known to hold a site.yaml file: what findManifest gives, and loading starts from. */
export interface FoundSite {
  readonly root: string;
}

/**
 * Throws unless `root` holds a site.yaml file: the first thing a command checks, before it makes
 * anything (once: a build in a folder without one left dist.ppguide/ behind, and a mistyped
 * --root made the whole missing chain of folders).
 */
export function findManifest(root: string): FoundSite {
  const info = statSync(join(root, MANIFEST_FILE), { throwIfNoEntry: false });
  if (!info) throw new PpgError("ManifestMissing", { file: MANIFEST_FILE, root });
  if (info.isDirectory())
    throw new PpgError(
      "SourceIsFolder",
      { file: MANIFEST_FILE },
      {
        hint:
          `Put the site's manifest in ${join(root, MANIFEST_FILE)} ` +
          `as a file, or pass --root DIR for the folder that holds it.`,
      },
    );
  return { root };
}

/** The site found, or the folder to find it in. */
export function found(site: FoundSite | string): FoundSite {
  return typeof site === "string" ? findManifest(site) : site;
}

/**
 * Reads site.yaml and checks it against the schema and for cross-references; throws a
 * PpgErrorList naming every problem.
 * Not cached by its text: that saved too little to earn a cache (docs/performance.md, YAML).
 */
export async function loadManifest(site: FoundSite | string): Promise<LoadedManifest> {
  const loaded = parseManifest(readSourceText(found(site).root, MANIFEST_FILE));
  const problems = checkCrossReferences(loaded.manifest, loaded.source);
  if (problems.length) throw new PpgErrorList(problems);
  return loaded;
}

export function parseManifest(text: string, file = MANIFEST_FILE): LoadedManifest {
  const source = parseYamlSource(text, file);
  const problems = validateAgainstSchema(source, "site", "ManifestInvalid");
  if (problems.length) throw new PpgErrorList(problems);
  return { manifest: source.data as Manifest, source };
}
