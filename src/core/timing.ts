/** The build's stages, in their order (engine/build.ts), and a merge's own two (engine/merge.ts). */
export type Stage =
  | "inputs"
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

/**
 * The clock of one build's stages, recording into `timings`. `timed("load")` starts the stage and
 * gives what ends it: handed the stage's result, it records the stage's wall time in milliseconds
 * once that settles, and returns it. Written `timed("load")(load(site))`: JavaScript evaluates a
 * call's callee before its arguments, so the stage starts before its work does, and the work is
 * called by the pipeline itself, not from in here.
 */
export function stageClock(timings: StageTimings): (stage: Stage) => <T>(result: T) => T {
  return (stage) => {
    for (const watch of stageWatchers) watch(stage);
    const start = performance.now();
    const add = () => void (timings[stage] = (timings[stage] ?? 0) + performance.now() - start);
    return (result) => {
      if (result instanceof Promise) return result.finally(add) as typeof result;
      add();
      return result;
    };
  };
}
