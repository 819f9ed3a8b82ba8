import { defineConfig } from "vitest/config";

/**
 * End-to-end tests: the built console against the whole product (`packages/local/src/start.ts
 * --fresh` on a free port and a temporary data folder), driven in Debian's Chromium.
 */
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
    globalSetup: ["./globalSetup.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
