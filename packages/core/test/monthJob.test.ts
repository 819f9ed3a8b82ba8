import { describe, expect, it } from "vitest";
import { SplitMonthRun, SplitRow, SplitSetting } from "../src/finance/splitBill/entities.ts";
import { MonthUnit, monthUnits } from "../src/finance/splitBill/monthUnit.ts";
import { dispatchMonth, runMonthUnit, type MonthFault, type MonthOrder } from "../src/finance/splitBill/monthJob.ts";
import { MonthTally } from "../src/finance/tallies/entity.ts";
import { saveStyleAttr } from "../src/platform/styleParams.ts";
import { Tenant } from "../src/platform/entities.ts";
import { workersIdle } from "../src/kernel/background.ts";
import type { Caller } from "../src/kernel/context.ts";
import { seeded } from "./seeded.ts";

/**
 * The month job per tenant (issue 37): a dispatcher writes one unit per tenant and month and starts
 * one worker per unit. Stopped at seeded points — between units (the dispatcher dying after some
 * starts) and inside a unit (after some of its rows, with or without the failure written) — and
 * run again, every tenant's month ends exactly as in an uninterrupted run: the same rows with the
 * same money, no split counted twice. A tenant that fails stops no other, its tries are bounded,
 * and the operator's list names it with its error.
 */
const run = Date.now().toString(36);
/** The job runs on 2026-03-05, so it computes 2026-02. */
const DATE = "2026-03-05";
const MONTH = "2026-02";

type Tally = { dim: string; object: string; shard: number; discountFen: number; offlineFen: number; onlineFen: number };
/** Three tenants' months: stores, agents and channels with money over several shards (one of them a refund month below zero). */
const SHAPES: Tally[][] = (() => {
  const random = seeded(2026);
  return [0, 1, 2].map((s) =>
    (["store", "agent", "channel"] as const).flatMap((dim) =>
      Array.from({ length: 2 + random(2) }, (_, i) => ({
        dim,
        object: dim === "store" ? `00100${i + 1}` : `${dim}${i}`,
        shard: random(8),
        discountFen: random(500_000) - (s === 2 ? 300_000 : 0),
        offlineFen: random(100_000),
        onlineFen: random(300_000),
      })),
    ),
  );
})();

/** A tenant with the four split types (40/30/20/10 %) and a shape's tallies for the month. */
async function seedTenant(tenantId: string, shape: Tally[]): Promise<void> {
  const types: [number, string, number][] = [
    [1, "集团", 4000],
    [2, "门店", 3000],
    [3, "代理", 2000],
    [4, "渠道", 1000],
  ];
  await Promise.all([
    ...types.map(([t, name]) => saveStyleAttr(tenantId, { styleen: "splitbillType", styleid: String(t), stylename: name })),
    ...types.map(([splitbillType, , bp]) => SplitSetting.put({ tenantId, splitbillType, bp }).go()),
    ...shape.map((t) => MonthTally.put({ tenantId, month: MONTH, ...t, n: 1 }).go()),
  ]);
}

/** What the month job leaves of a tenant, ids aside (they come from the tenant's counter): rows, the month's record, the unit. */
async function outcome(tenantId: string) {
  const { data: rows } = await SplitRow.query.byMonth({ tenantId, month: MONTH }).go({ pages: "all" });
  const { data: monthRun } = await SplitMonthRun.get({ tenantId, month: MONTH }).go();
  const { data: unit } = await MonthUnit.get({ month: MONTH, tenantId }).go();
  expect(new Set(rows.map((r) => r.id)).size, `${tenantId}: one id per row`).toBe(rows.length);
  return {
    rows: rows.map((r) => [r.splitbillType, r.object, r.objectName, r.discountFen, r.offlineFen, r.onlineFen, r.totalFen, r.bp, r.isSplitbill]),
    month: {
      done: monthRun?.done,
      rows: monthRun?.rows,
      monthTotalFen: monthRun?.monthTotalFen,
      ratios: [...(monthRun?.ratios ?? [])].sort((a, b) => a.splitbillType - b.splitbillType),
    },
    unit: { state: unit?.state, rows: unit?.rows, monthTotalFen: unit?.monthTotalFen, lastError: unit?.lastError },
  };
}

