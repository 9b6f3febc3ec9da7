import { existsSync } from "node:fs";
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

function readManifest(root: string): string {
  if (!existsSync(join(root, MANIFEST_FILE))) {
    throw new PpgError("ManifestMissing", { file: MANIFEST_FILE, root });
  }
  return readSourceText(root, MANIFEST_FILE);
}

/**
 * Reads site.yaml and checks it against the schema and for cross-references; throws a
 * PpgErrorList naming every problem.
 *
 * (Checked manifests were once cached by their text. Since js-yaml reads site.yaml, that saved a
 * 4,000-route rebuild 2.88 s -> 2.71 s in 5 interleaved runs, under the 10% a device must earn.)
 */
export async function loadManifest(root: string): Promise<LoadedManifest> {
  const loaded = parseManifest(readManifest(root));
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
