import { loadavg } from "node:os";
import { benchTenant } from "./tenant.ts";
import { seedClients } from "./seedClients.ts";
import { encodeFields, gatewayClient, expectOk, isOk, replyOf, type Reply } from "./http.ts";
import { table } from "./markdown.ts";
import { count, ms, times } from "./stats.ts";
import { TARGETS } from "./targets.ts";
import { mix, schedule, type Kind, type Op } from "./loadMix.ts";
import { closedLoop, throughGateway, type Outgoing, type Step, type StepPlan } from "./loadDriver.ts";
import { bareClient, oneWaveLog, replay, shapeOf, traceOf, type Trace } from "./loadTrace.ts";
import type { Stack } from "./stack.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * Issue 39: the product under load. A staff mix in docs/scale.md's proportions (console reads 75 %
 * — lists, searches, views —, writes 20 % — saves and bookings; loadMix.ts) goes through the real
 * gateway with 1, 4, 16 and 64 requests in flight, sent by autocannon on as many kept-alive
 * connections, each request with one of the administrator's sessions in turn (loadDriver.ts).
 * Beside it, at the same concurrency, the **floor**: the very DynamoDB calls those requests make
 * (recorded from requests of the mix, one at a time) replayed bare against DynamoDB Local with the
 * SDK's low-level client, calls a request made at the same time replayed at the same time
 * (loadTrace.ts). What the gateway adds to the
 * floor is the product's own work (HTTP, event, routing, validation, session, rights, service,
 * JSON, compression) and its waiting for the one event loop all of it shares here.
 */
const CONCURRENCY = [1, 4, 16, 64] as const;
/** The step the targets are read at, against the one-at-a-time step. */
const TARGET_STEP = 16;
const MAX_P95_GROWTH = 5;
const MIN_FLOOR_SHARE = 0.5;
/** Sessions the workers take turns on (a staff member each, as far as the server can tell). */
const SESSIONS = 8;
const TENANT = "benchload";

type Plan = { clients: number; seconds: number; minSamples: number; steps: readonly number[]; traces: number };
/** `wire(op, i, n)`: the i-th call of `op`, as the n-th request of a step, on the wire. */
type Prepared = { ops: Op[]; order: number[]; wire: (op: number, i: number, n: number) => Outgoing; traces: Trace[][]; shapes: string[]; callsPerOp: string[] };
type Result = { gateway: Step; floor: Step; whatIf: Step; load: string };

