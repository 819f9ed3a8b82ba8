import { shanghai, DATE } from "../kernel/clock.ts";

/**
 * Calendar days and the nights of a stay: pure functions, no I/O. A business date is a plain
 * "YYYY-MM-DD" of Asia/Shanghai; arithmetic on it is done in UTC so that no zone or daylight rule
 * can shift a day.
 */

export type NightKind = "weekday" | "weekend";
export type Night = { date: string; kind: NightKind; /** name of the listed holiday that makes it a weekend night, if any */ holiday?: string };
export type HolidayRange = { holidayDate: string; holidayEnddate: string; holidayName?: string };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The business date of a value: "YYYY-MM-DD…" strings keep their date part; instants are read in Shanghai. */
export function businessDate(v: string | number | Date): string {
  if (typeof v === "string") {
    const d = v.trim().slice(0, 10);
    if (!isDate(d)) throw new RangeError(`not a date: ${v}`);
    return d;
  }
  return shanghai(v).format(DATE);
}

const DAY_MS = 86_400_000;
/** Midnight UTC of a business date: day arithmetic on it cannot be shifted by any zone rule. */
const utcMs = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtcMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const isDate = (s: string): boolean => DAY_RE.test(s) && fromUtcMs(utcMs(s)) === s;

export const addDays = (date: string, n: number): string => fromUtcMs(utcMs(date) + n * DAY_MS);

export const daysBetween = (from: string, to: string): number => Math.round((utcMs(to) - utcMs(from)) / DAY_MS);

/** "YYYY-MM" moved by n months. */
export function addMonths(month: string, n: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** The last day of a "YYYY-MM" month. */
export const lastDayOfMonth = (month: string): string => addDays(`${addMonths(month, 1)}-01`, -1);

/** Every date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** 0 Sunday … 6 Saturday. */
export const dayOfWeek = (date: string): number => new Date(utcMs(date)).getUTCDay();

/** ISO weekday: 1 Monday … 7 Sunday (the calendar's weekday picker speaks this). */
export const isoWeekday = (date: string): number => dayOfWeek(date) || 7;

const WEEK_NAMES = ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"];
export const weekName = (date: string): string => WEEK_NAMES[dayOfWeek(date)]!;

/** Spec 000 §9: weekend means day index above 4, Friday to Sunday (ISO 5, 6, 7). */
export const isWeekendDay = (date: string): boolean => isoWeekday(date) > 4;

/** The holiday a date falls in, if any (ranges are inclusive and may overlap: the earliest-starting wins). */
export function holidayOn(date: string, holidays: readonly HolidayRange[]): HolidayRange | undefined {
  let hit: HolidayRange | undefined;
  for (const h of holidays) {
    const start = h.holidayDate.slice(0, 10);
    const end = h.holidayEnddate.slice(0, 10);
    if (start <= date && date <= end && (!hit || start < hit.holidayDate.slice(0, 10))) hit = h;
  }
  return hit;
}

/** The kind of the night that starts on `date`: Friday to Sunday or a listed holiday is a weekend night. */
export function nightOf(date: string, holidays: readonly HolidayRange[]): Night {
  const h = holidayOn(date, holidays);
  if (h) return { date, kind: "weekend", holiday: h.holidayName ?? "" };
  return { date, kind: isWeekendDay(date) ? "weekend" : "weekday" };
}

/**
 * The nights of a stay, each classified. A stay from check-in to check-out has one night per
 * date from check-in up to the day before check-out; a night is named by the date it starts on.
 */
export function classifyNights(checkIn: string | number | Date, checkOut: string | number | Date, holidays: readonly HolidayRange[]): Night[] {
  const first = businessDate(checkIn);
  const out = businessDate(checkOut);
  if (out <= first) return [];
  return datesFrom(first, addDays(out, -1)).map((d) => nightOf(d, holidays));
}

/** Weekday and weekend nights of a stay: what the orders area deducts weeks and vouchers by. */
export function countNights(nights: readonly Night[]): { weekday: number; weekend: number } {
  let weekend = 0;
  for (const n of nights) if (n.kind === "weekend") weekend++;
  return { weekday: nights.length - weekend, weekend };
}
