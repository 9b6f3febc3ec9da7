import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    globalSetup: ["test/helpers/private-caches.ts", "test/hosts/install.ts"],
    // Builds and browsers share two cores; a generous timeout keeps CI from flaking on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is too short there too: with the load average near 10, Chromium
    // took 1.4–2.6 s to show the first search results, and the search suite failed at 93dbc75 as well.
    expect: { poll: { timeout: 10_000 } },
  },
});
