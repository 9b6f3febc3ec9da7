/** The worker of MarkdownThread (markdown-thread.ts): renders the bodies it is given, in order. */
import { workerData, type MessagePort } from "node:worker_threads";
import { renderMarkdown, type RenderedMarkdown } from "./markdown.ts";
import { LEAD, type MarkdownReply, type MarkdownRequest } from "./markdown-thread.ts";

const { port } = workerData as { port: MessagePort };
const bodies: string[] = [];
let consumed = 0;
let done = 0;
let wake: (() => void) | undefined;
let running = false;

port.on("message", (message: MarkdownRequest) => {
  for (const body of message.bodies) bodies.push(body);
  consumed = Math.max(consumed, message.consumed);
  wake?.();
  wake = undefined;
  if (!running) void run();
});

/** Results per message: one message per page would cost the receiving thread more. */
const BATCH = 8;

async function run(): Promise<void> {
  running = true;
  while (done < bodies.length) {
    // Far enough ahead: wait for the renderer to take some, so memory stays bounded.
    while (done - consumed >= LEAD) await new Promise<void>((resolve) => (wake = resolve));
    // Jobs the renderer has taken already, it rendered itself.
    for (; done < consumed; done++) bodies[done] = "";
    const from = done;
    const results: RenderedMarkdown[] = [];
    for (const end = Math.min(done + BATCH, bodies.length); done < end; done++) {
      results.push(renderMarkdown(bodies[done]!));
      bodies[done] = "";
    }
    if (results.length) port.postMessage({ from, results } satisfies MarkdownReply);
    // Lets the renderer's credit messages in.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  running = false;
}
