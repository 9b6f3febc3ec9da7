import { lstat, readlink } from "node:fs/promises";
import { lstatSync, realpathSync } from "node:fs";
import { isInside } from "../core/site-folder.ts";
import { PpgError } from "../core/errors.ts";
import { basename, join, relative, sep } from "node:path";
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
  private stopped = false;
  /** Second looks whose timer has fired and whose file is being looked at. */
  private checking = 0;

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
        this.checking++;
        this.rechecks.delete(file);
        try {
          if (this.pending.has(file)) return; // the coming rebuild reads it anyway
          const now = await fingerprint(file);
          if (!this.stopped && this.seen.has(file) && now !== this.seen.get(file)) this.add(file, "change");
        } finally {
          this.checking--;
          this.settle();
        }
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

  /**
   * Resolves when nothing is pending or running, and no second look is still to come: until that
   * look, a file caught half-saved (truncated, its bytes not yet written) may be all dev has built.
   */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((done) => this.idleWaiters.push(done));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const t of this.rechecks.values()) clearTimeout(t);
    this.rechecks.clear();
    this.pending.clear();
    this.settle();
  }

  private isIdle(): boolean {
    return !this.running && this.pending.size === 0 && this.rechecks.size === 0 && this.checking === 0;
  }

  private settle(): void {
    if (this.isIdle()) for (const done of this.idleWaiters.splice(0)) done();
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
      else this.settle();
    });
  }
}

/**
 * chokidar on the watch targets, held to the site: it never follows a link, and it is started
 * afresh whenever an event comes through one. A link is watched as itself: one to /usr made dev
 * walk and watch 225,000 files. A link added, changed or removed is an event like any file's, and
 * the rebuild it causes reads the folders again through the build's guard (core/site-folder.ts),
 * which refuses it if it leads out. But chokidar, seeing a watched file's inode change, watches
 * the path anew, through whatever link now stands on it (a Markdown file replaced by a link to
 * /etc/passwd, a folder of them by a link to a folder elsewhere): so a path reached through a link
 * drops every watch, and a fresh watcher, which follows none, takes over.
 */
export class SiteWatcher {
  private watcher?: FSWatcher;
  private restarting?: Promise<void>;
  private closed = false;

  private constructor(
    private readonly root: string,
    private readonly onChange: (file: string, kind: ChangeKind) => void,
    private readonly onProblem: (problem: PpgError) => void,
  ) {}

  /** Resolves once the initial scan is done. What chokidar reports going wrong is told as WatchFailed. */
  static async start(
    root: string,
    onChange: (file: string, kind: ChangeKind) => void,
    onProblem: (problem: PpgError) => void,
  ): Promise<SiteWatcher> {
    const site = new SiteWatcher(root, onChange, onProblem);
    site.watcher = await site.watch();
    return site;
  }

  /** Every path with a watch of its own (a folder, or a file of one), absolute. */
  watched(): string[] {
    const closers = (this.watcher as unknown as { _closers?: Map<string, unknown> } | undefined)?._closers;
    return [...(closers?.keys() ?? [])];
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.restarting;
    await this.watcher?.close();
    this.watcher = undefined;
  }

