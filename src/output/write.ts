import {
  copyFile as copyFileCb,
  link as linkCb,
  lstatSync,
  mkdir as mkdirCb,
  readFileSync,
  statSync,
  writeFile as writeFileCb,
  type Stats,
} from "node:fs";
import { lstat, mkdir, rm, unlink } from "node:fs/promises";
import { promisify } from "node:util";
import { dirname, join, posix } from "node:path";
import { withPath } from "../core/disk-cache.ts";
import { PpgError } from "../core/errors.ts";
import { expected } from "../core/invariant.ts";
import { type FileStat, fileStat } from "./page-cache.ts";

/** A file the build writes besides the pages: its path in the output folder (`feed.xml`) and its bytes. */
export interface OutputFile {
  file: string;
  content: string | Uint8Array;
}

// The callback API does a file's open, write and close inside libuv; fs/promises' FileHandle
// takes a JavaScript round trip for each, which made writing 4,000 pages three times slower.
const writeFileCallback = promisify(writeFileCb);
const copyFileCallback = promisify(copyFileCb);
const linkCallback = promisify(linkCb);
const mkdirCallback = promisify(mkdirCb);

/** What a writer needs to know, plain data so that a worker thread can be given it (see output-folder.ts). */
export interface CopySpec {
  /** The copy of the site being written. */
  target: string;
  /** The copy being served, whose unchanged files are linked rather than written; none on a first build. */
  live?: string;
  /**
   * The copy held nothing when the build began: a path is free until this build writes it, and is
   * not looked up first. Looking up each page before creating it, two threads and libuv's creating
   * files in the same folder, cost a first build of 4,000 pages about a second.
   */
  fresh?: boolean;
}

/** An entry of an output folder: its path relative to the folder, and whether it is a folder. */
export type OutputEntry = [string, boolean];

/** What one writer did: every file of the new output it accounts for. */
export interface WrittenFiles {
  produced: string[];
}

/**
 * The second wall behind the schema: a file name that is absolute, climbs with `..`, has empty
 * or `.` segments, a backslash or a control character never reaches the disk, wherever it came from.
 */
export function assertContained(file: string): void {
  const bad =
    file === "" ||
    file.startsWith("/") ||
    /[\\\u0000-\u001f\u007f]/.test(file) ||
    file.split("/").some((s) => s === "" || s === "." || s === "..") ||
    posix.normalize(file) !== file;
  if (bad) {
    throw new PpgError("OutputPathOutside", { file });
  }
}

/**
 * Writes files into the copy of the site being prepared, from any thread. add() returns at once
 * until `limit` writes are in flight, then waits for one: the writes run on libuv's threads while
 * the next pages render, without exhausting file handles.
 *
 * A file the served copy shares (a hard link: more than one link to its inode) never changes in
 * place: it is unlinked, and its new bytes go to a new inode, so the served site keeps its bytes.
 * A file of this copy alone is rewritten in place (see place()).
 */
export class CopyWriter implements WrittenFiles {
  readonly produced: string[] = [];
  /**
   * The files this copy already held as the served copy does (the same inode), left as they were, each with its stat
   * when it was found: the stat the page cache records, as nothing after changes them.
   */
  readonly inPlace = new Map<string, FileStat>();
  private readonly made = new Map<string, Promise<unknown>>();
  private inFlight = 0;
  private failure: unknown;
  /**
   * Everyone waiting for a write to end (flush, or add at the limit): several batches of one render thread may wait at
   * once.
   */
  private waiting: (() => void)[] = [];

  constructor(
    private readonly spec: CopySpec,
    private readonly limit = 64,
  ) {}

  /**
   * `file` is relative to the output folder, e.g. `beaches/index.html`. `changed`: the caller knows the served copy's
   * file holds other bytes, which are then not read to compare. Returns the path written or linked.
   */
  async add(file: string, content: string | Uint8Array, changed = false): Promise<string> {
    const path = this.pathOf(file);
    const live = this.spec.live && join(this.spec.live, file);
    if (live && !changed && sameBytes(live, content)) await this.run(() => this.place(file, path, live));
    else
      await this.run(() =>
        this.place(file, path, undefined, (to, over) => writeFileCallback(to, content, { flag: over ? "w" : "wx" })),
      );
    return path;
  }

  /** Links the served copy's `file` (of inode `ino`, when known), known to be what this build would write there. */
  async link(file: string, ino?: number): Promise<void> {
    const path = this.pathOf(file);
    const { live } = this.spec;
    if (!live) throw new Error(`no served copy to link ${file} from`);
    await this.run(() => this.place(file, path, join(live, file), undefined, ino));
  }

  /**
   * Takes a file made beside the output, on its disk (the search index), into it by a hard link;
   * the served copy's when it has the same bytes, so an unchanged file keeps its inode and mtime.
   */
  async adopt(from: string, file: string): Promise<void> {
    const path = this.pathOf(file);
    const live = this.spec.live && join(this.spec.live, file);
    await this.run(() => this.place(file, path, live && sameFile(from, live) ? live : from));
  }

  /** Copies a file (from public/) into the output. */
  async copy(from: string, file: string): Promise<void> {
    const path = this.pathOf(file);
    const live = this.spec.live && join(this.spec.live, file);
    if (live && sameFile(from, live)) await this.run(() => this.place(file, path, live));
    else
      await this.run(() =>
        this.place(file, path, undefined, (to, over) => copyFileCallback(from, to, over ? 0 : 1 /* COPYFILE_EXCL */)),
      );
  }

