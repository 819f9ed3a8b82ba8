import { beforeAll, describe, expect, it } from "vitest";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";
import { as } from "./clientsHelpers.ts";
import { addDays } from "@xiangyu/core/hotels/nights";
import { addWeeksNow } from "@xiangyu/core/clients/ledger/ledger";
import { MembershipAccount, MembershipEntry, MembershipLot } from "@xiangyu/core/clients/ledger/entities";
import { VoucherBatch } from "@xiangyu/core/vouchers/ledger/entities";
import { VoucherPurchase } from "@xiangyu/core/vouchers/entities";
import { today } from "@xiangyu/core/kernel/clock";
import { Counter } from "@xiangyu/core/kernel/counters";

/**
 * The vouchers area through its routes: purchase orders completed by the sandbox payment, gift
 * vouchers reviewed and revoked, room-voucher exchange from stored weeks; rights per R201, the
 * spec's messages, nothing stored on a refusal, and every review or completion happening once.
 */
const FN = { purchases: 1801, gifts: 1802, exchanges: 1803, productOrders: 2202 } as const;
const API = "/xiangyu/api";
const LIST = `${API}/order/hotelticket/list`;
let w: World;
const future = addDays(today(), 200);

beforeAll(async () => {
  w = await orderWorld(20);
});

const admin = (fn: number) => as(w.t.adminToken, fn);
const batches = async (clientId: number) => (await VoucherBatch.query.byClient({ tenantId: w.t.clientId, clientId }).go()).data;

