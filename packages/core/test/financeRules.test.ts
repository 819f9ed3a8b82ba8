import { describe, expect, it } from "vitest";
import { planRows, closeLines, previousMonth, toBasisPoints, monthTotal, GROUP_TYPE } from "../src/finance/splitBill/rules.ts";
import { addUp, type MonthTotals } from "../src/finance/tallies/tally.ts";
import { profitShares, minimumPrice, checkModifiedPrice, SPLIT_CEILING } from "../src/finance/priceRules.ts";
import * as productRules from "../src/products/rules.ts";

/** The split-bill arithmetic and the price formulas (finance/splitBill/rules.ts, finance/priceRules.ts), pure. */
const totals = (rows: Array<[dim: "store" | "agent" | "channel", object: string, discount: number, offline: number, online: number]>): MonthTotals =>
  addUp(rows.map(([dim, object, discountFen, offlineFen, onlineFen]) => ({ dim, object, discountFen, offlineFen, onlineFen })));

/** One payment counted on every dimension, as tallyItems does. */
const month = (payments: Array<{ shop: string; agent?: string; channel?: string; d?: number; off?: number; on?: number }>) =>
  totals(
    payments.flatMap((p) => [
      ["store", p.shop, p.d ?? 0, p.off ?? 0, p.on ?? 0] as const,
      ["agent", p.agent ?? "", p.d ?? 0, p.off ?? 0, p.on ?? 0] as const,
      ["channel", p.channel ?? "", p.d ?? 0, p.off ?? 0, p.on ?? 0] as const,
    ]) as any,
  );

const sumCol = (rows: ReturnType<typeof planRows>, k: "discountFen" | "offlineFen" | "onlineFen" | "totalFen") => rows.reduce((s, r) => s + r[k], 0);

describe("split arithmetic", () => {
  const ratios = [
    { splitbillType: 1, bp: 4000 },
    { splitbillType: 2, bp: 3333 },
    { splitbillType: 3, bp: 1667 },
    { splitbillType: 4, bp: 1000 },
  ];

  it("rounds every share toward zero and gives the remainder to the group: the rows add up to the month, fen for fen", () => {
    // 1001 + 333 + 7 fen do not divide by any of the proportions.
    const t = month([
      { shop: "001001", agent: "甲代理", d: 1001, on: 7 },
      { shop: "001002", channel: "线上", off: 333 },
      { shop: "001002", agent: "甲代理", channel: "线上", d: 1, on: 10_000_01 },
    ]);
    const rows = planRows(t, ratios);
    const whole = monthTotal(t);
    expect(sumCol(rows, "discountFen")).toBe(whole.discountFen);
    expect(sumCol(rows, "offlineFen")).toBe(whole.offlineFen);
    expect(sumCol(rows, "onlineFen")).toBe(whole.onlineFen);
    expect(sumCol(rows, "totalFen")).toBe(1001 + 7 + 333 + 1 + 10_000_01);
    const store1 = rows.find((r) => r.splitbillType === 2 && r.object === "001001")!;
    expect(store1).toMatchObject({ discountFen: Math.trunc((1001 * 3333) / 10000), onlineFen: Math.trunc((7 * 3333) / 10000), bp: 3333 });
    // The agent type splits over agents, the payment without one being the object "" (shown as 其他).
    expect(rows.filter((r) => r.splitbillType === 3).map((r) => r.object)).toEqual(["", "甲代理"]);
    const group = rows.find((r) => r.splitbillType === GROUP_TYPE)!;
    const others = rows.filter((r) => r.splitbillType !== GROUP_TYPE);
    expect(group.totalFen).toBe(whole.discountFen + whole.offlineFen + whole.onlineFen - others.reduce((s, r) => s + r.totalFen, 0));
    // The group gets its 40 % and the rounding crumbs, never less than its own share.
    expect(group.totalFen).toBeGreaterThanOrEqual(Math.floor(((whole.discountFen + whole.offlineFen + whole.onlineFen) * 4000) / 10000));
  });

  it("a month of refunds (negative) still adds up, and a zero proportion gives no rows", () => {
    const t = month([
      { shop: "001001", d: -999 },
      { shop: "001002", d: 500 },
    ]);
    const rows = planRows(t, [
      { splitbillType: 1, bp: 7000 },
      { splitbillType: 2, bp: 3000 },
      { splitbillType: 3, bp: 0 },
    ]);
    expect(rows.some((r) => r.splitbillType === 3)).toBe(false);
    expect(sumCol(rows, "discountFen")).toBe(-499);
    expect(rows.find((r) => r.object === "001001" && r.splitbillType === 2)!.discountFen).toBe(-299);
  });

  it("ratios changed mid-year: each month is split by the ratios it is computed with", () => {
    const t = month([{ shop: "001001", on: 10_000 }]);
    const before = planRows(t, [
      { splitbillType: 1, bp: 5000 },
      { splitbillType: 2, bp: 5000 },
    ]);
    const after = planRows(t, [
      { splitbillType: 1, bp: 8000 },
      { splitbillType: 2, bp: 2000 },
    ]);
    expect(before.find((r) => r.splitbillType === 2)!.onlineFen).toBe(5000);
    expect(after.find((r) => r.splitbillType === 2)!.onlineFen).toBe(2000);
    expect(sumCol(before, "totalFen")).toBe(10_000);
    expect(sumCol(after, "totalFen")).toBe(10_000);
  });

  it("the month-close lines flag a month whose rows do not add up", () => {
    const r = [
      { splitbillType: 1, bp: 6000 },
      { splitbillType: 2, bp: 4000 },
    ];
    const ok = closeLines(1000, r, [
      { splitbillType: 1, totalFen: 600 },
      { splitbillType: 2, totalFen: 400 },
    ]);
    expect(ok.map((l) => l.flagged)).toEqual([false, false, false]);
    const bad = closeLines(1000, r, [
      { splitbillType: 1, totalFen: 600 },
      { splitbillType: 2, totalFen: 350 },
    ]);
    expect(bad.at(-1)).toMatchObject({ difference: -50, flagged: true });
    expect(bad[1]).toMatchObject({ expected: 400, rowsTotal: 350, flagged: true });
  });

  it("percentages, months", () => {
    expect(toBasisPoints("12.5")).toBe(1250);
    expect(toBasisPoints(33.33)).toBe(3333);
    expect(toBasisPoints("100")).toBe(10000);
    expect(toBasisPoints("100.01")).toBeNull();
    expect(toBasisPoints("1.234")).toBeNull();
    expect(toBasisPoints("-1")).toBeNull();
    expect(previousMonth("2027-01-01")).toEqual({ year: 2026, month: 12 });
    expect(previousMonth("2026-03-01")).toEqual({ year: 2026, month: 2 });
  });
});

