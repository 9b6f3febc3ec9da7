/**
 * Making the search index's shards with Pagefind (search-index.ts plans them). Pagefind is given
 * each page's <main> as a message, in the order of the shard's pages (site.yaml's), as soon as the
 * pages before it are known: in a first build while the pages still render (engine/index-stream.ts),
 * so Pagefind parses on a core the render leaves idle instead of after the last page. Pagefind
 * numbers pages in the order it is given them, so a build, a rebuild, dev mode and a merge make
 * the same bytes, on any filesystem; and no page is written twice (once, each page's <main> was
 * written into a folder for Pagefind to read, and creating those 4,000 files cost more than
 * Pagefind's parsing of them).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startPagefind, type PagefindRun } from "./pagefind-runner.ts";
import type { IndexRecord } from "./page-cache.ts";
import { mainOf, servedShard, shardFilesIn, type ShardFile, type ShardPlan } from "./search-index.ts";
import type { CopyWriter } from "./write.ts";

/** Pages sent to Pagefind per message, when they come all at once. */
const PER_MESSAGE = 64;

/** What Pagefind is given of a page: its <main> alone, all it reads (rootSelector). */
function indexDocument(main: string): string {
  return `<html><body>${main}</body></html>`;
}

/** One shard being made: Pagefind started with its records, and given the pages in order. */
export class ShardIndexer {
  /** The <main>s offered and not yet given, of this shard's pages only. */
  private readonly mains = new Map<string, string>();
  private readonly own: Set<string>;
  private given = 0;
  private readonly run: PagefindRun;

  /** `out`: a folder of its own, where Pagefind writes the shard's files for the caller to take. */
  constructor(
    readonly shard: ShardPlan,
    private readonly out: string,
  ) {
    this.own = new Set(shard.pages.map((page) => page.route));
    rmSync(out, { recursive: true, force: true });
    this.run = startPagefind(shard.options, shard.records);
  }

  /**
   * Pages' <main>s (by route) now known: gives Pagefind each next page whose <main> is known, in
   * order; settles once they have been sent.
   */
  offer(mains: Iterable<[route: string, main: string]>): Promise<unknown> {
    const { pages } = this.shard;
    for (const [route, main] of mains) if (this.own.has(route)) this.mains.set(route, main);
    const ready: { url: string; content: string }[] = [];
    const sent: Promise<void>[] = [];
    for (let next = pages[this.given]; next && this.mains.has(next.route); next = pages[++this.given]) {
      // As a link writes it: /café is /caf%C3%A9, as the site's own links and the host name it.
      ready.push({ url: encodeURI(next.route), content: indexDocument(this.mains.get(next.route) ?? "") });
      this.mains.delete(next.route);
      if (ready.length === PER_MESSAGE) sent.push(this.run.add(ready.splice(0)));
    }
    if (ready.length) sent.push(this.run.add(ready));
    return Promise.all(sent);
  }

  /** Once every page is given: Pagefind writes the shard, whose files are returned. */
  async finish(): Promise<ShardFile[]> {
    if (this.given < this.shard.pages.length) throw new Error(`${this.shard.dir}: pages left out of the index`);
    await this.run.finish(this.out, this.shard.pages.length + this.shard.records.length);
    return shardFilesIn(this.shard, this.out);
  }

  abort(): void {
    this.run.abort();
  }
}

/** Makes one shard into `out` from every page's HTML (`htmlOf`, by route); its files stay there for the caller. */
export async function makeShard(
  shard: ShardPlan,
  out: string,
  htmlOf: (route: string) => string,
): Promise<ShardFile[]> {
  const indexer = new ShardIndexer(shard, out);
  try {
    // A message at a time, so that Pagefind parses while the next pages are read.
    for (let i = 0; i < shard.pages.length; i += PER_MESSAGE)
      await indexer.offer(shard.pages.slice(i, i + PER_MESSAGE).map(({ route }) => [route, mainOf(htmlOf(route))]));
    return await indexer.finish();
  } catch (err) {
    indexer.abort();
    throw err;
  }
}

/**
 * The index's shards written into the copy: one made from the same pages and records as the served
 * copy's is linked from it; one `started` while the pages rendered is finished; the others are
 * made again (`read` gives a page's HTML by its route).
 */
export async function writeIndex(
  shards: ShardPlan[],
  output: { live: string | undefined; target: string; indexWork: string },
  served: IndexRecord | undefined,
  writer: CopyWriter,
  read: (route: string) => string,
  started: ReadonlyMap<string, ShardIndexer> = new Map(),
): Promise<{ record: IndexRecord; made: string[] }> {
  const record: IndexRecord = { shards: [] };
  const made: string[] = [];
  try {
    for (const [n, shard] of shards.entries()) {
      const indexer = started.get(shard.dir);
      const reuse = servedShard(output.live, served, shard);
      if (reuse) {
        indexer?.abort();
        for (const file of reuse.files) await writer.link(file);
        record.shards.push({ dir: shard.dir, digest: shard.digest, files: reuse.files, sums: reuse.sums });
        continue;
      }
      const written = indexer ? await indexer.finish() : await makeShard(shard, shardOut(output.indexWork, n), read);
      for (const { file, from } of written) await writer.adopt(from, file);
      const [files, sums] = [written.map((f) => f.file), written.map((f) => f.sum)];
      record.shards.push({ dir: shard.dir, digest: shard.digest, files, sums });
      made.push(shard.dir);
    }
    // Taken before the working folder goes.
    await writer.flush();
  } finally {
    for (const indexer of started.values()) indexer.abort();
    rmSync(output.indexWork, { recursive: true, force: true });
  }
  return { record, made };
}

/** Where Pagefind writes the `n`th shard in the working folder: shards may be made at once. */
export function shardOut(work: string, n: number): string {
  return join(work, n ? `out-${n}` : "out");
}
