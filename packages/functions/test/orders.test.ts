import { beforeAll, describe, expect, it } from "vitest";
import { orderWorld, monday, FN, ORDERS, type World } from "./ordersHelpers.ts";
import { FN as CLIENT_FN } from "./clientsHelpers.ts";
import { addDays } from "@xiangyu/core/hotels/nights";
import { today } from "@xiangyu/core/kernel/clock";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { settleDueRefunds, SANDBOX_DELAY_MS } from "@xiangyu/core/orders/payments";
import { MSG } from "@xiangyu/core/orders/booking";
import { PRICE_CHANGED } from "@xiangyu/core/orders/create";
import { HotelOrder } from "@xiangyu/core/orders/entities";
import { moveItems } from "@xiangyu/core/orders/records";
import { transact } from "@xiangyu/core/kernel/tx";

let w: World;
const mon = monday(2);
const d = (n: number) => addDays(mon, n);

beforeAll(async () => {
  w = await orderWorld();
});

const membership = async (clientId: number) => (await w.store(clientId)).data.membership;

describe("a club-hotel booking paid with stored weeks", () => {
  it("takes the rooms and the weeks in one go, and a rejection gives exactly that back", async () => {
    const c = await w.member({ weeks: 4 });
    const before = await w.free(w.clubHotel.id, w.clubHotel.roomId, d(0), d(7));
    // Monday to Monday: 4 weekday nights (Mon–Thu) and 3 weekend nights (Fri–Sun).
    const r = await w.clubStay(c.id, d(0), d(7), 1, { checkInClientJson: JSON.stringify([{ name: "张三", mobile: "13800001111" }]) });
    expect(r.body).toMatchObject({ code: "200", desc: "下单成功" });
    const id = r.body.data.id;

    const order = (await w.view(id)).data;
    expect(order).toMatchObject({
      status: 1,
      checkinType: "club",
      payType: 2,
      deductionWeeksFristHalt: 4,
      deductionWeeksSecondHalt: 3,
      weekCount: 0,
      weekstartCount: 4,
      weekendCount: 3,
    });
    expect(order.checkInClientJson).toEqual([{ name: "张三", mobile: "13800001111" }]);
    expect(order.moves.map((m: any) => m.move)).toEqual(["approve", "reject"]);
    expect(order.timeline).toMatchObject([{ action: "下单", toStatus: 1, userName: "管理员" }]);
    // Two weeks broken (3 weekend nights need two weekend shares of 2): 2 whole left, 10 − 4 and 4 − 3 nights loose.
    expect(await membership(c.id)).toMatchObject({ remainingCount: 2, remainingFirstHaltCount: 6, remainingSecondHaltCount: 1 });
    expect(await w.free(w.clubHotel.id, w.clubHotel.roomId, d(0), d(7))).toEqual(before.map((n) => n - 1));

    const reject = await w.handle(id, 1, 2);
    expect(reject.body).toMatchObject({ code: "200", desc: "办理成功" });
    expect((await w.view(id)).data).toMatchObject({ status: 8, handleResult: "办理说明" });
    // Weeks broken stay broken; the nights come back loose.
    expect(await membership(c.id)).toMatchObject({ remainingCount: 2, remainingFirstHaltCount: 10, remainingSecondHaltCount: 4 });
    expect(await w.free(w.clubHotel.id, w.clubHotel.roomId, d(0), d(7))).toEqual(before);

    // The balance history names the order both ways, and who moved the weeks (newest first).
    const history = (await w.as(w.t.adminToken, CLIENT_FN.clients).get("/xiangyu/api/client/membershiphistory", { clientId: c.id })).body.dataList as any[];
    expect(history.map((h) => [h.reason, h.source, h.sourceId, h.operator])).toEqual([
      ["订房退回", "order", String(id), "管理员"],
      ["订房扣减", "order", String(id), "管理员"],
      ["新增周次", "", "", ""],
    ]);
    expect(history[1].after).toMatchObject({ remainingCount: 2, remainingFirstHaltCount: 6, remainingSecondHaltCount: 1 });
  });

  it("is refused when the weeks do not cover the stay, and nothing is taken", async () => {
    const c = await w.member({ weeks: 1 });
    const before = await w.free(w.clubHotel.id, w.clubHotel.roomId, d(0), d(3));
    const r = await w.clubStay(c.id, d(0), d(3), 2);
    expect(r.body).toMatchObject({ desc: MSG.weeksShort });
    expect(await membership(c.id)).toMatchObject({ remainingCount: 1, remainingFirstHaltCount: 0 });
    expect(await w.free(w.clubHotel.id, w.clubHotel.roomId, d(0), d(3))).toEqual(before);
  });

  it("needs a membership (R184)", async () => {
    const c = await w.member();
    expect((await w.clubStay(c.id, d(0), d(1))).body.desc).toBe(MSG.noMembership);
    expect((await w.store(c.id)).desc).toBe(MSG.noMembership);
  });
});

