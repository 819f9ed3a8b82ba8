import { describe, it, expect } from "vitest";
import {
  addWeeksNow,
  addWeeks,
  deductWeeks,
  deductWeeksNow,
  restoreWeeksNow,
  rciDelta,
  readLedger,
  NOT_ENOUGH_WEEKS,
  WEEKDAY_NIGHTS,
  WEEKEND_NIGHTS,
  type LedgerKey,
} from "../src/clients/ledger/ledger.ts";
import { transact, txPut } from "../src/kernel/tx.ts";
import { MembershipAccount } from "../src/clients/ledger/entities.ts";

let next = 1;
const key = (): LedgerKey => ({ tenantId: "ledger", clientId: next++, productTypeId: 7 });
const FAR = "2099-12-31";

const balance = async (k: LedgerKey) => {
  const { account, lots } = await readLedger(k);
  const pick = (x: any) => ({
    storeCount: x.storeCount,
    usedCount: x.usedCount ?? 0,
    usedFirstHaltCount: x.usedFirstHaltCount ?? 0,
    usedSecondHaltCount: x.usedSecondHaltCount ?? 0,
    remainingCount: x.remainingCount,
    remainingFirstHaltCount: x.remainingFirstHaltCount ?? 0,
    remainingSecondHaltCount: x.remainingSecondHaltCount ?? 0,
  });
  return { summary: pick(account), lots: lots.map(pick) };
};

/**
 * Every balance is ≥ 0, every broken week is 5 weekday + 2 weekend nights (used or loose), and the
 * summary is the sum of its lots.
 */
function assertConsistent(b: Awaited<ReturnType<typeof balance>>) {
  for (const x of [b.summary, ...b.lots]) {
    for (const v of Object.values(x)) expect(v).toBeGreaterThanOrEqual(0);
    const broken = x.storeCount - x.remainingCount - x.usedCount;
    expect(x.usedFirstHaltCount + x.remainingFirstHaltCount).toBe(WEEKDAY_NIGHTS * broken);
    expect(x.usedSecondHaltCount + x.remainingSecondHaltCount).toBe(WEEKEND_NIGHTS * broken);
  }
  for (const k of Object.keys(b.summary) as (keyof typeof b.summary)[]) expect(b.lots.reduce((s, l) => s + l[k], 0)).toBe(b.summary[k]);
}

