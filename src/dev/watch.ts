import { lstat, readlink } from "node:fs/promises";
import { basename, join, sep } from "node:path";
import { watch, type FSWatcher } from "chokidar";
import type { ChangeKind } from "./dev-site.ts";
import { PACKAGE_DIR } from "../core/package-dir.ts";

const packageDir = PACKAGE_DIR;

/** What dev mode watches: the site's own files, and the package's templates and browser scripts. */
export function watchTargets(root: string): string[] {
  return [
    join(root, "site.yaml"),
    join(root, "content"),
    join(root, "public"),
    join(packageDir, "templates"),
    join(packageDir, "src", "client"),
  ];
}

/** Editor droppings and hidden files: never a reason to rebuild. */
function isJunk(name: string): boolean {
  return (
    name.startsWith(".") ||
    name.endsWith("~") ||
    name.endsWith(".swp") ||
    name.endsWith(".tmp") ||
    /^\d+$/.test(name) ||
    name === "node_modules"
  );
}

export interface WatchQueueOptions {
  /** Quiet time after the last event before a rebuild starts: coalesces an editor saving several files. */
  debounceMs?: number;
  /** Runs one rebuild; never called while another is running. */
  run: (changes: Map<string, ChangeKind>, firstEventAt: number) => Promise<void>;
}

/**
 * Coalesces bursts of file events and runs one rebuild at a time; changes arriving during a
 * rebuild wait for the next one (Eleventy's Watch/WatchQueue habit). The debounce also stands in
 * for awaitWriteFinish: a file still being written keeps emitting events, which keep pushing the
 * rebuild back, without chokidar's polling delay on every save.
 */
export class WatchQueue {
  private pending = new Map<string, ChangeKind>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private firstEventAt = 0;
  private readonly debounceMs: number;
  private idleWaiters: (() => void)[] = [];
  /** Each file's state when its last rebuild started, and the pending second looks at it. */
  private readonly seen = new Map<string, string>();
  private readonly rechecks = new Map<string, NodeJS.Timeout>();
  private paused = false;

  constructor(private readonly opts: WatchQueueOptions) {
    this.debounceMs = opts.debounceMs ?? 30;
  }

  add(file: string, kind: ChangeKind): void {
    if (this.pending.size === 0) this.firstEventAt = performance.now();
    // add then unlink within one burst is no file at all; unlink then add is a save by rename.
    const before = this.pending.get(file);
    this.pending.set(file, before === "unlink" && kind === "add" ? "change" : kind);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.debounceMs);
    if (kind === "change") this.scheduleRecheck(file);
  }

  /**
   * chokidar passes on one change per file every 50 ms and drops the rest, so a second save soon
   * after the first would be lost. Once that window has passed, compare the file with its state
   * when the rebuild started; if it moved on since, rebuild again.
   */
  private scheduleRecheck(file: string): void {
    clearTimeout(this.rechecks.get(file));
    this.rechecks.set(
      file,
      setTimeout(async () => {
        this.rechecks.delete(file);
        if (this.pending.has(file)) return; // the coming rebuild reads it anyway
        const now = await fingerprint(file);
        if (this.seen.has(file) && now !== this.seen.get(file)) this.add(file, "change");
      }, CHOKIDAR_CHANGE_THROTTLE_MS + 10),
    );
  }

  /**
   * Holds every change until resume(): dev mode's first build runs meanwhile, and what changed during it is built
   * after.
   */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    void this.flush();
  }

  /** Resolves when nothing is pending or running. */
  idle(): Promise<void> {
    if (!this.running && this.pending.size === 0) return Promise.resolve();
    return new Promise((done) => this.idleWaiters.push(done));
  }

  stop(): void {
    clearTimeout(this.timer);
    for (const t of this.rechecks.values()) clearTimeout(t);
    this.rechecks.clear();
    this.pending.clear();
  }

  private async flush(): Promise<void> {
    if (this.paused || this.running || this.pending.size === 0) return;
    const changes = this.pending;
    const at = this.firstEventAt;
    this.pending = new Map();
    this.running = (async () => {
      await Promise.all([...changes.keys()].map(async (f) => this.seen.set(f, await fingerprint(f))));
      await this.opts.run(changes, at);
    })().finally(() => {
      this.running = undefined;
      if (this.pending.size) void this.flush();
      else for (const done of this.idleWaiters.splice(0)) done();
    });
  }
}

/** Starts chokidar on the watch targets; resolves once the initial scan is done. */
export async function startWatcher(
  root: string,
  onChange: (file: string, kind: ChangeKind) => void,
): Promise<FSWatcher> {
  const targets = watchTargets(root);
  // chokidar 4+ watches folders, not globs: watch the folders that hold the targets and filter here.
  // Watching site.yaml's folder rather than the file itself survives editors that save by rename.
  const folders = [...new Set([root, ...targets.slice(1)])].filter(
    (f, _i, all) => !all.some((o) => o !== f && f.startsWith(o + sep)),
  );
  const wanted = (path: string): boolean => targets.some((t) => path === t || path.startsWith(t + sep));
  const ancestor = (path: string): boolean => targets.some((t) => t.startsWith(path + sep)) || folders.includes(path);
  const watcher = watch(folders, {
    ignoreInitial: true,
    // A link is watched as itself, never followed: one to /usr made dev walk and watch 225,000
    // files, and one to a folder outside the site would have events read files there. A link
    // added, changed or removed is an event like any file's, and the rebuild it causes reads the
    // folders again through the build's guard (core/site-folder.ts), which refuses it if it leads
    // out. A folder replaced by a link loses its watches with the folder.
    followSymlinks: false,
    ignored: (path: string) => {
      if (wanted(path)) return isJunk(basename(path));
      return !ancestor(path);
    },
  });
  watcher.on("add", (f) => onChange(f, "add"));
  watcher.on("change", (f) => onChange(f, "change"));
  watcher.on("unlink", (f) => onChange(f, "unlink"));
  watcher.on("error", (err) => console.error(`watcher: ${(err as Error).message}`));
  await new Promise<void>((ready) => watcher.once("ready", () => ready()));
  return watcher;
}

/** See chokidar's `_emit`: change events for one path are throttled to one per 50 ms, the rest dropped. */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/** The file's state as a rebuild would find it: a link's own, so a link swapped for another is a change. */
async function fingerprint(file: string): Promise<string> {
  const s = await lstat(file).catch(() => undefined);
  if (s?.isSymbolicLink()) return `link:${await readlink(file).catch(() => "")}:${s.ctimeMs}`;
  return s ? `${s.mtimeMs}:${s.ctimeMs}:${s.size}` : "gone";
}