/** The tenant, its clients, the sessions, and each op's first calls recorded for the floor. */
async function prepare(stack: Stack, plan: Plan, log: (s: string) => void): Promise<Prepared> {
  const admin = gatewayClient(stack.baseUrl);
  const t = await benchTenant(admin, TENANT);
  const t0 = Date.now();
  const seed = await seedClients(t.tenantId, plan.clients, log);
  log(`seeded ${plan.clients.toLocaleString("en")} clients in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // One session per staff member the workers act as, signed in as the console signs in (tenant.ts).
  const tokens = [t.token];
  while (tokens.length < SESSIONS) {
    const form = { grant_type: "password", client_id: TENANT, client_secret: `${TENANT}-secret`, username: "admin", password: "Bench@12345", scope: "all" };
    tokens.push(expectOk(await admin.postForm("/gateway/oauth/login", form), "login").body.data.access_token);
  }
  const ops = mix(seed);
  const headersOf = (o: Op, n: number) => ({ authorization: `Bearer ${tokens[n % tokens.length]}`, functionid: String(o.fn) });
  const wire = (op: number, i: number, n: number): Outgoing => {
    const o = ops[op]!;
    const form = encodeFields(o.fields(i));
    return o.method === "GET"
      ? { op, method: "GET", path: `${o.path}?${form}`, headers: headersOf(o, n) }
      : { op, method: "POST", path: o.path, headers: { ...headersOf(o, n), "content-type": "application/x-www-form-urlencoded" }, body: form };
  };
  const first = gatewayClient(stack.baseUrl);
  const send = (o: Op, i: number): Promise<Reply> =>
    o.method === "GET" ? first.get(o.path, { query: o.fields(i), headers: headersOf(o, 0) }) : first.postForm(o.path, o.fields(i), headersOf(o, 0));

  // Every op's first calls, one at a time: the replies checked (a fast error would flatter the
  // figures), the caches warm, and each call's DynamoDB calls recorded for the floor.
  const traces: Trace[][] = [];
  const callsPerOp: string[] = [];
  for (const op of ops) {
    const mine: Trace[] = [];
    for (let i = 0; i < plan.traces; i++) {
      let reply: Reply | undefined;
      mine.push(await traceOf(async () => (reply = await send(op, i))));
      expectOk(reply!, op.name);
    }
    traces.push(mine);
    const calls = mine.map((tr) => tr.flat().length);
    const waves = mine.map((tr) => tr.length);
    callsPerOp.push(`${Math.min(...calls)}–${Math.max(...calls)} calls in ${Math.min(...waves)}–${Math.max(...waves)} waves`);
    log(`${op.name}: ${callsPerOp[callsPerOp.length - 1]}`);
  }
  return { ops, order: schedule(ops), wire, traces, callsPerOp, shapes: traces.map((mine) => shapeOf(mine[mine.length - 1]!)) };
}

/** Each step: the gateway, then the floor, then the floor's what-if, at the same concurrency. */
async function measure(stack: Stack, plan: Plan, p: Prepared, log: (s: string) => void): Promise<Result[]> {
  const kinds = p.ops.map((o) => o.kind);
  const oneWave = p.traces.map((mine) => mine.map(oneWaveLog));
  // The i-th call of each op over the whole run: no step asks what an earlier one asked, so no
  // two saves edit one client at once and no booking finds the appointment an earlier one booked.
  const issued = p.ops.map(() => plan.traces);
  const replayed = p.ops.map(() => 0);
  const bare = bareClient();
  const bareRun = (traces: Trace[][]) => (op: number) => replay(bare, traces[op]![replayed[op]!++ % plan.traces]!);
  const results: Result[] = [];
  for (const c of plan.steps) {
    const load = loadavg()[0].toFixed(1);
    let sent = 0;
    const next = () => {
      const n = sent++;
      const op = p.order[n % p.order.length]!;
      return p.wire(op, issued[op]!++, n);
    };
    const step: StepPlan = { concurrency: c, seconds: plan.seconds, minSamples: plan.minSamples, kinds };
    const gateway = await throughGateway(stack.baseUrl, step, next, (op, status, body) => answeredOk(p.ops[op]!.kind, status, body));
    const floor = await closedLoop(step, p.order, bareRun(p.traces));
    const whatIf = await closedLoop(step, p.order, bareRun(oneWave));
    log(
      `${c} in flight: gateway ${gateway.rps.toFixed(0)}/s p50 ${ms(gateway.all.p50)} p95 ${ms(gateway.all.p95)} p99 ${ms(gateway.all.p99)} (${gateway.errors} errors, event loop ${Math.round(gateway.busy * 100)} % busy); floor ${floor.rps.toFixed(0)}/s p95 ${ms(floor.all.p95)}; what-if ${whatIf.rps.toFixed(0)}/s p95 ${ms(whatIf.all.p95)}; load ${load}`,
    );
    results.push({ gateway, floor, whatIf, load });
  }
  return results;
}

/** Each kind of reply that was not the envelope with code 200 (what it said), and how often: for the report. */
const failures = new Map<string, number>();

function answeredOk(kind: Kind, status: number, text: string): boolean {
  const r = replyOf(status, text);
  if (isOk(r)) return true;
  const what = `${kind}: HTTP ${status} ${JSON.stringify(r.body?.desc ?? r.body).slice(0, 80)}`;
  failures.set(what, (failures.get(what) ?? 0) + 1);
  return false;
}

function checksOf(results: Result[]): Check[] {
  const one = results[0]!.gateway;
  const at = results.find((r) => r.gateway.concurrency === TARGET_STEP);
  if (!at) return [];
  return [
    {
      what: `p95 at ${TARGET_STEP} in flight against one at a time`,
      target: `≤ ${MAX_P95_GROWTH}× (${ms(one.all.p95 * MAX_P95_GROWTH)} ms)`,
      // Beside it, the same growth of the floor's own calls: what two saturated cores do to any request.
      actual: `${times(at.gateway.all.p95 / one.all.p95)} (${ms(at.gateway.all.p95)} ms); the floor's own ${times(at.floor.all.p95 / results[0]!.floor.all.p95)}`,
      pass: at.gateway.all.p95 <= one.all.p95 * MAX_P95_GROWTH,
    },
    {
      what: `throughput at ${TARGET_STEP} in flight against the DynamoDB Local floor`,
      target: `≥ ${Math.round(MIN_FLOOR_SHARE * 100)} %`,
      actual: `${Math.round((at.gateway.rps / at.floor.rps) * 100)} % (${at.gateway.rps.toFixed(0)} of ${at.floor.rps.toFixed(0)} requests/s)`,
      pass: at.gateway.rps >= at.floor.rps * MIN_FLOOR_SHARE,
    },
  ];
}

