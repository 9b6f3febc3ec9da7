import { copyFile as copyFileCb, mkdir as mkdirCb, mkdirSync, readFileSync, statSync, writeFile as writeFileCb, existsSync, readdirSync } from "node:fs";
import { mkdir, rename, rm, rmdir, unlink } from "node:fs/promises";
import { promisify } from "node:util";
import { dirname, join, relative } from "node:path";

// The callback API does a file's open, write and close inside libuv; fs/promises' FileHandle
// takes a JavaScript round trip for each, which made writing 4,000 pages three times slower.
const writeFileCallback = promisify(writeFileCb);
const copyFileCallback = promisify(copyFileCb);
const mkdirCallback = promisify(mkdirCb);

/**
 * `fresh`: there is no output folder yet, so the whole site is written into the staging folder,
 * which is then renamed into place. `update`: only files whose bytes differ from the output's are
 * staged, and moved in one by one once the build has succeeded.
 *
 * Why not always write everything and swap folders: creating thousands of files and deleting the
 * old thousands costs far more than the rendering (4,000 pages: about 1 s to delete, and file
 * creation on ext4 slows several-fold while those deletions are being discarded), and a rebuild
 * usually changes few pages.
 */
export type OutputMode = "fresh" | "update";

/** What a writer needs to know, plain data so that a worker thread can be given it. */
export interface StageSpec {
  out: string;
  staging: string;
  mode: OutputMode;
  /** Names this writer's staged files apart from other threads'. */
  prefix: string;
}

/** An entry of an output folder: its path relative to the folder, and whether it is a folder. */
export type OutputEntry = [string, boolean];

/** Everything in an output folder (a few thousand folders take a few hundred ms to read on these disks). */
export function listOutput(out: string): OutputEntry[] {
  return readdirSync(out, { recursive: true, withFileTypes: true }).map((e) => [relative(out, join(e.parentPath, e.name)), e.isDirectory()]);
}

/** What one writer did: every file of the new output it accounts for, and the staged ones. */
export interface WrittenFiles {
  produced: string[];
  /** [output file, name in the staging folder] for each file that must be moved in. */
  staged: [string, string][];
}

/**
 * The output folder of one build, changed only by commit(): until then a failed build leaves the
 * previous output exactly as it was.
 */
export class StagedOutput {
  private constructor(
    readonly out: string,
    readonly dir: string,
    readonly mode: OutputMode,
  ) {}

  static create(out: string): StagedOutput {
    const staged = new StagedOutput(out, `${out}.staging-${process.pid}-${Date.now()}`, existsSync(out) ? "update" : "fresh");
    mkdirSync(staged.dir, { recursive: true });
    return staged;
  }

  spec(prefix: string): StageSpec {
    return { out: this.out, staging: this.dir, mode: this.mode, prefix };
  }

  writer(prefix: string): StageWriter {
    return new StageWriter(this.spec(prefix));
  }