describe("a discount-hotel booking paid with vouchers and money", () => {
  it("prices the stay, uses the vouchers, and a proxy cancellation refunds money and vouchers", async () => {
    const c = await w.member({
      vouchers: [
        { ticketCount: 2, ticketDuration: "2030-12-31", priceType: 1, useScope: 3 },
        { ticketCount: 1, ticketDuration: "2030-12-31", priceType: 1, useScope: 2 },
      ],
    });
    const storeBefore = (await w.store(c.id, w.discountHotel.id)).data.ticketClassCount;
    expect(storeBefore).toMatchObject({ total: 3, allday: 2, allend: 1 });
    // Thursday, Friday, Saturday nights: 300 + 500 + 500, minus one free weekday and one free weekend night.
    const r = await w.discountStay(c.id, d(3), d(6), 1, { ticketClassCountJson: JSON.stringify({ allday: 1, allend: 1 }), totalPrice: 500 });
    expect(r.body).toMatchObject({ code: "200", desc: "下单成功", data: { totalPrice: 500 } });
    const id = r.body.data.id;
    expect((await w.view(id)).data).toMatchObject({ status: 1, checkinType: "discount", payType: 1, price: 500, fullPrice: 1300, discountPrice: 800, ticketCount: 2 });
    expect((await w.store(c.id, w.discountHotel.id)).data.ticketClassCount).toMatchObject({ total: 1, allday: 1, allend: 0 });

    expect((await w.handle(id, 1, 1)).body.desc).toBe("办理成功");
    expect((await w.view(id)).data.status).toBe(4);
    const cancel = await w.admin().post(`${ORDERS}/proxycancel`, { orderId: id, refundReason: "客户行程有变" });
    expect(cancel.body.desc).toBe("办理成功");
    const requested = (await w.view(id)).data;
    expect(requested).toMatchObject({ status: 7, proxyCancel: 1, refundReason: "客户行程有变" });
    expect(requested.moves.map((m: any) => m.move)).toEqual(["refundApprove"]);
    expect((await w.handle(id, 2, 2)).body.desc).toBe("代客退订不能驳回");

    expect((await w.handle(id, 2, 1)).body.desc).toBe("办理成功");
    const refunded = (await w.view(id)).data;
    expect(refunded.status).toBe(10);
    expect(refunded.refundDetail).toMatchObject({ refundPrice: 50000, status: 0 });
    expect((await w.store(c.id, w.discountHotel.id)).data.ticketClassCount).toEqual(storeBefore);
    expect(refunded.timeline.map((e: any) => e.action)).toEqual(["下单", "审核通过", "代客退订", "同意退订"]);

    // The sandbox provider settles the refund asynchronously (the refundSettle job).
    setClockOffset(SANDBOX_DELAY_MS + 1000);
    try {
      expect(await settleDueRefunds()).toBeGreaterThanOrEqual(1);
    } finally {
      setClockOffset(0);
    }
    expect((await w.view(id)).data.refundDetail).toMatchObject({ refundPrice: 50000, status: 1 });
  });

  it("refuses a price the console showed that the server does not agree with", async () => {
    const c = await w.member();
    expect((await w.discountStay(c.id, d(3), d(4), 1, { totalPrice: 299 })).body.desc).toBe(PRICE_CHANGED);
    expect((await w.discountStay(c.id, d(3), d(4), 1, { totalPrice: 300 })).body.code).toBe("200");
  });

  it("checks the voucher rules on the server with the spec's messages (R170–R178)", async () => {
    const c = await w.member({
      vouchers: [
        { ticketCount: 5, ticketDuration: "2030-12-31", useScope: 3 },
        { ticketCount: 5, ticketDuration: "2030-12-31", useScope: 2 },
        { ticketCount: 2, ticketDuration: "2030-12-31", ticketType: 1, batchNo: `EXP${Date.now()}` },
      ],
    });
    const exp = c.batches[2]!;
    const tickets = (o: object) => ({ ticketClassCountJson: JSON.stringify(o) });
    // Monday and Tuesday: two weekday nights.
    expect((await w.discountStay(c.id, d(0), d(2), 1, tickets({ allday: 3 }))).body.desc).toBe(MSG.weekdayTickets);
    expect((await w.discountStay(c.id, d(0), d(2), 1, tickets({ allend: 1 }))).body.desc).toBe(MSG.weekendTickets);
    // Monday to Saturday: 4 weekday and 2 weekend nights. Weekend + all-week over the weekend nights is R174's,
    // however many weekday nights are left; weekday + all-week over the weekday nights is R173's.
    expect((await w.discountStay(c.id, d(0), d(6), 1, tickets({ allend: 1, allall: 2 }))).body.desc).toBe(MSG.weekendWithAll);
    expect((await w.discountStay(c.id, d(0), d(6), 1, tickets({ allday: 3, allall: 2 }))).body.desc).toBe(MSG.weekdayWithAll);
    expect((await w.discountStay(c.id, d(0), d(2), 2, { ticketClass1Count: exp })).body.desc).toBe(MSG.oneRoomOnly);
    expect((await w.discountStay(c.id, d(0), d(3), 1, { ticketClass1Count: exp })).body.desc).toBe(MSG.experienceNights);
    expect((await w.discountStay(c.id, d(0), d(2), 1, { ticketClass1Count: exp, ...tickets({ allday: 1 }) })).body.desc).toBe(MSG.notWithExperience);
    const ok = await w.discountStay(c.id, d(0), d(2), 1, { ticketClass1Count: exp, totalPrice: 0 });
    expect(ok.body).toMatchObject({ code: "200", data: { totalPrice: 0 } });
    // Used whole: a second booking with it finds it gone.
    expect((await w.discountStay(c.id, d(7), d(9), 1, { ticketClass1Count: exp })).body.code).not.toBe("200");
  });
});

