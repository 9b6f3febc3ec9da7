import type { Worker } from "node:worker_threads";
import { startWorker } from "../core/worker-threads.ts";
import { reviveUserError, type PpgErrorData } from "../core/errors.ts";
import { checkLinks } from "../links/check.ts";
import { pageScanner } from "../links/extract.ts";
import type { LinkReport, PageScan } from "../links/types.ts";
import type { RenderedPage } from "../render/render.tsx";
import { hashPage, loadRecord, RecordWriter, type OutputRecord } from "./record.ts";
import { StageWriter, type StageSpec, type WrittenFiles } from "./write.ts";

/**
 * Where rendered pages go: each is scanned for links while it is in memory (so the link check
 * reads nothing back) and handed to a StageWriter. At the end the sink checks the links of the
 * whole site, given the files and scans the build made elsewhere (public/, assets).
 *
 * InlineSink does this on the rendering thread; ThreadSink on a worker, which on a large site
 * takes the scanning, comparing and writing (about a quarter of the work) off the thread that
 * renders, and costs that thread only a copy of each page.
 */
export interface PageSink {
  add(page: RenderedPage): Promise<void>;
  finish(rest: SiteRest): Promise<SinkResult>;
  /** Stops all work; once this resolves nothing writes into the staging folder any more. */
  cancel(): Promise<void>;
}

/** What the build wrote besides the pages, and whether links are checked. */
export interface SiteRest {
  files: string[];
  scans: [string, PageScan][];
  check: boolean;
}

export interface SinkResult {
  written: WrittenFiles;
  report?: LinkReport;
  /** The pages' record (record.ts), to be saved once the output is committed. */
  record: Uint8Array;
}

/**
 * The sink for a site of `routes` pages: below OUTPUT_THREAD_THRESHOLD a worker's start-up
 * (about 50 ms) costs more than it takes off the rendering thread. `threaded` overrides.
 */
export function pageSink(spec: StageSpec, scan: boolean, routes: number, threaded = routes >= OUTPUT_THREAD_THRESHOLD): PageSink {
  return threaded ? new ThreadSink(spec, scan) : new InlineSink(spec, scan);
}

/**
 * On the 4,000-page bench (5 interleaved runs) the output thread made a first build 3.3 s
 * against 4.6 s and a rebuild 2.5 s against 3.1 s.
 */
const OUTPUT_THREAD_THRESHOLD = 300;

/** The work of a sink, on whichever thread it runs. */
export class PageOutput {
  private readonly writer: StageWriter;
  private readonly scanner?: ReturnType<typeof pageScanner>;
  private readonly scans: [string, PageScan][] = [];
  private readonly previous?: OutputRecord;
  private readonly next = new RecordWriter();

  constructor(
    private readonly spec: StageSpec,
    scan: boolean,
  ) {
    this.writer = new StageWriter(spec);
    if (spec.live) this.previous = loadRecord(spec.live);
    this.scanner = scan ? pageScanner() : undefined;
  }

  async add(file: string, html: string, shared?: RenderedPage["shared"]): Promise<void> {
    const hash = hashPage(html);
    // A page the last build wrote with the same bytes is neither compared nor scanned again.
    const old = this.previous?.match(file, hash);
    const scan = this.scanner && (old?.scan ?? this.scanner(html, shared));
    if (scan) this.scans.push([file, scan]);
    const served = old?.same ? old.stat : undefined;
    const path = await this.writer.add(file, html, served);
    // A page linked to the served copy's file has that file's size, mtime and inode: no stat needed.
    this.next.add(file, hash, served ?? path, scan);
  }

  async finish(rest: SiteRest): Promise<SinkResult> {
    await this.writer.flush();
    const written = this.writer.files();
    const record = this.next.finish();
    if (!rest.check) return { written, record };
    const report = await checkLinks({ dir: this.spec.target, files: [...written.produced, ...rest.files], scans: new Map([...this.scans, ...rest.scans]) });
    return { written, report, record };
  }

  async drain(): Promise<void> {
    await this.writer.flush().catch(() => {});
  }
}

class InlineSink implements PageSink {
  private readonly output: PageOutput;

  constructor(spec: StageSpec, scan: boolean) {
    this.output = new PageOutput(spec, scan);
  }

