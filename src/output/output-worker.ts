/** The worker of ThreadSink (page-sink.ts): scans, compares and writes pages, then checks links. */
import { parentPort, workerData } from "node:worker_threads";
import { isUserError, userErrorData } from "../core/errors.ts";
import { PageOutput, type OutputWorkerData, type SinkCrash, type SinkMessage, type SinkReply } from "./page-sink.ts";

const { spec, scan } = workerData as OutputWorkerData;
const output = new PageOutput(spec, scan);
const parts: string[] = [];
const reply = (message: SinkReply) => parentPort!.postMessage(message);

async function handle(message: SinkMessage): Promise<void> {
  if ("finish" in message) return reply({ done: await output.finish(message.finish) });
  parts.push(...message.parts);
  for (const [file, html, shared] of message.pages) await output.add(file, html, shared?.map(([at, id]) => ({ at, html: parts[id]! })));
  reply({ ack: true });
}

// One message at a time, in order: a page's writes wait for free slots in the writer.
let queue = Promise.resolve();
parentPort!.on("message", (message: SinkMessage) => {
  queue = queue.then(() => handle(message)).catch((err: unknown) => reply({ crash: crashOf(err) }));
});

/**
 * An error as plain data; a user error keeps its code, location and hint, and a filesystem error
 * its code and path, so the CLI can say what to fix.
 */
function crashOf(err: unknown): SinkCrash {
  if (isUserError(err)) return { message: err.message, user: userErrorData(err) };
  if (!(err instanceof Error)) return { message: String(err) };
  const { code, path, syscall } = err as NodeJS.ErrnoException;
  return { message: err.message, stack: err.stack, code, path, syscall };
}