describe("room-voucher purchase orders", () => {
  const P = `${API}/hotel/product`;

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const c = await w.member();
    const base = { clientId: c.id, ticketType: 0, ticketCount: 5, ticketDuration: future, payAmount: "100", priceType: 1, useScope: 1 };
    const cases: [Record<string, string | number>, string][] = [
      [{ ...base, clientId: "" }, "客户不能为空"],
      [{ ...base, ticketCount: "" }, "数量不能为空"],
      [{ ...base, ticketCount: 0 }, "数量必须是正整数"],
      [{ ...base, ticketCount: -2 }, "数量必须是正整数"],
      [{ ...base, ticketDuration: "" }, "有效期限不能为空"],
      [{ ...base, ticketDuration: "2020-01-01" }, "有效期限不能早于今天"],
      [{ ...base, payAmount: "" }, "支付金额不能为空"],
      [{ ...base, bindingHotelId: "987654" }, "绑定的酒店不存在"],
      [{ ...base, clientId: 999999 }, "客户不存在或已被删除"],
    ];
    for (const [form, desc] of cases) {
      const r = await admin(FN.purchases).post(`${P}/ticketbuysave`, form);
      expect([r.body.code, r.body.desc]).toEqual([expect.not.stringMatching(/^200$/), desc]);
    }
    expect((await admin(FN.purchases).get(`${P}/ticketbuylist`, { keyword: "" })).body.pageParams.maxCount).toBe(0);
  });

  it("a paid purchase is bought once and issues its vouchers once, even when the notice comes 20 times at once", async () => {
    const c = await w.member();
    const r = await admin(FN.purchases).post(`${P}/ticketbuysave`, {
      clientId: c.id,
      ticketType: 1,
      ticketCount: 2,
      ticketDuration: future,
      payAmount: "199.5",
      priceType: 2,
      useScope: 3,
      bindingHotelId: `${w.discountHotel.id}`,
      remark: "购买",
    });
    expect(r.body.code).toBe("200");
    const o = r.body.data;
    // R199: an experience voucher is free and good all week whatever the form sent.
    expect(o).toMatchObject({ status: 0, ticketType: 1, priceType: 1, useScope: 1, payAmount: 199.5, ticketDuration: `${future} 23:59:59`, hotelsText: "折扣商务酒店" });
    expect(o.orderId).toMatch(/^TB\d{14}$/);
    expect(await batches(c.id)).toHaveLength(0);

    const wrong = await admin(FN.purchases).post(`${API}/pay/sandbox/pay`, { outTradeNo: o.orderId, totalFee: "1" });
    expect(wrong.body.desc).toBe("支付金额与订单金额不符");

    const replies = await Promise.all(Array.from({ length: 20 }, () => admin(FN.purchases).post(`${API}/pay/sandbox/pay`, { outTradeNo: o.orderId, totalFee: "199.50" })));
    for (const x of replies) expect(x.body.code).toBe("200");
    expect(replies.filter((x) => x.body.data.completed)).toHaveLength(1);
    const issued = await batches(c.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ ticketCount: 2, remainingCount: 2, status: 1, source: "purchase", sourceId: String(o.id), bindingHotelIds: [w.discountHotel.id] });
    const view = (await admin(FN.purchases).get(`${P}/ticketbuyview`, { id: o.id })).body.data;
    expect(view).toMatchObject({ status: 1, batchNo: issued[0]!.batchNo });
    expect(view.buyTime).not.toBe("");

    // R194: a bought order is not deleted.
    expect((await admin(FN.purchases).post(`${P}/ticketbuydelete`, { id: o.id })).body.desc).toBe("该单已完成购买，不允许删除");
  });

  it("deletes a not-bought order (D), lists with paging totals and a client keyword", async () => {
    const c = await w.member();
    const save = () => admin(FN.purchases).post(`${P}/ticketbuysave`, { clientId: c.id, ticketCount: 3, ticketDuration: future, payAmount: 50 });
    const a = (await save()).body.data;
    await save();
    const before = (await admin(FN.purchases).get(`${P}/ticketbuylist`, {})).body.pageParams.maxCount;
    const noD = await w.t.userWith({ [FN.purchases]: "A" });
    expect((await as(noD.token, FN.purchases).post(`${P}/ticketbuydelete`, { id: a.id })).body.desc).toBe("你没有删除权限");
    const noA = await w.t.userWith({ [FN.purchases]: "D" });
    expect((await as(noA.token, FN.purchases).post(`${P}/ticketbuysave`, { clientId: c.id, ticketCount: 3, ticketDuration: future, payAmount: 50 })).body.code).toBe("403");
    expect((await as(noA.token, FN.purchases).post(`${P}/ticketbuydelete`, { id: a.id })).body.desc).toBe("删除成功");
    expect((await VoucherPurchase.get({ tenantId: w.t.clientId, id: a.id }).go()).data).toBeNull();
    const after = (await admin(FN.purchases).get(`${P}/ticketbuylist`, { pageSize: 20 })).body;
    expect(after.pageParams.maxCount).toBe(before - 1);
    const other = await w.member();
    await admin(FN.purchases).post(`${P}/ticketbuysave`, { clientId: other.id, ticketCount: 1, ticketDuration: future, payAmount: 1 });
    const searched = (await admin(FN.purchases).get(`${P}/ticketbuylist`, { keyword: a.mobile })).body;
    expect(searched.dataList.map((x: any) => x.clientId)).toEqual([c.id]);
  });

  it("a membership purchase order (/order/productlist) becomes bought when paid and its weeks go onto stored weeks, once", async () => {
    const c = await w.member();
    const product = (await as(w.t.adminToken, 2201).get(`${API}/hotel/product/alllist`, {})).body.dataList[0];
    const saved = await as(w.t.adminToken, FN.productOrders).post(`${API}/order/productprice/save`, { clientId: c.id, productId: product.id, payAmount: "90000" });
    expect(saved.body.code).toBe("200");
    const o = saved.body.data;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => as(w.t.adminToken, FN.productOrders).post(`${API}/pay/sandbox/pay`, { outTradeNo: o.orderId, totalFee: "90000" })),
    );
    expect(replies.filter((x) => x.body.data?.completed)).toHaveLength(1);
    const lots = (await MembershipLot.query.byClient({ tenantId: w.t.clientId, clientId: c.id, productTypeId: product.productType }).go()).data;
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ storeCount: product.proCount, remainingCount: product.proCount, source: "purchase" });
    const list = (await as(w.t.adminToken, FN.productOrders).get(`${API}/order/productprice/list`, { clientId: c.id })).body.dataList;
    expect(list[0]).toMatchObject({ status: 1 });
    expect((await as(w.t.adminToken, FN.productOrders).post(`${API}/order/productprice/delete`, { ids: o.id })).body.desc).toBe("该单已完成购买，不允许删除");
  });
});

