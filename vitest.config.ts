import { defineConfig } from "vitest/config";
import { suiteDay } from "./test/helpers/clock.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // The host suites install their own tools when they first run (test/hosts/install.ts), so no other file waits on it.
    globalSetup: ["test/helpers/private-caches.ts"],
    // One day for every build of the run, in the tests and in the CLIs they start, whatever the machine's clock
    // says: test/helpers/clock.ts says which.
    env: { PPGUIDE_CLOCK: suiteDay() },
    // Builds and browsers share two cores; a generous timeout keeps CI from flaking on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is too short there too: with the load average near 10, Chromium
    // took 1.4–2.6 s to show the first search results, and the search suite failed at 93dbc75 as well.
    expect: { poll: { timeout: 10_000 } },
  },
});
