import { beforeAll, describe, expect, it } from "vitest";
import { get, testTenant } from "./harness.ts";
import { as, asAdmin, code, newClient, newProduct, newPurchase, workOrderForm } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import { formatDate, nowMs } from "@xiangyu/core/kernel/clock";
import { Counter } from "@xiangyu/core/kernel/counters";
import { recountStep, recountTallies, startRecount, type RecountState } from "@xiangyu/core/workbench/recount";

/**
 * The one-off recount of the gift and review tallies (docs/workbench.md "Recount"): rows written
 * before their per-store totals existed (here: the totals taken away, one left wrong) are counted
 * again, and the workbench's counts then equal the lists they open — for the whole tenant and a
 * store's reviewer; a review landing while a recount reads is not lost.
 */
const TODO_ROUTE = "/gateway/api/manage/workbench/todos";
const later = (days: number) => formatDate(nowMs() + days * 86_400_000);
const LISTS: Record<number, string> = {
  1802: "/xiangyu/api/order/hotelticket/list",
  1804: "/xiangyu/api/order/giftweek/list",
  1905: "/xiangyu/api/finance/buylistbycashier",
  2101: "/xiangyu/api/client/workorder/workorderlist",
};
const KEYS = ["giftVouchers.pending", "giftWeeks.waiting", "giftWeeks.delaying", "purchases.cashier", "workOrders.dueToday", "workOrders.dueTomorrow"];
type Todo = { key: string; functionId: number; count: number | null; filter: Record<string, string> };

let t: Awaited<ReturnType<typeof testTenant>>;
let tianhe: string;
let nanshan: string;
let reviewer: string;

async function counts(token: string): Promise<Record<string, number | null>> {
  const r = await get(TODO_ROUTE, { token });
  expect(r.body.code).toBe("200");
  return Object.fromEntries((r.body.dataList as Todo[]).filter((x) => KEYS.includes(x.key)).map((x) => [x.key, x.count]));
}

/** Each counted to-do's list total, read as `token`. */
async function lists(token: string): Promise<Record<string, number>> {
  const r = await get(TODO_ROUTE, { token });
  const out: Record<string, number> = {};
  for (const todo of (r.body.dataList as Todo[]).filter((x) => KEYS.includes(x.key))) {
    const query: Record<string, string> = todo.functionId === 1802 ? { exchangeType: "3" } : {};
    const l = await as(token, todo.functionId).get(LISTS[todo.functionId]!, { pageSize: 100, ...query, ...todo.filter });
    expect(l.body.code, `${todo.key}: ${l.body.desc}`).toBe("200");
    out[todo.key] = Number(l.body.pageParams?.total ?? l.body.dataList.length);
  }
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
  t = await testTenant();
  tianhe = code(t, "广州天河店");
  nanshan = code(t, "深圳南山店");
  const { type, product } = await newProduct(t, { productName: "十年会籍", duration: 10, proCount: 3, amount: "100000.00" });
  const gifts = [];
  for (const [i, shop] of [tianhe, tianhe, nanshan, nanshan, tianhe].entries()) {
    const c = await newClient(t, { clientName: `赠周客户${i}`, shop });
    const g = await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/save", { clientId: c.id, giftCount: 2, giftDuration: later(365), remark: "周年礼", productTypeId: type.id });
    expect(g.body.code).toBe("200");
    gifts.push(g.body.data);
  }
  expect((await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/passed", { id: gifts[4].id, status: 1 })).body.code).toBe("200");
  expect((await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/delay", { id: gifts[4].id, delayDuration: later(500), delayReason: "出国" })).body.code).toBe("200");
  for (const shop of [tianhe, nanshan, tianhe]) {
    const c = await newClient(t, { clientName: "赠券客户", shop });
    const r = await asAdmin(t, 1802).post("/xiangyu/api/order/hotelticket/giftticketsave", {
      clientId: c.id,
      ticketCount: 2,
      ticketDuration: later(200),
      priceType: 1,
      useScope: 1,
      bindingHotelId: "0",
      remark: "赠送",
    });
    expect(r.body.code).toBe("200");
  }
  for (const shop of [tianhe, tianhe, nanshan]) await newPurchase(t.clientId, await newClient(t, { clientName: "购买客户", shop }), product, type.id);
  // Work orders accepted for today (天河, 南山) and tomorrow (天河).
  for (const [shop, day] of [
    [tianhe, later(0)],
    [nanshan, later(0)],
    [tianhe, later(1)],
  ] as const) {
    const c = await newClient(t, { clientName: "电邀客户", shop });
    const r = await asAdmin(t, 2101).post("/xiangyu/api/client/workorder/workordersave", {
      ...workOrderForm({}),
      clientId: c.id,
      isAppointment: 1,
      appointmentTime: `${day} 10:00:00`,
      appointmentAdrress: "天河展厅",
    });
    expect(r.body.code).toBe("200");
  }
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
    expect((await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/passed", { id: waiting.id, status: 1 })).body.code).toBe("200");
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
