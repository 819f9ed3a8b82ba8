import * as v from "valibot";
import { BAD_INPUT, MAX_INT, blank, rawValue, text, toInt } from "./raw.ts";

// ── integers, ids, choices and switches: digits only, within 32 bits, one of the listed values ──

/** An optional integer: blank takes the default; outside [min, max] gives `msg`. */
export const optInt = /* @__NO_SIDE_EFFECTS__ */ (fallback: number, msg: string, min = 0, max = MAX_INT) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? fallback : toInt(x))),
    v.check((n) => n >= min && n <= max, msg),
  );

/** An optional integer filter: blank is no filter (undefined). */
export const maybeInt = /* @__NO_SIDE_EFFECTS__ */ (msg: string, min = 0, max = MAX_INT) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? undefined : toInt(x))),
    v.check((n) => n === undefined || (n >= min && n <= max), msg),
  );

/** A required integer: blank gives `msg`, anything but a whole number in [min, max] gives `bad`. */
export const requiredInt = /* @__NO_SIDE_EFFECTS__ */ (msg: string, bad = msg, min = -MAX_INT, max = MAX_INT) =>
  v.pipe(
    rawValue,
    v.check((x) => !blank(x), msg),
    v.transform((x) => toInt(x)),
    v.check((n) => n >= min && n <= max, bad),
  );

/** A record id: a positive whole number. */
export const idField = /* @__NO_SIDE_EFFECTS__ */ (msg = BAD_INPUT, bad = msg) => requiredInt(msg, bad, 1);
/** An optional id: blank is none (undefined). */
export const maybeId = /* @__NO_SIDE_EFFECTS__ */ (msg = BAD_INPUT) => maybeInt(msg, 1);

/** One of the listed integers (status codes, types); blank takes `fallback` when one is given, else says `missing`. */
export const intChoice = /* @__NO_SIDE_EFFECTS__ */ <T extends number>(values: readonly T[], msg: string, fallback?: T, missing = msg) =>
  v.pipe(
    rawValue,
    v.check((x) => fallback !== undefined || !blank(x), missing),
    v.transform((x) => (blank(x) ? (fallback as number) : toInt(x))),
    v.check((n): boolean => (values as readonly number[]).includes(n), msg),
    v.transform((n) => n as T),
  );
/** An optional filter among the listed integers: blank is no filter. */
export const maybeChoice = /* @__NO_SIDE_EFFECTS__ */ <T extends number>(values: readonly T[], msg: string) =>
  v.pipe(
    maybeInt(msg, -MAX_INT),
    v.check((n) => n === undefined || (values as readonly number[]).includes(n), msg),
    v.transform((n) => n as T | undefined),
  );
/** One of the listed words; blank is none (undefined) unless `required`. */
export const textChoice = /* @__NO_SIDE_EFFECTS__ */ <T extends string>(values: readonly T[], msg: string) =>
  v.pipe(
    text,
    v.check((s) => s === "" || (values as readonly string[]).includes(s), msg),
    v.transform((s) => (s === "" ? undefined : (s as T))),
  );

/** A yes/no switch: 1/0, "1"/"0", "true"/"false", true/false; blank takes the default. */
export const flagField = /* @__NO_SIDE_EFFECTS__ */ (fallback = false) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number(), v.boolean()])), ""),
    v.transform((x) => (blank(x) ? fallback : x === true || x === 1 || x === "1" || x === "true" ? true : x === false || x === 0 || x === "0" || x === "false" ? false : null)),
    v.check((b) => b !== null, BAD_INPUT),
    v.transform((b) => b as boolean),
  );
