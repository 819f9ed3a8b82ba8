import { describe, it, expect } from "vitest";
import {
  voucherStore,
  planVoucherUse,
  voucherExpiry,
  exchangeVouchers,
  classOf,
  NOT_ENOUGH_VOUCHERS,
  EXPERIENCE_UNUSABLE,
  EXPERIENCE_NIGHTS,
  EXPERIENCE_ONE_ROOM,
  MIXED_VOUCHERS,
  TOO_MANY_VOUCHERS,
  BAD_VOUCHER_COUNT,
  type PlanBatch,
  type Stay,
} from "../src/vouchers/ledger/plan.ts";

const NOW = "2026-03-01 10:00:00";
let nextId = 1;
/** A usable general batch of 5 free all-week vouchers unless told otherwise. */
const batch = (over: Partial<PlanBatch> = {}): PlanBatch => {
  const id = over.id ?? nextId++;
  return {
    id,
    batchNo: `B${id}`,
    ticketType: 0,
    priceType: 1,
    useScope: 1,
    bindingHotelIds: [],
    ticketCount: 5,
    usedCount: 0,
    ticketDuration: "2027-12-31 23:59:59",
    status: 1,
    ...over,
  };
};
const stay = (over: Partial<Stay> = {}): Stay => ({ hotelId: 7, firstNight: "2026-03-10", lastNight: "2026-03-12", nights: 3, rooms: 1, now: NOW, ...over });
const error = (f: () => unknown) => {
  try {
    f();
  } catch (e: any) {
    return e.desc as string;
  }
  return "no error";
};

describe("voucher classes", () => {
  it("names discount vouchers by price and scope, experience vouchers apart", () => {
    expect(classOf({ ticketType: 0, priceType: 1, useScope: 3 })).toBe("allday");
    expect(classOf({ ticketType: 0, priceType: 1, useScope: 2 })).toBe("allend");
    expect(classOf({ ticketType: 0, priceType: 1, useScope: 1 })).toBe("allall");
    expect(classOf({ ticketType: 0, priceType: 2, useScope: 3 })).toBe("halfday");
    expect(classOf({ ticketType: 0, priceType: 2, useScope: 2 })).toBe("halfend");
    expect(classOf({ ticketType: 0, priceType: 2, useScope: 1 })).toBe("halfall");
    expect(classOf({ ticketType: 1, priceType: 2, useScope: 3 })).toBe("experience");
    expect(classOf({ ticketType: 0, priceType: 3, useScope: 1 })).toBeNull();
  });
});

