import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { startDynamo, ensureTable } from "./twin/dynamo.ts";
import { startS3 } from "./twin/s3.ts";
import { freePort } from "./twin/ports.ts";

/**
 * `npm start`: the whole product on one machine — DynamoDB Local, s3rver, the gateway in front of
 * the area Lambdas, the scheduler, and the built console and website — with a demo tenant.
 */
const root = resolve(import.meta.dirname, "../../..");
const args = process.argv.slice(2);
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(root, process.env.XY_DATA_DIR ?? ".data");
const t0 = Date.now();
// The machines run Node 20; the SDK's notice that its 2027 releases need Node 22 is known (docs/decisions.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const say = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);

function secrets(): { jwt: string; dataKey: string } {
  const file = resolve(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const s = { jwt: randomBytes(32).toString("hex"), dataKey: randomBytes(32).toString("hex") };
  writeFileSync(file, JSON.stringify(s), { mode: 0o600 });
  return s;
}

async function main() {
  if (args.includes("--fresh")) {
    rmSync(dataDir, { recursive: true, force: true });
    say("starting empty (--fresh)");
  }
  mkdirSync(resolve(dataDir, "dynamodb"), { recursive: true });
  const s = secrets();
  const table = "xiangyu";
  const bucket = "xiangyu-uploads";

  const dynamo = await startDynamo({ port: await freePort(), dir: resolve(dataDir, "dynamodb") });
  say(`DynamoDB Local on ${dynamo.endpoint}`);
  const s3 = await startS3({ port: await freePort(), dir: resolve(dataDir, "s3"), bucket });
  say(`s3rver on ${s3.endpoint} (bucket ${bucket})`);

  Object.assign(process.env, {
    XY_TABLE: table,
    XY_BUCKET: bucket,
    XY_DYNAMO_ENDPOINT: dynamo.endpoint,
    XY_S3_ENDPOINT: s3.endpoint,
    XY_JWT_SECRET: s.jwt,
    XY_DATA_KEY: s.dataKey,
    AWS_REGION: process.env.AWS_REGION ?? "ap-east-1",
  });
  if (await ensureTable(dynamo.endpoint, table)) say(`table ${table} created`);

  // Loaded only now: the area code builds its clients from the configuration just set.
  const { seedDemo, DEMO } = await import("./seed/demo.ts");
  if (await seedDemo(say)) say("demo tenant seeded");
  const { startGateway } = await import("./twin/gateway.ts");
  const { startScheduler } = await import("./twin/scheduler.ts");
  const server = await startGateway({ port, webDir: resolve(root, "web/dist"), siteDir: resolve(root, "site/dist") });
  const stopJobs = startScheduler(say);
  say("gateway, scheduler and static files ready");

  console.log(`
  Xiangyu is running
    console   http://127.0.0.1:${port}/
    website   http://127.0.0.1:${port}/site/
    api       http://127.0.0.1:${port}/gateway/...
    login     ${DEMO.username} (or ${DEMO.mobile}) / ${DEMO.password}   tenant ${DEMO.clientId}
    data      ${dataDir}   (npm start -- --fresh starts empty)
  ready in ${((Date.now() - t0) / 1000).toFixed(1)} s
`);

  const stop = async () => {
    stopJobs();
    server.close();
    await s3.stop().catch(() => undefined);
    dynamo.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e) => {
  console.error(`\nXiangyu could not start: ${e?.message ?? e}\n`);
  process.exit(1);
});
