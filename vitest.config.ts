import { availableParallelism } from "node:os";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";
import { suiteDay } from "./test/helpers/clock.ts";

/** Every test file `npm test` runs. */
export const TEST_FILES = ["test/**/*.test.ts", "test/**/*.test.tsx"];

/**
 * What `npm run test:fast` leaves out: the browser and host suites, and the long property suites
 * (docs/contributing.md says when to run which).
 */
export const SLOW_FILES = [
  "test/e2e/**/*.test.ts",
  "test/hosts/**/*.test.ts",
  "test/safety/raw-html.test.ts",
  "test/dev/overlay.test.ts",
  "test/dev/search-index.test.ts",
  "test/safety/fuzz.test.ts",
  "test/safety/shard-fuzz.test.ts",
  "test/engine/incremental.test.ts",
  "test/engine/incremental-random.test.ts",
  "test/dev/dev-equals-build.test.ts",
  "test/safety/interrupted-build.test.ts",
  "test/search/pagefind-parity.test.ts",
];

/**
 * The files that replace a module other files import (`vi.mock`): each runs in a module registry
 * of its own. test/engine/test-projects.test.ts finds every such file and holds this list to them.
 */
export const ISOLATED_FILES = [
  "test/engine/early-pool.test.ts",
  "test/engine/kept-links.test.ts",
  "test/engine/kept-markdown.test.ts",
];

const NOT_OURS = "**/node_modules/**";

/**
 * The slow files first, then the rest, each group in vitest's own order (longest first when a
 * previous run is cached). Vitest's own puts the projects in the order of their names, which left
 * the longest files to start last, each then running alone while the other worker waited.
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => file.project.name === "slow";
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

export default defineConfig({
  test: {
    // The host suites install their own tools when they first run (test/hosts/install.ts), so no other file waits on it.
    globalSetup: ["test/helpers/private-caches.ts"],
    // What each file must do for itself, whether or not it shares its worker's modules.
    setupFiles: ["test/helpers/each-file.ts"],
    // One day for every build of the run, in the tests and in the CLIs they start, whatever the machine's clock
    // says: test/helpers/clock.ts says which.
    env: { PPGUIDE_CLOCK: suiteDay() },
    // Builds and browsers share two cores; a generous timeout keeps CI from flaking on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is too short there too: with the load average near 10, Chromium
    // took 1.4–2.6 s to show the first search results, and the search suite failed at 93dbc75 as well.
    expect: { poll: { timeout: 10_000 } },
    // Vitest's own default in a run is one worker fewer than the cores: on 2 cores, one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFirst },
    // `npm test` runs all three; `npm run test:fast` the fast and the isolated ones. The files of a worker share
    // its modules (`isolate: false`): each file loading ppguide's sources, React, cheerio and the rest anew took
    // about 2 s (vitest's import time, 240 s over 124 files; 81 s shared), docs/testing.md.
    projects: [
      {
        extends: true,
        test: {
          name: "fast",
          include: TEST_FILES,
          exclude: [NOT_OURS, ...SLOW_FILES, ...ISOLATED_FILES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "slow", include: SLOW_FILES, exclude: [NOT_OURS, ...ISOLATED_FILES], isolate: false },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED_FILES } },
    ],
  },
});