describe("price formulas and profit shares", () => {
  it("one module: the product rules are the finance formulas", () => {
    expect(productRules.minimumPrice).toBe(minimumPrice);
    expect(productRules.SPLIT_CEILING).toBe(SPLIT_CEILING);
  });

  it("minimum price edge cases: split sum at or above 30 skips the minimum, payAmount ≥ groupAmount stays", () => {
    expect(minimumPrice(100_00, { profitsharingAmount: 10, agentAmount: 5, channelAmount: 5 })).toBe(300);
    expect(minimumPrice(100_00, { profitsharingAmount: 10, agentAmount: 10, channelAmount: 10 })).toBeNull();
    expect(() => checkModifiedPrice(99_99, 100_00, { profitsharingAmount: 30, agentAmount: 0, channelAmount: 0 })).toThrow("支付金额不能小于集团独立收款金额");
    expect(() => checkModifiedPrice(299_99, 100_00, { profitsharingAmount: 10, agentAmount: 5, channelAmount: 5 })).toThrow("支付金额不能小于300");
  });

  it("shares add up to floor(pay × sum %) with the remainder to the group; nothing shared without percentages", () => {
    const s = profitShares(333_33, { profitsharingAmount: 10, agentAmount: 3.33, channelAmount: 6.67 });
    expect(s.map((p) => p.accountType)).toEqual(["profitsharingAmount", "agentAmount", "channelAmount"]);
    const whole = Math.floor((333_33 * 2000) / 10000);
    expect(s.reduce((a, p) => a + p.fen, 0)).toBe(whole);
    expect(s[1].fen).toBe(Math.floor((333_33 * 333) / 10000));
    expect(s[2].fen).toBe(Math.floor((333_33 * 667) / 10000));
    expect(profitShares(100_00, { profitsharingAmount: 0, agentAmount: 0, channelAmount: 0 })).toEqual([]);
    expect(profitShares(1, { profitsharingAmount: 10, agentAmount: 0, channelAmount: 0 })).toEqual([]);
    // Never more than the provider's 30 %.
    const over = profitShares(100_00, { profitsharingAmount: 20, agentAmount: 20, channelAmount: 20 });
    expect(over.reduce((a, p) => a + p.fen, 0)).toBe(30_00);
  });
});