describe("creation checks (R161–R167)", () => {
  it("gives the spec's messages for missing fields", async () => {
    const c = await w.member({ weeks: 2 });
    const base = { clientId: c.id, hotelId: w.clubHotel.id, roomId: w.clubHotel.roomId, checkInDate: d(0), checkOutDate: d(1), roomCount: 1 };
    const without = (k: string) => Object.fromEntries(Object.entries(base).filter(([x]) => x !== k));
    expect((await w.book(without("clientId"))).body.desc).toBe("客户不能为空");
    expect((await w.book(without("roomId"))).body.desc).toBe("客房不能为空");
    expect((await w.book(without("checkInDate"))).body.desc).toBe("入离日期不能为空");
    expect((await w.book(without("roomCount"))).body.desc).toBe("预订客房数不能为空");
  });

  it("refuses a client not bound to the mini-program (R165)", async () => {
    const c = await w.member({ weeks: 2, bound: false });
    expect((await w.clubStay(c.id, d(0), d(1))).body.desc).toBe(MSG.notBound);
    expect((await w.store(c.id)).data?.bound ?? false).toBe(false);
  });

  it("refuses past days and a stay that ends before it begins (R167)", async () => {
    const c = await w.member({ weeks: 2 });
    expect((await w.clubStay(c.id, addDays(today(), -1), today())).body.desc).toBe(MSG.pastDate);
    expect((await w.clubStay(c.id, d(2), d(2))).body.desc).toBe(MSG.outAfterIn);
  });

  it("refuses more rooms than are free on some night", async () => {
    const c = await w.member({ weeks: 9 });
    expect((await w.clubStay(c.id, d(0), d(2), 6)).body.desc).toBe(`${d(0)} 剩余客房不足`);
  });

  it("needs the A right on the screen", async () => {
    const u = await w.t.userWith({ [FN.proxy]: "R" });
    const c = await w.member({ weeks: 2 });
    expect((await w.clubStay(c.id, d(0), d(1), 1, {})).body.code).toBe("200");
    expect((await w.book({ clientId: c.id, hotelId: w.clubHotel.id, roomId: w.clubHotel.roomId, checkInDate: d(1), checkOutDate: d(2), roomCount: 1 }, u.token)).body.desc).toBe(
      "你没有新增权限",
    );
  });
});

