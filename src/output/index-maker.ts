/**
 * Making the search index's parts with Pagefind (search-index.ts plans them). Pagefind is given
 * each page's <main> as a message, in the order of the part's pages (site.yaml's), as soon as the
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
import { mainOf, servedPart, partFilesIn, type PartFile, type PartPlan } from "./search-index.ts";
import type { CopyWriter } from "./write.ts";

/** Pages sent to Pagefind per message, when they come all at once. */
const PER_MESSAGE = 64;

/** What Pagefind is given of a page: its <main> alone, all it reads (rootSelector). */
function indexDocument(main: string): string {
  return `<html><body>${main}</body></html>`;
}

/** One part being made: Pagefind started with its records, and given the pages in order. */
export class PartIndexer {
  /** The <main>s offered and not yet given, of this part's pages only. */
  private readonly mains = new Map<string, string>();
  private readonly own: Set<string>;
  private given = 0;
  private readonly run: PagefindRun;

  /** `out`: a folder of its own, where Pagefind writes the part's files for the caller to take. */
  constructor(
    readonly part: PartPlan,
    private readonly out: string,
  ) {
    this.own = new Set(part.pages.map((page) => page.route));
    rmSync(out, { recursive: true, force: true });
    this.run = startPagefind(part.options, part.records);
  }

  /**
   * Pages' <main>s (by route) now known: gives Pagefind each next page whose <main> is known, in
   * order; settles once they have been sent.
   */
  offer(mains: Iterable<[route: string, main: string]>): Promise<unknown> {
    const { pages } = this.part;
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

  /** Once every page is given: Pagefind writes the part, whose files are returned. */
  async finish(): Promise<PartFile[]> {
    if (this.given < this.part.pages.length) throw new Error(`${this.part.dir}: pages left out of the index`);
    await this.run.finish(this.out, this.part.pages.length + this.part.records.length);
    return partFilesIn(this.part, this.out);
  }

  abort(): void {
    this.run.abort();
  }
}

/** Makes one part into `out` from every page's HTML (`htmlOf`, by route); its files stay there for the caller. */
export async function makePart(part: PartPlan, out: string, htmlOf: (route: string) => string): Promise<PartFile[]> {
  const indexer = new PartIndexer(part, out);
  try {
    // A message at a time, so that Pagefind parses while the next pages are read.
    for (let i = 0; i < part.pages.length; i += PER_MESSAGE)
      await indexer.offer(part.pages.slice(i, i + PER_MESSAGE).map(({ route }) => [route, mainOf(htmlOf(route))]));
    return await indexer.finish();
  } catch (err) {
    indexer.abort();
    throw err;
  }
}

/**
 * The index's parts written into the copy: one made from the same pages and records as the served
 * copy's is linked from it; one `started` while the pages rendered is finished; the others are
 * made again (`read` gives a page's HTML by its route).
 */
export async function writeIndex(
  parts: PartPlan[],
  output: { live: string | undefined; target: string; indexWork: string },
  served: IndexRecord | undefined,
  writer: CopyWriter,
  read: (route: string) => string,
  started: ReadonlyMap<string, PartIndexer> = new Map(),
): Promise<{ record: IndexRecord; made: string[] }> {
  const record: IndexRecord = { parts: [] };
  const made: string[] = [];
  try {
    for (const [n, part] of parts.entries()) {
      const indexer = started.get(part.dir);
      const reuse = servedPart(output.live, served, part);
      if (reuse) {
        indexer?.abort();
        for (const file of reuse.files) await writer.link(file);
        record.parts.push({ dir: part.dir, digest: part.digest, files: reuse.files, sums: reuse.sums });
        continue;
      }
      const written = indexer ? await indexer.finish() : await makePart(part, partOut(output.indexWork, n), read);
      for (const { file, from } of written) await writer.adopt(from, file);
      const [files, sums] = [written.map((f) => f.file), written.map((f) => f.sum)];
      record.parts.push({ dir: part.dir, digest: part.digest, files, sums });
      made.push(part.dir);
    }
    // Taken before the working folder goes.
    await writer.flush();
  } finally {
    for (const indexer of started.values()) indexer.abort();
    rmSync(output.indexWork, { recursive: true, force: true });
  }
  return { record, made };
}

/** Where Pagefind writes the `n`th part in the working folder: parts may be made at once. */
export function partOut(work: string, n: number): string {
  return join(work, n ? `out-${n}` : "out");
}
