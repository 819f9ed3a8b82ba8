import { addMonths, datesFrom, isoWeekday, lastDayOfMonth } from "@xiangyu/core/hotels/nights";

/**
 * The calendar's bulk selection: rooms × the days of a range that fall on the chosen ISO weekdays
 * (1 Monday … 7 Sunday; none chosen = every day), as roomcalendarsave reads it.
 */
export type Selection = { roomIds: number[]; startDate: string; endDate: string; weekdays: number[] };

export const WEEKDAYS = [
  { value: 1, label: "一" },
  { value: 2, label: "二" },
  { value: 3, label: "三" },
  { value: 4, label: "四" },
  { value: 5, label: "五" },
  { value: 6, label: "六" },
  { value: 7, label: "日" },
];

/** The days the selection covers. */
export function selectedDates(s: Pick<Selection, "startDate" | "endDate" | "weekdays">): Set<string> {
  if (!s.startDate || !s.endDate || s.endDate < s.startDate) return new Set();
  return new Set(datesFrom(s.startDate, s.endDate).filter((d) => s.weekdays.length === 0 || s.weekdays.includes(isoWeekday(d))));
}

/** "YYYY-MM" moved by n months. */
export const shiftMonth = (month: string, n: number) => addMonths(month, n);

/** The month's days still open for setting: from its first day (or today, if later) to its last. */
export function monthRange(month: string, today: string): { startDate: string; endDate: string } {
  const first = `${month}-01`;
  const last = lastDayOfMonth(month);
  const start = first < today ? today : first;
  return start > last ? { startDate: last, endDate: last } : { startDate: start, endDate: last };
}
