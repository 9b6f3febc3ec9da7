/**
 * Checks of http(s) links, only on request (--external): builds must not depend on the network.
 * Each URL is fetched once per run, with bounded concurrency, a timeout, redirects followed and one
 * retry for failures that are often transient (network errors, timeouts, 429, 5xx).
 */

export interface ExternalOptions {
  concurrency: number;
  timeoutMs: number;
}

/** null when the URL answers with a success after redirects, else the problem text. */
export type ExternalResult = string | null;

async function fetchOnce(url: string, timeoutMs: number): Promise<{ status: number } | { error: string }> {
  const attempt = async (method: "HEAD" | "GET"): Promise<number> => {
    const res = await fetch(url, { method, redirect: "follow", signal: AbortSignal.timeout(timeoutMs) });
    // Free the connection: we only need the status.
    await res.body?.cancel().catch(() => {});
    return res.status;
  };
  try {
    let status = await attempt("HEAD");
    // Some servers refuse or mishandle HEAD; ask again the way a browser would.
    if (status === 405 || status === 501 || status === 403) status = await attempt("GET");
    return { status };
  } catch (err) {
    return { error: describeError(err) };
  }
}

function describeError(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === "TimeoutError" || err.name === "AbortError") return "timeout";
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return cause.code;
    if (cause?.message) return cause.message;
    return err.message;
  }
  return String(err);
}

const transient = (r: { status: number } | { error: string }): boolean =>
  "error" in r || r.status === 429 || r.status >= 500;

export async function checkExternalUrl(url: string, timeoutMs: number): Promise<ExternalResult> {
  let r = await fetchOnce(url, timeoutMs);
  if (transient(r)) r = await fetchOnce(url, timeoutMs);
  if ("error" in r) return `external: ${r.error}`;
  return r.status >= 400 ? `external: ${r.status}` : null;
}

/** Checks every distinct URL (fragments stripped) with at most `concurrency` requests in flight. */
export async function checkExternalUrls(
  urls: Iterable<string>,
  opts: ExternalOptions,
): Promise<Map<string, ExternalResult>> {
  const queue = [...new Set(urls)];
  const results = new Map<string, ExternalResult>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queue.length) {
      const url = queue[next++]!;
      results.set(url, await checkExternalUrl(url, opts.timeoutMs));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, queue.length)) }, worker));
  return results;
}
