import { describe, expect, it } from "vitest";
import { batchView, voucherTotals } from "../src/vouchers/clientBalances.ts";
import type { VoucherBatchItem } from "../src/vouchers/ledger/entities.ts";

const NOW = "2026-11-24 12:00:00";
let id = 0;
const batch = (over: Partial<VoucherBatchItem>): VoucherBatchItem =>
  ({
    tenantId: "t",
    clientId: 1,
    id: ++id,
    batchNo: `B${id}`,
    ticketType: 0,
    priceType: 1,
    useScope: 3,
    ticketCount: 5,
    usedCount: 0,
    remainingCount: 5,
    ticketDuration: "2030-12-31 23:59:59",
    status: 1,
    ...over,
  }) as VoucherBatchItem;

describe("a client's voucher totals", () => {
  it("counts as remaining only reviewed, unexpired vouchers; pending and expired apart", () => {
    const views = [
      batch({ ticketCount: 5, usedCount: 2, remainingCount: 3 }),
      batch({ ticketCount: 5, usedCount: 0, remainingCount: 5 }),
      // Expired at the end of yesterday: its leftovers are expired, what it gave is still used.
      batch({ ticketCount: 4, usedCount: 1, remainingCount: 3, ticketDuration: "2026-11-23 23:59:59" }),
      // A gift waiting for review: not issued yet.
      batch({ ticketCount: 6, remainingCount: 6, status: 0 }),
      batch({ useScope: 2, ticketCount: 2, remainingCount: 2 }),
      // Revoked: ticketCount already lowered to what was used.
      batch({ useScope: 2, ticketCount: 1, usedCount: 1, remainingCount: 0, revokedCount: 4 }),
      batch({ ticketType: 1, priceType: 1, useScope: 1, ticketCount: 3, remainingCount: 3 }),
    ].map((b) => batchView(b, NOW));
    expect(views[2]!.expired).toBe(true);
    expect(views[0]!.expired).toBe(false);
    expect(voucherTotals(views)).toEqual([
      { ticketType: 0, priceType: 1, useScope: 2, issued: 3, used: 1, remaining: 2, pending: 0, expired: 0 },
      { ticketType: 0, priceType: 1, useScope: 3, issued: 14, used: 3, remaining: 8, pending: 6, expired: 3 },
      { ticketType: 1, priceType: 1, useScope: 1, issued: 3, used: 0, remaining: 3, pending: 0, expired: 0 },
    ]);
  });

  it("is empty for a client without vouchers", () => {
    expect(voucherTotals([])).toEqual([]);
  });
});
