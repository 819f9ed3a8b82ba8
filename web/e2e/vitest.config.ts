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
    // One file at a time: the root config gives the threads pool one worker (fileParallelism is
    // not enforced per project in a shared pool).
    pool: "threads",
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
