import { watchStages, type Stage } from "../core/timing.ts";

const WORDS: Record<Stage, string> = {
  inputs: "looking at the site's files",
  load: "reading the site",
  check: "checking the site",
  open: "opening the output folder",
  key: "working out what changed",
  render: "rendering and writing pages",
  index: "indexing for search",
  rest: "writing the other files",
  offline: "writing the service worker",
  links: "checking links",
  commit: "publishing",
  shards: "reading the shards",
  pages: "taking the shards' pages",
};

export interface ProgressOptions {
  stream?: Pick<NodeJS.WriteStream, "write"> & { isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
  /** A build shorter than this shows nothing. */
  delayMs?: number;
}

/**
 * The line a long build shows on a terminal: the stage it is in and the time so far, rewritten in
 * place, and erased when the build ends. Never in CI (where logs keep every rewrite) nor when the
 * output goes to a file or a pipe, and only once the build has run for two seconds.
 */
export function startProgress(opts: ProgressOptions = {}): { stop(): void } {
  const stream = opts.stream ?? process.stderr;
  const env = opts.env ?? process.env;
  if (!stream.isTTY || isCi(env)) return { stop() {} };
  const started = performance.now();
  let stage: Stage | undefined;
  let shown = false;
  const draw = () => {
    if (!stage) return;
    shown = true;
    stream.write(`\r\x1b[2K${WORDS[stage]}… ${((performance.now() - started) / 1000).toFixed(0)} s`);
  };
  const unwatch = watchStages((s) => {
    stage = s;
    if (shown) draw();
  });
  let timer: NodeJS.Timeout | undefined;
  const delay = setTimeout(() => {
    draw();
    timer = setInterval(draw, 1000);
    timer.unref();
  }, opts.delayMs ?? 2000);
  delay.unref();
  return {
    stop() {
      unwatch();
      clearTimeout(delay);
      clearInterval(timer);
      if (shown) stream.write("\r\x1b[2K");
    },
  };
}

/** CI services set CI (GitHub Actions, GitLab, CircleCI, Travis, Buildkite, …); GitHub also GITHUB_ACTIONS. */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI;
  return (ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false") || env.GITHUB_ACTIONS === "true";
}
