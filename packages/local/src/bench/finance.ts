import { MonthTally } from "@xiangyu/core/finance/tallies/entity";
import { SHARDS, tallyItems } from "@xiangyu/core/finance/tallies/tally";
import { SplitSetting } from "@xiangyu/core/finance/splitBill/entities";
import { computeMonth } from "@xiangyu/core/finance/splitBill/service";
import { transact } from "@xiangyu/core/kernel/tx";
import { TARGETS } from "./targets.ts";
import { benchTenant } from "./tenant.ts";
import { gatewayClient, expectOk } from "./http.ts";
import { compare, pool, type Plan } from "./timing.ts";
import { count, ms } from "./stats.ts";
import { table } from "./markdown.ts";
import type { BenchArea, Check } from "./types.ts";

/**
 * Issue 17's targets: with 300,000 paid orders in one month of one tenant, the month job finishes
 * within a Lambda's 15 minutes at ≤ 512 MB, and the summary screens answer ≤ 100 ms at p95.
 *
 * The job reads the month's tallies, never the orders, so what 300,000 payments leave behind is the
 * tally items they moved: a sample of them goes through the very transactions the payment code
 * writes (`tallyItems`, 16 at once, timed per payment), the rest is added up in memory and written
 * as the same ADDs once per tally item — the items end exactly as 300,000 transactions would leave them.
 */
const STORES = 60;
const AGENTS = 25;
const CHANNELS = 8;
const IN_FLIGHT = 16;
const FN = { split: 1902, stats: 1903 } as const;
const MONTH = { year: 2026, month: 10 };
const KEY = "2026-10";

type Payment = { shop: string; agent: string; channel: string; column: "discount" | "offline" | "online"; fen: number };
const payment = (i: number): Payment => ({
  shop: `001${String(1 + (i % STORES)).padStart(3, "0")}`,
  agent: i % 3 === 0 ? "" : `代理${1 + (i % AGENTS)}`,
  channel: i % 4 === 0 ? "" : `渠道${1 + (i % CHANNELS)}`,
  column: (["discount", "offline", "online"] as const)[i % 3],
  // Amounts that do not divide evenly: 0.01 … 9,999.99 yuan.
  fen: 1 + ((i * 7919) % 999_999),
});

async function seed(tenantId: string, size: number, sampled: number, log: (s: string) => void) {
  // The sample: real payment transactions.
  const t0 = Date.now();
  await pool(sampled, IN_FLIGHT, async (i) => {
    const p = payment(i);
    await transact(tallyItems({ tenantId, column: p.column, fen: p.fen, shop: p.shop, agent: p.agent, channel: p.channel, at: `${KEY}-15 12:00:00` }));
  });
  const perPayment = (Date.now() - t0) / sampled;
  // The rest, added up per tally item.
  const sums = new Map<string, { dim: string; object: string; shard: number; discountFen: number; offlineFen: number; onlineFen: number; n: number }>();
  for (let i = sampled; i < size; i++) {
    const p = payment(i);
    const shard = i % SHARDS;
    for (const [dim, object] of [
      ["store", p.shop],
      ["agent", p.agent],
      ["channel", p.channel],
    ] as const) {
      const k = `${dim}|${object}|${shard}`;
      const s = sums.get(k) ?? { dim, object, shard, discountFen: 0, offlineFen: 0, onlineFen: 0, n: 0 };
      s[`${p.column}Fen`] += p.fen;
      s.n++;
      sums.set(k, s);
    }
  }
  await pool(sums.size, IN_FLIGHT, async (i) => {
    const s = [...sums.values()][i];
    await MonthTally.update({ tenantId, month: KEY, dim: s.dim, object: s.object, shard: s.shard })
      .add({ discountFen: s.discountFen, offlineFen: s.offlineFen, onlineFen: s.onlineFen, n: s.n })
      .go();
  });
  log(`  ${count(size, "payment")} tallied (${sampled} through the payment transaction, ${ms(perPayment)} ms each with ${IN_FLIGHT} in flight; ${sums.size} tally items)`);
  const total = Array.from({ length: size }, (_, i) => payment(i).fen).reduce((a, b) => a + b, 0);
  return { perPayment, total };
}