const inPlace =
  (fault?: MonthFault, leaseMs?: number) =>
  (order: MonthOrder): Promise<unknown> =>
    runMonthUnit(order, { fault, leaseMs });

describe("the month job per tenant", () => {
  it("ends exactly as an uninterrupted run when stopped at 20 seeded points, between units and inside them", { timeout: 120_000 }, async () => {
    const baseline = SHAPES.map((_, s) => `base${run}s${s}`);
    await Promise.all(baseline.map((t, s) => seedTenant(t, SHAPES[s]!)));
    const clean = await dispatchMonth({ date: DATE, tenantIds: baseline, start: inPlace() });
    expect(clean).toMatchObject({ month: MONTH, tenants: 3, started: 3, done: 3, failed: 0 });
    const expected = await Promise.all(baseline.map(outcome));
    for (const e of expected) {
      expect(e.unit.state).toBe("done");
      // Every type's rows and the group's remainder add up to the month, to the fen: nothing counted twice.
      expect(e.rows.reduce((sum, r) => sum + (r[6] as number), 0)).toBe(e.month.monthTotalFen);
    }

    const random = seeded(37);
    const points = ["start", "row", "rows", "computed", "unit"] as const;
    const seen = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const tenants = SHAPES.map((_, s) => `r${round}${run}s${s}`);
      await Promise.all(tenants.map((t, s) => seedTenant(t, SHAPES[s]!)));
      // Stop at the k-th time the job passes the point; inside a unit, half the time as a crash that writes no failure either.
      const at = points[random(points.length)]!;
      const hard = random(2) === 1;
      const k = 1 + (at === "row" ? random(12) : random(3));
      let left = k;
      let fired = false;
      const fault: MonthFault = (point) => {
        if ((point === at && --left === 0) || (fired && hard && point === "failing")) {
          fired = true;
          throw new Error(`stopped at ${point}`);
        }
      };
      // A crashed worker's claim lapses at once here (leaseMs 0), as the worker Lambda's would after its timeout.
      const begun: Promise<unknown>[] = [];
      const start = (order: MonthOrder) => {
        const p = inPlace(fault, 0)(order);
        begun.push(p);
        return p;
      };
      await dispatchMonth({ date: DATE, tenantIds: tenants, start, fault }).catch((e: Error) => expect(e.message).toMatch(/stopped at|not started/));
      // Units started before the dispatcher stopped go on, as other invocations would.
      await Promise.allSettled(begun);
      expect(fired, `round ${round}: the job was stopped (${at})`).toBe(true);
      seen.add(at);
      const resumed = await dispatchMonth({ date: DATE, tenantIds: tenants, start: inPlace() });
      expect(resumed, `round ${round}`).toMatchObject({ done: 3, failed: 0, notStarted: 0 });
      expect(await Promise.all(tenants.map(outcome)), `round ${round}: stopped at ${at} #${k}${hard ? " (crash)" : ""}`).toEqual(expected);
      // A third run starts nothing: every unit is done (checked now and then, for time).
      if (round % 5 === 0) expect((await dispatchMonth({ date: DATE, tenantIds: tenants, start: inPlace() })).started).toBe(0);
    }
    // The seeds reach every kind of stop.
    expect(seen.size).toBe(points.length);
  });

  it("a tenant that fails stops no other; its tries are bounded; the operator sees it with its error; an operator's run tries again", { timeout: 60_000 }, async () => {
    const platform = `plat${run}`;
    await Tenant.create({ id: 800_001, clientId: platform, clientSecret: "s", platform: 1, systemName: "平台" }).go();
    const tenants = [0, 1, 2, 3].map((i) => `f${i}${run}`);
    for (const [i, t] of tenants.entries()) {
      await Tenant.create({ id: 800_010 + i, clientId: t, clientSecret: "s", systemName: `租户${i}` }).go();
      await seedTenant(t, SHAPES[i % 3]!);
    }
    // The bad tenant has the first one's month (SHAPES[0]), so its rows can be compared once it is done.
    const bad = tenants[3]!;
    const failing = (order: MonthOrder) => runMonthUnit(order, { fault: (at) => void (order.tenantId === bad && at === "rows" && thrower()) });
    const thrower = () => {
      throw new Error("分账数据异常");
    };
    await expect(dispatchMonth({ date: DATE, tenantIds: tenants, start: failing })).rejects.toThrow(/1 of 4 units not started/);
    const states = async () =>
      Object.fromEntries(
        (await Promise.all(tenants.map((t) => MonthUnit.get({ month: MONTH, tenantId: t }).go()))).map(({ data }) => [data!.tenantId, [data!.state, data!.attempts]]),
      );
    expect(await states()).toEqual(Object.fromEntries(tenants.map((t) => [t, t === bad ? ["failed", 1] : ["done", 1]])));
    expect((await outcome(bad)).month.done, "its month is not marked computed").toBe(0);
    // Retried by later runs (Lambda's retries in the cloud, the hourly schedule on one machine) up to three tries, then left alone.
    await expect(dispatchMonth({ date: DATE, tenantIds: tenants, start: failing })).rejects.toThrow(/1 of 1 units not started/);
    await expect(dispatchMonth({ date: DATE, tenantIds: tenants, start: failing })).rejects.toThrow(/1 of 1 units not started/);
    expect(await dispatchMonth({ date: DATE, tenantIds: tenants, start: failing })).toMatchObject({ started: 0, done: 3, failed: 1 });
    expect((await states())[bad]).toEqual(["failed", 3]);

    const operator: Caller = { tenantId: platform, userId: 1, username: "op", realname: "", deptCodes: [""], roleIds: [], branchId: 0, managelevel: 1, sessionId: "s", rights: {} };
    const list = (await monthUnits(operator, 2026, 2)).filter((u) => tenants.includes(u.clientId));
    expect(list[0]).toMatchObject({ clientId: bad, systemName: "租户3", state: "failed", stateName: "失败", attempts: 3, maxAttempts: 3, lastError: "分账数据异常" });
    expect(list.slice(1).map((u) => [u.stateName, u.systemName])).toEqual([
      ["已完成", "租户0"],
      ["已完成", "租户1"],
      ["已完成", "租户2"],
    ]);
    await expect(monthUnits({ ...operator, tenantId: tenants[0]! }, 2026, 2)).rejects.toThrow();

    // The cause fixed, the operator's run (a scheduled task of the job's class) gives the unit new tries.
    expect(await dispatchMonth({ date: DATE, tenantIds: tenants, retryFailed: true, start: inPlace() })).toMatchObject({ started: 1, done: 4, failed: 0 });
    const [fixed, same] = await Promise.all([outcome(bad), outcome(tenants[0]!)]);
    expect({ rows: fixed.rows, month: fixed.month }).toEqual({ rows: same.rows, month: same.month });
    expect((await states())[bad]).toEqual(["done", 4]);
  });

  it("on one machine the dispatcher starts the workers in this process; a unit delivered twice at once is computed once", { timeout: 60_000 }, async () => {
    const tenants = [0, 1, 2].map((i) => `m${i}${run}`);
    await Promise.all(tenants.map((t, i) => seedTenant(t, SHAPES[i]!)));
    // Twenty deliveries of one unit at once: one claims it, the others leave.
    const runs = await Promise.all(Array.from({ length: 20 }, () => runMonthUnit({ tenantId: tenants[0]!, month: MONTH })));
    expect(runs.filter((r) => r.claimed)).toHaveLength(1);
    // The others through the twin's path: startWorker runs them in this process, not awaited.
    const out = await dispatchMonth({ date: DATE, tenantIds: tenants });
    expect(out).toMatchObject({ started: 2, notStarted: 0 });
    await workersIdle();
    for (const t of tenants) {
      const o = await outcome(t);
      expect(o.unit.state, t).toBe("done");
      expect(o.month.done, t).toBe(1);
      expect(o.rows.length, t).toBeGreaterThan(4);
      expect(o.rows.reduce((sum, r) => sum + (r[6] as number), 0)).toBe(o.month.monthTotalFen);
    }
  });
});
