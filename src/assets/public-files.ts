import { listSiteFolder } from "../core/site-folder.ts";

/** The files under public/, as URL paths (`/images/logo.svg`), found once per build. */
export async function listPublicFiles(root: string): Promise<Set<string>> {
  const files = await listSiteFolder(root, "public");
  return new Set(files.map((f) => `/${f}`));
}
