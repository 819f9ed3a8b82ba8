import { execFile } from "node:child_process";
import { TARGETS } from "./targets.ts";
import { join } from "node:path";
import { promisify } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { AREAS } from "@xiangyu/functions/manifest";
import { forgetPageStarts } from "@xiangyu/core/kernel/pageStarts";
import { importWorker } from "@xiangyu/functions/clientImport/routes";
import { ROOT } from "./stack.ts";
import { benchTenant } from "./tenant.ts";
import { readsOf, readsSection, type ReadFigures } from "./calls.ts";
import { seedClients, STORES, statusOf, type ClientSeed } from "./seedClients.ts";
import { fail, FN, LIST, PAGE_SIZE, scenarios, type Scenario } from "./clientsScenarios.ts";
import { uploadImportSheet } from "./importSheet.ts";
import { gatewayClient, expectOk, type Gateway } from "./http.ts";
import { compare, type Plan, type Variant } from "./timing.ts";
import { table } from "./markdown.ts";
import { count, ms, type Summary } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * Issue 5's targets. Search that scales: with 200,000 clients in one tenant, the client finder
 * (`searchclient`) by a name, a mobile or a member code, and a filtered client list page, each
 * answer in ≤ 150 ms at p95. Each is timed through the real gateway with a real session and as the
 * core function alone (a caller already resolved, no HTTP), and every reply is checked against
 * the dataset (which clients, in which order, which total). Then a 50,000-row customer import runs
 * through the gateway: its time against a Lambda's 15 minutes, its peak memory against the import
 * Lambda's memory size.
 */
const IMPORT = "/xiangyu/api/client/clientimport";
const PROGRESS = "/xiangyu/api/client/importprogress";
/** The product's targets: the finder (search) and the lists alike, 100 ms at p95. */
const targetOf = (scenario: string) => (/^searchclient/.test(scenario) ? TARGETS.searchP95Ms : TARGETS.listP95Ms);
const IMPORT_LAMBDA = importWorker;
const MB = 2 ** 20;

type Layer = "gateway" | "service";
type Result = { name: string } & ReadFigures & Record<Layer, Summary>;

async function timeScenarios(gw: Gateway, headers: (fn: number) => Record<string, string>, list: Scenario[], plan: Plan, log: (s: string) => void): Promise<Result[]> {
  const results: Result[] = [];
  for (const s of list) {
    log(`scenario: ${s.name}`);
    let calls = 0;
    let serviceCalls = 0;
    const call = async () => {
      if (s.cold) forgetPageStarts();
      const c = s.caseOf(calls++);
      const r = expectOk(await gw.get(s.path, { query: c.query, headers: headers(s.fn) }), s.path);
      c.check(r.body);
      return r;
    };
    // Before timing: the reply is right, and what one request reads.
    const reads = await readsOf(call);
    const service: Variant = () => {
      if (s.cold) forgetPageStarts();
      return s.service(s.caseOf(serviceCalls++).query);
    };
    const figures = await compare<Layer>({ gateway: call, service }, plan);
    results.push({ name: s.name, ...reads, ...figures });
  }
  return results;
}

/**
 * What `work` adds to this process's memory at its peak: the JS heap in use (garbage not yet
 * collected included) plus the buffers outside it (exceljs's zip streams, the SDK's bodies),
 * sampled every 100 ms after a full collection. The process's RSS, or V8's reserved heap, would
 * say little: they still hold what the seeding once used.
 */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ out: T; heapBefore: number; heapPeak: number; growth: number }> {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  let externalPeak = before.external;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    externalPeak = Math.max(externalPeak, m.external);
  };
  const timer = setInterval(sample, 100);
  try {
    const out = await work();
    sample();
    // Each peak counted whole even when they came at different moments: an upper bound.
    return { out, heapBefore: before.heapUsed, heapPeak, growth: heapPeak - before.heapUsed + Math.max(0, externalPeak - before.external) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * RSS of a fresh Node process that has loaded the import Lambda's handler (manifest.ts): the
 * Lambda before its first request. Loaded through tsx, whose compiler adds a little: an upper bound.
 */
async function freshImportLambdaRss(): Promise<number> {
  const handler = join(ROOT, AREAS.clientImport.handler.replace(/\.handler$/, ".ts"));
  const script = `await import(${JSON.stringify(handler)}); process.stdout.write(String(process.memoryUsage().rss));`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, env: process.env });
  const rss = Number(stdout.trim());
  if (!(rss > 0)) throw new Error(`fresh import Lambda: no RSS in ${JSON.stringify(stdout.slice(0, 200))}`);
  return rss;
}

