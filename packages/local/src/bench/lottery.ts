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
import { gatewayClient, type Reply } from "./http.ts";
import { table } from "./markdown.ts";
import { count, ms, summarize, type Summary } from "./stats.ts";
import type { BenchArea, Check } from "./types.ts";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { transact, type TxItem } from "@xiangyu/core/kernel/tx";

/**
 * Issue 22's target: the member's draw (POST /gateway/api/lotter/mp/draw, through the gateway with
 * the member's token) answers ≤ 50 ms at p95 with 20 draws in flight at once. 20 members each on
 * their own kept-alive connection draw one after another, so 20 requests are always in flight;
 * prizes of stock 1,000 and 5,000 and an unlimited "谢谢参与", no per-person limit, so every draw
 * does the whole transaction (entrant, prize, record). Afterwards the prizes' `won` must add up to
 * the draws recorded. Run it alone: `npm run bench -- lottery --quick` (smoke) or without --quick.
 */
export const MAX_DRAW_P95_MS = 50;
const CONCURRENT = 20;
const DRAW = "/gateway/api/lotter/mp/draw";

/** One row of the table: a scenario's percentiles and the rate it reached. */
const row = (name: string, s: Summary, perSecond: number, refused = "—") => [name, String(s.n), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), perSecond.toFixed(0), refused];

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
  return { s: summarize(samples), perSecond: n / ((performance.now() - t0) / 1000) };
}

export const area: BenchArea = {
  title: "Lottery draw",
  async run({ quick, stack, log }) {
    if (!stack) throw new Error("the lottery bench needs the running product");
    const perMember = quick ? 10 : 50;
    const t = await benchTenant(gatewayClient(stack.baseUrl), "benchlottery");
    const caller = headOffice(t.tenantId, { username: "admin" });
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
      t.tenantId,
      Array.from({ length: CONCURRENT }, (_, i) => ({ userId: `bench-${i}`, realname: `会员${i}`, mobile: `1390000${String(i).padStart(4, "0")}` })),
    );
    const members = await Promise.all(ids.map(async (id) => ({ gw: gatewayClient(stack.baseUrl), token: (await openMemberSession(t.tenantId, id)).access_token })));
    const draw = (m: (typeof members)[number]): Promise<Reply> => m.gw.postForm(DRAW, { lotteryId: l.id }, { authorization: `Bearer ${m.token}` });

    // Warm-up: each member once (handler loaded, connections open), unmeasured.
    await Promise.all(members.map(draw));
    const samples: number[] = [];
    let refused = 0;
    const t0 = performance.now();
    await Promise.all(
      members.map(async (m) => {
        for (let i = 0; i < perMember; i++) {
          const s = performance.now();
          const r = await draw(m);
          samples.push(performance.now() - s);
          if (r.status !== 200 || r.body?.code !== "200") refused++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const s = summarize(samples);
    const { summary } = await lotterySummary(caller, l.id);
    const recorded = CONCURRENT + samples.length - refused;
    log(`draw at ${CONCURRENT} concurrent: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, ${refused} refused, ${summary.draws} recorded`);
    // The store's own floor beside the draw: the draw's transaction alone (a member's item, one
    // hot prize item, a new record: the same three writes) and one conditional-free update of the hot
    // item, each with 20 in flight, on scratch keys of this tenant. DynamoDB Local runs
    // transactions one at a time, so these bound what any draw made of one transaction can reach here.
    const floorN = quick ? 200 : 1000;
    const key = (pk: string) => ({ pk: `benchfloor#${t.tenantId}#${pk}`, sk: "x" });
    const add = (pk: string): TxItem => ({ Update: { TableName: config.table, Key: key(pk), UpdateExpression: "ADD n :one", ExpressionAttributeValues: { ":one": 1 } } });
    const txFloor = await inFlight(floorN, (i) =>
      transact([add(`member${i % CONCURRENT}`), add("prize"), { Put: { TableName: config.table, Item: { ...key(`record${i}`), n: i } } }]),
    );
    const updateFloor = await inFlight(floorN, () => dynamo().send(new UpdateCommand(add("prize").Update as any)));
    log(`floor: transaction p95 ${ms(txFloor.s.p95)} ms (${txFloor.perSecond.toFixed(0)}/s), update p95 ${ms(updateFloor.s.p95)} ms`);
    const checks: Check[] = [
      { what: `member draw, ${CONCURRENT} in flight, p95`, target: `≤ ${MAX_DRAW_P95_MS} ms`, actual: `${ms(s.p95)} ms`, pass: s.p95 <= MAX_DRAW_P95_MS },
      { what: "every answered draw recorded (prizes' won = draws)", target: `${recorded}`, actual: `${summary.draws}`, pass: summary.draws === recorded },
    ];
    return {
      dataset: `${count(CONCURRENT, "member")} drawing ${count(perMember, "time")} each, ${CONCURRENT} requests in flight, through the gateway with member tokens`,
      body:
        table(
          ["scenario", " n", " p50 ms", " p95 ms", " p99 ms", " max ms", " draws/s", " refused"],
          [
            row(`draw, ${CONCURRENT} concurrent`, s, samples.length / seconds, String(refused)),
            row(`the draw's transaction alone (3 writes, one hot item), ${CONCURRENT} in flight, no HTTP`, txFloor.s, txFloor.perSecond),
            row(`one update of the hot item, ${CONCURRENT} in flight, no HTTP`, updateFloor.s, updateFloor.perSecond),
          ],
        ) +
        "\n\nThe last two rows are DynamoDB Local's own floor on this machine, measured in the same run: with 20 transactions in flight, " +
        "a transaction waits for the ones before it, so a draw that is one transaction (as issue 22 requires) cannot answer faster " +
        "than the transaction row's p95 here, whatever the code around it does. docs/lottery.md discusses it.",
      checks,
    };
  },
};