  /**
   * Makes the output exactly the new site: files no writer produced are deleted, staged files
   * moved in. Each move replaces one file atomically, so a reader never sees a half-written page.
   * `listing`: the output's entries, when another thread has listed them already.
   */
  async commit(written: WrittenFiles[], listing?: OutputEntry[]): Promise<void> {
    if (this.mode === "fresh") {
      await rename(this.dir, this.out);
      return;
    }
    const produced = new Set(written.flatMap((w) => w.produced));
    const needed = new Set<string>();
    for (const file of produced) for (let d = dirname(file); d !== "." && !needed.has(d); d = dirname(d)) needed.add(d);
    // Stale entries go first, so that a file can take the place of an old folder and vice versa.
    // Inside a stale folder everything is stale (every folder above a produced file is needed).
    const stale: Promise<void>[] = [];
    const dirs = new Map<string, Promise<unknown>>();
    for (const [rel, isDir] of listing ?? listOutput(this.out)) {
      const parent = dirname(rel);
      if (parent !== "." && !needed.has(parent)) continue;
      if (!isDir) {
        if (!produced.has(rel)) stale.push(unlink(join(this.out, rel)));
      } else if (needed.has(rel)) dirs.set(rel, Promise.resolve());
      else stale.push(rm(join(this.out, rel), { recursive: true, force: true }));
    }
    await Promise.all(stale);
    const dirOf = (file: string) => {
      const dir = dirname(file);
      let made = dirs.get(dir);
      if (!made) dirs.set(dir, (made = mkdir(join(this.out, dir), { recursive: true })));
      return made;
    };
    await Promise.all(
      written.flatMap((w) =>
        w.staged.map(async ([file, name]) => {
          await dirOf(file);
          await rename(join(this.dir, name), join(this.out, file));
        }),
      ),
    );
    await rmdir(this.dir);
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * Writes files for a StagedOutput, from any thread. add() returns at once until `limit` writes
 * are in flight, then waits for one: the writes run on libuv's threads while the next pages
 * render, without exhausting file handles.
 */
export class StageWriter implements WrittenFiles {
  readonly produced: string[] = [];
  readonly staged: [string, string][] = [];
  private readonly made = new Map<string, Promise<unknown>>();
  private inFlight = 0;
  private failure: unknown;
  private wake?: () => void;

  constructor(
    private readonly spec: StageSpec,
    private readonly limit = 64,
  ) {}

  /**
   * `file` is relative to the output folder, e.g. `beaches/index.html`. `unchanged`: the caller
   * knows the output has these bytes already. Returns where the bytes are written (a path in the
   * staging folder), or undefined when the output's copy is kept.
   */
  async add(file: string, content: string | Uint8Array, unchanged = false): Promise<string | undefined> {
    const path = this.stage(file, () => unchanged || sameBytes(join(this.spec.out, file), content));
    if (path) await this.run(async () => writeFileCallback(await this.ensureDir(path), content));
    return path;
  }

  /** Copies a file (from public/) into the output. */
  async copy(from: string, file: string): Promise<void> {
    const path = this.stage(file, () => sameFile(from, join(this.spec.out, file)));
    if (path) await this.run(async () => copyFileCallback(from, await this.ensureDir(path)));
  }

  /** Waits for every write; throws the first one that failed. */
  async flush(): Promise<void> {
    while (this.inFlight > 0) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  /** The record alone, as plain data: the writer itself holds promises and cannot cross threads. */
  files(): WrittenFiles {
    return { produced: this.produced, staged: this.staged };
  }

  /** Records the file; returns where to write it, or undefined when the output already has it. */
  private stage(file: string, unchanged: () => boolean): string | undefined {
    this.produced.push(file);
    if (this.spec.mode === "fresh") return join(this.spec.staging, file);
    if (unchanged()) return undefined;
    const name = `${this.spec.prefix}${this.staged.length}`;
    this.staged.push([file, name]);
    return join(this.spec.staging, name);
  }

  private async ensureDir(path: string): Promise<string> {
    if (this.spec.mode === "update") return path;
    const dir = dirname(path);
    let made = this.made.get(dir);
    if (!made) this.made.set(dir, (made = mkdirCallback(dir, { recursive: true })));
    await made;
    return path;
  }

  private async run(write: () => Promise<unknown>): Promise<void> {
    while (this.inFlight >= this.limit) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
    this.inFlight++;
    write()
      .catch((err: unknown) => (this.failure ??= err))
      .finally(() => {
        this.inFlight--;
        const wake = this.wake;
        this.wake = undefined;
        wake?.();
      });
  }
}

// Read synchronously: a page is a few tens of kilobytes, read in tens of microseconds, and a
// comparison saves a write, which on these disks costs ten times more.
function sameBytes(path: string, content: string | Uint8Array): boolean {
  let old: Buffer;
  try {
    old = readFileSync(path);
  } catch {
    return false;
  }
  return typeof content === "string" ? old.length === Buffer.byteLength(content) && old.toString() === content : old.equals(content);
}

function sameFile(a: string, b: string): boolean {
  try {
    if (statSync(a).size !== statSync(b).size) return false;
  } catch {
    return false;
  }
  return readFileSync(a).equals(readFileSync(b));
}
