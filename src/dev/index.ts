import { resolve } from "node:path";
import { describe, describeAll } from "../core/errors.ts";
import { stackOf } from "../core/stack-trace.ts";
import { DevSite, type ChangeKind, type RebuildReport } from "./dev-site.ts";
import type { Preview } from "./preview.ts";
import { DevServer, problemEvents } from "./server.ts";
import { SiteWatcher, WatchQueue } from "./watch.ts";

export { DevSite, type RebuildReport } from "./dev-site.ts";
export { safePath } from "../serve/request-path.ts";

export interface DevOptions {
  /** The site folder, holding site.yaml, content/ and public/. */
  root: string;
  /** Default 4321; if taken, the next free port. 0: any free port. */
  port?: number;
  /** Default 127.0.0.1: the preview is for this machine only. */
  host?: string;
  /** Names besides localhost and `host` the server answers to (--allowed-host). */
  allowedHosts?: string[];
  /** Preview as of this day, YYYY-MM-DD (site/schedule.ts): default PPGUIDE_CLOCK, else today. */
  clock?: string;
  /** Quiet time before a rebuild, in ms (default 30). */
  debounceMs?: number;
  /** Where the terminal lines go. Default console.log. */
  log?: (line: string) => void;
  /** What dev adds to a build's site as it serves it (preview.ts); default DEV_PREVIEW. */
  preview?: Preview;
  /** Called after every rebuild (tests and the benchmark watch this). */
  onRebuild?: (report: RebuildReport, firstEventAt: number) => void;
}

export interface DevHandle {
  url: string;
  port: number;
  site: DevSite;
  server: DevServer;
  /** The first build's report. */
  initial: RebuildReport;
  /** Resolves when no change is waiting or being rebuilt. */
  idle(): Promise<void>;
  /** Every path with a watch of its own (a folder, or a file of one), absolute: all the site's or ppguide's own. */
  watched(): string[];
  close(): Promise<void>;
}

/**
 * `ppguide dev`: one full build in memory, then a server on 127.0.0.1 and a watcher that
 * rebuilds only what each change can affect. It never exits on a mistake in the site: problems
 * print with file:line:col, show as an overlay in the browser, and the last good build stays up.
 */
export async function startDev(opts: DevOptions): Promise<DevHandle> {
  const root = resolve(opts.root);
  const log = opts.log ?? ((line: string) => console.log(line));
  const site = new DevSite(root, opts.clock);
  const host = opts.host ?? "127.0.0.1";
  const wanted = opts.port ?? 4321;

  const server = new DevServer(site, opts.preview);
  // The warnings and the pages' problems printed last: each is printed again only once it has changed.
  const shown: Shown = { warnings: new Set(), pages: new Set() };
  const queue = new WatchQueue({
    debounceMs: opts.debounceMs,
    run: async (changes: Map<string, ChangeKind>, firstEventAt: number) => {
      const result = await site.rebuild(changes);
      report(result, log, site, shown);
      publish(server, result);
      await drawAfter(site, log, server);
      opts.onRebuild?.(result, firstEventAt);
    },
  });
  // Watching before the first build: a file saved while it runs is built right after it (once,
  // one saved between "Preview" and the watcher's start was never built).
  queue.pause();
  let watcher: SiteWatcher | undefined = await SiteWatcher.start(
    root,
    (file, kind) => queue.add(file, kind),
    (problem) => log(`warning: ${describe(problem)}`),
  );
  const initial = await site.rebuild();
  report(initial, log, site, shown);

  let port: number;
  try {
    port = await server.listen({ host, port: wanted, allowedHosts: opts.allowedHosts });
  } catch (err) {
    await watcher.close();
    await site.dispose();
    throw err;
  }
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;
  if (wanted !== 0 && port !== wanted) log(`Port ${wanted} is in use, so the preview is on port ${port} instead.`);
  log(`Preview: ${url}  (Ctrl-C to stop)`);
  // While the pages are served already; changes wait, as they wait for any rebuild.
  await drawAfter(site, log, server);
  queue.resume();

  let closed = false;
  return {
    url,
    port,
    site,
    server,
    initial,
    async idle() {
      await watcher?.settled();
      await queue.idle();
    },
    watched: () => watcher?.watched() ?? [],
    async close() {
      if (closed) return;
      closed = true;
      queue.stop();
      await watcher?.close();
      watcher = undefined;
      await queue.idle();
      await server.close();
      await site.dispose();
    },
  };
}

