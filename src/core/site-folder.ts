import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFile,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  type Dirent,
  type Stats,
} from "node:fs";
import { basename, dirname, join, parse, relative, sep } from "node:path";
import { PpgError, PpgErrorList } from "./errors.ts";

/**
 * The files under one of the site's folders (public/, content/), as paths relative to it with
 * forward slashes. A symbolic link is followed only when it resolves inside the site folder:
 * one leading out (`public/s.txt` → /etc/shadow) would publish a file that is not the site's,
 * and a link to a folder that holds it (`ln -s . loop`) would be copied without end. Both are
 * errors naming the link; so is a link to nothing. Every read of a file applies the same rule
 * again (openSiteFile), so what dev serves is what the build publishes.
 */
export async function listSiteFolder(
  root: string,
  folder: string,
  /** `linked`: filled with the files reached through a link, whose bytes change with another file's. */
  opts: { extensions?: string[]; linked?: Set<string> } = {},
): Promise<string[]> {
  const siteReal = realpathSync(root);
  const errors: PpgError[] = [];
  const files: string[] = [];
  const wanted = (name: string) => !opts.extensions || opts.extensions.some((ext) => name.endsWith(ext));

  async function walk(dir: string, prefix: string, ancestors: Set<string>, viaLink = false): Promise<void> {
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
        if (viaLink && wanted(entry.name)) opts.linked?.add(rel);
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
        if (wanted(entry.name)) opts.linked?.add(rel);
        continue;
      }
      const linkDir = realpathSync(dirname(join(dir, entry.path)));
      if (isInside(linkDir, real) || ancestors.has(real)) {
        errors.push(new PpgError("SymlinkLoop", { link: shown, target: relative(siteReal, real) || "." }));
        continue;
      }
      await walk(join(dir, entry.path), `${rel}/`, new Set([...ancestors, real]), true);
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

/** A file of the site opened for reading by the guard: its descriptor, to read and close, and what it is. */
export interface SiteFile {
  fd: number;
  info: Stats;
}

/**
 * The one door every read of a site file goes through (site.yaml, content/, public/; at a build's
 * start and after each event dev mode hears): `file`, relative to the site folder with forward
 * slashes, is opened only where listSiteFolder would take it from, a regular file inside the site,
 * not hidden, not in an output. Judged twice: by its real path before it is opened (so a link out,
 * to a device above all, is never opened), and by what the kernel says was opened (so a folder
 * swapped for a link since it was resolved, in this turn of the event loop, is caught too, and
 * closed unread). Listing a folder is not enough: once, a Markdown file replaced by a link to
 * /etc/passwd while dev ran was served as a page.
 *
 * Throws the link's refusal (SymlinkOutside, SymlinkHidden, SymlinkIntoOutput, SymlinkLoop),
 * SourceIsFolder or NotRegularFile; a file that is not there, as the system's ENOENT.
 */
export function openSiteFile(root: string, file: string): SiteFile {
  const siteReal = realFolder(root);
  const { real, fd } = openReal(root, file, siteReal);
  try {
    // The path just judged needs no second judgement; only one a swap in between made.
    const opened = openedPath(fd);
    if (opened !== undefined && opened !== real) refuseLeaving(root, file, siteReal, opened);
    const info = fstatSync(fd);
    if (info.isDirectory()) throw new PpgError("SourceIsFolder", { file });
    if (!info.isFile()) {
      const link = linkOnPath(root, file);
      throw new PpgError(
        "NotRegularFile",
        link ? { link, path: relative(siteReal, real), kind: kindOf(info) } : { path: file, kind: kindOf(info) },
      );
    }
    return { fd, info };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * The file's real path, judged, and opened. It is its folder's real path and its own name, unless the name itself is a
 * link (the open refuses it: ELOOP) or the folder cannot be resolved (gone, a loop): then the path is resolved whole,
 * which follows a link inside the site and says what is wrong with any other.
 */
function openReal(root: string, file: string, siteReal: string): { real: string; fd: number } {
  const path = join(root, file);
  const quick = inFolder(path);
  if (quick !== undefined) {
    refuseLeaving(root, file, siteReal, quick);
    try {
      return { real: quick, fd: openNoFollow(quick) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ELOOP") throw err;
    }
  }
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOOP")
      throw new PpgError("SymlinkLoop", { link: linkOnPath(root, file) ?? file });
    throw err;
  }
  refuseLeaving(root, file, siteReal, real);
  return { real, fd: openNoFollow(real) };
}

/** O_NONBLOCK: a named pipe put there meanwhile is opened at once rather than waited on (and refused after). */
const openNoFollow = (real: string) => openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);

/**
 * The real paths of the folders the guard has resolved in this turn of the event loop. A load reads thousands of
 * files from a few folders in one synchronous pass, and resolving each file's path whole read a link per folder on
 * the way, every time (a third of the guard's cost). Kept for the turn only, so dev mode, which reads again after
 * each event, resolves afresh; and a folder re-linked within the turn is caught by the judgement of what the kernel
 * opened (openSiteFile).
 */
let folders: Map<string, string> | undefined;

function realFolder(dir: string): string {
  if (!folders) {
    folders = new Map();
    setImmediate(() => {
      folders = undefined;
    }).unref();
  }
  let real = folders.get(dir);
  if (real === undefined) folders.set(dir, (real = realpathSync.native(dir)));
  return real;
}

/** `path` as its resolved folder and its own name; undefined when the folder cannot be resolved. */
function inFolder(path: string): string | undefined {
  try {
    return join(realFolder(dirname(path)), basename(path));
  } catch {
    return undefined;
  }
}

/**
 * The real path of a file of the site, judged by the guard (openSiteFile): to copy it, where the
 * bytes need not pass through this process (public/'s photos into the output).
 */
export function siteFilePath(root: string, file: string): string {
  const { fd } = openSiteFile(root, file);
  try {
    return openedPath(fd) ?? realpathSync.native(join(root, file));
  } finally {
    closeSync(fd);
  }
}

/** A file of the site, read through the guard (openSiteFile). */
export function readSiteFile(root: string, file: string): Buffer {
  const { fd } = openSiteFile(root, file);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** readSiteFile, the bytes read without holding up the thread (photos). */
export async function readSiteFileAsync(root: string, file: string): Promise<Buffer> {
  const { fd } = openSiteFile(root, file);
  try {
    return await new Promise<Buffer>((done, fail) => readFile(fd, (err, bytes) => (err ? fail(err) : done(bytes))));
  } finally {
    closeSync(fd);
  }
}

/**
 * A file of public/ by its path there (`/images/a.png`, or without the slash), through the guard;
 * `publicDir` is the site's public/ folder. Async: the bytes read without holding up the thread.
 */
export function readPublicFile(publicDir: string, path: string): Promise<Buffer> {
  return readSiteFileAsync(dirname(publicDir), `${basename(publicDir)}/${path.replace(/^\/+/, "")}`);
}

/** readPublicFile, synchronously (the size of an SVG, asked for while a page renders). */
export function readPublicFileSync(publicDir: string, path: string): Buffer {
  return readSiteFile(dirname(publicDir), `${basename(publicDir)}/${path.replace(/^\/+/, "")}`);
}

function refuseLeaving(root: string, file: string, siteReal: string, real: string): void {
  const refused = refusedTarget(siteReal, real);
  if (!refused) return;
  const link = linkOnPath(root, file) ?? file;
  throw new PpgError(refused, { link, target: refused === "SymlinkOutside" ? real : relative(siteReal, real) });
}

/** The path the kernel gives an open descriptor (Linux's /proc/self/fd), or undefined where there is none. */
function openedPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/** The first symbolic link on `file`'s way down from the site folder, as an error names it (a folder with a slash). */
function linkOnPath(root: string, file: string): string | undefined {
  const parts = file.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const at = parts.slice(0, i).join("/");
    if (lstatSync(join(root, at), { throwIfNoEntry: false })?.isSymbolicLink()) return i < parts.length ? `${at}/` : at;
  }
  return undefined;
}
