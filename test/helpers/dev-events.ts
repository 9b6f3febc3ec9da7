export interface DevEvent {
  event: string;
  data: unknown;
  /** performance.now() when the event arrived. */
  at: number;
}

/**
 * Reads the dev server's server-sent events with fetch, as a browser's EventSource would, and
 * hands each to `onEvent` as it arrives. Used by the dev tests and bench/dev.ts.
 */
export async function readDevEvents(
  url: string,
  onEvent: (e: DevEvent) => void,
): Promise<{ contentType: string | null; close(): void }> {
  const ctrl = new AbortController();
  const res = await fetch(new URL("/__ppguide/events", url), { signal: ctrl.signal });
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
        const frame = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event) onEvent({ event, data: data === undefined ? undefined : JSON.parse(data), at: performance.now() });
      }
    }
  })();
  return { contentType: res.headers.get("content-type"), close: () => ctrl.abort() };
}

/**
 * How long a dev test waits for dev to report the rebuild an edit starts. What the tests check is
 * that it comes and what it holds, not how soon, so a slow rebuild on two busy cores is given a
 * minute. A report that never came, in the property test's fixed seed, was a save nobody heard: a
 * file that had been a link, then itself again, was no longer watched (src/dev/watch.ts, `links`).
 */
export const REBUILD_HEARD_MS = 60_000;
