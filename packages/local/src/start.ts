import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { startDynamo, ensureTable } from "./twin/dynamo.ts";
import { startS3 } from "./twin/s3.ts";
import { freePort } from "./twin/ports.ts";
import { exited, isEmptyFolder, moveFolder, ramFolder } from "./seed/scratchDb.ts";

/**
 * `npm start`: the whole product on one machine — DynamoDB Local, s3rver, the gateway in front of
 * the area Lambdas, the scheduler, and the built console and website — with a demo tenant.
 */
const root = resolve(import.meta.dirname, "../../..");
const args = process.argv.slice(2);
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(root, process.env.XY_DATA_DIR ?? ".data");
const t0 = Date.now();
// DynamoDB Local runs short, bursty work (a seed, a developer's clicks) on a machine shared with
// other work: with the quick compiler alone and the serial GC it used 40 % of the CPU of the
// default JIT on the demo seed, and started faster (docs/performance.md). A developer's own
// JDK_JAVA_OPTIONS replace these whole (two GC choices would stop the JVM).
process.env.JDK_JAVA_OPTIONS ??= "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
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
  const dbDir = resolve(dataDir, "dynamodb");
  // A first start seeds in RAM and moves the file into dbDir afterwards (seed/scratchDb.ts).
  const scratch = isEmptyFolder(dbDir) ? ramFolder() : null;
  if (scratch) process.once("exit", () => rmSync(scratch, { recursive: true, force: true }));
  mkdirSync(dbDir, { recursive: true });
  const s = secrets();
  const table = "xiangyu";
  const bucket = "xiangyu-uploads";

  // The ports are chosen first, so the configuration can be set before anything listens: the area
  // code (core, the Lambdas, the seed) then loads while Java starts DynamoDB Local, instead of after.
  const dynamoPort = await freePort();
  let s3Port = await freePort();
  while (s3Port === dynamoPort) s3Port = await freePort();
  Object.assign(process.env, {
    XY_TABLE: table,
    XY_BUCKET: bucket,
    XY_DYNAMO_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
    XY_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    XY_JWT_SECRET: s.jwt,
    XY_DATA_KEY: s.dataKey,
    // The demo signs the super-administrator in without a TOTP code (deployed stages require one).
    XY_SUPER_TOTP: process.env.XY_SUPER_TOTP ?? "0",
    XY_SANDBOX: "1",
    AWS_REGION: process.env.AWS_REGION ?? "ap-east-1",
  });
  // Loaded only now: the area code builds its clients from the configuration just set.
  const code = Promise.all([import("./seed/demo.ts"), import("./twin/gateway.ts"), import("./twin/scheduler.ts")]);
  code.catch(() => undefined); // awaited below; a failure is reported there, not as an unhandled rejection
  const [firstDynamo, s3] = await Promise.all([startDynamo({ port: dynamoPort, dir: scratch ?? dbDir }), startS3({ port: s3Port, dir: resolve(dataDir, "s3"), bucket })]);
  let dynamo = firstDynamo;
  say(`DynamoDB Local on ${dynamo.endpoint}${scratch ? ` (seeding in ${scratch})` : ""}`);
  say(`s3rver on ${s3.endpoint} (bucket ${bucket})`);
  if (await ensureTable(dynamo.endpoint, table)) say(`table ${table} created`);

  const [{ seedDemo, DEMO }, { startGateway }, { startScheduler }] = await code;
  const seeding = Date.now();
  if (await seedDemo(say)) say(`demo tenant seeded in ${Date.now() - seeding} ms`);
  if (scratch) {
    // Same port: the area code's clients were built for this endpoint and keep it.
    dynamo.stop();
    await exited(dynamo.process);
    moveFolder(scratch, dbDir);
    dynamo = await startDynamo({ port: dynamoPort, dir: dbDir });
    say(`DynamoDB Local restarted on ${dbDir}`);
  }
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