describe("member store info", () => {
  it("counts the usable vouchers left per class and lists experience batches", () => {
    const store = voucherStore(
      [
        batch({ useScope: 3, ticketCount: 5, usedCount: 2 }),
        batch({ useScope: 3, ticketCount: 5 }),
        batch({ useScope: 2, ticketCount: 2 }),
        batch({ priceType: 2, useScope: 1, ticketCount: 4 }),
        batch({ id: 50, batchNo: "EXP3", ticketType: 1, ticketCount: 3, ticketDuration: "2027-06-30 23:59:59" }),
        batch({ id: 51, batchNo: "EXP2", ticketType: 1, ticketCount: 2, ticketDuration: "2026-12-31 23:59:59" }),
      ],
      7,
      "2026-03-12",
      NOW,
    );
    expect(store.ticketClassCount).toEqual({ total: 14, allday: 8, allend: 2, allall: 0, halfday: 0, halfend: 0, halfall: 4 });
    // Earliest expiry first.
    expect(store.ticketClass1Count).toEqual([
      { batchNo: "EXP2", ticketCount: 2 },
      { batchNo: "EXP3", ticketCount: 3 },
    ]);
  });

  it("leaves out pending, used up, expired and other hotels' vouchers", () => {
    const batches = [
      batch({ status: 0 }),
      batch({ usedCount: 5 }),
      batch({ ticketDuration: "2026-03-11 23:59:59" }),
      batch({ bindingHotelIds: [8, 9] }),
      batch({ ticketType: 1, usedCount: 5 }),
    ];
    expect(voucherStore(batches, 7, "2026-03-12", NOW).ticketClassCount.total).toBe(0);
    expect(voucherStore(batches, 7, "2026-03-12", NOW).ticketClass1Count).toEqual([]);
    // The same batches for a stay at hotel 8 ending earlier: the bound one and the one valid through the 11th count.
    expect(voucherStore(batches, 8, "2026-03-11", NOW).ticketClassCount.allall).toBe(10);
  });

  it("takes general vouchers at any hotel, written empty or as 0, and bound ones at their hotels", () => {
    const batches = [batch({ bindingHotelIds: [] }), batch({ bindingHotelIds: [0] }), batch({ bindingHotelIds: [7, 9], ticketCount: 1 })];
    expect(voucherStore(batches, 7, "2026-03-12", NOW).ticketClassCount.allall).toBe(11);
    expect(voucherStore(batches, 9, "2026-03-12", NOW).ticketClassCount.allall).toBe(11);
    expect(voucherStore(batches, 3, "2026-03-12", NOW).ticketClassCount.allall).toBe(10);
  });

  it("counts a batch valid through the last night's end, not one expiring before it or already expired", () => {
    expect(voucherStore([batch({ ticketDuration: "2026-03-12 23:59:59" })], 7, "2026-03-12", NOW).ticketClassCount.total).toBe(5);
    expect(voucherStore([batch({ ticketDuration: "2026-03-12 12:00:00" })], 7, "2026-03-12", NOW).ticketClassCount.total).toBe(0);
    // No stay chosen yet (""): valid now is enough.
    expect(voucherStore([batch({ ticketDuration: "2026-03-01 23:59:59" })], 7, "", NOW).ticketClassCount.total).toBe(5);
    expect(voucherStore([batch({ ticketDuration: "2026-02-28 23:59:59" })], 7, "", NOW).ticketClassCount.total).toBe(0);
  });
});

