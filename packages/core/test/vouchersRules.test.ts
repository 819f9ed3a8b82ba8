import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { canDeletePurchase, exchangeCounts, exchangeIssue, giftState, hotelsText, idOfOrderNo, pickHotels, purchaseOrderNo, voucherKind } from "../src/vouchers/rules.ts";
import { ExchangeInput, GiftInput, HotelTicketListQuery, PurchaseInput, ReviewInput } from "../src/vouchers/schemas.ts";

/** The vouchers area's pure rules and its forms' messages (no I/O). */
describe("voucher rules", () => {
  it("R206: the general option excludes the hotels and the other way round", () => {
    expect(pickHotels([3, 0], 0)).toEqual([0]);
    expect(pickHotels([0, 3], 3)).toEqual([3]);
    expect(pickHotels([3, 5], 5)).toEqual([3, 5]);
    expect(hotelsText([], [])).toBe("通用");
    expect(hotelsText([1, 2], ["甲", "乙"])).toBe("甲、乙");
  });

  it("R199: an experience voucher is free and all week whatever was chosen", () => {
    expect(voucherKind(1, 2, 3)).toEqual({ ticketType: 1, priceType: 1, useScope: 1 });
    expect(voucherKind(0, 2, 3)).toEqual({ ticketType: 0, priceType: 2, useScope: 3 });
  });

  it("R239, R242: 5 weekday + 2 weekend free vouchers a week, per lot, expiring with it", () => {
    const expiry = (id: number) => (id === 1 ? "2027-01-31 23:59:59" : "2028-01-31 23:59:59");
    const issued = exchangeIssue(
      [
        { lotId: 1, weeks: 1 },
        { lotId: 2, weeks: 2 },
        { lotId: 3, weeks: 0 },
      ],
      expiry,
    );
    expect(issued.map((b) => [b.lotId, b.useScope, b.priceType, b.ticketCount, b.ticketDuration])).toEqual([
      [1, 3, 1, 5, "2027-01-31 23:59:59"],
      [1, 2, 1, 2, "2027-01-31 23:59:59"],
      [2, 3, 1, 10, "2028-01-31 23:59:59"],
      [2, 2, 1, 4, "2028-01-31 23:59:59"],
    ]);
    expect(exchangeCounts(3)).toEqual({ ticketCount: 3, weekstartTicketCount: 15, weekendTicketCount: 6 });
  });

  it("states: delete only while not bought; a gift is pending, revocable while unused, else reviewed", () => {
    expect(canDeletePurchase({ status: 0 })).toBe(true);
    expect(canDeletePurchase({ status: 1 })).toBe(false);
    expect(giftState({ status: 0, usedCount: 0, remainingCount: 3 })).toBe("pending");
    expect(giftState({ status: 1, usedCount: 0, remainingCount: 3 })).toBe("revocable");
    expect(giftState({ status: 1, usedCount: 1, remainingCount: 2 })).toBe("reviewed");
    expect(giftState({ status: 1, usedCount: 0, remainingCount: 0 })).toBe("reviewed");
  });

  it("order numbers carry the id back", () => {
    const no = purchaseOrderNo("2026-11-24", 42);
    expect(no).toBe("TB20261124000042");
    expect(idOfOrderNo(no, "TB")).toBe(42);
    expect(idOfOrderNo("TB2026112400001234567", "TB")).toBe(1234567);
    expect(idOfOrderNo("CP20261124000042", "TB")).toBeNull();
  });
});

describe("voucher forms", () => {
  const msg = (s: v.GenericSchema, x: object) => {
    const r = v.safeParse(s, x);
    return r.success ? null : r.issues[0].message;
  };
  it("speak the spec's messages", () => {
    const gift = { clientId: 1, ticketCount: 2, ticketDuration: "2030-01-01" };
    expect(msg(GiftInput, { ...gift, clientId: "" })).toBe("客户不能为空");
    expect(msg(GiftInput, { ...gift, ticketCount: "" })).toBe("赠送数量不能为空");
    expect(msg(GiftInput, { ...gift, ticketDuration: "" })).toBe("有效期限不能为空");
    expect(msg(PurchaseInput, { ...gift, payAmount: "" })).toBe("支付金额不能为空");
    expect(msg(PurchaseInput, { ...gift, ticketCount: "", payAmount: 1 })).toBe("数量不能为空");
    expect(msg(ReviewInput, { batchNo: "2026112400001", status: "" })).toBe("请选择审核状态！");
    expect(msg(ExchangeInput, { id: 1, clientId: 1, weekCount: "" })).toBe("兑换数量不能为空");
    expect(msg(ExchangeInput, { id: 1, clientId: 1, weekCount: 0 })).toBe("兑换数量必须大于或等于1周");
  });
  it("binding: 0 or blank is general, a list of ids otherwise", () => {
    const ok = (x: object) => v.parse(GiftInput, { clientId: 1, ticketCount: 2, ticketDuration: "2030-01-01", ...x }).bindingHotelIds;
    expect(ok({ bindingHotelId: "0" })).toEqual([0]);
    expect(ok({})).toEqual([]);
    expect(ok({ bindingHotelId: "3,5,3" })).toEqual([3, 5]);
    expect(ok({ hotelId: 7 })).toEqual([7]);
    expect(msg(GiftInput, { clientId: 1, ticketCount: 2, ticketDuration: "2030-01-01", bindingHotelId: "x" })).toBe("酒店不正确");
  });
  it("hotelticket/list: 3 gifts, '1,2' exchanges", () => {
    expect(v.parse(HotelTicketListQuery, { exchangeType: "3" }).exchangeType).toBe("gift");
    expect(v.parse(HotelTicketListQuery, { exchangeType: "1,2" }).exchangeType).toBe("exchange");
    expect(v.safeParse(HotelTicketListQuery, { exchangeType: "4" }).success).toBe(false);
  });
});
