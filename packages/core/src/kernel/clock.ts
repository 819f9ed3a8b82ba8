/**
 * Business time is Asia/Shanghai (docs/architecture.md, data rules). China has kept UTC+8 without
 * daylight saving since 1991, so business times are computed with a fixed offset: no zone
 * database, no date library in the Lambdas (dayjs with its zone plugins cost every bundle 15 kB).
 */
export const ZONE = "Asia/Shanghai";
export const DATE = "YYYY-MM-DD";
export const DATETIME = "YYYY-MM-DD HH:mm:ss";
const OFFSET_MS = 8 * 3_600_000;

/** The one place that reads the wall clock, so tests can move it. */
let offsetMs = 0;
export const nowMs = (): number => Date.now() + offsetMs;
/** Whole seconds since the epoch, as tokens (`exp`, `iat`) and DynamoDB's time to live count them. */
export const nowSeconds = (): number => Math.floor(nowMs() / 1000);
export const setClockOffset = (ms: number): void => {
  offsetMs = ms;
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant seen on a Shanghai wall clock. `format` knows YYYY, MM, DD, HH, mm, ss. */
export type BusinessTime = { valueOf(): number; year(): number; format(pattern: string): string };

function businessTime(ms: number): BusinessTime {
  const d = new Date(ms + OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: pad(d.getUTCFullYear(), 4),
    MM: pad(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return { valueOf: () => ms, year: () => d.getUTCFullYear(), format: (p) => p.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => parts[t]!) };
}

/** Now, or the given instant, on the Shanghai clock. */
export const shanghai = (t?: number | Date): BusinessTime => businessTime(t === undefined ? nowMs() : typeof t === "number" ? t : t.getTime());

export const formatDateTime = (t: number | Date = nowMs()): string => shanghai(t).format(DATETIME);
export const formatDate = (t: number | Date = nowMs()): string => shanghai(t).format(DATE);
export const today = (): string => formatDate();

const BUSINESS_RE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** Parses a business date or date-time written in Shanghai time; null when it is not one (2026-02-30, 24:00:00 …). */
export function parseBusiness(s: string): BusinessTime | null {
  const m = BUSINESS_RE.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", se = "00"] = m;
  const t = businessTime(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)) - OFFSET_MS);
  return t.format(s.length <= 10 ? DATE : DATETIME) === s ? t : null;
}

/** "End of day" of a business date: 23:59:59 in Shanghai. */
export const endOfDay = (date: string): string => `${date} 23:59:59`;
