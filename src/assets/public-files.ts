import fg from "fast-glob";
import { join } from "node:path";

/** The files under public/, as URL paths (`/images/logo.svg`), found once per build. */
export async function listPublicFiles(root: string): Promise<Set<string>> {
  const files = await fg("**/*", { cwd: join(root, "public"), dot: false, onlyFiles: true });
  return new Set(files.map((f) => `/${f}`));
}
