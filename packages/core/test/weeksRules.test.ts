import { describe, it, expect } from "vitest";
import { canApplyDelay, canReturn, canReviewDelay, checkDelay, checkExchangeCount, checkGiftExpiry, backText, delayText, giftStatusText } from "../src/weeks/rules.ts";
import { historyRows } from "../src/clients/ledger/history.ts";
import type { MembershipEntryItem } from "../src/clients/ledger/entities.ts";

const fails = (f: () => void) => {
  try {
    f();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
};

describe("gift-week and exchange rules", () => {
  it("names the states as the spec does (R220, R224, R229)", () => {
    expect([0, 1].map(giftStatusText)).toEqual(["待审核", "已审核"]);
    expect([0, 1, 2, 3].map(delayText)).toEqual(["未延期", "已延期", "延期审核中", "延期不通过"]);
    expect([0, 1, 2].map(backText)).toEqual(["兑换", "退回", "已退回"]);
  });

  it("offers a delay only on a reviewed gift with delay 0, and its review only while under review (R225, R226)", () => {
    expect(canApplyDelay({ status: 1, delay: 0 })).toBe(true);
    expect(canApplyDelay({ status: 0, delay: 0 })).toBe(false);
    for (const delay of [1, 2, 3]) expect(canApplyDelay({ status: 1, delay })).toBe(false);
    expect(canReviewDelay({ status: 1, delay: 2 })).toBe(true);
    for (const delay of [0, 1, 3]) expect(canReviewDelay({ status: 1, delay })).toBe(false);
  });

  it("offers a return only on an exchange (R230)", () => {
    expect([0, 1, 2].map((backFlag) => canReturn({ backFlag }))).toEqual([true, false, false]);
  });

  it("checks expiry dates and exchange counts (R237, R238)", () => {
    expect(fails(() => checkGiftExpiry("2026-05-01", "2026-05-02"))).toBe("有效期限不能早于今天");
    expect(fails(() => checkGiftExpiry("2026-05-02", "2026-05-02"))).toBe("");
    expect(fails(() => checkDelay("2026-06-01", "2026-06-01 23:59:59", "2026-05-02"))).toBe("延期期限必须晚于原有效期限");
    expect(fails(() => checkDelay("2026-06-02", "2026-06-01 23:59:59", "2026-05-02"))).toBe("");
    expect(fails(() => checkExchangeCount(0, 3))).toBe("兑换数量必须大于或等于1周");
    expect(fails(() => checkExchangeCount(1.5, 3))).toBe("兑换数量必须大于或等于1周");
    expect(fails(() => checkExchangeCount(4, 3))).toBe("兑换数量不能大于剩余数量");
    expect(fails(() => checkExchangeCount(3, 3))).toBe("");
  });
});

describe("balance history", () => {
  const entry = (at: string, productTypeId: number, d: Partial<MembershipEntryItem>): MembershipEntryItem =>
    ({ tenantId: "t", clientId: 1, at, productTypeId, kind: "add", dStore: 0, dRemaining: 0, dFirst: 0, dSecond: 0, dRci: 0, ...d }) as MembershipEntryItem;

  it("works out before/after backwards from the current balance, per product type", () => {
    const now = new Map([
      [7, { remainingCount: 1, remainingFirstHaltCount: 4, remainingSecondHaltCount: 1, rciStoreCount: 1, storeCount: 3 }],
      [8, { remainingCount: 2, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0, rciStoreCount: 0, storeCount: 2 }],
    ]);
    const rows = historyRows(
      [
        entry("4", 7, { kind: "deduct", dRemaining: -1, dFirst: 4, dSecond: 1 }), // a weekday + weekend night broke a week
        entry("3", 8, { dStore: 2, dRemaining: 2 }),
        entry("2", 7, { kind: "deduct", dRemaining: -1, dRci: 1 }), // one week to RCI
        entry("1", 7, { dStore: 3, dRemaining: 3 }),
      ],
      now,
    );
    expect(rows.map((r) => [r.at, r.before.remainingCount, r.after.remainingCount])).toEqual([
      ["4", 2, 1],
      ["3", 0, 2],
      ["2", 3, 2],
      ["1", 0, 3],
    ]);
    expect(rows[0].before).toMatchObject({ remainingFirstHaltCount: 0, remainingSecondHaltCount: 0, rciStoreCount: 1 });
    expect(rows[2]).toMatchObject({ before: { rciStoreCount: 0 }, after: { rciStoreCount: 1 } });
    expect(rows[3].before).toEqual({ remainingCount: 0, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0, rciStoreCount: 0, storeCount: 0 });
  });
});