export const area: BenchArea = {
  title: "Finance: the month job and the summaries",
  async run({ quick, stack, log }) {
    if (!stack) throw new Error("the finance bench needs the running product");
    const size = quick ? 3_000 : 300_000;
    const sampled = quick ? 1_000 : 5_000;
    const plan: Plan = quick ? { warmup: 3, iterations: 10 } : { warmup: 10, iterations: TARGETS.samples };
    const gw = gatewayClient(stack.baseUrl);
    const t = await benchTenant(gw, "benchfinance");
    const { perPayment, total } = await seed(t.tenantId, size, sampled, log);
    await Promise.all(
      [
        [1, 4000],
        [2, 3333],
        [3, 1667],
        [4, 1000],
      ].map(([splitbillType, bp]) => SplitSetting.put({ tenantId: t.tenantId, splitbillType, bp }).go()),
    );

    // The job, twice (the second is the on-demand rerun over existing rows).
    const heap0 = process.memoryUsage().heapUsed;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - heap0)), 20);
    const j0 = Date.now();
    const first = await computeMonth(t.tenantId, MONTH.year, MONTH.month, { force: true });
    const firstMs = Date.now() - j0;
    const j1 = Date.now();
    await computeMonth(t.tenantId, MONTH.year, MONTH.month, { force: true });
    const rerunMs = Date.now() - j1;
    clearInterval(sampler);
    if (Math.round(first.monthTotal * 100) !== total) throw new Error(`month total ${first.monthTotal} ≠ ${total / 100}`);
    log(`  month job: ${first.rows} rows in ${firstMs} ms (rerun ${rerunMs} ms), heap +${(peak / 2 ** 20).toFixed(1)} MB`);

    const via = (path: string, fn: number, query: Record<string, string | number>) => async () => expectOk(await gw.get(path, { query, headers: t.headers(fn) }), path);
    const screens = {
      "split summary, 门店 (60 rows)": via("/xiangyu/api/finance/splitbilllist", FN.split, { splitbillType: 2, ...MONTH }),
      "split summary, 代理 (26 rows)": via("/xiangyu/api/finance/splitbilllist", FN.split, { splitbillType: 3, ...MONTH }),
      "business summary (60 stores)": via("/xiangyu/api/finance/statisticsforshop", FN.stats, MONTH),
      "month-close check": via("/xiangyu/api/finance/splitbillclose", FN.split, MONTH),
    };
    const timed = await compare(screens, plan);
    const rows = Object.entries(timed).map(([name, s]) => [name, ms(s.p50), ms(s.p95)]);
    const checks: Check[] = [
      { what: `month job, ${count(size, "payment")}' tallies`, target: "≤ 15 min", actual: `${(firstMs / 1000).toFixed(1)} s`, pass: firstMs <= 15 * 60_000 },
      { what: "month job, memory above the process's baseline", target: "≤ 512 MB", actual: `${(peak / 2 ** 20).toFixed(1)} MB`, pass: peak <= 512 * 2 ** 20 },
      ...Object.entries(timed).map(([name, s]) => ({
        what: `p95 through the gateway: ${name}`,
        target: `≤ ${TARGETS.listP95Ms} ms`,
        actual: `${Math.round(s.p95)} ms`,
        pass: s.p95 <= TARGETS.listP95Ms,
      })),
    ];
    return {
      dataset: `${count(size, "paid order")} in one month of one tenant (${STORES} stores, ${AGENTS} agents, ${CHANNELS} channels, amounts that do not divide evenly), ${sampled.toLocaleString("en")} of them through the payment's tally transaction; ${plan.iterations} measured calls per figure`,
      body: [
        `A payment's tally items cost ${ms(perPayment)} ms per payment (${IN_FLIGHT} in flight). The month job (${first.rows} rows) took ${(firstMs / 1000).toFixed(2)} s, its rerun ${(rerunMs / 1000).toFixed(2)} s: it reads the month's tally items, never the orders, so its cost follows the number of stores, agents and channels, not of orders.`,
        "",
        table(["screen", " p50 ms", " p95 ms"], rows),
      ].join("\n"),
      checks,
    };
  },
};