function report(plan: Plan, p: Prepared, results: Result[]): string {
  const one = results[0]!.gateway;
  const kindsShown: Kind[] = ["list", "search", "view", "save", "booking"];
  return [
    `The mix (docs/scale.md's busiest hour: reads 75 %, writes 20 % of the staff's calls), in a fixed interleaved round of ${p.order.length} requests: ${p.ops.map((o) => `${o.name} ${o.share}`).join(", ")}. Sent by [autocannon](https://github.com/mcollina/autocannon) on as many kept-alive connections as requests in flight, each connection sending its next request when its last one answered (requests taken in turn from the round, sessions in turn from the ${SESSIONS}), without \`accept-encoding\`: in AWS a reply is compressed by CloudFront, not by the Lambda (the twin compresses only when asked). Every reply must be the envelope with code 200; anything else, a connection error or a timeout, is counted as an error. *floor*: the DynamoDB calls of ${plan.traces} recorded requests of each kind (${p.ops.map((o, k) => `${o.kind} ${p.callsPerOp[k]}`).join("; ")}), replayed with the SDK's low-level client against the same DynamoDB Local at the same concurrency; calls a request made at the same time replayed at the same time, and a replayed write whose condition is spent (the revision moved on) counted as done. *what-if*: the floor again with each request's operation-log entry (auth/oplog.ts \`append\`: a counter UpdateItem for the entry's id, then the PutItem, then three total UpdateItems — three waves at the end of every audited request) written in one wave without the counter call, as the fix proposed below would write it. *event loop busy*: the share of the step the bench's one Node process (the gateway, every Lambda, the workers) was working. The load average (1 min) is read before each step.`,
    "",
    table(
      [
        "in flight",
        " load avg",
        " gateway req/s",
        " p50",
        " p95",
        " p99",
        " errors",
        " floor req/s",
        " floor p50",
        " floor p95",
        " share of floor",
        " p95 ÷ one at a time",
        " what-if req/s",
        " what-if p95",
        " event loop busy (gateway, floor)",
      ],
      results.map(({ gateway: g, floor: f, whatIf: x, load }) => [
        g.concurrency,
        load,
        g.rps.toFixed(1),
        ms(g.all.p50),
        ms(g.all.p95),
        ms(g.all.p99),
        g.errors,
        f.rps.toFixed(1),
        ms(f.all.p50),
        ms(f.all.p95),
        `${Math.round((g.rps / f.rps) * 100)} %`,
        times(g.all.p95 / one.all.p95),
        x.rps.toFixed(1),
        ms(x.all.p95),
        `${Math.round(g.busy * 100)} %, ${Math.round(f.busy * 100)} %`,
      ]),
    ),
    "",
    "p95 by kind of request through the gateway (ms), and its floor's:",
    "",
    table(
      ["in flight", ...kindsShown.flatMap((k) => [` ${k}`, ` ${k} floor`])],
      results.map(({ gateway: g, floor: f }) => [g.concurrency, ...kindsShown.flatMap((k) => [ms(g.byKind.get(k)?.p95 ?? NaN), ms(f.byKind.get(k)?.p95 ?? NaN)])]),
    ),
    "",
    `${count(
      results.reduce((s, r) => s + r.gateway.all.n, 0),
      "request",
    )} through the gateway in all${failures.size ? `; the errors: ${[...failures].map(([w, k]) => `${w} ×${k}`).join("; ")}` : ", none answered with an error"}.`,
    "",
    "What one request of each kind asks DynamoDB (its last recorded call, caches warm; → separates waves, + calls made at the same time). Under load every wave waits its turn at DynamoDB Local again, so a request's latency grows with its number of waves:",
    "",
    table(
      ["request", "DynamoDB calls, wave by wave"],
      p.ops.map((o, k) => [o.name, p.shapes[k]!]),
    ),
  ].join("\n");
}

export const area: BenchArea = {
  title: "Load: the staff mix under rising concurrency",
  async run({ quick, stack, log }) {
    const plan: Plan = quick
      ? { clients: 2_000, seconds: 3, minSamples: 20, steps: CONCURRENCY.filter((c) => c <= 16), traces: 5 }
      : { clients: 20_000, seconds: 20, minSamples: TARGETS.samples, steps: CONCURRENCY, traces: 20 };
    const prepared = await prepare(stack!, plan, log);
    const results = await measure(stack!, plan, prepared, log);
    return {
      dataset: `${plan.clients.toLocaleString("en")} clients in one tenant (six stores, three statuses, search keys), ${SESSIONS} sessions of its administrator; each step runs ${plan.seconds} s and at least ${plan.minSamples} requests: the gateway, then the floor, then the floor's what-if`,
      checks: checksOf(results),
      body: report(plan, prepared, results),
    };
  },
};
