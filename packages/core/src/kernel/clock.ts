import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";
import customParseFormat from "dayjs/plugin/customParseFormat.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** Business time is Asia/Shanghai (ARCHITECTURE.md, data rules). */
export const ZONE = "Asia/Shanghai";
export const DATE = "YYYY-MM-DD";
export const DATETIME = "YYYY-MM-DD HH:mm:ss";

/** The one place that reads the wall clock, so tests can move it. */
let offsetMs = 0;
export const nowMs = (): number => Date.now() + offsetMs;
export const setClockOffset = (ms: number): void => {
  offsetMs = ms;
};

export const shanghai = (t?: number | string | Date) => (t === undefined ? dayjs(nowMs()) : dayjs(t)).tz(ZONE);

export const formatDateTime = (t: number | Date = nowMs()): string => shanghai(t).format(DATETIME);
export const formatDate = (t: number | Date = nowMs()): string => shanghai(t).format(DATE);
export const today = (): string => formatDate();

/** Parses a business date or date-time written in Shanghai time; null when it is not one. */
export function parseBusiness(s: string): dayjs.Dayjs | null {
  const fmt = s.length <= 10 ? DATE : DATETIME;
  const d = dayjs.tz(s, fmt, ZONE);
  return d.isValid() && d.format(fmt) === s ? d : null;
}

/** "End of day" of a business date: 23:59:59 in Shanghai. */
export const endOfDay = (date: string): string => `${date} 23:59:59`;

export { dayjs };