describe("gift room vouchers", () => {
  const H = `${API}/order/hotelticket`;
  const gift = (clientId: number, more: Record<string, string | number> = {}) =>
    admin(FN.gifts).post(`${H}/giftticketsave`, { clientId, ticketCount: 4, ticketDuration: future, priceType: 1, useScope: 1, bindingHotelId: "0", remark: "赠送", ...more });

  it("refuses bad input (R202–R204) and stores nothing", async () => {
    const c = await w.member();
    expect((await gift(0 as any, { clientId: "" })).body.desc).toBe("客户不能为空");
    expect((await gift(c.id, { ticketCount: "" })).body.desc).toBe("赠送数量不能为空");
    expect((await gift(c.id, { ticketCount: "-1" })).body.desc).toBe("数量必须是正整数");
    expect((await gift(c.id, { ticketDuration: "" })).body.desc).toBe("有效期限不能为空");
    expect((await gift(c.id, { bindingHotelId: "123456789" })).body.desc).toBe("绑定的酒店不存在");
    expect(await batches(c.id)).toHaveLength(0);
  });

  it("create → pending, not counted; approve once (20 at once) → usable; rights per R201", async () => {
    const c = await w.member();
    const r = await gift(c.id);
    expect(r.body.desc).toBe("赠送完成");
    const { batchNo } = r.body.data;
    expect(r.body.data).toMatchObject({ status: 0, state: "pending", ticketDuration: `${future} 23:59:59`, hotelsText: "通用" });
    expect((await w.store(c.id, w.discountHotel.id)).data.ticketClassCount.total).toBe(0);

    const noP = await w.t.userWith({ [FN.gifts]: "AD" });
    expect((await as(noP.token, FN.gifts).post(`${H}/passed`, { batchNo, status: 1 })).body.desc).toBe("你没有审核权限");
    expect((await admin(FN.gifts).post(`${H}/passed`, { batchNo, status: "" })).body.desc).toBe("请选择审核状态！");
    expect((await admin(FN.gifts).post(`${H}/passed`, { batchNo, status: 3 })).body.desc).toBe("请选择审核状态！");
    expect((await admin(FN.gifts).post(`${H}/passed`, { batchNo: "nope", status: 1 })).body.desc).toBe("无效的房券！");

    const replies = await Promise.all(Array.from({ length: 20 }, () => admin(FN.gifts).post(`${H}/passed`, { batchNo, status: 1 })));
    expect(replies.filter((x) => x.body.code === "200")).toHaveLength(1);
    for (const x of replies.filter((y) => y.body.code !== "200")) expect(x.body.desc).toBe("该房券已审核");
    const [b] = await batches(c.id);
    expect(b).toMatchObject({ status: 1, ticketCount: 4, remainingCount: 4, usedCount: 0 });
    expect((await w.store(c.id, w.discountHotel.id)).data.ticketClassCount).toMatchObject({ total: 4, allall: 4 });
    // Not passed after approval deletes nothing.
    expect((await admin(FN.gifts).post(`${H}/passed`, { batchNo, status: 2 })).body.desc).toBe("该房券已审核");
  });

  it("not passed (2) deletes the batch and its count", async () => {
    const c = await w.member();
    const before = (await admin(FN.gifts).get(LIST, { exchangeType: 3 })).body.pageParams.maxCount;
    const { batchNo } = (await gift(c.id)).body.data;
    expect((await admin(FN.gifts).get(LIST, { exchangeType: 3 })).body.pageParams.maxCount).toBe(before + 1);
    expect((await admin(FN.gifts).post(`${H}/passed`, { batchNo, status: 2 })).body.code).toBe("200");
    expect(await batches(c.id)).toHaveLength(0);
    expect((await admin(FN.gifts).get(LIST, { exchangeType: 3 })).body.pageParams.maxCount).toBe(before);
    expect((await admin(FN.gifts).post(`${H}/passed`, { batchNo, status: 1 })).body.desc).toBe("无效的房券！");
  });

  it("revoke (D) takes back unused vouchers only; a used voucher stays with its order and cancelling gives it back", async () => {
    const c = await w.member();
    const { batchNo } = (await gift(c.id, { ticketCount: 3, useScope: 3 })).body.data;
    expect((await admin(FN.gifts).post(`${H}/revoke`, { batchNo })).body.desc).toBe("该房券未审核，不能撤销");
    await admin(FN.gifts).post(`${H}/passed`, { batchNo, status: 1 });
    const noD = await w.t.userWith({ [FN.gifts]: "AP" });
    expect((await as(noD.token, FN.gifts).post(`${H}/revoke`, { batchNo })).body.desc).toBe("你没有删除权限");

    // An order uses one voucher (a Monday night).
    const mon = monday(2);
    const booked = await w.discountStay(c.id, mon, addDays(mon, 1), 1, { ticketClassCountJson: JSON.stringify({ allday: 1 }), totalPrice: 0 });
    expect(booked.body.code).toBe("200");
    const row = (await admin(FN.gifts).get(LIST, { exchangeType: 3, clientId: c.id })).body.dataList[0];
    expect(row).toMatchObject({ isUsed: 1, state: "reviewed", usedCount: 1 });

    const r = await admin(FN.gifts).post(`${H}/revoke`, { batchNo });
    expect(r.body).toMatchObject({ code: "200", data: { revoked: 2 } });
    expect((await batches(c.id))[0]).toMatchObject({ ticketCount: 1, usedCount: 1, remainingCount: 0, revokedCount: 2 });
    expect((await admin(FN.gifts).post(`${H}/revoke`, { batchNo })).body.desc).toBe("该房券已使用，不能撤销");

    // The order is refused: its voucher comes back to the client (orders do this).
    const cancel = await w.handle(booked.body.data.id, 1, 2);
    expect(cancel.body.code).toBe("200");
    expect((await batches(c.id))[0]).toMatchObject({ ticketCount: 1, usedCount: 0, remainingCount: 1 });
  });

  it("another tenant's gift is never reviewed from here", async () => {
    const other = await orderWorld(1, { label: "他人" });
    const c = await other.member();
    const { batchNo, id } = (await as(other.t.adminToken, FN.gifts).post(`${H}/giftticketsave`, { clientId: c.id, ticketCount: 1, ticketDuration: future })).body.data;
    await admin(FN.gifts).post(`${H}/passed`, { batchNo, status: 1 });
    expect((await VoucherBatch.get({ tenantId: other.t.clientId, clientId: c.id, id }).go()).data).toMatchObject({ status: 0 });
  });
});

