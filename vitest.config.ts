import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    globalSetup: ["test/helpers/private-caches.ts", "test/hosts/install.ts"],
    // Builds and browsers share two cores; a generous timeout keeps CI from flaking on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
