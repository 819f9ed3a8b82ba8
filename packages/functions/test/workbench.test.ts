import { beforeAll, describe, expect, it } from "vitest";
import { get, testTenant } from "./harness.ts";
import { as as asFn, asAdmin, code, newClient, newProduct, newPurchase, workOrderForm } from "./clientsHelpers.ts";
import { as, quickUser } from "./usersHelpers.ts";
import { seedOrders } from "../../local/src/bench/seedOrders.ts";
import { formatDate, nowMs } from "@xiangyu/core/kernel/clock";
import { TODOS } from "@xiangyu/core/workbench/todos";

/**
 * The workbench's to-do counts (issue 36): each is the total of the very list it links to — the
 * linked function's list with the to-do's filter — for the whole tenant and for a store's user, and
 * a user sees the to-dos of the functions they hold, no others.
 */
const TODO_ROUTE = "/gateway/api/manage/workbench/todos";
const later = (days: number) => formatDate(nowMs() + days * 86_400_000);

/** The list each function's to-dos open (the console's screen of that function reads the same route). */
const LISTS: Record<number, { path: string; query?: Record<string, string> }> = {
  1701: { path: "/xiangyu/api/order/manage/list" },
  1702: { path: "/xiangyu/api/order/manage/list", query: { checkinType: "club" } },
  1703: { path: "/xiangyu/api/order/manage/list", query: { checkinType: "discount" } },
  1802: { path: "/xiangyu/api/order/hotelticket/list", query: { exchangeType: "3" } },
  1804: { path: "/xiangyu/api/order/giftweek/list" },
  1905: { path: "/xiangyu/api/finance/buylistbycashier" },
  1906: { path: "/xiangyu/api/finance/buylistbyfinance" },
  1907: { path: "/xiangyu/api/finance/buylistbyms" },
  2101: { path: "/xiangyu/api/client/workorder/workorderlist" },
  2402: { path: "/goods/api/order/manage/list", query: { goodsType: "appointment" } },
  2403: { path: "/goods/api/order/manage/list", query: { goodsType: "goods" } },
  2404: { path: "/goods/api/order/manage/list", query: { goodsType: "virtual" } },
  1110: { path: "/gateway/api/messagepush/list" },
};

type Todo = { key: string; functionId: number; label: string; count: number | null; filter: Record<string, string> };
let t: Awaited<ReturnType<typeof testTenant>>;
let tianhe: string;
let nanshan: string;

async function todosOf(token: string): Promise<Todo[]> {
  const r = await get(TODO_ROUTE, { token });
  expect(r.body.code).toBe("200");
  return r.body.dataList;
}

/** The total of the list a to-do links to, read as `token` from the to-do's function. */
async function listTotal(token: string, todo: Todo): Promise<number> {
  const list = LISTS[todo.functionId]!;
  const r = await as(token, todo.functionId).get(list.path, { pageSize: 100, ...list.query, ...todo.filter });
  expect(r.body.code, `${todo.key}: ${r.body.desc}`).toBe("200");
  return Number(r.body.pageParams?.total ?? r.body.dataList.length);
}

