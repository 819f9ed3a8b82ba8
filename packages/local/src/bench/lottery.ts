import { performance } from "node:perf_hooks";
import * as v from "valibot";
import { headOffice } from "@xiangyu/core/kernel/context";
import { formatDateTime, nowMs } from "@xiangyu/core/kernel/clock";
import { saveLottery } from "@xiangyu/core/lottery/activities";
import { lotterySummary, savePrize } from "@xiangyu/core/lottery/prizes";
import { LotteryInput, PrizeInput } from "@xiangyu/core/lottery/schemas";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { openMemberSession } from "@xiangyu/core/auth/member";
import { benchTenant } from "./tenant.ts";
import { bareClient, shapeOf, traceOf, type Trace } from "./loadTrace.ts";
import { copyUpdated, replayDraw, withoutIdRefills } from "./lotteryFloor.ts";
import { gatewayClient, type Reply } from "./http.ts";
import { table } from "./markdown.ts";
import { count, median, ms, summarize, type Summary } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { transact } from "@xiangyu/core/kernel/tx";

/**
 * The member's draw (POST /gateway/api/lotter/mp/draw, through the gateway with the member's token)
 * with 20 draws in flight at once: 20 members each on their own kept-alive connection draw one
 * after another; prizes of stock 1,000 and 5,000 and an unlimited "谢谢参与", no per-person limit.
 * Afterwards the prizes' `won` must add up to the draws recorded. Issue 39's target: p95 ≤ 1.5× the
 * floor — the draw's own DynamoDB calls made bare, with as many in flight, in the same run, the two
 * taken in turn in short rounds, the median of the rounds' ratios (issue 22's 50 ms is reported beside it). Run it alone: `npm run bench -- lottery --quick` (smoke) or without.
 */
export const MAX_DRAW_P95_MS = 50;
export const MAX_FLOOR_RATIO = 1.5;
const CONCURRENT = 20;
const DRAW = "/gateway/api/lotter/mp/draw";

/** One row of the table: a scenario's percentiles and the rate it reached. */
const row = (name: string, s: Summary, perSecond: number, refused = "—", cpuMs?: number) => [
  name,
  String(s.n),
  ms(s.p50),
  ms(s.p95),
  ms(s.p99),
  ms(s.max),
  perSecond.toFixed(0),
  refused,
  cpuMs === undefined ? "—" : cpuMs.toFixed(2),
];

/** Runs `one` n times with CONCURRENT calls in flight; its latencies and the rate reached. */
async function inFlight(n: number, one: (i: number) => Promise<unknown>) {
  let next = 0;
  const samples: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await one(i);
        samples.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { s: summarize(samples), perSecond: n / seconds, samples, seconds };
}

/** A draw answered with a prize (the recorded draws must be real ones). */
function expectDrawn(r: Reply): void {
  if (r.status !== 200 || r.body?.code !== "200") throw new Error(`lottery: a recorded draw was refused: ${JSON.stringify(r.body)}`);
}

/** The other floors' scratch items on the tenant: the activity, three prizes, and key(pk) for any other. */
const floorKey = (tenantId: string, pk: string, sk = "x") => ({ pk: `benchfloor#${tenantId}#${pk}`, sk });
const addOne = (tenantId: string, pk: string) => ({
  TableName: config.table,
  Key: floorKey(tenantId, pk),
  UpdateExpression: "ADD n :one",
  ExpressionAttributeValues: { ":one": 1 },
});

/**
 * Two more floors, after the rounds: the one-transaction draw of before (member, hot prize item,
 * record), which DynamoDB Local runs one at a time, and a single update of one hot item.
 */
async function otherFloors(tenantId: string, n: number) {
  const TableName = config.table;
  const txFloor = await inFlight(n, (i) =>
    transact([
      { Update: addOne(tenantId, `member${i % CONCURRENT}`) },
      { Update: addOne(tenantId, "prize") },
      { Put: { TableName, Item: { ...floorKey(tenantId, `txrecord${i}`), n: i } } },
    ]),
  );
  const updateFloor = await inFlight(n, () => dynamo().send(new UpdateCommand(addOne(tenantId, "prize"))));
  return { txFloor, updateFloor };
}

/**
 * The draws and their floor taken in turn, `rounds` short rounds (each: every member's share of its
 * draws, 20 in flight, and the floor's share, which of the two first alternating): the VM has slow
 * stretches of about a second, and with long rounds one stretch on one side decided the whole run's
 * p95 ratio (1.07–2.03× in five runs). Each round's own p95 ratio is kept; their median is the figure.
 */
