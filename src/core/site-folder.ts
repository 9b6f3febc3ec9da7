import fg from "fast-glob";
import { realpathSync, statSync } from "node:fs";
import { dirname, join, parse, relative, sep } from "node:path";
import { PpgError, PpgErrorList } from "./errors.ts";

/**
 * The files under one of the site's folders (public/, content/), as paths relative to it with
 * forward slashes. A symbolic link is followed only when it resolves inside the site folder:
 * one leading out (`public/s.txt` → /etc/shadow) would publish a file that is not the site's,
 * and a link to a folder that holds it (`ln -s . loop`) would be copied without end. Both are
 * errors naming the link; so is a link to nothing. The dev server applies the same rule
 * (`resolveInsideSite`), so what it serves is what the build publishes.
 */
export async function listSiteFolder(root: string, folder: string, opts: { extensions?: string[] } = {}): Promise<string[]> {
  const siteReal = realpathSync(root);
  const errors: PpgError[] = [];
  const files: string[] = [];
  const wanted = (name: string) => !opts.extensions || opts.extensions.some((ext) => name.endsWith(ext));

  async function walk(dir: string, prefix: string, ancestors: Set<string>): Promise<void> {
    const entries = await fg("**/*", { cwd: dir, onlyFiles: false, followSymbolicLinks: false, objectMode: true, dot: false });
    for (const entry of entries) {
      const rel = prefix + entry.path;
      if (entry.dirent.isFile()) {
        if (wanted(entry.name)) files.push(rel);
        continue;
      }
      if (!entry.dirent.isSymbolicLink()) continue;
      const shown = `${folder}/${rel}`;
      let real: string;
      try {
        real = realpathSync(join(dir, entry.path));
      } catch (err) {
        const loop = (err as NodeJS.ErrnoException).code === "ELOOP";
        errors.push(problem(loop ? "SymlinkLoop" : "SymlinkBroken", `${shown} is a symbolic link ${loop ? "that leads back to itself" : "to nothing"}`, "Delete the link or point it at a file inside the site."));
        continue;
      }
      if (!isInside(real, siteReal)) {
        errors.push(problem("SymlinkOutside", `${shown} is a symbolic link to ${real}, outside the site`, "Copy the file into the site instead: ppguide publishes only what is inside the site folder."));
        continue;
      }
      if (!statSync(real).isDirectory()) {
        if (wanted(entry.name)) files.push(rel);
        continue;
      }
      const linkDir = realpathSync(dirname(join(dir, entry.path)));
      if (isInside(linkDir, real) || ancestors.has(real)) {
        errors.push(problem("SymlinkLoop", `${shown} is a symbolic link to ${relative(siteReal, real) || "."}, a folder that contains it: following it would never end`, "Delete the link."));
        continue;
      }
      await walk(join(dir, entry.path), `${rel}/`, new Set([...ancestors, real]));
    }
  }

  const top = join(root, folder);
  let topReal: string;
  try {
    topReal = realpathSync(top);
  } catch {
    return [];
  }
  if (!isInside(topReal, siteReal)) {
    throw new PpgErrorList([problem("SymlinkOutside", `${folder}/ is a symbolic link to ${topReal}, outside the site`, "Make it a folder inside the site.")]);
  }
  await walk(top, "", new Set([topReal]));
  if (errors.length) throw new PpgErrorList(errors);
  return files.sort();
}

/** `a` inside `b` (or equal to it), on paths already resolved. */
export function isInside(a: string, b: string): boolean {
  const rel = relative(b, a);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !parse(rel).root);
}

function problem(code: "SymlinkOutside" | "SymlinkLoop" | "SymlinkBroken", message: string, hint: string): PpgError {
  return new PpgError(code, message, { hint });
}

/** `file`'s real path when it is inside the site, else undefined: the dev server's half of listSiteFolder's rule. */
export function resolveInsideSite(root: string, file: string): string | undefined {
  try {
    const real = realpathSync(file);
    return isInside(real, realpathSync(root)) ? real : undefined;
  } catch {
    return undefined;
  }
}
