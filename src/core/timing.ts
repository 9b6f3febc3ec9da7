/** The build's stages, in their order (engine/build.ts), and a merge's own two (engine/merge.ts). */
export type Stage =
  | "load"
  | "check"
  | "open"
  | "key"
  | "render"
  | "index"
  | "rest"
  | "offline"
  | "links"
  | "commit"
  | "shards"
  | "pages";
export type StageTimings = Partial<Record<Stage, number>>;

const stageWatchers = new Set<(stage: Stage) => void>();

/**
 * Calls `watch` as each stage starts, in any build of this process, until the returned function is called (the CLI's
 * progress line).
 */
export function watchStages(watch: (stage: Stage) => void): () => void {
  stageWatchers.add(watch);
  return () => void stageWatchers.delete(watch);
}

/** Runs one named pipeline stage and records its wall time in milliseconds. */
export function timed<T>(timings: StageTimings, stage: Stage, fn: () => T): T {
  for (const watch of stageWatchers) watch(stage);
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
