import type { TestProject } from "vitest/node";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureConsoleBuilt, ensureWebsiteBuilt } from "./build.ts";
import { freePort, startProduct } from "./product.ts";
import { runFixture } from "./fixtures/run.ts";

const root = resolve(import.meta.dirname, "../..");

/** Once per run: a fresh build if needed, the product on a free port, the test users. */
export default async function setup(project: TestProject) {
  // This run's failure reports only (browser.ts appends to it; .ci/run prints it).
  rmSync(join(import.meta.dirname, "screenshots", "failures.txt"), { force: true });
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
  project.provide("dynamoEndpoint", product.dynamoEndpoint);
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
  runFixture(endpoint, "seedLimitedUser.ts");
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The product's DynamoDB Local: for fixtures that move its clock (fixtures/backdateTask.ts). */
    dynamoEndpoint: string;
  }
}