describe("room-voucher exchange", () => {
  const X = `${API}/order/hotelticket/exchange`;
  const account = async (clientId: number) => (await MembershipAccount.get({ tenantId: w.t.clientId, clientId, productTypeId: w.weeksType.id }).go()).data!;

  it("refuses bad counts (R236–R238) and stores nothing", async () => {
    const c = await w.member({ weeks: 2 });
    const base = { id: w.weeksType.id, clientId: c.id, weekCount: 1 };
    const numbers = async () => (await Counter.get({ tenantId: w.t.clientId, name: "id#voucherExchange" }).go({ ignoreOwnership: true })).data?.n ?? 0;
    const before = await numbers();
    expect((await admin(FN.exchanges).post(X, { ...base, clientId: "" })).body.desc).toBe("客户不能为空");
    expect((await admin(FN.exchanges).post(X, { ...base, weekCount: "" })).body.desc).toBe("兑换数量不能为空");
    expect((await admin(FN.exchanges).post(X, { ...base, weekCount: 0 })).body.desc).toBe("兑换数量必须大于或等于1周");
    expect((await admin(FN.exchanges).post(X, { ...base, weekCount: 3 })).body.desc).toBe("兑换数量不能大于剩余数量");
    expect((await account(c.id)).remainingCount).toBe(2);
    // A refused exchange takes no exchange number either.
    expect(await numbers()).toBe(before);
    expect(await batches(c.id)).toHaveLength(0);
  });

  it("each week gives 5 weekday + 2 weekend free vouchers expiring with the lot it came from (R239, R242)", async () => {
    const c = await w.member();
    const key = { tenantId: w.t.clientId, clientId: c.id, productTypeId: w.weeksType.id };
    await addWeeksNow(key, { weeks: 1, shipDuration: addDays(today(), 100) });
    await addWeeksNow(key, { weeks: 2, shipDuration: addDays(today(), 300) });
    const r = await admin(FN.exchanges).post(X, { id: w.weeksType.id, clientId: c.id, weekCount: 2, remark: "换券" });
    expect(r.body).toMatchObject({ code: "200", desc: "兑换完成", data: { ticketCount: 2, weekstartTicketCount: 10, weekendTicketCount: 4, exchangeType: 1 } });
    expect((await account(c.id)).remainingCount).toBe(1);
    const got = (await batches(c.id)).map((b) => [b.useScope, b.priceType, b.ticketCount, b.ticketDuration.slice(0, 10), b.source]);
    expect(got.sort()).toEqual(
      [
        [3, 1, 5, addDays(today(), 100), "exchange"],
        [2, 1, 2, addDays(today(), 100), "exchange"],
        [3, 1, 5, addDays(today(), 300), "exchange"],
        [2, 1, 2, addDays(today(), 300), "exchange"],
      ].sort(),
    );
    const listed = (await admin(FN.exchanges).get(LIST, { exchangeType: "1,2", clientId: c.id })).body.dataList;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ weekCount: 2, remark: "换券" });
    expect(listed[0].takesJson).toBeUndefined();
    // The balance history names the exchange that took the weeks, and who made it.
    const entries = (await MembershipEntry.query.byClient({ tenantId: w.t.clientId, clientId: c.id }).go()).data.filter((e) => e.kind === "deduct");
    expect(entries.map((e) => [e.reason, e.source, String(e.sourceId), e.operator])).toEqual([["房券兑换", "voucherExchange", String(listed[0].id), expect.any(String)]]);
    expect(entries[0]!.operator).not.toBe("");
  });

  it("20 exchanges against 3 remaining weeks: exactly 3 succeed, never below zero", async () => {
    const c = await w.member({ weeks: 3 });
    const replies = await Promise.all(Array.from({ length: 20 }, () => admin(FN.exchanges).post(X, { id: w.weeksType.id, clientId: c.id, weekCount: 1 })));
    expect(replies.filter((x) => x.body.code === "200")).toHaveLength(3);
    for (const x of replies.filter((y) => y.body.code !== "200")) expect(x.body.desc).toMatch(/兑换数量不能大于剩余数量|操作冲突，请重试/);
    const a = await account(c.id);
    expect(a.remainingCount).toBe(0);
    expect(a.usedCount).toBe(3);
    const issued = await batches(c.id);
    expect(issued.reduce((s, b) => s + b.ticketCount, 0)).toBe(21);
  });

  it("needs A", async () => {
    const c = await w.member({ weeks: 1 });
    const u = await w.t.userWith({ [FN.exchanges]: "D" });
    expect((await as(u.token, FN.exchanges).post(X, { id: w.weeksType.id, clientId: c.id, weekCount: 1 })).body.code).toBe("403");
    expect((await account(c.id)).remainingCount).toBe(1);
  });
});
