import { DomainError } from "../../kernel/errors.ts";

/**
 * Planning a deduction, without I/O (the console imports this file): which lots give what.
 *
 * Stored weeks are counted in nights, because hotel bookings deduct by the night (R150, R169): a
 * week is 5 weekday nights and 2 weekend nights. A week stays whole until nights are taken from
 * it; then it is broken, its 5 + 2 nights become loose nights of its lot, and what is not taken
 * stays loose for the next booking. The "Halt" counts (contract spelling) hold nights:
 * remaining…HaltCount = loose nights left, used…HaltCount = nights used.
 */
export const NOT_ENOUGH_WEEKS = "剩余周次不足";
const BAD_AMOUNT = "周次数量不正确";

/** Nights in one stored week (R169). */
export const WEEKDAY_NIGHTS = 5;
export const WEEKEND_NIGHTS = 2;

export type Balance = {
  remainingCount: number;
  remainingFirstHaltCount: number;
  remainingSecondHaltCount: number;
};
export type PlanLot = Balance & { id: number; shipDuration: string };

/** What a caller asks to take: whole weeks, weekday nights, weekend nights (room-nights, i.e. nights × rooms). */
export type WeekAmount = { weeks?: number; weekdayNights?: number; weekendNights?: number };
type Amount = Required<WeekAmount>;

/**
 * What one lot gives: `weeks` whole weeks used, `breaks` whole weeks broken into loose nights,
 * and the nights taken from loose nights (those of the broken weeks included).
 */
export type LotTake = { lotId: number; weeks: number; breaks: number; weekdayNights: number; weekendNights: number };

export const emptyTake = (lotId: number): LotTake => ({ lotId, weeks: 0, breaks: 0, weekdayNights: 0, weekendNights: 0 });

/** The counts a take moves, on a lot and on the summary alike. */
export const COUNT_FIELDS = ["remainingCount", "usedCount", "remainingFirstHaltCount", "usedFirstHaltCount", "remainingSecondHaltCount", "usedSecondHaltCount"] as const;
export type Deltas = Record<(typeof COUNT_FIELDS)[number], number>;

/** Changes a take makes to a balance. */
export function takeDeltas(t: LotTake): Deltas {
  return {
    remainingCount: -(t.weeks + t.breaks),
    usedCount: t.weeks,
    remainingFirstHaltCount: WEEKDAY_NIGHTS * t.breaks - t.weekdayNights,
    usedFirstHaltCount: t.weekdayNights,
    remainingSecondHaltCount: WEEKEND_NIGHTS * t.breaks - t.weekendNights,
    usedSecondHaltCount: t.weekendNights,
  };
}

/** Changes that give a take back: weeks come back whole, nights come back loose (a broken week stays broken). */
export function restoreDeltas(t: LotTake): Deltas {
  if (![t.weeks, t.breaks, t.weekdayNights, t.weekendNights].every((v) => Number.isInteger(v) && v >= 0)) throw new DomainError(BAD_AMOUNT, "400");
  return {
    remainingCount: t.weeks,
    usedCount: -t.weeks,
    remainingFirstHaltCount: t.weekdayNights,
    usedFirstHaltCount: -t.weekdayNights,
    remainingSecondHaltCount: t.weekendNights,
    usedSecondHaltCount: -t.weekendNights,
  };
}

function amountOf(a: WeekAmount): Amount {
  const out = { weeks: a.weeks ?? 0, weekdayNights: a.weekdayNights ?? 0, weekendNights: a.weekendNights ?? 0 };
  for (const v of Object.values(out)) if (!Number.isInteger(v) || v < 0) throw new DomainError(BAD_AMOUNT, "400");
  return out;
}

export function checkAmount(a: WeekAmount): Amount {
  const out = amountOf(a);
  if (out.weeks + out.weekdayNights + out.weekendNights === 0) throw new DomainError(BAD_AMOUNT, "400");
  return out;
}

type Slot = { lot: Balance; take: LotTake };
const SIDES = [
  { nights: "weekdayNights", loose: "remainingFirstHaltCount", perWeek: WEEKDAY_NIGHTS },
  { nights: "weekendNights", loose: "remainingSecondHaltCount", perWeek: WEEKEND_NIGHTS },
] as const;