describe("planning a use", () => {
  it("takes each class from its own batches, earliest expiry first, then oldest", () => {
    const late = batch({ id: 1, useScope: 3, ticketCount: 5, ticketDuration: "2027-12-31 23:59:59" });
    const early = batch({ id: 2, useScope: 3, ticketCount: 2, ticketDuration: "2026-06-30 23:59:59" });
    const sameDayOlder = batch({ id: 3, useScope: 2, ticketCount: 1, ticketDuration: "2027-01-01 23:59:59" });
    const sameDayNewer = batch({ id: 4, useScope: 2, ticketCount: 3, ticketDuration: "2027-01-01 23:59:59" });
    const takes = planVoucherUse([late, early, sameDayNewer, sameDayOlder], { classes: { allday: 3, allend: 2 } }, stay({ nights: 5 }));
    expect(takes).toEqual([
      { batchId: 2, batchNo: "B2", count: 2, voucherClass: "allday" },
      { batchId: 1, batchNo: "B1", count: 1, voucherClass: "allday" },
      { batchId: 3, batchNo: "B3", count: 1, voucherClass: "allend" },
      { batchId: 4, batchNo: "B4", count: 1, voucherClass: "allend" },
    ]);
  });

  it("never takes from a batch that is not usable on the stay", () => {
    const batches = [
      batch({ id: 10, priceType: 2, useScope: 2, status: 0 }),
      batch({ id: 11, priceType: 2, useScope: 2, bindingHotelIds: [8] }),
      batch({ id: 12, priceType: 2, useScope: 2, ticketDuration: "2026-03-11 23:59:59" }),
      batch({ id: 13, priceType: 2, useScope: 2, ticketCount: 3, usedCount: 2 }),
      batch({ id: 14, priceType: 2, useScope: 3 }),
    ];
    expect(planVoucherUse(batches, { classes: { halfend: 1 } }, stay())).toEqual([{ batchId: 13, batchNo: "B13", count: 1, voucherClass: "halfend" }]);
    expect(error(() => planVoucherUse(batches, { classes: { halfend: 2 } }, stay()))).toBe(NOT_ENOUGH_VOUCHERS);
  });

  it("uses an experience batch whole, on exactly its nights in one room", () => {
    const exp = batch({ id: 20, batchNo: "EXP", ticketType: 1, ticketCount: 2 });
    expect(planVoucherUse([exp], { experienceBatchNo: "EXP" }, stay({ nights: 2, lastNight: "2026-03-11" }))).toEqual([
      { batchId: 20, batchNo: "EXP", count: 2, voucherClass: "experience" },
    ]);
    expect(error(() => planVoucherUse([exp], { experienceBatchNo: "EXP" }, stay({ nights: 3 })))).toBe(EXPERIENCE_NIGHTS);
    expect(error(() => planVoucherUse([exp], { experienceBatchNo: "EXP" }, stay({ nights: 2, rooms: 2 })))).toBe(EXPERIENCE_ONE_ROOM);
    expect(error(() => planVoucherUse([{ ...exp, usedCount: 2 }], { experienceBatchNo: "EXP" }, stay({ nights: 2 })))).toBe(EXPERIENCE_UNUSABLE);
    expect(error(() => planVoucherUse([exp], { experienceBatchNo: "NOPE" }, stay({ nights: 2 })))).toBe(EXPERIENCE_UNUSABLE);
    // A discount batch is not an experience voucher, whatever its number.
    expect(error(() => planVoucherUse([batch({ batchNo: "D1" })], { experienceBatchNo: "D1" }, stay({ nights: 2 })))).toBe(EXPERIENCE_UNUSABLE);
  });

  it("refuses mixed, oversized and malformed requests, and takes nothing for an empty one", () => {
    const batches = [batch({ ticketCount: 20 }), batch({ batchNo: "EXP", ticketType: 1, ticketCount: 3 })];
    expect(error(() => planVoucherUse(batches, { classes: { allall: 1 }, experienceBatchNo: "EXP" }, stay()))).toBe(MIXED_VOUCHERS);
    // 3 nights × 2 rooms = 6 room-nights.
    expect(planVoucherUse(batches, { classes: { allall: 6 } }, stay({ rooms: 2 }))).toHaveLength(1);
    expect(error(() => planVoucherUse(batches, { classes: { allall: 7 } }, stay({ rooms: 2 })))).toBe(TOO_MANY_VOUCHERS);
    expect(error(() => planVoucherUse(batches, { classes: { allall: 1.5 } }, stay()))).toBe(BAD_VOUCHER_COUNT);
    expect(error(() => planVoucherUse(batches, { classes: { allall: -1 } }, stay()))).toBe(BAD_VOUCHER_COUNT);
    expect(error(() => planVoucherUse(batches, { classes: { weekly: 1 } as any }, stay()))).toBe(BAD_VOUCHER_COUNT);
    expect(planVoucherUse(batches, { classes: { allall: 0 } }, stay())).toEqual([]);
    expect(planVoucherUse(batches, {}, stay())).toEqual([]);
  });
});

describe("issue helpers", () => {
  it("stores an expiry as the end of its day and refuses a non-date", () => {
    expect(voucherExpiry("2027-06-30")).toBe("2027-06-30 23:59:59");
    expect(voucherExpiry("2027-06-30 08:00:00")).toBe("2027-06-30 23:59:59");
    expect(error(() => voucherExpiry("2027-02-30"))).toBe("有效期限格式不正确");
    expect(error(() => voucherExpiry("tomorrow"))).toBe("有效期限格式不正确");
  });

  it("gives 5 weekday and 2 weekend free vouchers per exchanged week", () => {
    expect(exchangeVouchers(2)).toEqual([
      { ticketType: 0, priceType: 1, useScope: 3, ticketCount: 10 },
      { ticketType: 0, priceType: 1, useScope: 2, ticketCount: 4 },
    ]);
    expect(error(() => exchangeVouchers(0))).toBe(BAD_VOUCHER_COUNT);
  });
});
