/**
 * The search index started before the first page renders, so that Pagefind parses on a core the
 * render leaves idle instead of after the last page: each render thread hands back its pages'
 * <main>s, and each is given to Pagefind as soon as the pages before it are (output/index-maker.ts).
 *
 * Started when the index is sure to be made again: a first build, or a served index to make anew
 * (none was made, or the plan has no record of it). On a rebuild it is started too when a page is
 * rendered for what it alone reads (an edited body, its route entry or listings, a new page): the
 * edit an index most often follows. The pages reused as they were are then read from the served
 * copy, in site.yaml's order, while the edited ones render. When the index's inputs turn out the
 * same after all (the edit changed only a page's <head>), the stream's Pagefind is ended unused
 * and the served index linked; a change every page reads (a nav label) starts nothing, since it
 * seldom changes any page's <main>.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PartIndexer, partOut } from "../output/index-maker.ts";
import type { OutputFolder } from "../output/output-folder.ts";
import type { IndexRecord } from "../output/page-cache.ts";
import { assignParts, indexable, mainOf } from "../output/search-index.ts";
import type { LoadedSite } from "../site/load-site.ts";
import { renderedForItself, type Plan } from "./page-keys.ts";

/** Reused pages read from the served copy and sent to Pagefind at a time. */
const READ_AHEAD = 64;

type Mains = [route: string, main: string][];

export class IndexStream {
  /** Each part's maker, by its folder in the output; emptied when the reused pages could not all be read. */
  private readonly started = new Map<string, PartIndexer>();
  /** Rendered pages given to Pagefind, and the one the reader waits for before reading further. */
  private readonly arrived = new Set<string>();
  private awaited: { route: string; arrive: () => void } | undefined;
  /** Set once rendering ended, well or not: a page not given by then never will be. */
  private over = false;
  /** Settles once every reused page is given (or could not be): the parts may then be finished. */
  private readonly fed: Promise<void>;

  /** Started when the index will likely be made again; else undefined (made, or linked, after rendering). */
  static start(state: {
    site: LoadedSite;
    opts: { searchIndex?: boolean };
    own?: unknown;
    servedIndex: IndexRecord | undefined;
    plan: Plan;
    output: Pick<OutputFolder, "indexWork" | "live">;
  }): IndexStream | undefined {
    const { opts, own, servedIndex, plan, output } = state;
    if (opts.searchIndex === false || own) return undefined;
    const edited = plan.render.some(({ job, reason }) => indexable(job) && renderedForItself(reason));
    if (servedIndex && !edited) return undefined;
    const reused = new Map(plan.reuse.filter(({ job }) => indexable(job)).map(({ job }) => [job.route, job.file]));
    // Reused pages are only ever the served copy's.
    if (reused.size && !output.live) return undefined;
    return new IndexStream(state.site, output.indexWork, reused, output.live ?? "");
  }

  private constructor(
    site: LoadedSite,
    private readonly work: string,
    reused: ReadonlyMap<string, string>,
    live: string,
  ) {
    for (const [n, part] of assignParts(site).entries())
      this.started.set(part.dir, new PartIndexer(part, partOut(work, n)));
    const order = site.manifest.routes.filter(indexable).map((route) => route.path);
    this.fed = reused.size ? this.readReused(order, reused, live) : Promise.resolve();
  }

  /** Pages rendered: their <main>s, by route, offered to every part (each takes its own). */
  rendered(mains: Mains): void {
    // Not waited for: the render's pace bounds what is held until it is sent.
    void this.offer(mains);
    for (const [route] of mains) this.arrived.add(route);
    if (this.awaited && this.arrived.has(this.awaited.route)) this.awaited.arrive();
  }

  /**
   * The parts being made, once every page is given to them, for writeIndex to finish (or end, when
   * the served part is the same). None when a reused page could not be read: the parts are then
   * made after rendering, as without the stream.
   */
  async parts(): Promise<ReadonlyMap<string, PartIndexer>> {
    this.stop();
    await this.fed;
    return this.started;
  }

  /** Ends every Pagefind and removes the working folder, then throws what made the render fail. */
  readonly close = (failure: unknown): never => {
    this.stop();
    this.end();
    rmSync(this.work, { recursive: true, force: true });
    throw failure;
  };

  private offer(mains: Mains): Promise<unknown> {
    return Promise.all(Array.from(this.started.values(), (indexer) => indexer.offer(mains)));
  }

  /**
   * Reads the reused pages' <main>s from the served copy in the order Pagefind takes them, and
   * waits at a page still rendering, so that no more is held in memory than Pagefind can take next.
   */
  private async readReused(order: string[], reused: ReadonlyMap<string, string>, live: string): Promise<void> {
    try {
      const ready: Mains = [];
      for (const route of order) {
        const file = reused.get(route);
        if (file !== undefined) {
          ready.push([route, mainOf(readFileSync(join(live, file), "utf8"))]);
          if (ready.length === READ_AHEAD) await this.offer(ready.splice(0));
          continue;
        }
        if (ready.length) await this.offer(ready.splice(0));
        if (!this.arrived.has(route) && !this.over)
          await new Promise<void>((arrive) => (this.awaited = { route, arrive }));
        this.awaited = undefined;
        // Rendering ended without it (it failed): nothing more is worth reading.
        if (!this.arrived.has(route)) return this.end();
      }
      if (ready.length) await this.offer(ready);
    } catch {
      // A served page gone or unreadable since the plan: the parts are made after rendering, from
      // the copy being written, which holds every page.
      this.end();
    }
  }

  private stop(): void {
    this.over = true;
    this.awaited?.arrive();
  }

  private end(): void {
    for (const indexer of this.started.values()) indexer.abort();
    this.started.clear();
  }
}