async function drawRounds<M>(o: { members: M[]; draw: (m: M) => Promise<Reply>; perMember: number; rounds: number; traces: Trace[] }) {
  const samples: number[] = [];
  const floorSamples: number[] = [];
  const roundRatios: number[] = [];
  let refused = 0;
  let drawSeconds = 0;
  let floorSeconds = 0;
  // This process's CPU (the gateway, the Lambda code and the DynamoDB client; not DynamoDB Local's) per draw and per replay.
  let drawCpu = 0;
  let floorCpu = 0;
  const cpuSince = (c: NodeJS.CpuUsage) => {
    const d = process.cpuUsage(c);
    return (d.user + d.system) / 1000;
  };
  const share = Math.ceil(o.perMember / o.rounds);
  const perRound = share * o.members.length;
  for (let round = 0; round < o.rounds; round++) {
    const draws = async () => {
      const roundSamples: number[] = [];
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await Promise.all(
        o.members.map(async (m) => {
          for (let i = 0; i < share; i++) {
            const s = performance.now();
            const r = await o.draw(m);
            roundSamples.push(performance.now() - s);
            if (r.status !== 200 || r.body?.code !== "200") refused++;
          }
        }),
      );
      drawSeconds += (performance.now() - t0) / 1000;
      drawCpu += cpuSince(c0);
      return roundSamples;
    };
    const floor = async () => {
      const c1 = process.cpuUsage();
      const f = await inFlight(perRound, (i) => replayDraw(o.traces, round * perRound + i));
      floorCpu += cpuSince(c1);
      floorSeconds += f.seconds;
      return f.samples;
    };
    // Which goes first alternates, so neither side always follows the other's load.
    let d: number[], f: number[];
    if (round % 2) {
      d = await draws();
      f = await floor();
    } else {
      f = await floor();
      d = await draws();
    }
    samples.push(...d);
    floorSamples.push(...f);
    roundRatios.push(summarize(d).p95 / summarize(f).p95);
  }
  const floor = { s: summarize(floorSamples), perSecond: floorSamples.length / floorSeconds, cpuMs: floorCpu / floorSamples.length };
  return {
    s: summarize(samples),
    perSecond: samples.length / drawSeconds,
    refused,
    n: samples.length,
    floor,
    cpuMs: drawCpu / samples.length,
    perRound,
    roundRatio: { median: median(roundRatios), min: Math.min(...roundRatios), max: Math.max(...roundRatios) },
  };
}

/** The activity (three prizes: stock 1,000, 5,000 and an unlimited "谢谢参与", no per-person limit) and its 20 members. */
async function activityWithMembers(tenantId: string) {
  const caller = headOffice(tenantId, { username: "admin" });
  const l = await saveLottery(
    caller,
    v.parse(LotteryInput, {
      title: "性能测试抽奖",
      startTime: formatDateTime(nowMs() - 86_400_000),
      endTime: formatDateTime(nowMs() + 86_400_000),
      userJoinLimit: 0,
      idisplay: 1,
    }),
  );
  for (const p of [
    { prizeName: "一等奖", prizeCount: 1000, lotteryWeight: "1" },
    { prizeName: "二等奖", prizeCount: 5000, lotteryWeight: "4" },
    { prizeName: "谢谢参与", prizeCount: 0, lotteryWeight: "5" },
  ])
    await savePrize(caller, v.parse(PrizeInput, { lotteryId: l.id, hasDistribute: 1, ...p }));
  const ids = await registerMobileUsers(
    tenantId,
    Array.from({ length: CONCURRENT }, (_, i) => ({ userId: `bench-${i}`, realname: `会员${i}`, mobile: `1390000${String(i).padStart(4, "0")}` })),
  );
  return { caller, lotteryId: l.id, ids };
}

