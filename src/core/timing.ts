export type Stage = "load" | "validate" | "content" | "render" | "index" | "write" | "check";
export type StageTimings = Partial<Record<Stage, number>>;

/** Runs one named pipeline stage and records its wall time in milliseconds. */
export async function timed<T>(timings: StageTimings, stage: Stage, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
  }
}
