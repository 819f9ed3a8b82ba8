import type { MonthTotals, ObjectTotals } from "../tallies/tally.ts";

/**
 * The split-bill arithmetic, pure and in integer fen. Proportions are basis points (hundredths of
 * a percent: 12.5 % = 1250) so a total of exactly 100 % is an integer comparison.
 *
 * Split types come from the `splitbillType` style list; each type splits the month over the
 * objects of one dimension: 门店 (2) over stores, 代理 (3) over agents, 渠道 (4) over channels,
 * and 集团 (1) — or any type the tenant adds — is one row for the whole month. The group row
 * takes what the others leave: month total − Σ every other row, column by column, so the rows of
 * a month always add up to the month's total and no fen is lost or made by rounding.
 */
export const GROUP_TYPE = 1;
export const TYPE_DIM: Record<number, "store" | "agent" | "channel"> = { 2: "store", 3: "agent", 4: "channel" };
export const FULL_BP = 10_000;
export const MSG = {
  notHundred: "分账比例合计不等于100，请检查",
  noSettingRight: "你没有设置分账权限",
  noRebuildRight: "你没有启分账权限",
  badList: "分账比例格式不正确",
  badType: "分账类型不正确",
  badProportion: "分账比例必须是0到100之间的数字（最多两位小数）",
  noRow: "分账记录不存在",
} as const;

/** "12.5" / 12.5 → 1250; null when it is not a percentage 0–100 with at most 2 decimals. */
export function toBasisPoints(x: unknown): number | null {
  const s = String(x ?? "").trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  const [i, f = ""] = s.split(".");
  const bp = Number(i) * 100 + Number((f + "00").slice(0, 2));
  return bp <= FULL_BP ? bp : null;
}
export const bpToPercent = (bp: number): number => bp / 100;

export type Ratio = { splitbillType: number; bp: number };
export type Money = { discountFen: number; offlineFen: number; onlineFen: number };
export type SplitRowPlan = Money & { splitbillType: number; object: string; totalFen: number; bp: number };

const zero = (): Money => ({ discountFen: 0, offlineFen: 0, onlineFen: 0 });
const plus = (a: Money, b: Money): Money => ({ discountFen: a.discountFen + b.discountFen, offlineFen: a.offlineFen + b.offlineFen, onlineFen: a.onlineFen + b.onlineFen });
const minus = (a: Money, b: Money): Money => ({ discountFen: a.discountFen - b.discountFen, offlineFen: a.offlineFen - b.offlineFen, onlineFen: a.onlineFen - b.onlineFen });
const totalOf = (m: Money) => m.discountFen + m.offlineFen + m.onlineFen;
/** A share of an amount, rounded toward zero (a refund month's negative share is not rounded up in size). */
const share = (fen: number, bp: number) => Math.trunc((fen * bp) / FULL_BP);
const shareOf = (m: ObjectTotals, bp: number): Money => ({ discountFen: share(m.discountFen, bp), offlineFen: share(m.offlineFen, bp), onlineFen: share(m.onlineFen, bp) });

/** The month's whole takings: every payment is counted once per dimension, so the stores' sum is the total. */
export const monthTotal = (t: MonthTotals): Money => [...t.store.values()].reduce(plus, zero());

/**
 * The rows of one month: per split type with a proportion, one row per object of its dimension,
 * and the group row with the remainder. Objects are sorted so a rerun writes the same rows.
 */
export function planRows(t: MonthTotals, ratios: Ratio[]): SplitRowPlan[] {
  const whole = monthTotal(t);
  const rows: SplitRowPlan[] = [];
  let given = zero();
  for (const r of ratios) {
    if (r.splitbillType === GROUP_TYPE || r.bp <= 0) continue;
    const dim = TYPE_DIM[r.splitbillType];
    const objects: Array<[string, ObjectTotals]> = dim ? [...t[dim].entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [["", whole]];
    for (const [object, m] of objects) {
      const part = shareOf(m, r.bp);
      given = plus(given, part);
      rows.push({ splitbillType: r.splitbillType, object, ...part, totalFen: totalOf(part), bp: r.bp });
    }
  }
  const groupBp = ratios.find((r) => r.splitbillType === GROUP_TYPE)?.bp ?? 0;
  const rest = minus(whole, given);
  if (groupBp > 0 || rest.discountFen || rest.offlineFen || rest.onlineFen) {
    rows.push({ splitbillType: GROUP_TYPE, object: "", ...rest, totalFen: totalOf(rest), bp: groupBp });
  }
  return rows;
}

/** One line of the month-close view: a split type's expected share of the month against its rows. */
export type CloseLine = { splitbillType: number; proportion: number; monthTotal: number; expected: number; rowsTotal: number; difference: number; flagged: boolean };

/**
 * The month-close check (beyond the spec): per split type, month total × proportion against the
 * sum of its rows, and a last line for the month against every row. A type's difference of a few
 * fen is rounding the group row absorbed; the last line must be 0 — anything else is flagged, as
 * is any type whose rows differ from its share by more than one fen per row.
 */
export function closeLines(whole: number, ratios: Ratio[], rows: Array<{ splitbillType: number; totalFen: number }>): CloseLine[] {
  const lines: CloseLine[] = ratios.map((r) => {
    const own = rows.filter((x) => x.splitbillType === r.splitbillType);
    const rowsTotal = own.reduce((s, x) => s + x.totalFen, 0);
    const expected = Math.round((whole * r.bp) / FULL_BP);
    const difference = rowsTotal - expected;
    return {
      splitbillType: r.splitbillType,
      proportion: bpToPercent(r.bp),
      monthTotal: whole,
      expected,
      rowsTotal,
      difference,
      flagged: Math.abs(difference) > Math.max(1, rows.length),
    };
  });
  const all = rows.reduce((s, x) => s + x.totalFen, 0);
  lines.push({
    splitbillType: 0,
    proportion: bpToPercent(ratios.reduce((s, r) => s + r.bp, 0)),
    monthTotal: whole,
    expected: whole,
    rowsTotal: all,
    difference: all - whole,
    flagged: all !== whole,
  });
  return lines;
}

/** The previous month of a business date ("2026-03-01" → { year: 2026, month: 2 }). */
export function previousMonth(date: string): { year: number; month: number } {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}
export const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, "0")}`;