describe("handling: every move allowed and refused (R131–R147)", () => {
  it("approves once, completes, follows up, and deletes only where allowed", async () => {
    const c = await w.member({ weeks: 3 });
    const id = (await w.clubStay(c.id, d(14), d(15))).body.data.id;
    expect((await w.admin().post(`${ORDERS}/delete`, { orderId: id })).body.desc).toBe("当前订单状态不能办理该操作");
    expect((await w.handle(id, 3, 1)).body.desc).toBe("当前订单状态不能办理该操作");
    expect((await w.handle(id, 1, 1)).body.desc).toBe("办理成功");
    expect((await w.handle(id, 1, 1)).body.desc).toBe("当前订单状态不能办理该操作");
    expect((await w.handle(id, 2, 1)).body.desc).toBe("当前订单状态不能办理该操作");

    const f = await w.admin().post(`${ORDERS}/followupsave`, { orderId: id, status: 2, content: "无人接听" });
    expect(f.body.code).toBe("200");
    expect((await w.admin().post(`${ORDERS}/followupsave`, { orderId: id, content: "x" })).body.desc).toBe("请选择回访状态");

    expect((await w.handle(id, 3, 1)).body.desc).toBe("办理成功");
    const done = (await w.view(id)).data;
    expect(done.status).toBe(6);
    expect(done.followupDetail).toMatchObject([{ status: 2, statusName: "未接通", content: "无人接听" }]);
    expect(done.moves.map((m: any) => m.move)).toEqual(["followup", "delete"]);
    // Completed: the stay was used; nothing comes back on deletion.
    const weeksBefore = await membership(c.id);
    expect((await w.admin().post(`${ORDERS}/delete`, { orderId: id })).body.desc).toBe("删除成功");
    expect(await membership(c.id)).toEqual(weeksBefore);
    expect((await w.view(id)).desc).toBe("无效的订单");
  });

  it("a client's refund request refused goes back to confirmed, holding its booking", async () => {
    const c = await w.member({ weeks: 3 });
    const id = (await w.clubStay(c.id, d(15), d(16))).body.data.id;
    await w.handle(id, 1, 1);
    // The client asks for the refund in the mini-program (not a call of this console).
    const { data: order } = await HotelOrder.get({ tenantId: w.t.clientId, id }).go();
    await transact(moveItems(order!, 7, { refundReason: "行程取消" }));
    const held = await membership(c.id);
    expect((await w.view(id)).data.moves.map((m: any) => m.move)).toEqual(["refundApprove", "refundReject"]);
    expect((await w.handle(id, 2, 2)).body.desc).toBe("办理成功");
    expect((await w.view(id)).data).toMatchObject({ status: 4, refundHandleResult: "办理说明" });
    expect(await membership(c.id)).toEqual(held);
  });

  it("deleting a confirmed booking gives its rooms and weeks back", async () => {
    const c = await w.member({ weeks: 1 });
    const before = await w.free(w.clubHotel.id, w.clubHotel.roomId, d(16), d(17));
    const id = (await w.clubStay(c.id, d(16), d(17))).body.data.id;
    await w.handle(id, 1, 1);
    expect((await w.admin().post(`${ORDERS}/delete`, { orderId: id })).body.desc).toBe("删除成功");
    expect(await w.free(w.clubHotel.id, w.clubHotel.roomId, d(16), d(17))).toEqual(before);
    expect(await membership(c.id)).toMatchObject({ remainingCount: 0, remainingFirstHaltCount: 5, remainingSecondHaltCount: 2 });
  });

  it("refuses each move without its letter, with the spec's texts", async () => {
    const c = await w.member({ weeks: 3 });
    const id = (await w.clubStay(c.id, d(17), d(18))).body.data.id;
    const u = await w.t.userWith({ [FN.orders]: "R" });
    const fn = FN.orders;
    expect((await w.handle(id, 1, 1, u.token, fn)).body.desc).toBe("你没有订单审核权限");
    await w.handle(id, 1, 1);
    expect((await w.as(u.token, fn).post(`${ORDERS}/followupsave`, { orderId: id, status: 1 })).body.desc).toBe("你没有电话回访记录权限");
    expect((await w.as(u.token, fn).post(`${ORDERS}/proxycancel`, { orderId: id })).body.desc).toBe("你没有代客退订处理权限");
    expect((await w.as(u.token, fn).post(`${ORDERS}/delete`, { orderId: id })).body.desc).toBe("你没有删除权限");
    await w.admin().post(`${ORDERS}/proxycancel`, { orderId: id });
    expect((await w.handle(id, 2, 1, u.token, fn)).body.desc).toBe("你没有退单处理权限");
    // The view offers this user nothing.
    expect((await w.as(u.token, fn).get(`${ORDERS}/view`, { orderId: id })).body.data.moves).toEqual([]);
  });

  it("keeps an order of another department out of reach", async () => {
    const c = await w.member({ weeks: 3 });
    const id = (await w.clubStay(c.id, d(18), d(19))).body.data.id;
    const u = await w.t.userWith({ [FN.orders]: "ADEPR" }, { deptCodes: [w.t.depts.get("上海浦东店")!.code] });
    expect((await w.as(u.token, FN.orders).get(`${ORDERS}/view`, { orderId: id })).body.desc).toBe("无效的订单");
    expect((await w.handle(id, 1, 1, u.token)).body.desc).toBe("无效的订单");
    const rows = (await w.as(u.token, FN.orders).get(`${ORDERS}/list`, { pageSize: 100 })).body.dataList;
    expect(rows.map((r: any) => r.id)).not.toContain(id);
  });
});

