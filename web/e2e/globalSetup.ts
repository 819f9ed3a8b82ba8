import type { TestProject } from "vitest/node";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureConsoleBuilt, ensureWebsiteBuilt } from "./build.ts";
import { freePort, startProduct } from "./product.ts";

const root = resolve(import.meta.dirname, "../..");

/** Once per run: a fresh build if needed, the product on a free port, the test users. */
export default async function setup(project: TestProject) {
  ensureConsoleBuilt(root);
  ensureWebsiteBuilt(root);
  const dataDir = mkdtempSync(join(tmpdir(), "xy-e2e-"));
  const product = await startProduct({ root, port: await freePort(), dataDir });
  try {
    seedLimitedUser(product.dynamoEndpoint);
  } catch (e) {
    await product.stop();
    throw e;
  }
  project.provide("baseURL", product.baseURL);
  return async () => {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * A staff user without the D right. There is no user-admin API yet, so it is written straight into
 * the product's DynamoDB Local, before the first request fills the server's role cache.
 */
function seedLimitedUser(endpoint: string) {
  const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
  execFileSync(process.execPath, [tsxCli, join(import.meta.dirname, "fixtures/seedLimitedUser.ts")], {
    cwd: root,
    env: { ...process.env, XY_DYNAMO_ENDPOINT: endpoint, XY_TABLE: "xiangyu", AWS_REGION: process.env.AWS_REGION ?? "ap-east-1" },
    stdio: "pipe",
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}