/** The pictures a build draws after the pages (DevSite.drawPictures): their problems printed and shown. */
async function drawAfter(site: DevSite, log: (line: string) => void, server?: DevServer): Promise<void> {
  const problems = await site.drawPictures();
  if (!problems.length) return;
  for (const line of describeAll(problems)) log(line);
  log(`${problems.length} picture${problems.length === 1 ? "" : "s"} could not be drawn; fix and save to retry.`);
  server?.broadcast("problems", { errors: problemEvents(problems) });
}

/** Tells connected browsers what changed. */
function publish(server: DevServer, r: RebuildReport): void {
  if (!r.ok) {
    server.broadcast("problems", { errors: problemEvents(r.errors) });
    return;
  }
  if (r.cssOnly) {
    server.broadcast("css", { href: r.cssOnly });
    return;
  }
  server.broadcast("reload", { all: r.full || r.reloadAll, pages: r.changed, files: r.files, ms: Math.round(r.ms) });
}

/** What the terminal shows already: the warnings, and each page's problems. */
interface Shown {
  warnings: Set<string>;
  pages: Set<string>;
}

/**
 * One line per rebuild in the terminal: what changed, what was rendered, how long it took; before
 * it, as the build's reporter words them, the problems that keep the site from building, and,
 * each time they change, the problems of the pages and the site's warnings.
 */
function report(r: RebuildReport, log: (line: string) => void, site: DevSite, shown: Shown): void {
  const ms = `${r.ms.toFixed(0)} ms`;
  const trigger = r.files.length ? `${summarize(r.files)} → ` : "";
  if (!r.ok) {
    if (r.crash) log(stackOf(r.crash));
    for (const line of describeAll(r.errors)) log(line);
    const n = r.errors.length;
    const serving = site.site ? "still serving the last good build" : "nothing to serve until the site builds";
    log(`${trigger}${n} problem${n === 1 ? "" : "s"}; ${serving}. Fix and save to retry.`);
    return;
  }
  const warnings = r.warnings.map((w) => `warning: ${describe(w)}`);
  if (changedSince(shown.warnings, warnings)) for (const line of warnings) log(line);
  const problems = [...r.pageProblems.values()].flatMap((found) => describeAll(found));
  if (changedSince(shown.pages, problems)) for (const line of problems) log(line);
  if (r.pageProblems.size) {
    const routes = [...r.pageProblems.keys()];
    const n = routes.length;
    log(
      `${n} page${n === 1 ? " has" : "s have"} problems, shown on ${n === 1 ? "it" : "each"} in the browser: ` +
        summarize(routes),
    );
  }
  if (r.cssOnly) {
    log(`${trigger}stylesheet swapped in ${ms}`);
    return;
  }
  // Counted as a build counts them, the 404 page too: "built all 54 pages" in dev as in build.
  const pages = r.pages;
  const count = `${pages.length} page${pages.length === 1 ? "" : "s"}`;
  if (r.full) {
    log(`${trigger}built all ${count} in ${ms}`);
    return;
  }
  const names = pages.length <= 4 ? ` (${pages.join(", ")})` : "";
  log(`${trigger}${pages.length ? `rebuilt ${count}${names}` : "no page to re-render; reloading"} in ${ms}`);
}

/** Whether `lines` differ from what `shown` holds; `shown` holds them from now on. */
function changedSince(shown: Set<string>, lines: string[]): boolean {
  if (lines.length === shown.size && lines.every((l) => shown.has(l))) return false;
  shown.clear();
  for (const line of lines) shown.add(line);
  return true;
}

function summarize(files: string[]): string {
  return files.length <= 3 ? files.join(", ") : `${files.slice(0, 2).join(", ")} and ${files.length - 2} more`;
}
