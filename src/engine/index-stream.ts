/**
 * The search index started before the first page renders, when it is sure to be made whole (no
 * served index to reuse: a first build, --no-cache) from pages that all render: each render thread
 * hands back its pages' <main>s with their records, and each is given to Pagefind as soon as the
 * pages before it are (output/index-maker.ts), so Pagefind parses while the pages render instead
 * of after the last one.
 */
import { rmSync } from "node:fs";
import { PartIndexer, partOut } from "../output/index-maker.ts";
import type { OutputFolder } from "../output/output-folder.ts";
import type { IndexRecord } from "../output/page-cache.ts";
import { assignParts } from "../output/search-index.ts";
import type { LoadedSite } from "../site/load-site.ts";
import type { Plan } from "./page-keys.ts";

export class IndexStream {
  /** Each part's maker, by its folder in the output. */
  readonly started = new Map<string, PartIndexer>();

  /** Started when the whole index will be made from pages that all render; else undefined (made after rendering). */
  static start(state: {
    site: LoadedSite;
    opts: { searchIndex?: boolean };
    own?: unknown;
    servedIndex: IndexRecord | undefined;
    plan: Plan;
    output: Pick<OutputFolder, "indexWork">;
  }): IndexStream | undefined {
    const { opts, own, servedIndex, plan } = state;
    if (opts.searchIndex === false || own || servedIndex || plan.reuse.length) return undefined;
    return new IndexStream(state.site, state.output.indexWork);
  }

  private constructor(
    site: LoadedSite,
    private readonly work: string,
  ) {
    for (const [n, part] of assignParts(site).entries())
      this.started.set(part.dir, new PartIndexer(part, partOut(work, n)));
  }

  /** Pages rendered: their <main>s, by route, offered to every part (each takes its own). */
  rendered(mains: [route: string, main: string][]): void {
    // Not waited for: the render's pace bounds what is held until it is sent.
    for (const indexer of this.started.values()) void indexer.offer(mains);
  }

  /** Ends every Pagefind and removes the working folder, then throws what made the render fail. */
  readonly close = (failure: unknown): never => {
    for (const indexer of this.started.values()) indexer.abort();
    rmSync(this.work, { recursive: true, force: true });
    throw failure;
  };
}
