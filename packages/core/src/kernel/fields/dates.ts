import * as v from "valibot";
import { parseBusiness } from "../clock.ts";
import { blank, rawValue } from "./raw.ts";
import { optText } from "./text.ts";

/** The message of a value that is no real calendar day (2026-02-30, 2026-13-01, 2026-05-01 25:00:00, 2026-05-01abc). */
export const BAD_DATE = "日期格式不正确";

/**
 * Whether `s` is a business date ("YYYY-MM-DD") or date-time ("YYYY-MM-DD HH:mm:ss") that exists on
 * the calendar. The whole text is read: checking only the first ten characters let any 19-character
 * value through as long as it began with a date.
 */
export const isBusinessDate = (s: string): boolean => (s.length === 10 || s.length === 19) && parseBusiness(s) !== null;

/** A business date; "2026-05-01 00:00:00" and "2026-05-01" name the same day (R120). */
export const dateField = /* @__NO_SIDE_EFFECTS__ */ (missing: string) =>
  v.pipe(
    rawValue,
    v.check((x) => !blank(x), missing),
    v.transform((x) => String(x).trim()),
    v.check(isBusinessDate, BAD_DATE),
    v.transform((s) => s.slice(0, 10)),
  );
/** An optional business date: blank is none (undefined). */
export const maybeDate = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? undefined : String(x).trim())),
    v.check((s) => s === undefined || isBusinessDate(s), BAD_DATE),
    v.transform((s) => s?.slice(0, 10)),
  );

/** An optional month "YYYY-MM" of a real month (2026-13 and 2026-00 refused); blank is "" (the caller's current month). */
export const maybeMonth = /* @__NO_SIDE_EFFECTS__ */ (msg: string) =>
  v.pipe(
    optText(7, msg),
    v.check((m) => m === "" || (m.length === 7 && parseBusiness(`${m}-01`) !== null), msg),
  );
