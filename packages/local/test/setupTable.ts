import { inject } from "vitest";
import { randomBytes } from "node:crypto";
import { ensureTable } from "../src/twin/dynamo.ts";
import { registerWorkers } from "../src/twin/workers.ts";

/** Runs before each test file's imports: a fresh table of its own, the shared twins, test secrets. */
const table = `t_${randomBytes(6).toString("hex")}`;
Object.assign(process.env, {
  XY_TABLE: table,
  XY_BUCKET: "xiangyu-test",
  XY_DYNAMO_ENDPOINT: inject("dynamoEndpoint"),
  XY_S3_ENDPOINT: inject("s3Endpoint"),
  XY_JWT_SECRET: "test-jwt-secret-of-enough-length-000000",
  XY_DATA_KEY: "0".repeat(64),
  XY_SUPER_TOTP: "0",
  XY_SANDBOX: "1",
  AWS_REGION: "ap-east-1",
});
await ensureTable(inject("dynamoEndpoint"), table);
// The worker Lambdas run in the test's process, as on one machine.
registerWorkers();