  /** Waits for every write; throws the first one that failed. */
  async flush(): Promise<void> {
    while (this.inFlight > 0) await this.writeEnded();
    if (this.failure) throw this.failure;
  }

  /** The record alone, as plain data: the writer itself holds promises and cannot cross threads. */
  files(): WrittenFiles {
    return { produced: this.produced };
  }

  private pathOf(file: string): string {
    assertContained(file);
    this.produced.push(file);
    return join(this.spec.target, file);
  }

  /** Puts the served copy's file (`live`) or new bytes (`write`) at `path`, clearing whatever is in the way. */
  private async place(
    file: string,
    path: string,
    live: string | undefined,
    write?: (to: string, over: boolean) => Promise<unknown>,
    liveIno?: number,
  ): Promise<void> {
    this.inPlace.delete(file);
    // Synchronous: microseconds, where fs/promises' lstat held the thread far longer (docs/performance.md).
    // Nothing there, or a file standing where a folder of the path belongs (ENOTDIR): ensureDir clears it.
    const old = this.spec.fresh ? undefined : lstatOrNothing(path);
    // Already the same file (a link made by an earlier build): nothing to do.
    if (live && old?.isFile() && old.ino === (liveIno ?? statSync(live).ino)) {
      this.inPlace.set(file, fileStat(old));
      return;
    }
    // A file of this copy alone (no other link: not the served copy's) is rewritten in place:
    // unlinking and creating every page was most of a nav-label rebuild.
    if (write && old?.isFile() && old.nlink === 1)
      return void (await write(path, true).catch((err: unknown) => Promise.reject(withPath(err, path))));
    if (old) await (old.isDirectory() ? rm(path, { recursive: true, force: true }) : unlink(path));
    else await this.ensureDir(dirname(path));
    if (live) return void (await linkCallback(live, path).catch(() => copyFileCallback(live, path, 1)));
    // Every caller gives the served copy's file or new bytes.
    const make = expected(write, "the bytes of a file that has no served copy");
    // A full disk in the middle of a write names no file: the error says which.
    await make(path, false).catch((err: unknown) => Promise.reject(withPath(err, path)));
  }

  /** Creates a file's folder; a file standing where the folder goes (left by an older site) is removed. */
  private ensureDir(dir: string): Promise<unknown> {
    let made = this.made.get(dir);
    if (!made) {
      made = mkdirCallback(dir, { recursive: true }).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOTDIR" && err.code !== "EEXIST") throw err;
        await this.removeFileAbove(dir);
        await mkdir(dir, { recursive: true });
      });
      this.made.set(dir, made);
    }
    return made;
  }

  private async removeFileAbove(dir: string): Promise<void> {
    for (let d = dir; d.length > this.spec.target.length; d = dirname(d)) {
      const stat = await lstat(d).catch(() => undefined);
      if (stat && !stat.isDirectory()) {
        await unlink(d);
        return;
      }
    }
  }

  private writeEnded(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private async run(write: () => Promise<unknown>): Promise<void> {
    while (this.inFlight >= this.limit) await this.writeEnded();
    if (this.failure) throw this.failure;
    this.inFlight++;
    write()
      .catch((err: unknown) => (this.failure ??= err))
      .finally(() => {
        this.inFlight--;
        const waiting = this.waiting;
        this.waiting = [];
        for (const wake of waiting) wake();
      });
  }
}

/**
 * Makes the copy exactly the new site: what it held before (`listing`) that no writer produced
 * is deleted. Inside a stale folder everything is stale (every folder above a produced file is needed).
 */
export async function removeStale(target: string, listing: OutputEntry[], written: WrittenFiles[]): Promise<void> {
  const produced = new Set(written.flatMap((w) => w.produced));
  const needed = new Set<string>();
  for (const file of produced) for (let d = dirname(file); d !== "." && !needed.has(d); d = dirname(d)) needed.add(d);
  const stale: Promise<void>[] = [];
  for (const [rel] of listing) {
    const parent = dirname(rel);
    if (parent !== "." && !needed.has(parent)) continue;
    // What is now produced or needed was replaced in place already (a file where a folder was, or the reverse).
    if (!produced.has(rel) && !needed.has(rel)) stale.push(rm(join(target, rel), { recursive: true, force: true }));
  }
  await Promise.all(stale);
}

function lstatOrNothing(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

// Read synchronously: a page is a few tens of kilobytes, read in tens of microseconds, and a
// comparison saves a write, which on these disks costs ten times more.
function sameBytes(path: string, content: string | Uint8Array): boolean {
  const size = typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
  let old: Buffer;
  try {
    // A file of another size is not read: a page given a new header and footer seldom keeps its size.
    if (statSync(path).size !== size) return false;
    old = readFileSync(path);
  } catch {
    return false;
  }
  return typeof content === "string" ? old.toString() === content : old.equals(content);
}

function sameFile(a: string, b: string): boolean {
  try {
    if (statSync(a).size !== statSync(b).size) return false;
  } catch {
    return false;
  }
  return readFileSync(a).equals(readFileSync(b));
}
