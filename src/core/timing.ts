export type Stage = "open" | "load" | "validate" | "content" | "key" | "render" | "index" | "write" | "check" | "commit";
export type StageTimings = Partial<Record<Stage, number>>;

/** Runs one named pipeline stage and records its wall time in milliseconds. */
export function timed<T>(timings: StageTimings, stage: Stage, fn: () => T): T {
  const start = performance.now();
  const add = () => void (timings[stage] = (timings[stage] ?? 0) + performance.now() - start);
  let result: T;
  try {
    result = fn();
  } catch (err) {
    add();
    throw err;
  }
  if (result instanceof Promise) return result.finally(add) as T;
  add();
  return result;
}
