import { defineConfig } from "vitest/config";

/** One run for everything: server tests on a shared DynamoDB Local, infra synth tests, console tests. */
/** CI asks for a JSON report too (XY_VITEST_JSON) to print its one-line total. */
const json = process.env.XY_VITEST_JSON;
/** The machines run Node 20; the SDK's notice that later SDKs need Node 22 is known (docs/decisions.md). */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
/** Passwords hashed at a test cost (packages/core/src/auth/passwords.ts): the same scrypt, cheaper. */
process.env.XY_PASSWORD_COST ??= "test";

export default defineConfig({
  test: {
    // The browser tests share one product and run one file at a time, in their own (threads) pool,
    // beside the other files (forks): most of a browser test is waiting on the page, so on the
    // 2-core CI machine the two overlap instead of adding up.
    poolOptions: { threads: { maxThreads: 1, minThreads: 1 } },
    // scripts/headroomReporter.ts names the tests near their timeout (issue 40).
    reporters: ["default", "./scripts/headroomReporter.ts", ...(json ? ["json"] : [])],
    outputFile: json ? { json } : undefined,
    projects: [
      {
        test: {
          name: "server",
          include: ["packages/*/test/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          globalSetup: ["packages/local/test/globalSetup.ts"],
          setupFiles: ["packages/local/test/setupTable.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: "infra", include: ["infra-tests/**/*.test.ts"], environment: "node", testTimeout: 120_000 },
      },
      "web/vitest.config.ts",
      // Browser tests of the built console against the whole product (web/e2e/globalSetup.ts).
      "web/e2e/vitest.config.ts",
    ],
  },
});
