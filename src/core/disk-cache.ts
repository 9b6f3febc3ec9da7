import { randomUUID } from "node:crypto";
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  writevSync,
} from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { PACKAGE_DIR } from "./package-dir.ts";
import { Digest } from "./digest.ts";
import { makeFolder } from "./make-folder.ts";

/**
 * ppguide's caches live in five places, the first three decided here:
 * - cacheRoot(): what any site's build may share (the DiskCache kinds below);
 * - siteCache(root): what belongs to one site (its encoded images, dev mode's index work);
 * - packageCache(): what belongs to ppguide itself (dev mode's template bundles);
 * - beside each copy of the output, what the build knows of its pages and search index
 *   (output/page-cache.ts), which goes with the copy it describes;
 * - for --verify's clean build, an empty folder of the output's store for its images
 *   (engine/verify.ts), removed with it.
 * The second and third are a folder of this name; a site's is refused when it leads out of the
 * site (site/load-site.ts) or lies inside the output (output/output-folder.ts).
 */
export const CACHE_FOLDER = ".ppguide-cache";

/** `<root>/.ppguide-cache/<sub...>`: the site's own cache folder, or a folder in it. */
export function siteCache(root: string, ...sub: string[]): string {
  return join(root, CACHE_FOLDER, ...sub);
}

/** `.ppguide-cache/<sub...>` in ppguide's own folder. */
export function packageCache(...sub: string[]): string {
  return join(PACKAGE_DIR, CACHE_FOLDER, ...sub);
}

/**
 * The folder of the caches shared by every site: $PPGUIDE_CACHE_DIR when set (the tests point it at a temporary
 * folder, so they never read or evict a developer's entries), else node_modules/.cache beside the
 * CLI bundle. Read on every use, so a test may point it elsewhere for one case.
 */
export function cacheRoot(): string {
  const dir = process.env.PPGUIDE_CACHE_DIR;
  return dir ? resolve(dir) : join(PACKAGE_DIR, "node_modules", ".cache");
}

/** The bytes of the SHA-256 that ends every entry (and every file writeChecked writes). */
export const TRAILER = 32;
/** The names DiskCache.key() makes. */
const ENTRY_NAME = /^[0-9a-f]{32}$/;

/**
 * Small caches of what a build computed, under cacheRoot(): one folder per kind, one file per key,
 * the most recently written kept. Every entry is an optimisation only: one that cannot be read or
 * written is simply not there.
 */
export class DiskCache {
  constructor(
    private readonly kind: string,
    private readonly keep: number,
  ) {}

  private get dir(): string {
    return join(cacheRoot(), this.kind);
  }

  /** A key made of these parts, short enough for a file name. */
  static key(...parts: (string | Uint8Array)[]): string {
    const hash = new Digest();
    for (const part of parts) hash.add(part, "\0");
    return hash.hex(32);
  }

  file(key: string): string {
    return join(this.dir, key);
  }

  /** The entry's bytes, or undefined when there is none or it is damaged (readChecked). */
  read(key: string): Buffer | undefined {
    return readChecked(this.file(key));
  }

  write(key: string, bytes: Uint8Array | string): void {
    try {
      makeFolder(this.dir);
      writeChecked(this.file(key), bytes);
      // Only entries ppguide names (DiskCache.key): PPGUIDE_CACHE_DIR may be a folder holding
      // other files, which eviction once deleted (28 of 40).
      const entries = readdirSync(this.dir)
        .filter((name) => ENTRY_NAME.test(name))
        .map((name) => ({ name, age: -statSync(join(this.dir, name)).mtimeMs }));
      for (const old of entries.sort((a, b) => a.age - b.age).slice(this.keep))
        rmSync(join(this.dir, old.name), { force: true });
    } catch {
      // Read-only install, full disk: the next build recomputes.
    }
  }
}

/**
 * A file written by writeChecked, or undefined when there is none or it is damaged: each ends
 * with the SHA-256 of what precedes it, so a truncated file or a same-length edit is recomputed,
 * never trusted (once: an edited Markdown entry was published on every later build).
 */
export function readChecked(path: string): Buffer | undefined {
  try {
    const bytes = readFileSync(path);
    const body = bytes.subarray(0, -TRAILER);
    return bytes.length > TRAILER && new Digest().add(body).bytes().equals(bytes.subarray(-TRAILER)) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes `bytes` (a text, bytes, or bytes in parts, written one after another and never joined in
 * memory) and their SHA-256 under a temporary name, then renames: a reader never sees half a file.
 */
export function writeChecked(path: string, bytes: Uint8Array | string | readonly Uint8Array[]): void {
  const parts = typeof bytes === "string" ? [Buffer.from(bytes)] : bytes instanceof Uint8Array ? [bytes] : bytes;
  const tmp = `${path}.tmp-${process.pid}`;
  let fd: number | undefined;
  try {
    // A name left by a killed build, or a link planted there, is removed, never written through.
    rmSync(tmp, { force: true });
    fd = openSync(tmp, "wx");
    writeAll(fd, [...parts, new Digest().add(...parts).bytes()]);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw withPath(err, tmp);
  }
}

/**
 * Each part in turn, a thousand to a system call (IOV_MAX is 1,024 on Linux), and whatever a call left
 * unwritten after it.
 */
function writeAll(fd: number, parts: readonly Uint8Array[]): void {
  for (let at = 0; at < parts.length; at += 1000) {
    const batch = parts.slice(at, at + 1000);
    let written = writevSync(fd, batch);
    for (const part of batch) {
      let done = Math.min(written, part.byteLength);
      written -= done;
      while (done < part.byteLength) done += writeSync(fd, part, done);
    }
  }
}

/**
 * Writes a cache file under a temporary name, then renames it: an interrupted build never leaves
 * a truncated file that looks cached. The temporary name is unique, as two builds on worker threads
 * of one process may make the same file.
 */
export async function writeCacheFile(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (err) {
    // Nothing half-written is left, and the error names the file: a full disk in the middle of
    // a write comes without a path, and said only "the disk that holds the output folder".
    await rm(tmp, { force: true }).catch(() => {});
    throw withPath(err, tmp);
  }
}

/** `err` with `path` set when the system left it out (fs/promises' write after open names no file). */
export function withPath(err: unknown, path: string): unknown {
  if (
    err instanceof Error &&
    typeof (err as NodeJS.ErrnoException).code === "string" &&
    !(err as NodeJS.ErrnoException).path
  )
    (err as NodeJS.ErrnoException).path = path;
  return err;
}
