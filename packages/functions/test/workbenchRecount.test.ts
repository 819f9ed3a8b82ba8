import { beforeAll, describe, expect, it } from "vitest";
import { asAdmin } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import {
  cashierPurchases,
  dayFrom as later,
  delayGiftWeek,
  giftVouchers,
  giftWeeks,
  invited,
  listTotal,
  reviewGiftWeek,
  todosOf,
  workbenchTenant,
  type TestTenant,
} from "./workbenchFixtures.ts";
import { Counter } from "@xiangyu/core/kernel/counters";
import { recountStep, recountTallies, startRecount, type RecountState } from "@xiangyu/core/workbench/recount";

/**
 * The one-off recount of the gift and review tallies (docs/workbench.md "Recount"): rows written
 * before their per-store totals existed (here: the totals taken away, one left wrong) are counted
 * again, and the workbench's counts then equal the lists they open — for the whole tenant and a
 * store's reviewer; a review landing while a recount reads is not lost.
 */
const KEYS = ["giftVouchers.pending", "giftWeeks.waiting", "giftWeeks.delaying", "purchases.cashier", "workOrders.dueToday", "workOrders.dueTomorrow"];

let t: TestTenant;
let tianhe: string;
let nanshan: string;
let reviewer: string;

const counted = async (token: string) => (await todosOf(token)).filter((x) => KEYS.includes(x.key));

async function counts(token: string): Promise<Record<string, number | null>> {
  return Object.fromEntries((await counted(token)).map((x) => [x.key, x.count]));
}

/** Each counted to-do's list total, read as `token`. */
async function lists(token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const todo of await counted(token)) out[todo.key] = await listTotal(token, todo);
  return out;
}

/** Takes the tallies away, as data written before they existed has none; one store's is left wrong, as a legacy counter without `moves`. */
async function forgetTallies() {
  for (const head of ["total#giftWeeks#waiting#", "total#giftWeeks#delay#", "total#giftVouchers#pending#", "total#purchases#1", "total#workOrders#due#"]) {
    const { data } = await Counter.query.byName({ tenantId: t.clientId }).begins({ name: head }).go({ pages: "all", ignoreOwnership: true });
    for (const c of data) await Counter.delete({ tenantId: t.clientId, name: c.name }).go();
  }
  await Counter.put({ tenantId: t.clientId, name: `total#giftWeeks#waiting#${nanshan}`, n: 7 }).go();
}

beforeAll(async () => {
  const w = await workbenchTenant();
  ({ t, tianhe, nanshan } = w);
  const { type, product } = w;
  const gifts = await giftWeeks(t, type.id, [tianhe, tianhe, nanshan, nanshan, tianhe]);
  await reviewGiftWeek(t, gifts[4].id, 1);
  await delayGiftWeek(t, gifts[4].id);
  await giftVouchers(t, [tianhe, nanshan, tianhe]);
  await cashierPurchases(t, product, type.id, [tianhe, tianhe, nanshan]);
  // Work orders accepted for today (天河, 南山) and tomorrow (天河).
  for (const [shop, day] of [
    [tianhe, later(0)],
    [nanshan, later(0)],
    [tianhe, later(1)],
  ] as const)
    await invited(t, shop, day);
  reviewer = (await quickUser(t.clientId, { "1804": "P", "1802": "P", "1905": "P", "2101": "R" }, { deptCodes: [tianhe], dataScope: "dept" })).token;
}, 120_000);

describe("the tallies' recount", () => {
  it("counts the rows again: the workbench's counts equal their lists after it, for the tenant and a store", async () => {
    const right = { "giftWeeks.waiting": 4, "giftWeeks.delaying": 1, "giftVouchers.pending": 3, "purchases.cashier": 3, "workOrders.dueToday": 2, "workOrders.dueTomorrow": 1 };
    expect(await counts(t.adminToken)).toEqual(right);
    await forgetTallies();
    expect(await counts(t.adminToken)).not.toEqual(right);
    // Small slices: the pass goes on across steps from its saved state (JSON).
    let s: RecountState = startRecount(t.clientId);
    let steps = 0;
    while (!s.done) {
      s = JSON.parse(JSON.stringify(await recountStep(s, 2)));
      steps++;
    }
    expect(steps).toBeGreaterThan(5);
    expect(s.unsettled).toEqual([]);
    expect(s.set["giftWeeks#waiting"]).toEqual({ [tianhe]: 2, [nanshan]: 2 });
    expect(s.set["purchases#1"]).toEqual({ [tianhe]: 2, [nanshan]: 1, "*": 3 });
    expect(s.set["workOrders#due"]).toEqual({ [`${later(0)}#${tianhe}`]: 1, [`${later(0)}#${nanshan}`]: 1, [later(0)]: 2, [`${later(1)}#${tianhe}`]: 1, [later(1)]: 1 });
    expect(await counts(t.adminToken)).toEqual(right);
    expect(await counts(t.adminToken)).toEqual(await lists(t.adminToken));
    expect(await counts(reviewer)).toEqual({
      "giftWeeks.waiting": 2,
      "giftWeeks.delaying": 1,
      "giftVouchers.pending": 2,
      "purchases.cashier": 2,
      "workOrders.dueToday": 1,
      "workOrders.dueTomorrow": 1,
    });
    expect(await counts(reviewer)).toEqual(await lists(reviewer));
    // Run again on settled tallies: nothing changes.
    expect((await recountTallies(t.clientId)).unsettled).toEqual([]);
    expect(await counts(t.adminToken)).toEqual(right);
  });

  it("a review while the recount reads is not overwritten: the moved total is counted again", async () => {
    await forgetTallies();
    let s = await recountStep(startRecount(t.clientId), 2); // the gift weeks' snapshot
    s = await recountStep(s, 2); // its first slice read
    const waiting = (await asAdmin(t, 1804).get("/xiangyu/api/order/giftweek/list", { status: "0", pageSize: 100 })).body.dataList.find((g: any) => g.shop === tianhe);
    await reviewGiftWeek(t, waiting.id, 1);
    let attempts = 1;
    while (!s.done) {
      s = await recountStep(s, 2);
      if (s.pass === 0) attempts = Math.max(attempts, s.attempt);
    }
    expect(attempts).toBe(2);
    expect(s.unsettled).toEqual([]);
    const now = await counts(t.adminToken);
    expect(now["giftWeeks.waiting"]).toBe(3);
    expect(now).toEqual(await lists(t.adminToken));
    expect(await counts(reviewer)).toEqual(await lists(reviewer));
  }, 30_000);
});
