import { format, isValid } from "date-fns";
import { zhCN } from "date-fns/locale";

/**
 * The pickers' values are the strings the screens send: a day "YYYY-MM-DD", a month "YYYY-MM".
 * Staff may also type a day as 2026/12/5, 2026.12.5, 20261205 or 2026年12月5日; these read the
 * typed text (null when it names no real day) and turn Date objects of the calendar back into text.
 */
const DAY = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$|^(\d{4})(\d{2})(\d{2})$/;
const MONTH = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?$|^(\d{4})(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, "0");

export function readDay(text: string): string | null {
  const m = DAY.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = (m[1] ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]]).map(Number);
  const date = new Date(y, mo - 1, d);
  return isValid(date) && date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? `${y}-${pad(mo)}-${pad(d)}` : null;
}

export function readMonth(text: string): string | null {
  const m = MONTH.exec(text.trim());
  if (!m) return null;
  const [y, mo] = (m[1] ? [m[1], m[2]] : [m[3], m[4]]).map(Number);
  return mo >= 1 && mo <= 12 ? `${y}-${pad(mo)}` : null;
}

/** A day's text as a local Date (the calendar's own type). */
export const dayDate = (day: string): Date => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) || 1);
export const dayText = (d: Date): string => format(d, "yyyy-MM-dd");

/** Chinese captions and weekday heads, whatever language the browser speaks. */
export const monthCaption = (d: Date): string => format(d, "yyyy年M月", { locale: zhCN });
export const WEEKDAY_HEADS = ["日", "一", "二", "三", "四", "五", "六"];