/** Takes up to `n` whole weeks from the slots in order; answers how many it could not find. */
function takeWeeks(slots: Slot[], n: number): number {
  for (const s of slots) {
    const k = Math.min(n, s.lot.remainingCount);
    s.take.weeks += k;
    s.lot.remainingCount -= k;
    n -= k;
  }
  return n;
}

/** Takes what is still needed of each side from the slot's loose nights. */
function takeLoose(s: Slot, need: Amount) {
  for (const side of SIDES) {
    const k = Math.min(need[side.nights], s.lot[side.loose]);
    s.take[side.nights] += k;
    s.lot[side.loose] -= k;
    need[side.nights] -= k;
  }
}

/**
 * Fills the request from the slots, in their order, and answers what is still missing. Order of
 * use: requested whole weeks; loose nights; whole weeks for what both sides still need in whole
 * shares (5 weekday + 2 weekend nights of one week are simply that week used); last, weeks broken
 * one at a time, the nights not needed staying loose in their lot.
 */
function allocate(slots: Slot[], want: Amount): Amount {
  const need = { ...want };
  need.weeks = takeWeeks(slots, need.weeks);
  for (const s of slots) takeLoose(s, need);
  const shares = Math.min(Math.floor(need.weekdayNights / WEEKDAY_NIGHTS), Math.floor(need.weekendNights / WEEKEND_NIGHTS));
  const taken = shares - takeWeeks(slots, shares);
  for (const side of SIDES) need[side.nights] -= side.perWeek * taken;
  for (const s of slots) {
    while ((need.weekdayNights > 0 || need.weekendNights > 0) && s.lot.remainingCount > 0) {
      s.lot.remainingCount -= 1;
      s.take.breaks += 1;
      for (const side of SIDES) s.lot[side.loose] += side.perWeek;
      takeLoose(s, need);
    }
  }
  return need;
}

const isShort = (need: Amount) => need.weeks + need.weekdayNights + need.weekendNights > 0;

/** Lots whose expiry is not past, earliest expiry first (then oldest), and what each gives. Throws 剩余周次不足 when they cannot cover it. */
export function planDeduction(lots: PlanLot[], amount: WeekAmount, now: string): LotTake[] {
  const want = checkAmount(amount);
  const slots = lots
    .filter((l) => l.shipDuration >= now)
    .sort((a, b) => (a.shipDuration < b.shipDuration ? -1 : a.shipDuration > b.shipDuration ? 1 : a.id - b.id))
    .map((l) => ({ lot: { ...l }, take: emptyTake(l.id) }));
  if (isShort(allocate(slots, want))) throw new DomainError(NOT_ENOUGH_WEEKS, "400");
  return slots.map((s) => s.take).filter((t) => t.weeks + t.breaks + t.weekdayNights + t.weekendNights > 0);
}

export type DeductionPreview = Omit<LotTake, "lotId"> & {
  /** Whether the balance covers the request. */
  ok: boolean;
  /** What is missing when it does not (0 each when it does). */
  short: Amount;
  /** The balance after the deduction (of what could be taken, when short). */
  after: Balance;
};

/**
 * What a deduction would take from a client's summary, without I/O, for the booking wizard's live
 * "enough weeks?" check. It ignores expiry (the summary does not know which lot expires when), so
 * the server's deduction has the last word. An empty request is ok and takes nothing.
 */
export function previewDeduction(balance: Partial<Balance>, amount: WeekAmount): DeductionPreview {
  // A summary item may lack a count it never moved (the first addWeeks sets only the whole weeks).
  const lot = {
    remainingCount: balance.remainingCount ?? 0,
    remainingFirstHaltCount: balance.remainingFirstHaltCount ?? 0,
    remainingSecondHaltCount: balance.remainingSecondHaltCount ?? 0,
  };
  const slot: Slot = { lot, take: emptyTake(0) };
  const short = allocate([slot], amountOf(amount));
  const { lotId: _, ...take } = slot.take;
  // allocate() took from the slot's copy of the balance: it is what stays.
  return { ok: !isShort(short), ...take, short, after: slot.lot };
}
