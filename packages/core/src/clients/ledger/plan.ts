import { DomainError } from "../../kernel/errors.ts";

/**
 * Planning a deduction, without I/O: which lots give what. Lots are used earliest expiry first
 * (then oldest); expired lots give nothing. A half is taken from loose halves first and only then
 * by breaking a whole week, which leaves the other half loose.
 */
export const NOT_ENOUGH_WEEKS = "剩余周次不足";

export type Balance = {
  remainingCount: number;
  remainingFirstHaltCount: number;
  remainingSecondHaltCount: number;
};
export type PlanLot = Balance & { id: number; shipDuration: string };

/** What a caller asks to take: whole weeks, weekday halves, weekend halves. */
export type WeekAmount = { weeks?: number; weekdayHalves?: number; weekendHalves?: number };

/** What one lot gives. `firstBreak`/`secondBreak` count weeks broken for a weekday/weekend half. */
export type LotTake = { lotId: number; weeks: number; firstLoose: number; secondLoose: number; firstBreak: number; secondBreak: number };

export const emptyTake = (lotId: number): LotTake => ({ lotId, weeks: 0, firstLoose: 0, secondLoose: 0, firstBreak: 0, secondBreak: 0 });

/** Changes a take makes to a balance (lot or summary). */
export function takeDeltas(t: LotTake) {
  const broken = t.firstBreak + t.secondBreak;
  return {
    remainingCount: -(t.weeks + broken),
    usedCount: t.weeks,
    remainingFirstHaltCount: t.secondBreak - t.firstLoose,
    usedFirstHaltCount: t.firstLoose + t.firstBreak,
    remainingSecondHaltCount: t.firstBreak - t.secondLoose,
    usedSecondHaltCount: t.secondLoose + t.secondBreak,
  };
}

export function checkAmount(a: WeekAmount): Required<WeekAmount> {
  const out = { weeks: a.weeks ?? 0, weekdayHalves: a.weekdayHalves ?? 0, weekendHalves: a.weekendHalves ?? 0 };
  for (const v of Object.values(out)) if (!Number.isInteger(v) || v < 0) throw new DomainError("周次数量不正确", "400");
  if (out.weeks + out.weekdayHalves + out.weekendHalves === 0) throw new DomainError("周次数量不正确", "400");
  return out;
}

export function planDeduction(lots: PlanLot[], amount: WeekAmount, now: string): LotTake[] {
  const want = checkAmount(amount);
  const usable = lots
    .filter((l) => l.shipDuration >= now)
    .sort((a, b) => (a.shipDuration < b.shipDuration ? -1 : a.shipDuration > b.shipDuration ? 1 : a.id - b.id))
    .map((l) => ({ lot: { ...l }, take: emptyTake(l.id) }));

  let weeks = want.weeks;
  let first = want.weekdayHalves;
  let second = want.weekendHalves;
  // Whole weeks first, then loose halves, then broken weeks: breaking is the last resort.
  for (const u of usable) {
    const n = Math.min(weeks, u.lot.remainingCount);
    u.take.weeks += n;
    u.lot.remainingCount -= n;
    weeks -= n;
  }
  for (const u of usable) {
    const a = Math.min(first, u.lot.remainingFirstHaltCount);
    u.take.firstLoose += a;
    u.lot.remainingFirstHaltCount -= a;
    first -= a;
    const b = Math.min(second, u.lot.remainingSecondHaltCount);
    u.take.secondLoose += b;
    u.lot.remainingSecondHaltCount -= b;
    second -= b;
  }
  for (const u of usable) {
    while ((first > 0 || second > 0) && u.lot.remainingCount > 0) {
      u.lot.remainingCount -= 1;
      if (first > 0 && second > 0) {
        // Both halves of the week are wanted: it is simply a whole week used.
        u.take.weeks += 1;
        first -= 1;
        second -= 1;
      } else if (first > 0) {
        u.take.firstBreak += 1;
        first -= 1;
      } else {
        u.take.secondBreak += 1;
        second -= 1;
      }
    }
  }
  if (weeks > 0 || first > 0 || second > 0) throw new DomainError(NOT_ENOUGH_WEEKS, "400");
  return usable.map((u) => u.take).filter((t) => t.weeks + t.firstLoose + t.secondLoose + t.firstBreak + t.secondBreak > 0);
}
