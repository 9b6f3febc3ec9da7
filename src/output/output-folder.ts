import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, parse, relative, resolve, sep } from "node:path";
import { cacheRoot, siteCache } from "../core/disk-cache.ts";
import { PpgError } from "../core/errors.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";
import { kernelFilesystem, makeFolder } from "../core/make-folder.ts";
import { isInside, realish } from "../core/site-folder.ts";
import { pageCacheFile } from "./page-cache.ts";
import { inputsFile } from "./same-inputs.ts";
import type { OutputEntry } from "./write.ts";

/**
 * The output folder is a symbolic link to one of two complete copies of the site, kept beside it
 * in `<out>.ppguide/` (`dist` → `dist.ppguide/a`). A build brings the copy that is not served up
 * to date (unchanged files are hard links to the served copy's, so they keep their bytes, inode
 * and mtime and cost no space), checks it, then replaces the link with a single rename(2).
 *
 * So at every instant, even if the build is killed, `dist` is wholly the old site or wholly the
 * new one; a failed build never touches the served copy; and nothing accumulates, since the
 * same two copies are reused. (Node cannot reach renameat2(RENAME_EXCHANGE) to swap two real
 * folders; the link is the one thing rename(2) can replace atomically.)
 *
 * The link into a `<out>.ppguide/` store is also how ppguide knows a folder is its own: any other
 * non-empty folder (or link, or file) at `--out` is refused unless `--force` is given, as Vite's
 * emptyOutDir refuses outside the project, because replacing it would delete someone's files.
 */
export const COPIES = ["a", "b"] as const;

const STORE_SUFFIX = ".ppguide";
/** Room under --out for `.ppguide/a/` and the site's own deepest page path. */
const MAX_OUT_BYTES = 3_000;

export interface OutputPaths {
  /** What readers and hosts use: the link (a folder only before the first ppguide build). */
  out: string;
  /** Where the two copies, the lock and temporary links live. */
  store: string;
}

export function outputPaths(out: string): OutputPaths {
  return { out, store: `${out}${STORE_SUFFIX}` };
}

/** The site's own folders, which an output must never be in, replace or contain. */
const SOURCE_FOLDERS = ["content", "public", "templates", "src"];
/** ppguide's own folders the build reads. */
const PACKAGE_INPUTS = ["schema", "templates", "src", "bin", "node_modules", "package.json"];
/** Written into every store ppguide makes: a `dist.ppguide/` without it is someone else's. */
const STORE_MARK = ".ppguide-output";
/** What a store made before the mark existed may hold. */
const STORE_ENTRY = /^(a|b|[ab]\.(pages|inputs)|index-work|lock|(link|replaced)-\d+)$/;
/** Where older versions of ppguide gave the search index's pages to Pagefind; a killed build's is removed. */
const INDEX_WORK = "index-work";

/**
 * Refuses an output folder whose replacement would destroy something that is not ppguide's:
 * the site itself or a folder holding it, its sources, the filesystem root or the home folder,
 * or a folder, file or link that ppguide did not create (the last one only, `--force` allows).
 */