type ImportFigures = {
  rows: number;
  fileBytes: number;
  seconds: number;
  imported: number;
  failed: number;
  heapBefore: number;
  heapPeak: number;
  growth: number;
  freshRss: number;
  progress: number[];
};

/** The customer import of a `rows`-row sheet into one store, through the gateway, with the console's progress polling beside it. */
async function timeImport(
  baseUrl: string,
  gw: Gateway,
  headers: (fn: number) => Record<string, string>,
  seed: ClientSeed,
  rows: number,
  log: (s: string) => void,
): Promise<ImportFigures> {
  const sheet = await uploadImportSheet(seed.tenantId, rows);
  log(`import: ${rows.toLocaleString("en")} rows, ${(sheet.bytes / 1e6).toFixed(1)} MB`);
  const shop = seed.shops.get(STORES[0]!)!;
  const storeTotal = async () => expectOk(await gw.get(LIST, { query: { shop }, headers: headers(FN.clients) }), LIST).body.pageParams.maxCount as number;
  const totalBefore = await storeTotal();
  const jobId = `bench-import-${Date.now()}`;
  // The console polls on its own connection while the import's request is open.
  const poller = gatewayClient(baseUrl);
  const progress: number[] = [];
  let polling = true;
  const polls = (async () => {
    while (polling) {
      await new Promise((r) => setTimeout(r, 2000));
      const p = await poller.get(PROGRESS, { query: { jobId }, headers: headers(FN.clients) });
      const done = p.body?.data?.rowsDone;
      if (p.body?.code === "200" && done !== progress[progress.length - 1]) progress.push(done);
    }
  })();
  const started = Date.now();
  const {
    out: reply,
    heapBefore,
    heapPeak,
    growth,
  } = await peakGrowth(async () => {
    try {
      // The post answers once the job is accepted; the worker (in this process) imports after it.
      expectOk(await gw.postForm(IMPORT, { shop, excelPath: sheet.key, excelName: "bench.xlsx", jobId }, headers(FN.clients)), IMPORT);
      for (;;) {
        const p = await gw.get(PROGRESS, { query: { jobId }, headers: headers(FN.clients) });
        if (p.body?.data?.state !== "running") return p;
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      polling = false;
    }
  });
  const seconds = (Date.now() - started) / 1000;
  await polls;
  const d = expectOk(reply, PROGRESS).body.data;
  const failed = sheet.badRows + sheet.repeatedRows;
  if (d.total !== rows || d.failCount !== failed || d.successCount !== rows - failed) fail(IMPORT, { ...d, wantFailed: failed });
  const totalAfter = await storeTotal();
  if (totalAfter !== totalBefore + d.successCount) fail(`${LIST} after the import`, { totalBefore, totalAfter, imported: d.successCount });
  return { rows, fileBytes: sheet.bytes, seconds, imported: d.successCount, failed: d.failCount, heapBefore, heapPeak, growth, freshRss: await freshImportLambdaRss(), progress };
}

const mb = (bytes: number) => `${Math.round(bytes / MB).toLocaleString("en")} MB`;

export const area: BenchArea = {
  title: "Clients: search, filtered lists and the customer import",
  async run({ quick, stack, log }) {
    const clients = quick ? 20_000 : 200_000;
    const importRows = quick ? 2_000 : 50_000;
    const deepPage = quick ? 10 : 50;
    const plan: Plan = quick ? { warmup: 3, iterations: 20 } : { warmup: 20, iterations: TARGETS.samples };
    const gw = gatewayClient(stack!.baseUrl);
    const t = await benchTenant(gw, "benchclients");

    const t0 = Date.now();
    const seed = await seedClients(t.tenantId, clients, log);
    const seedSeconds = (Date.now() - t0) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const results = await timeScenarios(gw, t.headers, scenarios(seed, deepPage), plan, log);
    const imp = await timeImport(stack!.baseUrl, gw, t.headers, seed, importRows, log);
    const lambdaPeak = imp.freshRss + imp.growth;
    log(`import: ${imp.seconds.toFixed(0)} s, the import Lambda at its peak ≈ ${mb(lambdaPeak)}`);

    const limitS = IMPORT_LAMBDA.timeout;
    const memoryMb = parseInt(IMPORT_LAMBDA.memorySize, 10);
    const checks: Check[] = [
      ...results.map((r) => ({
        what: `p95 through the gateway: ${r.name}`,
        target: `≤ ${targetOf(r.name)} ms`,
        actual: `${ms(r.gateway.p95)} ms`,
        pass: r.gateway.p95 <= targetOf(r.name),
      })),
      {
        what: `customer import of ${importRows.toLocaleString("en")} rows: time`,
        target: `≤ ${limitS} s (Lambda timeout)`,
        actual: `${Math.round(imp.seconds)} s`,
        pass: imp.seconds <= limitS,
      },
      {
        what: `customer import of ${importRows.toLocaleString("en")} rows: the import Lambda's memory at its peak (fresh Lambda + the import's growth)`,
        target: `≤ ${IMPORT_LAMBDA.memorySize} (Lambda memory)`,
        actual: mb(lambdaPeak),
        pass: lambdaPeak <= memoryMb * MB,
      },
    ];
    const customers = seed.countWhere((j) => statusOf(j) === 1);
    return {
      dataset: `${count(clients, "client")} in one tenant, spread evenly over the 6 demo stores (${customers.toLocaleString("en")} customers, status 1; the rest members, 2, and suspended, 3, with member codes; 1 in 500 with a staff member's mobile), 8,000 distinct three-character names, seeded in ${Math.round(seedSeconds)} s (1 through \`saveClient\`, the rest through \`bulkLoadClients\` with every search key and tally); page size ${PAGE_SIZE}; ${plan.iterations} measured calls per figure after ${plan.warmup} warm-up calls, one at a time; then a ${importRows.toLocaleString("en")}-row import into one store`,
      body: [
        "Latency in milliseconds. *gateway*: HTTP request to the local gateway with the admin's session and the screen's function (2001 客户管理, 2002 会员管理 for the member list), each call asking for another client, store or status, and every reply checked against the dataset (the ids and their order, the list total). *service*: the core function (`searchClients`, `listClients`) with a caller already resolved, same questions. The two take turns call by call. A deep page starts from the id remembered under the covered tallies' version (kernel/mergedPages.ts), so asking a store and status again reads only the page's own ids; the row marked *first visit* forgets the remembered starts before every call — what the first reader of that page waits while the merge walks the ids before it.",
        "",
        table(
          ["scenario", " gateway p50", " gateway p95", " service p50", " service p95"],
          results.map((r) => [r.name, ms(r.gateway.p50), ms(r.gateway.p95), ms(r.service.p50), ms(r.service.p95)]),
        ),
        "",
        readsSection(results),
        "",
        `The customer import (\`POST ${IMPORT}\`, the \`clientImport\` Lambda: ${limitS} s, ${IMPORT_LAMBDA.memorySize}) of one sheet into one store of the tenant above, through the gateway, while a second connection polls \`importprogress\` every 2 s as the console does. The sheet has every 100th row without a mobile and every 250th repeating the row before's mobile; the reply's counts and the store's list total afterwards are checked. *Growth* is what the import added to the memory of the process it ran in (the bench's, where the gateway runs): the peak of the JS heap in use (uncollected garbage included) plus the peak of the buffers outside it, sampled every 100 ms after a full garbage collection. *Fresh Lambda* is the RSS of a new Node process that has loaded the import Lambda's handler (through tsx, so slightly more than the bundle). Their sum estimates the Lambda's memory at the import's peak.`,
        "",
        table(
          ["rows", " sheet", " time", " rows/s", " imported", " failed", " heap used before → peak", " growth", " fresh Lambda", " Lambda at peak", "progress seen (rows done)"],
          [
            [
              imp.rows.toLocaleString("en"),
              `${(imp.fileBytes / 1e6).toFixed(1)} MB`,
              `${Math.round(imp.seconds)} s`,
              Math.round(imp.rows / imp.seconds).toLocaleString("en"),
              imp.imported.toLocaleString("en"),
              imp.failed.toLocaleString("en"),
              `${mb(imp.heapBefore)} → ${mb(imp.heapPeak)}`,
              mb(imp.growth),
              mb(imp.freshRss),
              mb(lambdaPeak),
              `${imp.progress.length} updates: ${imp.progress.slice(0, 3).join(", ")}${imp.progress.length > 3 ? " … " + imp.progress[imp.progress.length - 1] : ""}`,
            ],
          ],
        ),
      ].join("\n"),
      checks,
    };
  },
};
