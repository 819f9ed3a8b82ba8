import type { TestProject } from "vitest/node";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDynamo } from "../src/twin/dynamo.ts";
import { startS3 } from "../src/twin/s3.ts";
import { freePort } from "../src/twin/ports.ts";

/** One DynamoDB Local (in memory) and one s3rver for the whole run; each test file gets its own table. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamo({ port: await freePort() });
  const dir = mkdtempSync(join(tmpdir(), "xy-s3-"));
  const s3 = await startS3({ port: await freePort(), dir, bucket: "xiangyu-test" });
  project.provide("dynamoEndpoint", dynamo.endpoint);
  project.provide("s3Endpoint", s3.endpoint);
  return async () => {
    await s3.stop().catch(() => undefined);
    dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
  }
}