  private async watch(): Promise<FSWatcher> {
    const { root } = this;
    // content/ or public/ may be a link to a folder elsewhere in the site, as a build allows: its
    // real folder is watched, and what is heard there is named by the path the build reads.
    const moved = linkedTargets(root);
    const targets = [...watchTargets(root), ...moved.keys()];
    // chokidar 4+ watches folders, not globs: watch the folders that hold the targets and filter here.
    // Watching site.yaml's folder rather than the file itself survives editors that save by rename.
    const folders = [...new Set([root, ...targets.slice(1)])].filter(
      (f, _i, all) => !all.some((o) => o !== f && f.startsWith(o + sep)),
    );
    const wanted = (path: string): boolean => targets.some((t) => path === t || path.startsWith(t + sep));
    const ancestor = (path: string): boolean => targets.some((t) => t.startsWith(path + sep)) || folders.includes(path);
    const watcher = watch(folders, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (path: string) => {
        if (wanted(path)) return isJunk(basename(path));
        return !ancestor(path);
      },
    });
    // The links this watcher found at its start. One replaced by a file (removed, then the file
    // written) keeps its entry in chokidar's folder, so chokidar never watches the file, and its
    // saves would go unheard: any event on such a path starts a fresh watcher, which finds a file.
    const links = new Set<string>();
    const heard = (kind: ChangeKind) => (file: string) => {
      if (this.watcher !== watcher || this.closed) return;
      const [real, named] = [...moved].find(([r]) => file === r || file.startsWith(r + sep)) ?? [root, root];
      this.onChange(named + file.slice(real.length), kind);
      // Once chokidar is done with the event: it watches the path anew right after telling it.
      if (throughLink(real, file) || links.has(file)) setImmediate(() => void this.restart());
    };
    watcher.on("add", heard("add"));
    watcher.on("change", heard("change"));
    watcher.on("unlink", heard("unlink"));
    // chokidar says nothing of a link to nothing, made or removed (it cannot resolve it); the
    // folder's own event names it, and a build refuses it (SymlinkBroken).
    watcher.on("raw", (event, name, details) => {
      const at = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (event !== "rename" || !name || !at) return;
      const path = lstatSync(at, { throwIfNoEntry: false })?.isDirectory() ? join(at, name) : at;
      if (!wanted(path) || isJunk(basename(path))) return;
      heard(lstatSync(path, { throwIfNoEntry: false }) ? "change" : "unlink")(path);
    });
    watcher.on("error", (err) => this.onProblem(new PpgError("WatchFailed", { reason: (err as Error).message })));
    await new Promise<void>((ready) => watcher.once("ready", () => ready()));
    for (const path of filesOf(watcher))
      if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) links.add(path);
    return watcher;
  }

  /** Resolves once no restart is under way. */
  async settled(): Promise<void> {
    while (this.restarting) await this.restarting;
  }

  /**
   * Drops every watch and starts again, once at a time. What was saved while no watcher listened
   * is not lost: every file of the site's targets is told as changed once the new one is ready.
   */
  private restart(): Promise<void> {
    this.restarting ??= (async () => {
      const old = this.watcher;
      this.watcher = undefined;
      const known = filesOf(old);
      await old?.close();
      if (this.closed) return;
      const watcher = await this.watch();
      this.watcher = watcher;
      for (const path of new Set([...known, ...filesOf(watcher)]))
        if (isInside(path, this.root) && !lstatSync(path, { throwIfNoEntry: false })?.isDirectory())
          this.onChange(path, "change");
    })().finally(() => {
      this.restarting = undefined;
    });
    return this.restarting;
  }
}

/** Every path a chokidar watcher holds as a file or folder of a watched folder. */
function filesOf(watcher: FSWatcher | undefined): string[] {
  return Object.entries(watcher?.getWatched() ?? {}).flatMap(([dir, names]) => names.map((n) => join(dir, n)));
}

/** content/ and public/ when each is a link to a folder inside the site: by its real path, the path it is read by. */
function linkedTargets(root: string): Map<string, string> {
  const moved = new Map<string, string>();
  let siteReal: string;
  try {
    siteReal = realpathSync(root);
  } catch {
    return moved;
  }
  for (const target of [join(root, "content"), join(root, "public")]) {
    if (!lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) continue;
    let real: string;
    try {
      real = realpathSync(target);
    } catch {
      continue;
    }
    // One leading out is left unwatched: the build refuses it (core/site-folder.ts).
    if (isInside(real, siteReal) && !isInside(real, target)) moved.set(real, target);
  }
  return moved;
}

/** Whether `file`, a path in the watched folder `root`, is a link or is reached through one. */
function throughLink(root: string, file: string): boolean {
  const rel = relative(root, file);
  if (!rel || rel.startsWith("..")) return false;
  const parts = rel.split(sep);
  for (let i = 1; i <= parts.length; i++)
    if (lstatSync(join(root, ...parts.slice(0, i)), { throwIfNoEntry: false })?.isSymbolicLink()) return true;
  return false;
}

/** See chokidar's `_emit`: change events for one path are throttled to one per 50 ms, the rest dropped. */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/** The file's state as a rebuild would find it: a link's own, so a link swapped for another is a change. */
async function fingerprint(file: string): Promise<string> {
  const s = await lstat(file).catch(() => undefined);
  if (s?.isSymbolicLink()) return `link:${await readlink(file).catch(() => "")}:${s.ctimeMs}`;
  return s ? `${s.mtimeMs}:${s.ctimeMs}:${s.size}` : "gone";
}
