import { beforeAll, describe, expect, it } from "vitest";
import { get } from "./harness.ts";
import { asAdmin } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import {
  TODO_ROUTE,
  arrived,
  cashierPurchases,
  dayFrom as later,
  delayGiftWeek,
  giftVouchers,
  giftWeeks,
  invited,
  listTotal,
  moved,
  removed,
  reviewGiftVouchers,
  reviewGiftWeek,
  todosOf,
  workbenchTenant,
  type TestTenant,
  type Todo,
} from "./workbenchFixtures.ts";
import { seedOrders } from "../../local/src/bench/seedOrders.ts";
import { TODOS } from "@xiangyu/core/workbench/todos";

/**
 * The workbench's to-do counts (issue 36): each is the total of the very list it links to — the
 * linked function's list with the to-do's filter — for the whole tenant and for a store's user, and
 * a user sees the to-dos of the functions they hold, no others.
 */
let t: TestTenant;
let tianhe: string;
let nanshan: string;
const workOrders: any[] = [];

beforeAll(async () => {
  const w = await workbenchTenant();
  ({ t, tianhe, nanshan } = w);
  const { type, product } = w;
  await seedOrders(t.clientId, [tianhe, nanshan], 80, () => undefined);
  // Gift weeks in both stores: three waiting, one reviewed with a delay asked, one reviewed.
  const gifts = await giftWeeks(t, type.id, [tianhe, tianhe, nanshan, nanshan, tianhe]);
  for (const g of gifts.slice(3)) await reviewGiftWeek(t, g.id, 1);
  await delayGiftWeek(t, gifts[3].id);
  // Gift vouchers: two waiting (one per store), one passed, one failed (deleted).
  const vouchers = await giftVouchers(t, [tianhe, nanshan, tianhe, nanshan]);
  await reviewGiftVouchers(t, vouchers[2].batchNo, 1);
  await reviewGiftVouchers(t, vouchers[3].batchNo, 2);
  // Purchases at the cashier's stage: two in 天河, one in 南山.
  await cashierPurchases(t, product, type.id, [tianhe, tianhe, nanshan]);
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
  ).entries())
    workOrders.push(await invited(t, shop, day, { isAppointment, clientName: `电邀客户${i}` }));
}, 120_000);

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
    await reviewGiftWeek(t, waiting.id, 2);
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
    await arrived(t, first);
    // Put off to tomorrow: due tomorrow instead.
    await moved(t, second, later(1));
    for (const who of [t.adminToken, token]) {
      const todos = await todosOf(who);
      for (const todo of todos.filter((x) => x.functionId === 2101)) expect(todo.count, todo.key).toBe(await listTotal(who, todo));
    }
    expect(countOf(await todosOf(t.adminToken), "workOrders.dueToday")).toBe(1);
    expect(countOf(await todosOf(token), "workOrders.dueToday")).toBe(0);
    expect(countOf(await todosOf(token), "workOrders.dueTomorrow")).toBe(2);
    // Deleting a due work order takes it off too.
    await removed(t, workOrders[3]);
    expect(countOf(await todosOf(token), "workOrders.dueTomorrow")).toBe(1);
  });

  it("a user holding none of the counted functions has no to-dos; no session is 401", async () => {
    const { token } = await quickUser(t.clientId, { "2001": "A" });
    expect(await todosOf(token)).toEqual([]);
    expect((await get(TODO_ROUTE, {})).status).toBe(401);
  });
});
