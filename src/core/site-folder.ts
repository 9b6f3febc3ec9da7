import { existsSync, lstatSync, readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { basename, dirname, join, parse, relative, sep } from "node:path";
import { PpgError, PpgErrorList } from "./errors.ts";

/**
 * The files under one of the site's folders (public/, content/), as paths relative to it with
 * forward slashes. A symbolic link is followed only when it resolves inside the site folder:
 * one leading out (`public/s.txt` → /etc/shadow) would publish a file that is not the site's,
 * and a link to a folder that holds it (`ln -s . loop`) would be copied without end. Both are
 * errors naming the link; so is a link to nothing. The dev server applies the same rule
 * (`resolveInsideSite`), so what it serves is what the build publishes.
 */
export async function listSiteFolder(
  root: string,
  folder: string,
  opts: { extensions?: string[] } = {},
): Promise<string[]> {
  const siteReal = realpathSync(root);
  const errors: PpgError[] = [];
  const files: string[] = [];
  const wanted = (name: string) => !opts.extensions || opts.extensions.some((ext) => name.endsWith(ext));

  async function walk(dir: string, prefix: string, ancestors: Set<string>): Promise<void> {
    const entries = entriesUnder(dir);
    // Dot files and folders are never published (`.env`, `.git`), except `.well-known/` at the top
    // of public/, which hosts and browsers look for by that name (RFC 8615).
    if (
      prefix === "" &&
      folder === "public" &&
      lstatSync(join(dir, ".well-known"), { throwIfNoEntry: false })?.isDirectory()
    ) {
      entries.push(...entriesUnder(dir, ".well-known"));
    }
    for (const entry of entries) {
      const rel = prefix + entry.path;
      if (entry.dirent.isFile()) {
        if (wanted(entry.name)) files.push(rel);
        continue;
      }
      const shown = `${folder}/${rel}`;
      if (!entry.dirent.isSymbolicLink()) {
        // Reading a named pipe waits for a writer that never comes; a device never ends.
        if (!entry.dirent.isDirectory())
          errors.push(new PpgError("NotRegularFile", { path: shown, kind: kindOf(entry.dirent) }));
        continue;
      }
      let real: string;
      try {
        real = realpathSync(join(dir, entry.path));
      } catch (err) {
        const loop = (err as NodeJS.ErrnoException).code === "ELOOP";
        errors.push(
          loop ? new PpgError("SymlinkLoop", { link: shown }) : new PpgError("SymlinkBroken", { link: shown }),
        );
        continue;
      }
      const refused = refusedTarget(siteReal, real);
      if (refused) {
        errors.push(
          new PpgError(refused, {
            link: shown,
            target: refused === "SymlinkOutside" ? real : relative(siteReal, real),
          }),
        );
        continue;
      }
      const target = statSync(real);
      if (!target.isDirectory() && !target.isFile()) {
        errors.push(
          new PpgError("NotRegularFile", { link: shown, path: relative(siteReal, real), kind: kindOf(target) }),
        );
        continue;
      }
      if (!target.isDirectory()) {
        if (wanted(entry.name)) files.push(rel);
        continue;
      }
      const linkDir = realpathSync(dirname(join(dir, entry.path)));
      if (isInside(linkDir, real) || ancestors.has(real)) {
        errors.push(new PpgError("SymlinkLoop", { link: shown, target: relative(siteReal, real) || "." }));
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
    throw new PpgErrorList([new PpgError("SymlinkOutside", { link: `${folder}/`, target: topReal })]);
  }
  await walk(top, "", new Set([topReal]));
  if (errors.length) throw new PpgErrorList(errors);
  return files.sort();
}

/**
 * Every entry under `dir` (below `sub`), not following symbolic links nor entering dot folders,
 * with paths relative to `dir` joined by '/'. A plain walk, not a glob: a glob's `cwd` holding a
 * backslash (a legal character in a folder name on Linux and macOS) was read as an escape, and
 * every content file of such a site was reported missing.
 */
function entriesUnder(dir: string, sub = ""): { path: string; name: string; dirent: Dirent }[] {
  const found: { path: string; name: string; dirent: Dirent }[] = [];
  const visit = (rel: string) => {
    for (const dirent of readdirSync(rel ? join(dir, rel) : dir, { withFileTypes: true })) {
      if (dirent.name.startsWith(".")) continue;
      const path = rel ? `${rel}/${dirent.name}` : dirent.name;
      found.push({ path, name: dirent.name, dirent });
      if (dirent.isDirectory()) visit(path);
    }
  };
  visit(sub);
  return found;
}

/** `a` inside `b` (or equal to it), on paths already resolved. */
/**
 * A path with its existing part resolved through symlinks, so `link/dist` is judged by where it really is (the rest may
 * not exist yet).
 */
export function realish(path: string): string {
  const missing: string[] = [];
  for (let p = path; ; p = dirname(p)) {
    try {
      return join(realpathSync(p), ...missing.reverse());
    } catch {
      if (dirname(p) === p) return path;
      missing.push(basename(p));
    }
  }
}

export function isInside(a: string, b: string): boolean {
  const rel = relative(b, a);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !parse(rel).root);
}

/** What a folder entry is when it is neither a file nor a folder, as a message says it. */
export function kindOf(entry: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (entry.isFIFO()) return "a named pipe (FIFO)";
  if (entry.isSocket()) return "a socket";
  return entry.isCharacterDevice() || entry.isBlockDevice() ? "a device" : "neither a file nor a folder";
}

/**
 * Why a link's resolved target must not be published: outside the site; a hidden file or folder
 * (`public/env.txt -> ../.env`, `public/repo -> ../.git`); or inside a build's output store
 * (`public/mirror -> ../dist`), which would make the output contain itself and grow each build.
 */
function refusedTarget(
  siteReal: string,
  real: string,
): "SymlinkOutside" | "SymlinkIntoOutput" | "SymlinkHidden" | undefined {
  if (!isInside(real, siteReal)) return "SymlinkOutside";
  const segments = relative(siteReal, real).split(sep);
  if (segments.some((s) => s.endsWith(".ppguide")) || existsSync(`${real}.ppguide`)) return "SymlinkIntoOutput";
  if (segments.some((s, i) => s.startsWith(".") && !(s === ".well-known" && i === 1 && segments[0] === "public")))
    return "SymlinkHidden";
  return undefined;
}

/**
 * `file`'s real path when the build would publish it (a regular file inside the site, not hidden,
 * not in an output), else undefined: the dev server's half of listSiteFolder's rule, so dev serves
 * what the build publishes and nothing more.
 */
export function resolveInsideSite(root: string, file: string): string | undefined {
  try {
    const siteReal = realpathSync(root);
    const real = realpathSync(file);
    return !refusedTarget(siteReal, real) && statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}
