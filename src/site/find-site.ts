import { statSync } from "node:fs";
import { join } from "node:path";
import { PpgError } from "../core/errors.ts";

/**
 * Finding a site: the folder holding site.yaml. Apart from loading it (load-site.ts), so that a
 * command that may end before reading the site (a build of the very inputs the served copy was built
 * from, engine/first-look.ts) loads none of what reading it needs.
 */

export const MANIFEST_FILE = "site.yaml";

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
