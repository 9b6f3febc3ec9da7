import { PpgError } from "./errors.ts";

/**
 * `work`, or ToolTimedOut once `ms` have passed without it settling: a library or process that
 * hangs (a stalled encoder) ends the build with a located error instead of holding it, and its
 * lock, forever. The timer does not keep the process alive. PPGUIDE_DEADLINE_SCALE multiplies
 * every deadline (a slower machine may raise it; tests lower it to reach one).
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  const scaled = Math.max(1, Math.round(ms * deadlineScale()));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PpgError("ToolTimedOut", { what, ms: scaled })), scaled);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function deadlineScale(): number {
  const scale = Number(process.env.PPGUIDE_DEADLINE_SCALE);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}