  add(page: RenderedPage): Promise<void> {
    return this.output.add(page.file, page.html, page.shared);
  }

  finish(rest: SiteRest): Promise<SinkResult> {
    return this.output.finish(rest);
  }

  cancel(): Promise<void> {
    return this.output.drain();
  }
}

/** Messages to output-worker.ts. A shared part's text crosses once; pages then name it by id. */
export type SinkMessage =
  | { pages: [file: string, html: string, shared?: [at: number, id: number][]][]; parts: string[] }
  | { finish: SiteRest };

export interface SinkCrash {
  message: string;
  stack?: string;
  code?: string;
  path?: string;
  syscall?: string;
  /** A user's mistake found on the thread, to be thrown as the same typed error here. */
  user?: PpgErrorData[];
}

export interface OutputWorkerData {
  spec: StageSpec;
  scan: boolean;
}

export type SinkReply = { ack: true } | { done: SinkResult } | { crash: SinkCrash };

/** Pages per message: fewer, larger messages cost the rendering thread less. */
const BATCH = 16;
/** Batches sent but not yet handled by the worker: bounds the pages held in memory. */
const MAX_UNACKED = 8;

/** The output thread. */
class ThreadSink implements PageSink {
  private readonly worker: Worker;
  private readonly partIds = new Map<string, number>();
  private batch: Extract<SinkMessage, { pages: unknown }> = { pages: [], parts: [] };
  private unacked = 0;
  private wake?: () => void;
  private failure?: Error;
  private done?: (result: SinkResult) => void;
  private finished = false;

  constructor(spec: StageSpec, scan: boolean) {
    this.worker = startWorker(import.meta.url, "output-worker", { spec, scan } satisfies OutputWorkerData);
    this.worker.on("message", (reply: SinkReply) => {
      if ("ack" in reply) this.unacked--;
      else if ("done" in reply) {
        this.finished = true;
        this.done?.(reply.done);
      }
      else if (reply.crash.user) this.failure = reviveUserError(reply.crash.user);
      else this.failure = Object.assign(new Error(`the output thread failed: ${reply.crash.message}`, { cause: reply.crash.stack }), reply.crash);
      this.wakeUp();
    });
    this.worker.on("error", (err) => {
      this.failure = err;
      this.wakeUp();
    });
    // A thread that ends without answering (an empty or damaged worker file runs nothing and
    // exits 0) would leave the build waiting on nothing, and Node would exit 0 having published
    // nothing (issue 27).
    this.worker.on("exit", (code) => {
      if (this.finished) return;
      this.failure ??= new Error(`the output thread stopped (exit code ${code}) before the build was done`);
      this.wakeUp();
    });
  }

  async add(page: RenderedPage): Promise<void> {
    const shared = page.shared?.map((part): [number, number] => [part.at, this.partId(part.html)]);
    this.batch.pages.push(shared ? [page.file, page.html, shared] : [page.file, page.html]);
    if (this.batch.pages.length >= BATCH) await this.send();
  }

  async finish(rest: SiteRest): Promise<SinkResult> {
    if (this.batch.pages.length) await this.send();
    const result = new Promise<SinkResult>((resolve) => (this.done = resolve));
    this.worker.postMessage({ finish: rest } satisfies SinkMessage);
    await Promise.race([result, this.waitFor(() => this.failure !== undefined)]);
    if (this.failure) throw this.failure;
    void this.worker.terminate();
    return result;
  }

  async cancel(): Promise<void> {
    this.finished = true;
    await this.worker.terminate();
  }

  private partId(html: string): number {
    let id = this.partIds.get(html);
    if (id === undefined) {
      this.partIds.set(html, (id = this.partIds.size));
      this.batch.parts.push(html);
    }
    return id;
  }

  private async send(): Promise<void> {
    await this.waitFor(() => this.unacked < MAX_UNACKED || this.failure !== undefined);
    if (this.failure) throw this.failure;
    this.worker.postMessage(this.batch satisfies SinkMessage);
    this.unacked++;
    this.batch = { pages: [], parts: [] };
  }

  private async waitFor(ready: () => boolean): Promise<void> {
    while (!ready()) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
