import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from "node:worker_threads";
import { startWorker } from "../core/worker-threads.ts";
import type { MarkdownFile } from "./load.ts";
import { renderMarkdown, type RenderedMarkdown } from "./markdown.ts";

/**
 * Renders a site's Markdown bodies ahead of the page renderer, on a worker: on a large site the
 * Markdown is about a fifth of the rendering thread's work, and the second core is otherwise
 * idle while a rebuild renders. The renderer takes results without waiting: it pulls what has
 * arrived synchronously (receiveMessageOnPort), and renders a body itself when the worker has
 * not got there yet (at the start, or if the worker failed), so results never depend on timing.
 */
export class MarkdownThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  /** Each job's number, by file, in the order the renderer will ask for them. */
  private readonly jobs = new Map<string, number>();
  private readonly bodies: string[] = [];
  private sent = 0;
  private readonly results: (RenderedMarkdown | undefined)[] = [];
  private received = 0;
  private credited = 0;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.worker = startWorker(import.meta.url, "markdown-worker", { port: port2 }, [port2]);
    this.port = port1;
  }

  /** Hands the worker the bodies of `files`, in the order render() will ask for them. */
  start(files: Iterable<MarkdownFile>): this {
    for (const file of files) {
      if (this.jobs.has(file.file)) continue;
      this.jobs.set(file.file, this.bodies.length);
      this.bodies.push(file.body);
    }
    this.send(0);
    return this;
  }

  /** Bodies cross as the worker needs them: it then holds a few hundred, not the whole site's. */
  private send(consumed: number): void {
    const end = Math.min(consumed + 2 * LEAD, this.bodies.length);
    if (end > this.sent) this.port.postMessage({ bodies: this.bodies.slice(this.sent, end), consumed } satisfies MarkdownRequest);
    else this.port.postMessage({ bodies: [], consumed } satisfies MarkdownRequest);
    this.sent = Math.max(this.sent, end);
  }

  /** The body of `file` rendered: by the worker if it has, else here. */
  render = (file: MarkdownFile): RenderedMarkdown => {
    const job = this.jobs.get(file.file);
    if (job === undefined) return renderMarkdown(file.body);
    this.pull(job + 1, job);
    const result = this.results[job];
    this.results[job] = undefined;
    if (job + 1 - this.credited >= LEAD / 4) this.send((this.credited = job + 1));
    if (!result) return renderMarkdown(file.body);
    this.fromWorker++;
    return result;
  };

  /** Results taken from the worker, the rest having been rendered here. */
  fromWorker = 0;

  /** How many jobs the worker has finished (what has arrived so far). */
  arrived(): number {
    this.pull(Infinity, this.credited);
    return this.received;
  }

  /** Takes arrived results until job `until` is in; results for jobs before `keep` (rendered here, the worker was behind) are dropped. */
  private pull(until: number, keep: number): void {
    while (this.received < until) {
      const message = receiveMessageOnPort(this.port)?.message as MarkdownReply | undefined;
      if (!message) return;
      message.results.forEach((result, i) => {
        if (message.from + i >= keep) this.results[message.from + i] = result;
      });
      this.received = message.from + message.results.length;
    }
  }

  async stop(): Promise<void> {
    this.port.close();
    await this.worker.terminate();
  }
}

/** Results the worker may hold ahead of the renderer: bounds memory however large the site. */
export const LEAD = 256;

/** More bodies to render, and how many results the renderer has taken. */
export type MarkdownRequest = { bodies: string[]; consumed: number };
export type MarkdownReply = { from: number; results: RenderedMarkdown[] };
