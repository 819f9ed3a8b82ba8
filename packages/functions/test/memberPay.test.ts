import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORDERS, monday, orderWorld, type World } from "./ordersHelpers.ts";
import { booking, memberOf, mpGet, mpPost } from "./memberOrdersHelpers.ts";
import { handler as paymentJob } from "../src/jobs/refundSettle.ts";
import { HotelOrder } from "@xiangyu/core/orders/entities";
import { CHANGED } from "@xiangyu/core/orders/records";
import { LATE_PAYMENT, MEMBER_MSG, MEMBER_PAY_MINUTES, PAY_EXPIRED } from "@xiangyu/core/orders/memberRules";
import { receiveHotelNotice } from "@xiangyu/core/orders/memberPay";
import { SANDBOX_DELAY_MS } from "@xiangyu/core/orders/payments";
import { sandboxNotice } from "@xiangyu/core/orders/payNotice";
import { MonthTally } from "@xiangyu/core/finance/tallies/entity";
import { readVoucherBatches } from "@xiangyu/core/vouchers/ledger/ledger";
import { addDays } from "@xiangyu/core/hotels/nights";
import { parseBusiness, setClockOffset, today } from "@xiangyu/core/kernel/clock";
import { CONFLICT } from "@xiangyu/core/kernel/tx";

/**
 * A member's hotel order that owes money (issue 34): paid through the sandbox provider's signed
 * notice (POST mp/order/pay, 3 → 1 待审核, once), closed unpaid at its deadline by the orders'
 * payment job (3 → 11, everything given back, as the member's own cancel), and the member told of
 * each change through message push, at the openid the client is bound to.
 */
let w: World;
const mon = monday(2);
/** Each test books its own week, so no test takes another's rooms (the world has 5 a night). */
const week = (k: number) => booking(w, addDays(mon, 7 * k), addDays(mon, 7 * k + 2));
const pay = (token: string, id: number) => mpPost("order/pay", token, { id });
const PUSH_EVENTS = ["orderPlaced", "orderReviewed", "orderCancelled", "orderRefunded"] as const;

/** The split-bill month's hotel money counted for stores (finance/tallies): what a payment adds. */
async function storeMoney(): Promise<number> {
  const { data } = await MonthTally.query.byMonth({ tenantId: w.t.clientId, month: today().slice(0, 7) }).go({ pages: "all" });
  return data.filter((t) => t.dim === "store").reduce((sum, t) => sum + (t.discountFen ?? 0), 0);
}

/** The events of the messages queued for a recipient (oldest first), read as the console's 消息推送记录 lists them. */
async function pushedTo(openid: string): Promise<Array<{ event: string; pushType: number; templateId: string }>> {
  const r = await w.admin(1110).get("/gateway/api/messagepush/list", { keyword: openid, pageSize: 100 });
  return (r.body.dataList as any[]).filter((m) => m.touser === openid).reverse();
}

beforeAll(async () => {
  w = await orderWorld(5);
  // A WeChat template for each order event (消息推送模板, 触发事件).
  const saved = await Promise.all(
    PUSH_EVENTS.map((event) =>
      w.admin(1111).post("/gateway/api/messagepush/config/save", { tempName: `订单通知${event}`, tempId: `WX-${event}`, event, weixinTemp: "${touser}：${address}" }),
    ),
  );
  expect(saved.map((r) => r.body.code)).toEqual(["200", "200", "200", "200"]);
});

afterEach(() => {
  setClockOffset(0);
  process.env.XY_SANDBOX = "1";
});

