import * as v from "valibot";
import { parseBusiness } from "./clock.ts";

/**
 * valibot building blocks for form fields that arrive form-encoded (strings) or as JSON (numbers).
 * Every field tolerates a missing key, so that its own Chinese message speaks.
 */
export type Raw = string | number | undefined | null;

/** Any scalar a form or JSON body may carry; a missing key reads as blank. */
export const rawValue = v.optional(v.nullable(v.union([v.string(), v.number()])), "");
export const blank = (x: unknown) => x === undefined || x === null || String(x).trim() === "";

/** A required text: missing, null or blank all give `msg`. */
export const requiredText = (msg: string, max: number, tooLong: string) =>
  v.pipe(rawValue, v.transform((x) => (blank(x) ? "" : String(x).trim())), v.nonEmpty(msg), v.maxLength(max, tooLong));

export const optText = (max: number, tooLong: string) => v.pipe(rawValue, v.transform((x) => (blank(x) ? "" : String(x).trim())), v.maxLength(max, tooLong));

/** An optional integer: blank takes the default. */
export const optInt = (fallback: number, msg: string, min = 0) =>
  v.pipe(rawValue, v.transform((x) => (blank(x) ? fallback : Number(x))), v.number(msg), v.integer(msg), v.minValue(min, msg));

export const requiredInt = (msg: string, bad = msg) =>
  v.pipe(rawValue, v.check((x) => !blank(x), msg), v.transform((x) => Number(x)), v.number(bad), v.integer(bad));

/** A business date; "2026-05-01 00:00:00" and "2026-05-01" name the same day (R120). */
export const dateField = (missing: string) =>
  v.pipe(
    rawValue,
    v.check((x) => !blank(x), missing),
    v.transform((x) => String(x).trim().slice(0, 10)),
    v.check((s) => parseBusiness(s) !== null, "日期格式不正确"),
  );
