import { defineConfig } from "vitest/config";

/** One run for everything: server tests on a shared DynamoDB Local, infra synth tests, console tests. */
/** CI asks for a JSON report too (XY_VITEST_JSON) to print its one-line total. */
const json = process.env.XY_VITEST_JSON;

export default defineConfig({
  test: {
    reporters: json ? ["default", "json"] : ["default"],
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
    ],
  },
});