describe("paying (POST mp/order/pay)", () => {
  it("pays the member's own order through the sandbox: 3 → 1 待审核 with its payment, counted once, and staff review it as any order", async () => {
    const a = await memberOf(w);
    const other = await memberOf(w);
    const placed = (await week(0).discount(a.token)).body.data;
    expect(placed).toMatchObject({ status: 3, awaitingPayment: true, payTime: "", price: 600 });
    const waits = parseBusiness(placed.payDeadline)!.valueOf() - parseBusiness(placed.bookingTime)!.valueOf();
    expect(Math.abs(waits - MEMBER_PAY_MINUTES * 60_000)).toBeLessThanOrEqual(1000);
    const money = await storeMoney();

    expect((await pay(other.token, placed.id)).body).toMatchObject({ code: "404", desc: MEMBER_MSG.noOrder });
    const paid = await pay(a.token, placed.id);
    expect([paid.body.code, paid.body.desc]).toEqual(["200", "支付成功"]);
    expect(paid.body.data).toMatchObject({
      id: placed.id,
      status: 1,
      statusName: "待审核",
      awaitingPayment: false,
      payDeadline: "",
      outTradeNo: placed.outTradeNo,
      cancel: "cancel",
    });
    expect(paid.body.data.payTime).not.toBe("");
    expect(paid.body.data.timeline.map((e: any) => [e.action, e.toStatus])).toEqual([
      ["下单", 3],
      ["在线支付", 1],
    ]);
    const stored = (await HotelOrder.get({ tenantId: w.t.clientId, id: placed.id }).go()).data!;
    expect(stored.tradeNo).toMatch(new RegExp(`^SB${placed.outTradeNo}`));
    expect(await storeMoney()).toBe(money + 60000);
    // Paid: not awaiting payment any more.
    expect((await pay(a.token, placed.id)).body).toMatchObject({ code: "409", desc: CHANGED });
    expect(await storeMoney()).toBe(money + 60000);

    const review = (await w.admin().get(`${ORDERS}/list`, { checkinType: "discount", orderStatus: 1, pageSize: 100 })).body.dataList;
    expect(review.find((o: any) => o.id === placed.id)).toMatchObject({ status: 1, price: 600, payTypeName: expect.any(String) });
    const staff = (await w.view(placed.id)).data;
    expect(staff.moves.map((m: any) => m.move)).toEqual(["approve", "reject"]);
    expect(staff.timeline.at(-1)).toMatchObject({ action: "在线支付", userName: "在线支付", fromStatus: 3, toStatus: 1 });
  });

  it("refuses: the channel closed outside the sandbox, an order not awaiting payment, another's or none, a staff token; a notice forged or for another amount", async () => {
    const a = await memberOf(w, { weeks: 1 });
    const unbound = await memberOf(w, { bound: false });
    const unpaid = (await week(1).discount(a.token)).body.data;
    const byWeeks = (await week(1).club(a.token)).body.data;
    expect(byWeeks.status).toBe(1);

    process.env.XY_SANDBOX = "0";
    expect((await pay(a.token, unpaid.id)).body).toMatchObject({ code: "400", desc: MEMBER_MSG.noPayChannel });
    process.env.XY_SANDBOX = "1";
    expect((await mpGet("order/view", a.token, { id: unpaid.id })).body.data.status).toBe(3);
    expect((await pay(a.token, byWeeks.id)).body).toMatchObject({ code: "409", desc: CHANGED });
    for (const [token, id] of [
      [a.token, 999999],
      [unbound.token, unpaid.id],
    ] as const)
      expect((await pay(token, id)).body).toMatchObject({ code: "404", desc: MEMBER_MSG.noOrder });
    expect((await pay(w.t.adminToken, unpaid.id)).status).toBe(401);
    expect((await pay(a.token, 0)).body.code).toBe("400");

    // The provider's side (the notice every payment goes through): signature, amount, order number.
    const tenant = w.t.clientId;
    const notice = (amountFen: number, outTradeNo = unpaid.outTradeNo) => sandboxNotice(tenant, { outTradeNo, amountFen, tradeNo: "T1" });
    await expect(receiveHotelNotice(tenant, { ...(await notice(60000)), sign: "0".repeat(64) })).rejects.toMatchObject({ code: "401", desc: MEMBER_MSG.paySign });
    await expect(receiveHotelNotice(tenant, await notice(100))).rejects.toMatchObject({ code: "400", desc: MEMBER_MSG.payAmount });
    await expect(receiveHotelNotice(tenant, await notice(60000, "XY2026010199999999"))).rejects.toMatchObject({ code: "404", desc: MEMBER_MSG.payUnknown });
    await expect(receiveHotelNotice(tenant, await notice(60000, `TB${unpaid.id}`))).rejects.toMatchObject({ code: "404" });
    // The provider's retries: the first notice completes it, a repeat completes nothing.
    const once = await notice(60000);
    expect(await receiveHotelNotice(tenant, once)).toBe(true);
    expect(await receiveHotelNotice(tenant, once)).toBe(false);
    expect((await mpGet("order/view", a.token, { id: unpaid.id })).body.data.status).toBe(1);
  });

  it("20 payments of one order at once: it is paid once (one move, one history line, the money counted once)", async () => {
    const a = await memberOf(w);
    const placed = (await week(2).discount(a.token)).body.data;
    const money = await storeMoney();
    const replies = await Promise.all(Array.from({ length: 20 }, () => pay(a.token, placed.id)));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect([CHANGED, CONFLICT]).toContain(r.body.desc);
    const view = (await mpGet("order/view", a.token, { id: placed.id })).body.data;
    expect(view.status).toBe(1);
    expect(view.timeline.filter((e: any) => e.action === "在线支付")).toHaveLength(1);
    expect(await storeMoney()).toBe(money + 60000);
  });
});

