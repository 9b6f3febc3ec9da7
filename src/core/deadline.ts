import { PpgError } from "./errors.ts";

/**
 * `work`, or ToolTimedOut once `ms` have passed without it settling: a library or process that
 * hangs (a stalled encoder, a service that never answers) ends the build with a located error
 * instead of holding it, and its lock, forever. The timer does not keep the process alive.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PpgError("ToolTimedOut", { what, seconds: Math.round(ms / 1000) })), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