export const area: BenchArea = {
  title: "Lottery draw",
  async run({ quick, stack, log }) {
    if (!stack) throw new Error("the lottery bench needs the running product");
    const perMember = quick ? 10 : 100;
    const t = await benchTenant(gatewayClient(stack.baseUrl), "benchlottery");
    const { caller, lotteryId, ids } = await activityWithMembers(t.tenantId);
    const members = await Promise.all(ids.map(async (id) => ({ gw: gatewayClient(stack.baseUrl), token: (await openMemberSession(t.tenantId, id)).access_token })));
    const draw = (m: (typeof members)[number]): Promise<Reply> => m.gw.postForm(DRAW, { lotteryId }, { authorization: `Bearer ${m.token}` });

    // Warm-up: each member once (handler loaded, connections open), unmeasured.
    await Promise.all(members.map(draw));
    // The floor's draws: each member's next draw recorded alone, its calls replayed bare in the rounds
    // (lotteryFloor.ts). Each right after a draw of theirs, as in a crowd: the activity's setup and the
    // record ids are then at hand (kept for a second), not read again as a lone draw would.
    const traces: Trace[] = [];
    for (const m of members) {
      expectDrawn(await draw(m));
      traces.push(await traceOf(async () => expectDrawn(await draw(m))));
    }
    traces.splice(0, traces.length, ...withoutIdRefills(traces));
    const copies = await copyUpdated(bareClient(), traces);
    log(`floor: ${traces.length} draws recorded (${shapeOf(traces[0]!)}), ${copies} updated items copied`);
    const rounds = quick ? 2 : 20;
    const { s, perSecond, refused, n, floor: callsFloor, cpuMs, perRound, roundRatio } = await drawRounds({ members, draw, perMember, rounds, traces });
    const { summary } = await lotterySummary(caller, lotteryId);
    const recorded = 3 * CONCURRENT + n - refused;
    log(`draw at ${CONCURRENT} concurrent: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, ${refused} refused, ${summary.draws} recorded`);
    const { txFloor, updateFloor } = await otherFloors(t.tenantId, quick ? 200 : 1000);
    log(
      `floor: the draw's calls p95 ${ms(callsFloor.s.p95)} ms, transaction p95 ${ms(txFloor.s.p95)} ms (${txFloor.perSecond.toFixed(0)}/s), update p95 ${ms(updateFloor.s.p95)} ms`,
    );
    const pooled = s.p95 / callsFloor.s.p95;
    log(`p95 ratio per round: median ${roundRatio.median.toFixed(2)}× (${roundRatio.min.toFixed(2)}–${roundRatio.max.toFixed(2)}×), pooled ${pooled.toFixed(2)}×`);
    const checks: Check[] = [
      {
        what: `member draw, ${CONCURRENT} in flight, p95 ÷ its calls' floor p95: median of ${rounds} rounds of ${perRound} each (range; over all draws)`,
        target: `≤ ${MAX_FLOOR_RATIO}×`,
        actual: `${roundRatio.median.toFixed(2)}× (${roundRatio.min.toFixed(2)}–${roundRatio.max.toFixed(2)}×; ${pooled.toFixed(2)}×)`,
        pass: roundRatio.median <= MAX_FLOOR_RATIO,
      },
      { what: `member draw, ${CONCURRENT} in flight, p95 (issue 22)`, target: `≤ ${MAX_DRAW_P95_MS} ms`, actual: `${ms(s.p95)} ms`, pass: s.p95 <= MAX_DRAW_P95_MS },
      { what: "every answered draw recorded (prizes' won = draws)", target: `${recorded}`, actual: `${summary.draws}`, pass: summary.draws === recorded },
    ];
    return {
      dataset: `${count(CONCURRENT, "member")} drawing ${count(perMember, "time")} each, ${CONCURRENT} requests in flight, through the gateway with member tokens`,
      body:
        table(
          ["scenario", " n", " p50 ms", " p95 ms", " p99 ms", " max ms", " draws/s", " refused", " bench CPU ms per draw"],
          [
            row(`draw, ${CONCURRENT} concurrent`, s, perSecond, String(refused), cpuMs),
            row(
              `floor: ${CONCURRENT} recorded draws' calls replayed bare (${shapeOf(traces[0]!)}), ${CONCURRENT} in flight, no HTTP`,
              callsFloor.s,
              callsFloor.perSecond,
              "—",
              callsFloor.cpuMs,
            ),
            row(`the former one-transaction draw (3 writes, one hot item), ${CONCURRENT} in flight, no HTTP`, txFloor.s, txFloor.perSecond),
            row(`one update of the hot item, ${CONCURRENT} in flight, no HTTP`, updateFloor.s, updateFloor.perSecond),
          ],
        ) +
        "\n\n*bench CPU ms per draw*: this process's CPU time (user + system) over the draws' phases, and over the floor's, per draw — the gateway, the Lambda code and the DynamoDB client, which share the two cores with DynamoDB Local; the difference is what the draw's own code costs beyond its calls." +
        "\n\nThe last three rows are DynamoDB Local's own figures on this machine, measured in the same run: the draw's own calls " +
        `replayed bare — the calls of ${CONCURRENT} draws recorded one at a time (each right after another of the same member's, so the activity's setup is at hand as in a crowd; the record ids' counter update left out, one per block of up to 20 ids in a crowd), replayed through the product's own DynamoDB client wave by wave as they were made, on copies of the items they update and with each record put under a key of its own, so the replays write the same items to the same indexes and move no real count (lotteryFloor.ts); the floor the draw is compared with, taken in turn with the draws in ${rounds} rounds, so both see the same load (which of the two goes first alternates, and the figure is the median of the rounds' own p95 ratios, so a slow stretch of the machine on one side of one round cannot decide it) — ` +
        "the one-transaction draw it replaced (DynamoDB Local runs transactions one at a " +
        "time, and in AWS concurrent transactions on one prize item cancel each other), and one update of a single hot item. docs/lottery.md discusses it.",
      checks,
    };
  },
};