describe("the payment deadline (the orders' payment job)", () => {
  it("closes an order unpaid after MEMBER_PAY_MINUTES as the member's cancel would: rooms and vouchers back, the member told; a paid order is left alone", async () => {
    const a = await memberOf(w, { vouchers: [{ ticketCount: 1, ticketDuration: "2030-12-31", priceType: 1, useScope: 3 }] });
    const nights = [addDays(mon, 21), addDays(mon, 23)] as const;
    const free = () => w.free(w.discountHotel.id, w.discountHotel.roomId, ...nights);
    const before = await free();
    const unpaid = (await week(3).discount(a.token, { payWith: "vouchers" })).body.data;
    expect(unpaid).toMatchObject({ status: 3, ticketCount: 1, price: 300 });
    const paid = (await week(3).discount(a.token)).body.data;
    expect((await pay(a.token, paid.id)).body.code).toBe("200");
    expect(await free()).toEqual(before.map((n) => n - 2));
    const usedVouchers = async () => (await readVoucherBatches({ tenantId: w.t.clientId, clientId: a.clientId }))[0]!.usedCount;
    expect(await usedVouchers()).toBe(1);

    // Before the deadline nothing is closed.
    await paymentJob();
    expect((await mpGet("order/view", a.token, { id: unpaid.id })).body.data.status).toBe(3);

    setClockOffset((MEMBER_PAY_MINUTES + 1) * 60_000);
    expect((await paymentJob()).closed).toBeGreaterThanOrEqual(1);
    const closed = (await mpGet("order/view", a.token, { id: unpaid.id })).body.data;
    expect(closed).toMatchObject({ status: 11, statusName: "已关闭", awaitingPayment: false, cancel: "", refundReason: PAY_EXPIRED, refundDetail: null });
    expect(closed.timeline.at(-1)).toMatchObject({ action: PAY_EXPIRED, fromStatus: 3, toStatus: 11 });
    expect(await free()).toEqual(before.map((n) => n - 1));
    expect(await usedVouchers()).toBe(0);
    expect((await mpGet("order/view", a.token, { id: paid.id })).body.data.status).toBe(1);
    // The queue item went with the close: a second run finds nothing of these orders.
    expect((await paymentJob()).closed).toBe(0);
    expect((await pay(a.token, unpaid.id)).body).toMatchObject({ code: "409", desc: CHANGED });
    expect((await pushedTo(a.openid)).map((m) => m.event)).toEqual(["orderPlaced", "orderPlaced", "orderCancelled"]);
  });
});

