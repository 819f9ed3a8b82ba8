import { describe, it, expect, beforeAll } from "vitest";
import { post, testTenant } from "./harness.ts";
import { as } from "./clientsHelpers.ts";
import { FN, ORDERS } from "./ordersHelpers.ts";
import { MAX_OCCUPANTS, OCCUPANTS_BAD, TICKETS_BAD } from "@xiangyu/core/orders/schemas";

/**
 * The refusals the order routes' schemas add: strict order ids, statuses, controls and categories
 * of their listed values only, bounded keywords and JSON fields. Each is answered before the
 * handler runs, with a Chinese message.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
const BAD = "参数格式不正确";
const admin = (fn: number = FN.orders) => as(t.adminToken, fn);
const postJson = (path: string, json: unknown, functionId: number = FN.orders) => post(path, { token: t.adminToken, functionId, json });

beforeAll(async () => {
  t = await testTenant();
});

describe("order ids", () => {
  it("refuses 0x43, 9e0, 67.0 and true as an order id", async () => {
    for (const id of ["0x43", "9e0", "67.0", "0", "-4"]) {
      expect((await admin().get(`${ORDERS}/view`, { orderId: id })).body).toEqual({ code: "400", desc: "无效的订单" });
      expect((await admin().post(`${ORDERS}/handle`, { orderId: id, currentCtrl: 1, status: 1 })).body).toEqual({ code: "400", desc: "无效的订单" });
      expect((await admin().post(`${ORDERS}/delete`, { orderId: id })).body).toEqual({ code: "400", desc: "无效的订单" });
      expect((await admin(FN.proxy).post("/xiangyu/api/order/reservationservice/delete", { rsId: id })).body).toEqual({ code: "400", desc: "无效的订单" });
    }
    expect((await postJson(`${ORDERS}/delete`, { orderId: true })).body).toEqual({ code: "400", desc: BAD });
    expect((await postJson(`${ORDERS}/followupsave`, { orderId: 2 ** 53, status: 1 })).body).toEqual({ code: "400", desc: "无效的订单" });
    // The view reads the order as orderId or id.
    expect((await admin().get(`${ORDERS}/view`, {})).body.desc).toBe("无效的订单");
    expect((await admin().get(`${ORDERS}/view`, { id: 987654 })).body).toEqual({ code: "404", desc: "无效的订单" });
  });
});

describe("enumerations of the order routes", () => {
  it("refuses an unknown status, category, control or outcome", async () => {
    for (const list of [`${ORDERS}/list`, "/xiangyu/api/order/reservationservice/list"]) {
      expect((await admin().get(list, { orderStatus: 12 })).body).toEqual({ code: "400", desc: "订单状态不正确" });
      expect((await admin().get(list, { status: "待审核" })).body.desc).toBe("订单状态不正确");
      expect((await admin().get(list, { checkinType: "hotel" })).body).toEqual({ code: "400", desc: "订单类型不正确" });
      expect((await admin().get(list, { checkinType: "discount", orderStatus: 4 })).body.code).toBe("200");
    }
    expect((await admin().post(`${ORDERS}/handle`, { orderId: 1, currentCtrl: 4, status: 1 })).body.desc).toBe("办理类型不正确");
    expect((await admin().post(`${ORDERS}/handle`, { orderId: 1, currentCtrl: 1, status: 3 })).body.desc).toBe("请选择办理结果");
    expect((await admin().post(`${ORDERS}/followupsave`, { orderId: 1, status: 4 })).body.desc).toBe("请选择回访状态");
  });
});

describe("bounded texts and JSON", () => {
  it("refuses an over-long keyword", async () => {
    const keyword = "1".repeat(101);
    expect((await admin().get(`${ORDERS}/list`, { keyword })).body).toEqual({ code: "400", desc: "关键词不能超过100个字" });
    expect((await admin(FN.proxy).get("/xiangyu/api/order/reservationservice/list", { keyword })).body.desc).toBe("关键词不能超过100个字");
  });

  it("refuses a booking form outside its bounds before anything is read", async () => {
    const base = { clientId: 1, hotelId: 1, roomId: 1, checkInDate: "2030-01-01", checkOutDate: "2030-01-02", roomCount: 1 };
    const book = (f: Record<string, string | number>) => admin(FN.proxy).post("/xiangyu/api/order/createhotelorder", { ...base, ...f });
    expect((await book({ roomCount: 21 })).body.desc).toBe("预订客房数不能超过20间");
    expect((await book({ roomCount: -1 })).body.desc).toBe("预订客房数不能为空");
    expect((await book({ clientId: "9e0" })).body.desc).toBe("客户不能为空");
    expect((await book({ totalPrice: "1e3" })).body.desc).toBe("订单金额不正确");
    expect((await book({ totalPrice: "-5" })).body.desc).toBe("订单金额不正确");
    expect((await book({ ticketClassCountJson: JSON.stringify({ allday: -1 }) })).body.desc).toBe(TICKETS_BAD);
    expect((await book({ ticketClassCountJson: JSON.stringify({ allday: "0x3" }) })).body.desc).toBe(TICKETS_BAD);
    const crowd = Array.from({ length: MAX_OCCUPANTS + 1 }, (_, i) => ({ name: `客${i}`, mobile: "13900000007" }));
    expect((await book({ checkInClientJson: JSON.stringify(crowd) })).body.desc).toBe(OCCUPANTS_BAD);
    expect((await book({ checkInClientJson: "x".repeat(20_000) })).body.desc).toBe(OCCUPANTS_BAD);
    expect((await book({ checkInClientJson: JSON.stringify([{ name: { first: "张" }, mobile: "13900000007" }]) })).body.desc).toBe(OCCUPANTS_BAD);
  });

  it("refuses a malformed stay date on the member store", async () => {
    expect((await admin().get("/xiangyu/api/client/memberstore", { clientId: 1, checkInDate: "2030-13-01" })).body.desc).toBe("日期格式不正确");
    expect((await admin().get("/xiangyu/api/client/memberstore", { clientId: "0x43" })).body.desc).toBe("无效的客户信息");
  });
});
