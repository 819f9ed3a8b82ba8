import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Server } from "node:http";
import { startDynamo, ensureTable } from "../twin/dynamo.ts";
import { startS3 } from "../twin/s3.ts";
import { freePort } from "../twin/ports.ts";

/** The product on this machine as `npm start` runs it, but throwaway: in-memory DynamoDB, temp S3. */
export type Stack = { baseUrl: string; dynamoEndpoint: string; stop: () => Promise<void> };

export const ROOT = resolve(import.meta.dirname, "../../../..");

export async function startStack(log: (s: string) => void): Promise<Stack> {
  const dynamo = await startDynamo({ port: await freePort() });
  const s3Dir = mkdtempSync(join(tmpdir(), "xy-bench-s3-"));
  const bucket = "xiangyu-bench";
  const s3 = await startS3({ port: await freePort(), dir: s3Dir, bucket });
  Object.assign(process.env, {
    XY_TABLE: "xiangyu-bench",
    XY_BUCKET: bucket,
    XY_DYNAMO_ENDPOINT: dynamo.endpoint,
    XY_S3_ENDPOINT: s3.endpoint,
    XY_JWT_SECRET: randomBytes(32).toString("hex"),
    XY_DATA_KEY: randomBytes(32).toString("hex"),
    XY_SUPER_TOTP: "0",
    XY_SANDBOX: "1",
    AWS_REGION: process.env.AWS_REGION ?? "ap-east-1",
  });
  await ensureTable(dynamo.endpoint, "xiangyu-bench");
  // Loaded only now, as in start.ts: the area code builds its clients from the configuration just set.
  const { startGateway } = await import("../twin/gateway.ts");
  // Never 3000: that is where a developer's `npm start` lives.
  const port = await freePort();
  const server: Server = await startGateway({ port, webDir: join(ROOT, "web/dist"), siteDir: join(ROOT, "site/dist") });
  log(`stack: DynamoDB Local (in memory) ${dynamo.endpoint}, s3rver ${s3.endpoint}, gateway http://127.0.0.1:${port}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dynamoEndpoint: dynamo.endpoint,
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await s3.stop().catch(() => undefined);
      dynamo.stop();
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