describe("a payment reported after the order was closed unpaid", () => {
  const noticeFor = (o: { outTradeNo: string }, tradeNo = "LATE1") => sandboxNotice(w.t.clientId, { outTradeNo: o.outTradeNo, amountFen: 60000, tradeNo });

  it("is taken and refunded: the closed order keeps 已关闭, records the payment and its refund, the month's takings unmoved, the member told when it is settled", async () => {
    const a = await memberOf(w);
    const placed = (await week(5).discount(a.token)).body.data;
    setClockOffset((MEMBER_PAY_MINUTES + 1) * 60_000);
    expect((await paymentJob()).closed).toBeGreaterThanOrEqual(1);
    const money = await storeMoney();

    // The provider's notice arrives late, and again (its retries): taken once.
    const notice = await noticeFor(placed);
    expect(await receiveHotelNotice(w.t.clientId, notice)).toBe(true);
    expect(await receiveHotelNotice(w.t.clientId, notice)).toBe(false);
    const view = (await mpGet("order/view", a.token, { id: placed.id })).body.data;
    expect(view).toMatchObject({ status: 11, statusName: "已关闭", refundReason: PAY_EXPIRED, refundDetail: { status: 0, refundPrice: 60000, reason: LATE_PAYMENT } });
    expect(view.payTime).not.toBe("");
    expect(view.timeline.at(-1)).toMatchObject({ action: "在线支付", fromStatus: 11, toStatus: 11 });
    expect(view.timeline.at(-1).note).toContain(LATE_PAYMENT);
    expect(await storeMoney()).toBe(money);

    // The refund job settles it as any refund, and the member hears of it.
    setClockOffset((MEMBER_PAY_MINUTES + 1) * 60_000 + SANDBOX_DELAY_MS + 1000);
    expect((await paymentJob()).settled).toBeGreaterThanOrEqual(1);
    expect((await mpGet("order/view", a.token, { id: placed.id })).body.data.refundDetail).toMatchObject({ status: 1, refundPrice: 60000 });
    expect((await pushedTo(a.openid)).map((m) => m.event)).toEqual(["orderPlaced", "orderCancelled", "orderRefunded"]);
    expect(await storeMoney()).toBe(money);
  });

  it("20 late notices at once refund once; a notice racing the deadline's close either pays the order or refunds it, never neither", async () => {
    const a = await memberOf(w);
    const closed = (await week(6).discount(a.token)).body.data;
    expect((await mpPost("order/cancel", a.token, { id: closed.id })).body.data.status).toBe(11);
    const notice = await noticeFor(closed);
    const taken = await Promise.all(Array.from({ length: 20 }, () => receiveHotelNotice(w.t.clientId, notice).catch((e) => e)));
    expect(taken.filter((t) => t === true)).toHaveLength(1);
    for (const t of taken.filter((x) => x !== true)) if (t !== false) expect(t).toMatchObject({ code: "409" });
    const view = (await mpGet("order/view", a.token, { id: closed.id })).body.data;
    expect(view.timeline.filter((e: any) => e.action === "在线支付")).toHaveLength(1);
    expect(view.refundDetail).toMatchObject({ status: 0, reason: LATE_PAYMENT });

    const racing = (await week(6).discount(a.token)).body.data;
    setClockOffset((MEMBER_PAY_MINUTES + 1) * 60_000);
    const money = await storeMoney();
    await Promise.all([paymentJob(), receiveHotelNotice(w.t.clientId, await noticeFor(racing, "RACE1"))]);
    const after = (await mpGet("order/view", a.token, { id: racing.id })).body.data;
    if (after.status === 1) expect(await storeMoney()).toBe(money + 60000);
    else expect([after.status, after.refundDetail?.reason, await storeMoney()]).toEqual([11, LATE_PAYMENT, money]);
    expect(after.payTime).not.toBe("");
  });
});

describe("message push to the member's openid", () => {
  it("placed, approved, refused, cancelled and refunded: each change of a member's order queues its message to the bound mini-program user", async () => {
    const a = await memberOf(w);
    const approved = (await week(4).discount(a.token)).body.data;
    const refused = (await week(4).discount(a.token)).body.data;
    const dropped = (await week(4).discount(a.token)).body.data;
    for (const o of [approved, refused]) expect((await pay(a.token, o.id)).body.code).toBe("200");
    expect((await pushedTo(a.openid)).map((m) => m.event)).toEqual(["orderPlaced", "orderPlaced", "orderPlaced"]);

    // Staff approve one: the review's message goes to the member's openid on WeChat.
    expect((await w.handle(approved.id, 1, 1)).body.desc).toBe("办理成功");
    expect((await pushedTo(a.openid)).at(-1)).toMatchObject({ event: "orderReviewed", pushType: 1, templateId: "WX-orderReviewed" });
    // Refuse the other (its money refunded), the member cancels the unpaid one.
    expect((await w.handle(refused.id, 1, 2)).body.desc).toBe("办理成功");
    expect((await mpPost("order/cancel", a.token, { id: dropped.id })).body.data.status).toBe(11);
    // The approved one: the member asks a refund, staff agree (the order is cancelled, its money refunded).
    expect((await mpPost("order/cancel", a.token, { id: approved.id })).body.data.status).toBe(7);
    expect((await w.handle(approved.id, 2, 1)).body.desc).toBe("办理成功");
    setClockOffset(SANDBOX_DELAY_MS + 1000);
    expect((await paymentJob()).settled).toBeGreaterThanOrEqual(2);
    expect((await mpGet("order/view", a.token, { id: refused.id })).body.data.refundDetail).toMatchObject({ status: 1, refundPrice: 60000 });

    const events = (await pushedTo(a.openid)).map((m) => m.event);
    expect(events.slice(0, 3)).toEqual(["orderPlaced", "orderPlaced", "orderPlaced"]);
    expect(events.slice(3).sort()).toEqual(["orderCancelled", "orderCancelled", "orderRefunded", "orderRefunded", "orderReviewed", "orderReviewed"]);
  });
});
