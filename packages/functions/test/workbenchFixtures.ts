import { expect } from "vitest";
import { get, testTenant } from "./harness.ts";
import { as, asAdmin, code, newClient, newProduct, newPurchase, workOrderForm, type Tenant } from "./clientsHelpers.ts";
import { formatDate, nowMs } from "@xiangyu/core/kernel/clock";

/**
 * The records the workbench's to-dos count (issue 36), set up once for its tests: gift weeks, gift
 * vouchers, purchases at the cashier and work orders, each for a new client of a store and saved
 * through its own route (a purchase as the work-order save makes it), and the reads that check a
 * to-do's count against the list it opens.
 */
export const TODO_ROUTE = "/gateway/api/manage/workbench/todos";
export const WORK_ORDERS = "/xiangyu/api/client/workorder";
const FN = { giftVouchers: 1802, giftWeeks: 1804, workOrders: 2101 } as const;

/** The date `days` from today (a negative number: a day past). */
export const dayFrom = (days: number) => formatDate(nowMs() + days * 86_400_000);

export type Todo = { key: string; functionId: number; label: string; count: number | null; filter: Record<string, string> };

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
  2101: { path: `${WORK_ORDERS}/workorderlist` },
  2402: { path: "/goods/api/order/manage/list", query: { goodsType: "appointment" } },
  2403: { path: "/goods/api/order/manage/list", query: { goodsType: "goods" } },
  2404: { path: "/goods/api/order/manage/list", query: { goodsType: "virtual" } },
  1110: { path: "/gateway/api/messagepush/list" },
};

/** The to-dos `token` sees. */
export async function todosOf(token: string): Promise<Todo[]> {
  const r = await get(TODO_ROUTE, { token });
  expect(r.body.code).toBe("200");
  return r.body.dataList;
}

/** The total of the list a to-do links to, read as `token` from the to-do's function. */
export async function listTotal(token: string, todo: Todo): Promise<number> {
  const list = LISTS[todo.functionId]!;
  const r = await as(token, todo.functionId).get(list.path, { pageSize: 100, ...list.query, ...todo.filter });
  expect(r.body.code, `${todo.key}: ${r.body.desc}`).toBe("200");
  return Number(r.body.pageParams?.total ?? r.body.dataList.length);
}

export type TestTenant = Awaited<ReturnType<typeof testTenant>>;

/** A new tenant with its two stores and a product (its type) to gift and to buy. */
export async function workbenchTenant() {
  const t = await testTenant();
  const { type, product } = await newProduct(t, { productName: "十年会籍", duration: 10, proCount: 3, amount: "100000.00" });
  return { t, tianhe: code(t, "广州天河店"), nanshan: code(t, "深圳南山店"), type, product };
}

/** For a new client of each of `shops`, in that order, the record `form` describes saved by the admin through `path`; their views. */
async function savedForNewClients(
  t: Tenant,
  shops: readonly string[],
  clientName: (i: number) => string,
  save: { functionId: number; path: string; form: Record<string, string | number> },
) {
  const saved = [];
  for (const [i, shop] of shops.entries()) {
    const c = await newClient(t, { clientName: clientName(i), shop });
    const r = await asAdmin(t, save.functionId).post(save.path, { clientId: c.id, ...save.form });
    expect(r.body.code, r.body.desc).toBe("200");
    saved.push(r.body.data);
  }
  return saved;
}

/** A gift week waiting for review for a new client of each of `shops`, in that order. */
export const giftWeeks = (t: Tenant, productTypeId: number, shops: readonly string[]) =>
  savedForNewClients(t, shops, (i) => `赠周客户${i}`, {
    functionId: FN.giftWeeks,
    path: "/xiangyu/api/order/giftweek/save",
    form: { giftCount: 2, giftDuration: dayFrom(365), remark: "周年礼", productTypeId },
  });

/** The review of a gift week: 1 passed, 2 failed. */
export async function reviewGiftWeek(t: Tenant, id: number, status: 1 | 2) {
  expect((await asAdmin(t, FN.giftWeeks).post("/xiangyu/api/order/giftweek/passed", { id, status })).body.code).toBe("200");
}

/** A delay asked for a reviewed gift week. */
export async function delayGiftWeek(t: Tenant, id: number) {
  expect((await asAdmin(t, FN.giftWeeks).post("/xiangyu/api/order/giftweek/delay", { id, delayDuration: dayFrom(500), delayReason: "出国" })).body.code).toBe("200");
}

/** A batch of gift room vouchers waiting for review for a new client of each of `shops`, in that order. */
export const giftVouchers = (t: Tenant, shops: readonly string[]) =>
  savedForNewClients(t, shops, () => "赠券客户", {
    functionId: FN.giftVouchers,
    path: "/xiangyu/api/order/hotelticket/giftticketsave",
    form: { ticketCount: 2, ticketDuration: dayFrom(200), priceType: 1, useScope: 1, bindingHotelId: "0", remark: "赠送" },
  });

/** The review of a batch of gift vouchers: 1 passed, 2 failed (the batch is deleted). */
export async function reviewGiftVouchers(t: Tenant, batchNo: string, status: 1 | 2) {
  expect((await asAdmin(t, FN.giftVouchers).post("/xiangyu/api/order/hotelticket/passed", { batchNo, status })).body.code).toBe("200");
}

/** A purchase at the cashier's stage for a new client of each of `shops`. */
export async function cashierPurchases(t: TestTenant, product: { id: number; productName: string }, typeId: number, shops: readonly string[]) {
  for (const shop of shops) await newPurchase(t.clientId, await newClient(t, { clientName: "购买客户", shop }), product, typeId);
}

/** Saves a work order's panel as the admin; returns the work order's view. */
export async function saveWorkOrder(t: Tenant, form: Record<string, string | number>) {
  const r = await asAdmin(t, FN.workOrders).post(`${WORK_ORDERS}/workordersave`, form);
  expect(r.body.code, r.body.desc).toBe("200");
  return r.body.data;
}

/** A new client of `shop` invited for `day` at 10:00: the invitation accepted (isAppointment 1) or still considered (3). */
export async function invited(t: Tenant, shop: string, day: string, o: { isAppointment?: number; clientName?: string } = {}) {
  const c = await newClient(t, { clientName: o.clientName ?? "电邀客户", shop });
  return saveWorkOrder(t, { ...workOrderForm({}), clientId: c.id, isAppointment: o.isAppointment ?? 1, appointmentTime: `${day} 10:00:00`, appointmentAdrress: "天河展厅" });
}

/** The client came and qualifies (2112): the visit is no longer due. */
export const arrived = (t: Tenant, w: any) => saveWorkOrder(t, { ...workOrderForm(w), clientId: w.clientId, id: w.id, bePresent: 1, isQualified: 1 });

/** The appointment put off (or back) to `day` at 15:00, still awaiting the visit. */
export const moved = (t: Tenant, w: any, day: string) =>
  saveWorkOrder(t, { ...workOrderForm(w), clientId: w.clientId, id: w.id, appointmentTime: `${day} 15:00:00`, bePresent: 0 });

/** The work order deleted. */
export const removed = async (t: Tenant, w: any) =>
  expect((await as(t.adminToken, FN.workOrders).post(`${WORK_ORDERS}/workorderdelete`, { ids: String(w.id) })).body.code).toBe("200");
