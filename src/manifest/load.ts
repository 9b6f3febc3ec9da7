import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PpgError, PpgErrorList } from "../core/errors.ts";
import { validateAgainstSchema } from "./schema.ts";
import type { Manifest } from "./types.ts";
import { parseYamlSource, type YamlSource } from "./yaml-source.ts";

export const MANIFEST_FILE = "site.yaml";

export interface LoadedManifest {
  manifest: Manifest;
  source: YamlSource;
}

/** Reads and schema-validates site.yaml; throws a PpgErrorList naming every problem. */
export async function loadManifest(root: string): Promise<LoadedManifest> {
  let text: string;
  try {
    text = await readFile(join(root, MANIFEST_FILE), "utf8");
  } catch {
    throw new PpgError("ManifestInvalid", `no ${MANIFEST_FILE} in ${root}`, {
      hint: "Run ppguide in the site's folder or pass --root DIR.",
    });
  }
  return parseManifest(text);
}

export function parseManifest(text: string, file = MANIFEST_FILE): LoadedManifest {
  let source: YamlSource;
  try {
    source = parseYamlSource(text, file);
  } catch (errors) {
    throw new PpgErrorList(errors as PpgError[]);
  }
  const problems = validateAgainstSchema(source, "site", "ManifestInvalid");
  if (problems.length) throw new PpgErrorList(problems);
  return { manifest: source.data as Manifest, source };
}