beforeAll(async () => {
  t = await testTenant();
  tianhe = code(t, "广州天河店");
  nanshan = code(t, "深圳南山店");
  const { type, product } = await newProduct(t, { productName: "十年会籍", duration: 10, proCount: 3, amount: "100000.00" });
  await seedOrders(t.clientId, [tianhe, nanshan], 80, () => undefined);
  // Gift weeks in both stores: three waiting, one reviewed with a delay asked, one reviewed.
  const gifts = [];
  for (const [i, shop] of [tianhe, tianhe, nanshan, nanshan, tianhe].entries()) {
    const c = await newClient(t, { clientName: `赠周客户${i}`, shop });
    const g = await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/save", { clientId: c.id, giftCount: 2, giftDuration: later(365), remark: "周年礼", productTypeId: type.id });
    expect(g.body.code).toBe("200");
    gifts.push(g.body.data);
  }
  for (const g of gifts.slice(3)) expect((await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/passed", { id: g.id, status: 1 })).body.code).toBe("200");
  expect((await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/delay", { id: gifts[3].id, delayDuration: later(500), delayReason: "出国" })).body.code).toBe("200");
  // Gift vouchers: two waiting (one per store), one passed, one failed (deleted).
  const vouchers = [];
  for (const shop of [tianhe, nanshan, tianhe, nanshan]) {
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
    vouchers.push(r.body.data);
  }
  expect((await asAdmin(t, 1802).post("/xiangyu/api/order/hotelticket/passed", { batchNo: vouchers[2].batchNo, status: 1 })).body.code).toBe("200");
  expect((await asAdmin(t, 1802).post("/xiangyu/api/order/hotelticket/passed", { batchNo: vouchers[3].batchNo, status: 2 })).body.code).toBe("200");
  // Purchases at the cashier's stage: two in 天河, one in 南山.
  for (const shop of [tianhe, tianhe, nanshan]) {
    const c = await newClient(t, { clientName: "购买客户", shop });
    await newPurchase(t.clientId, c, product, type.id);
  }
  // Work orders: accepted invitations due today (two in 天河, one in 南山), tomorrow (天河), past (南山), and one still considering today.
  for (const [i, [shop, day, isAppointment]] of (
    [
      [tianhe, later(0), 1],
      [tianhe, later(0), 1],
      [nanshan, later(0), 1],
      [tianhe, later(1), 1],
      [nanshan, later(-1), 1],
      [tianhe, later(0), 3],
    ] as const
  ).entries()) {
    const c = await newClient(t, { clientName: `电邀客户${i}`, shop });
    workOrders.push((await saveWorkOrder({ ...workOrderForm({}), clientId: c.id, isAppointment, appointmentTime: `${day} 10:00:00`, appointmentAdrress: "天河展厅" })).data);
  }
}, 120_000);

const W = "/xiangyu/api/client/workorder";
const workOrders: any[] = [];
async function saveWorkOrder(form: Record<string, string | number>) {
  const r = await asAdmin(t, 2101).post(`${W}/workordersave`, form);
  expect(r.body.code, r.body.desc).toBe("200");
  return r.body;
}
const countOf = (todos: Todo[], key: string) => todos.find((x) => x.key === key)?.count;

describe("the workbench's to-dos", () => {
  it("the super administrator sees every function's to-dos, each count the total of the list it opens", async () => {
    const todos = await todosOf(t.adminToken);
    // 1701 covers the two category lists: their same counts are not repeated.
    expect(new Set(todos.map((x) => x.functionId))).toEqual(new Set(TODOS.map((d) => d.functionId).filter((f) => f !== 1702 && f !== 1703)));
    const byKey = Object.fromEntries(todos.map((x) => [x.key, x.count]));
    expect(byKey).toMatchObject({ "giftWeeks.waiting": 3, "giftWeeks.delaying": 1, "giftVouchers.pending": 2, "purchases.cashier": 3, "purchases.finance": 0 });
    expect(byKey["orders.1701.review"]! + byKey["orders.1701.change"]! + byKey["orders.1701.refund"]!).toBeGreaterThan(0);
    for (const todo of todos) expect(todo.count, todo.key).toBe(await listTotal(t.adminToken, todo));
  });

  it("a store's reviewer counts within the store, and sees only the functions their role holds", async () => {
    const { token } = await quickUser(t.clientId, { "1702": "A", "1804": "P", "1802": "P", "1905": "P" }, { deptCodes: [tianhe], dataScope: "dept" });
    const todos = await todosOf(token);
    expect(new Set(todos.map((x) => x.functionId))).toEqual(new Set([1702, 1804, 1802, 1905]));
    const byKey = Object.fromEntries(todos.map((x) => [x.key, x.count]));
    expect(byKey).toMatchObject({ "giftWeeks.waiting": 2, "giftWeeks.delaying": 0, "giftVouchers.pending": 1, "purchases.cashier": 2 });
    for (const todo of todos) expect(todo.count, todo.key).toBe(await listTotal(token, todo));
  });

  it("moves with the work: a review takes a gift off the count", async () => {
    const before = (await todosOf(t.adminToken)).find((x) => x.key === "giftWeeks.waiting")!.count!;
    const waiting = (await asAdmin(t, 1804).get("/xiangyu/api/order/giftweek/list", { status: "0", pageSize: 1 })).body.dataList[0];
    expect((await asAdmin(t, 1804).post("/xiangyu/api/order/giftweek/passed", { id: waiting.id, status: 2 })).body.code).toBe("200");
    expect((await todosOf(t.adminToken)).find((x) => x.key === "giftWeeks.waiting")!.count).toBe(before - 1);
  });

  it("counts today's and tomorrow's visits due per store and day, as the work-order list's appointment filter lists them", async () => {
    const admin = await todosOf(t.adminToken);
    expect(countOf(admin, "workOrders.dueToday")).toBe(3);
    expect(countOf(admin, "workOrders.dueTomorrow")).toBe(1);
    const { token } = await quickUser(t.clientId, { "2101": "R" }, { deptCodes: [tianhe], dataScope: "dept" });
    const mine = await todosOf(token);
    expect(mine.map((x) => x.key)).toEqual(["workOrders.appointed", "workOrders.dueToday", "workOrders.dueTomorrow", "workOrders.overdue"]);
    expect(countOf(mine, "workOrders.dueToday")).toBe(2);
    expect(countOf(mine, "workOrders.dueTomorrow")).toBe(1);
    for (const todo of mine) expect(todo.count, todo.key).toBe(await listTotal(token, todo));
    for (const todo of admin.filter((x) => x.functionId === 2101)) expect(todo.count, todo.key).toBe(await listTotal(t.adminToken, todo));
  });

  it("a visit recorded takes a work order off today's count; a moved appointment moves it to its day", async () => {
    const { token } = await quickUser(t.clientId, { "2101": "R" }, { deptCodes: [tianhe], dataScope: "dept" });
    const [first, second] = workOrders as [any, any];
    // The client came (2112): no longer due.
    await saveWorkOrder({ ...workOrderForm(first), clientId: first.clientId, id: first.id, bePresent: 1, isQualified: 1 });
    // Put off to tomorrow: due tomorrow instead.
    await saveWorkOrder({ ...workOrderForm(second), clientId: second.clientId, id: second.id, appointmentTime: `${later(1)} 15:00:00`, bePresent: 0 });
    for (const who of [t.adminToken, token]) {
      const todos = await todosOf(who);
      for (const todo of todos.filter((x) => x.functionId === 2101)) expect(todo.count, todo.key).toBe(await listTotal(who, todo));
    }
    expect(countOf(await todosOf(t.adminToken), "workOrders.dueToday")).toBe(1);
    expect(countOf(await todosOf(token), "workOrders.dueToday")).toBe(0);
    expect(countOf(await todosOf(token), "workOrders.dueTomorrow")).toBe(2);
    // Deleting a due work order takes it off too.
    const third = workOrders[3];
    expect((await asFn(t.adminToken, 2101).post(`${W}/workorderdelete`, { ids: String(third.id) })).body.code).toBe("200");
    expect(countOf(await todosOf(token), "workOrders.dueTomorrow")).toBe(1);
  });

  it("a user holding none of the counted functions has no to-dos; no session is 401", async () => {
    const { token } = await quickUser(t.clientId, { "2001": "A" });
    expect(await todosOf(token)).toEqual([]);
    expect((await get(TODO_ROUTE, {})).status).toBe(401);
  });
});