export function checkOutputFolder(root: string, out: string, force = false): void {
  const refuse = (why: string, hint: string) => {
    throw new PpgError("OutputRefused", { out, why }, { hint });
  };
  const pickAnother = "Pass another --out, e.g. --out dist (a folder inside the site that ppguide creates and owns).";
  // First, before any other look at it: what the kernel shows as folders there holds no site, and a
  // recursive mkdir under /proc never ended.
  for (const o of [resolve(out), realish(resolve(out))]) {
    const kernel = kernelFilesystem(o);
    if (kernel) refuse(`it is on ${kernel}, a filesystem the kernel makes up, which stores no files`, pickAnother);
  }
  // Before anything is made: a path the filesystem would refuse halfway through the build once
  // left a trail of empty folders behind.
  const longest = Math.max(
    ...resolve(out)
      .split(sep)
      .map((s) => Buffer.byteLength(s)),
  );
  if (Buffer.byteLength(resolve(out)) > MAX_OUT_BYTES || longest > 255) {
    throw new PpgError(
      "PathTooLong",
      { out: Buffer.byteLength(resolve(out)), longest },
      {
        hint: "Pass a shorter --out.",
      },
    );
  }
  for (const [o, r, home] of [
    [resolve(out), resolve(root), homedir()],
    [realish(resolve(out)), realish(resolve(root)), realish(homedir())],
  ] as const) {
    if (parse(o).root === o) refuse("it is the filesystem root", pickAnother);
    if (isInside(home, o)) refuse("it is the home folder or a folder that holds it", pickAnother);
    if (isInside(r, o))
      refuse(
        "it is the site folder or a folder that holds it, so the build would replace the site's own files",
        pickAnother,
      );
    for (const source of SOURCE_FOLDERS)
      if (isInside(o, join(r, source))) refuse(`it is inside the site's ${source}/ folder`, pickAnother);
    // What the build reads, here or in ppguide's own folder: --force must never replace it
    // (once: `--out schema --force` deleted the build's own schemas).
    for (const input of [
      join(r, "site.yaml"),
      ...SOURCE_FOLDERS.map((f) => join(r, f)),
      ...PACKAGE_INPUTS.map((f) => join(PACKAGE_DIR, f)),
    ]) {
      if (isInside(o, input) || isInside(input, o))
        refuse(`it is or holds ${input}, which the build reads`, pickAnother);
    }
    // A repository, or a folder holding one: `--out .git --force` once deleted the repository.
    if (o.split(sep).includes(".git") || existsSync(join(o, ".git")))
      refuse("it is or holds a git repository (.git)", pickAnother);
    // A cache inside the output (or its store) would be published, or deleted by the next build
    // (once: PPGUIDE_CACHE_DIR=dist/cache put the cache on the site).
    for (const cache of [cacheRoot(), siteCache(root)]) {
      const c = o === resolve(out) ? resolve(cache) : realish(resolve(cache));
      if (isInside(c, o) || isInside(c, `${o}${STORE_SUFFIX}`)) {
        throw new PpgError(
          "CacheFolderRefused",
          { caches: cache, out },
          { hint: "Point PPGUIDE_CACHE_DIR at a folder outside the output, or pass another --out." },
        );
      }
    }
  }
  const { store } = outputPaths(resolve(out));
  const found = lstatOrUndefined(out);
  if (!found || ownLink(out, found)) return;
  if (found.isSymbolicLink()) {
    if (!force)
      refuse(
        "it is a symbolic link that ppguide did not create",
        "Remove the link, pass another --out, or pass --force to replace the link (never what it points to).",
      );
    return;
  }
  if (!found.isDirectory()) refuse("it is a file, not a folder", pickAnother);
  if (readdirSync(out).length > 0 && !force) {
    refuse(
      `it is a folder that ppguide did not create (ppguide's output ` +
        `is a link into ${basename(store)}/) and it is not empty`,
      "Delete the folder if you no longer need it, pass another --out, or pass --force to replace it " +
        "(its files are deleted). Older ppguide versions wrote a plain folder: --force once adopts it.",
    );
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  return lstatSync(path, { throwIfNoEntry: false });
}

/** The copy `out` links to, when it is a link ppguide made. */
/** The copy `out` serves as the last build left it, read without the lock: a guess at what a build may reuse. */
export function servedCopy(out: string): string | undefined {
  const copy = ownLink(out);
  return copy && join(outputPaths(out).store, copy);
}

function ownLink(out: string, stat: Stats | undefined = lstatOrUndefined(out)): (typeof COPIES)[number] | undefined {
  if (!stat?.isSymbolicLink()) return undefined;
  const target = readlinkSync(out);
  const copy = COPIES.find((c) => target === join(basename(out) + STORE_SUFFIX, c));
  return copy;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One build's hold on an output folder: the lock, the copy being written (`target`), the copy
 * being served (`live`, none on a first build) and what `target` held before (`listing`).
 */
export class OutputFolder {
  private lockFile?: string;
  private swapLink?: string;

  private constructor(
    readonly out: string,
    readonly store: string,
    readonly target: string,
    readonly live: string | undefined,
    readonly listing: OutputEntry[],
    lockFile: string,
  ) {
    this.lockFile = lockFile;
  }

  /** Checks `out` (see checkOutputFolder), takes the lock, and readies the copy to write. */
  static open(root: string, outArg: string, force = false): OutputFolder {
    const out = resolve(outArg);
    checkOutputFolder(root, out, force);
    const { store } = outputPaths(out);
    makeFolder(dirname(out));
    const storeStat = lstatOrUndefined(store);
    if (storeStat && !storeStat.isDirectory()) {
      throw new PpgError(
        "OutputRefused",
        { store, why: "is not a folder ppguide made" },
        {
          hint:
            `ppguide keeps the two copies of the site in ${basename(store)}/ ` +
            `beside the output: move that file or link away.`,
        },
      );
    }
    if (storeStat && !existsSync(join(store, STORE_MARK))) {
      // Adopted only when it is plainly ppguide's (made before the mark existed): the store of the
      // link being replaced, or holding no copy (a lock, a killed build's temporary link). A copy
      // (`a/`) without the link may be anyone's: the issue's `out.ppguide/a/notes.txt`.
      const entries = readdirSync(store);
      const leftovers = entries.every((e) => STORE_ENTRY.test(e) && !COPIES.includes(e as (typeof COPIES)[number]));
      if (!leftovers && !(ownLink(out) && entries.every((e) => STORE_ENTRY.test(e)))) {
        throw new PpgError(
          "OutputRefused",
          { store, why: "exists and ppguide did not make it" },
          {
            hint:
              `ppguide keeps the two copies of the site in ${basename(store)}/ beside the output, ` +
              `and would replace what is there: move that folder away, or pass another --out.`,
          },
        );
      }
    }
    makeFolder(store);
    writeFileSync(
      join(store, STORE_MARK),
      "This folder is written by ppguide build: its contents are replaced on every build.\n",
    );
    const lockFile = takeLock(store, out);
    try {
      removeLeftovers(out, store);
      const liveCopy = ownLink(out);
      const target = join(store, liveCopy === "a" ? "b" : "a");
      // The copy is about to change: its page cache and the record of its inputs no longer describe it
      // (output/page-cache.ts, output/same-inputs.ts).
      rmSync(pageCacheFile(target), { force: true });
      rmSync(inputsFile(target), { force: true });
      return new OutputFolder(out, store, target, liveCopy && join(store, liveCopy), prepareTarget(target), lockFile);
    } catch (err) {
      rmSync(lockFile, { force: true });
      throw err;
    }
  }

  /** Serves the new copy: one rename of a link, so a reader sees the old site or the new, never a mix. */
  commit(): void {
    const link = join(this.store, `link-${process.pid}`);
    rmSync(link, { force: true });
    symlinkSync(relative(dirname(this.out), this.target), link);
    this.swapLink = link;
    const found = lstatOrUndefined(this.out);
    if (found?.isDirectory()) {
      // A folder ppguide is allowed to replace (empty, or --force): it cannot be renamed over, so
      // it is moved aside first; the output is missing for that instant only, and only this once.
      const aside = join(this.store, `replaced-${process.pid}`);
      renameSync(this.out, aside);
      renameSync(link, this.out);
      rmSync(aside, { recursive: true, force: true });
    } else {
      renameSync(link, this.out);
    }
    this.swapLink = undefined;
  }

  /** Lets go of the lock and anything half-made; safe to call more than once, and from a signal handler. */
  release(): void {
    if (this.swapLink) rmSync(this.swapLink, { force: true });
    if (this.lockFile) rmSync(this.lockFile, { force: true });
    this.lockFile = this.swapLink = undefined;
  }
}

/** Takes `<store>/lock` for this process, or says which live build holds it; a dead build's lock is taken over. */
function takeLock(store: string, out: string): string {
  const file = join(store, "lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const pid = Number(readFileSync(file, "utf8"));
    if (pid && alive(pid)) {
      throw new PpgError(
        "OutputBusy",
        { pid, out },
        {
          hint: `Wait for it to finish. If no build is running, delete ${file}.`,
        },
      );
    }
    rmSync(file, { force: true });
  }
  throw new PpgError("OutputBusy", { lock: file }, { hint: `If no build is running, delete ${file}.` });
}

/**
 * Temporary links of killed builds, and what older versions of ppguide left when interrupted: the
 * search index's working folder, and staging folders beside the output (`dist.staging-<pid>-<time>`).
 */
function removeLeftovers(out: string, store: string): void {
  rmSync(join(store, INDEX_WORK), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  for (const name of readdirSync(store)) {
    // A page cache, search-entry pack or record of inputs a killed build was writing (core/disk-cache.ts
    // writeChecked) is named for its pid too.
    const pid = /^(?:(?:link|replaced)-|.+\.(?:pages|pack|inputs)\.tmp-)(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join(store, name), { recursive: true, force: true });
  }
  const staging = new RegExp(`^${basename(out).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.staging-(\\d+)-\\d+$`);
  for (const name of readdirSync(dirname(out))) {
    const pid = staging.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join(dirname(out), name), { recursive: true, force: true });
  }
}

/**
 * The copy about to be written must hold only files and folders: a symbolic link in it (put there
 * by hand) would make a later write land wherever it points, outside the output.
 */
function prepareTarget(target: string): OutputEntry[] {
  const stat = lstatOrUndefined(target);
  if (stat && !stat.isDirectory()) unlinkSync(target);
  if (!stat?.isDirectory()) {
    mkdirSync(target);
    return [];
  }
  const entries = readdirSync(target, { recursive: true, withFileTypes: true });
  const listing: OutputEntry[] = [];
  // Each entry's folder is `target` or under it: its path there is a slice, not path.relative(), which took 22 ms
  // of a 16,000-page rebuild.
  const under = (folder: string) => (folder === target ? "" : `${folder.slice(target.length + 1)}${sep}`);
  for (const e of entries) {
    if (e.isDirectory() || e.isFile()) listing.push([`${under(e.parentPath)}${e.name}`, e.isDirectory()]);
    else rmSync(join(e.parentPath, e.name), { force: true });
  }
  return listing;
}