describe("the membership ledger", () => {
  it("adds lots of weeks and keeps the summary as their sum", async () => {
    const k = key();
    const a = await addWeeksNow(k, { weeks: 10, shipDuration: FAR, productName: "十年会籍", amount: 5000000, source: "purchase", sourceId: "W1" });
    await addWeeksNow(k, { weeks: 2, shipDuration: "2098-01-01 12:00:00", source: "gift" });
    const b = await balance(k);
    expect(b.summary).toMatchObject({ storeCount: 12, remainingCount: 12, usedCount: 0 });
    assertConsistent(b);
    const { lots } = await readLedger(k);
    expect(lots.find((l) => l.id === a)).toMatchObject({ shipDuration: "2099-12-31 23:59:59", productName: "十年会籍", amount: 5000000 });
  });

  it("deducts weeks and nights, breaking a week only when no loose night is left", async () => {
    const k = key();
    await addWeeksNow(k, { weeks: 3, shipDuration: FAR });
    await deductWeeksNow(k, { weekdayNights: 1 });
    let b = await balance(k);
    // One week broken: 4 weekday and 2 weekend nights of it stay loose.
    expect(b.summary).toMatchObject({ remainingCount: 2, usedFirstHaltCount: 1, remainingFirstHaltCount: 4, remainingSecondHaltCount: 2 });
    await deductWeeksNow(k, { weekendNights: 2 });
    b = await balance(k);
    // The loose weekend nights were used: no second week was broken.
    expect(b.summary).toMatchObject({ remainingCount: 2, remainingSecondHaltCount: 0, usedSecondHaltCount: 2 });
    await deductWeeksNow(k, { weeks: 2 });
    b = await balance(k);
    expect(b.summary).toMatchObject({ remainingCount: 0, usedCount: 2, storeCount: 3 });
    await expect(deductWeeksNow(k, { weekdayNights: 5 })).rejects.toThrow(NOT_ENOUGH_WEEKS);
    await deductWeeksNow(k, { weekdayNights: 4 });
    b = await balance(k);
    expect(b.summary).toMatchObject({ remainingFirstHaltCount: 0, usedFirstHaltCount: 5 });
    assertConsistent(b);
    await expect(deductWeeksNow(k, { weekendNights: 1 })).rejects.toThrow(NOT_ENOUGH_WEEKS);
  });

  it("never deducts from an expired lot", async () => {
    const k = key();
    await addWeeksNow(k, { weeks: 5, shipDuration: "2020-01-01" });
    await expect(deductWeeksNow(k, { weeks: 1 })).rejects.toThrow(NOT_ENOUGH_WEEKS);
  });

  it("restores what a deduction took, to the lots it came from", async () => {
    const k = key();
    await addWeeksNow(k, { weeks: 1, shipDuration: "2090-01-01" });
    await addWeeksNow(k, { weeks: 4, shipDuration: FAR });
    const takes = await deductWeeksNow(k, { weeks: 2, weekendNights: 1 });
    expect(takes.map((t) => t.lotId).length).toBe(2);
    let b = await balance(k);
    expect(b.summary).toMatchObject({ remainingCount: 2, usedCount: 2, remainingFirstHaltCount: 5, remainingSecondHaltCount: 1, usedSecondHaltCount: 1 });
    assertConsistent(b);
    await restoreWeeksNow(k, takes);
    b = await balance(k);
    // Weeks come back whole, the night comes back loose; the broken week stays broken.
    expect(b.summary).toMatchObject({ remainingCount: 4, usedCount: 0, remainingFirstHaltCount: 5, remainingSecondHaltCount: 2, usedSecondHaltCount: 0 });
    assertConsistent(b);
    // Restoring twice would make used counts negative: refused.
    await expect(restoreWeeksNow(k, takes)).rejects.toThrow(NOT_ENOUGH_WEEKS);
  });

  it("commits with the caller's own items or not at all", async () => {
    const k = key();
    await addWeeksNow(k, { weeks: 3, shipDuration: FAR });
    const { items } = await deductWeeks(k, { weeks: 2 });
    // Another area's condition that fails (e.g. the order was already paid) cancels the deduction too.
    const marker = { ...k, productTypeId: 8 };
    await MembershipAccount.create(marker).go();
    const failing = txPut(MembershipAccount.create(marker), "订单已处理");
    await expect(transact([...items, failing])).rejects.toThrow("订单已处理");
    expect((await balance(k)).summary.remainingCount).toBe(3);
    // Nothing was taken, so the same items still apply.
    await transact(items);
    expect((await balance(k)).summary).toMatchObject({ storeCount: 3, remainingCount: 1 });
    // One transaction touches an item once: adding and deducting the same ledger together is refused.
    const add = await addWeeks(k, { weeks: 1, shipDuration: FAR });
    const more = await deductWeeks(k, { weeks: 1 });
    await expect(transact([...add.items, ...more.items])).rejects.toThrow(/multiple operations on one item/);
  });

  it("lets exactly the covered deductions through when 30 run at once (never below zero)", async () => {
    const k = key();
    // 10 weekday nights: 5 loose ones in a broken week and 5 in a whole week of another lot.
    await addWeeksNow(k, { weeks: 1, shipDuration: FAR });
    await addWeeksNow(k, { weeks: 1, shipDuration: "2098-01-01" });
    await deductWeeksNow(k, { weekendNights: 1 });
    let b = await balance(k);
    expect(b.summary).toMatchObject({ remainingCount: 1, remainingFirstHaltCount: 5, remainingSecondHaltCount: 1 });

    const results = await Promise.allSettled(Array.from({ length: 30 }, () => deductWeeksNow(k, { weekdayNights: 1 })));
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.desc);
    expect(ok).toBe(10);
    expect(new Set(refused)).toEqual(new Set([NOT_ENOUGH_WEEKS]));
    b = await balance(k);
    expect(b.summary).toMatchObject({ remainingCount: 0, remainingFirstHaltCount: 0, usedFirstHaltCount: 10, remainingSecondHaltCount: 3, usedSecondHaltCount: 1 });
    assertConsistent(b);
  });

  it("breaks weeks concurrently without overdrawing either side", async () => {
    const k = key();
    // 3 weeks: 15 weekday nights but only 6 weekend nights, so 6 stays of one weekday and one weekend night fit.
    await addWeeksNow(k, { weeks: 2, shipDuration: FAR });
    await addWeeksNow(k, { weeks: 1, shipDuration: "2098-01-01" });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => deductWeeksNow(k, { weekdayNights: 1, weekendNights: 1 })));
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(6);
    const b = await balance(k);
    expect(b.summary).toMatchObject({ remainingCount: 0, usedCount: 0, usedFirstHaltCount: 6, remainingFirstHaltCount: 9, usedSecondHaltCount: 6, remainingSecondHaltCount: 0 });
    assertConsistent(b);
  });

  it("holds whole weeks the same way under 30 parallel deductions", async () => {
    const k = key();
    await addWeeksNow(k, { weeks: 10, shipDuration: FAR });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => deductWeeksNow(k, { weeks: 1 })));
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(10);
    const b = await balance(k);
    expect(b.summary).toMatchObject({ remainingCount: 0, usedCount: 10 });
    assertConsistent(b);
  });

  it("moves weeks to the exchange network with the deduction, and back with the restore", async () => {
    const k = key();
    await addWeeksNow(k, { weeks: 4, shipDuration: FAR });
    const takes = await deductWeeksNow(k, { weeks: 3 }, () => [], { toRci: 3 });
    expect((await readLedger(k)).account).toMatchObject({ remainingCount: 1, usedCount: 3, rciStoreCount: 3 });
    await restoreWeeksNow(k, takes, [], { fromRci: 3 });
    expect((await readLedger(k)).account).toMatchObject({ remainingCount: 4, usedCount: 0, rciStoreCount: 0 });
  });

  it("keeps the exchange-network weeks at zero or above", async () => {
    const k = key();
    await addWeeksNow(k, { weeks: 2, shipDuration: FAR });
    await transact([rciDelta(k, 2)]);
    await transact([rciDelta(k, -1)]);
    await expect(transact([rciDelta(k, -2)])).rejects.toThrow(NOT_ENOUGH_WEEKS);
    expect((await readLedger(k)).account?.rciStoreCount).toBe(1);
  });
});