describe("the lists", () => {
  it("filter by category, status, store and order number, with totals", async () => {
    const c = await w.member({ weeks: 6 });
    const a = (await w.clubStay(c.id, d(20), d(21))).body.data.id;
    const b = (await w.discountStay(c.id, d(20), d(21))).body.data.id;
    await w.handle(b, 1, 1);
    const list = async (q: Record<string, string | number>, fn: number = FN.orders) => (await w.admin(fn).get(`${ORDERS}/list`, q)).body;

    const all = await list({ pageSize: 100 });
    expect(all.dataList.map((r: any) => r.id)).toEqual(expect.arrayContaining([a, b]));
    expect(all.pageParams.maxCount).toBe(all.dataList.length);
    const ids = all.dataList.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));

    const clubOnly = await list({ checkinType: "club", pageSize: 100 }, FN.club);
    expect(clubOnly.dataList.every((r: any) => r.checkinType === "club")).toBe(true);
    expect(clubOnly.dataList.map((r: any) => r.id)).toContain(a);

    const confirmedDiscount = await list({ checkinType: "discount", orderStatus: 4 }, FN.discount);
    expect(confirmedDiscount.dataList.map((r: any) => r.id)).toContain(b);
    expect(confirmedDiscount.dataList.every((r: any) => r.status === 4 && r.statusName === "预订成功")).toBe(true);

    const shop = w.t.depts.get("广州天河店")!.code;
    const byShop = await list({ shop, orderStatus: 1, pageSize: 100 });
    expect(byShop.dataList.map((r: any) => r.id)).toContain(a);
    expect(byShop.pageParams.maxCount).toBe(byShop.dataList.length);
    expect((await list({ keyword: String(b) })).dataList.map((r: any) => r.id)).toEqual([b]);
    expect((await list({ keyword: String(b), orderStatus: 1 })).dataList).toEqual([]);

    // Page 2 continues page 1.
    const p1 = await list({ pageSize: 2, currentPage: 1 });
    const p2 = await list({ pageSize: 2, currentPage: 2 });
    expect(p2.dataList[0].id).toBeLessThan(p1.dataList[1].id);

    const proxy = (await w.admin(FN.proxy).get("/xiangyu/api/order/reservationservice/list", { orderStatus: 4, pageSize: 100 })).body;
    expect(proxy.dataList.find((r: any) => r.orderId === b)).toMatchObject({ rsId: b, status: 4, createUser: "管理员", checkinType: "discount" });
    expect(proxy.dataList.every((r: any) => r.status === 4)).toBe(true);
  });

  it("delete from the proxy list by rsId", async () => {
    const c = await w.member({ weeks: 2 });
    const id = (await w.clubStay(c.id, d(22), d(23))).body.data.id;
    await w.handle(id, 1, 2);
    const del = await w.admin(FN.proxy).post("/xiangyu/api/order/reservationservice/delete", { rsId: id });
    expect(del.body.desc).toBe("删除成功");
    const rows = (await w.admin(FN.proxy).get("/xiangyu/api/order/reservationservice/list", { keyword: String(id) })).body.dataList;
    expect(rows).toEqual([]);
  });
});
