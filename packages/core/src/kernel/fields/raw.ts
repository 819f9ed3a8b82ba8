import * as v from "valibot";

/**
 * What every field reads first: a scalar as forms and JSON send it, blank or not, and a whole
 * number within 32 bits. The bounds every field keeps live here too (MAX_INT, MAX_IDS).
 */

/** The message of a value whose field gave none: valibot's English defaults never reach a reply. */
export const BAD_INPUT = "参数格式不正确";
v.setGlobalMessage(BAD_INPUT);

/** No integer above this reaches a computation or a key. */
export const MAX_INT = 2 ** 31 - 1;
/** How many ids one request may name (deletes, batch reads). */
export const MAX_IDS = 200;
/** The refusal of a list longer than `max` (idsField's own bound, 200 unless the field says fewer). */
export const tooManyIds = (max: number) => `一次最多选择${max}项`;
export const TOO_MANY_IDS = tooManyIds(MAX_IDS);

export type Raw = string | number | undefined | null;

/** Any scalar a form or JSON body may carry; a missing key reads as blank. Booleans, objects and lists are refused. */
export const rawValue = v.optional(v.nullable(v.union([v.string(), v.number()])), "");
export const blank = /* @__NO_SIDE_EFFECTS__ */ (x: unknown) => x === undefined || x === null || String(x).trim() === "";

/**
 * A whole number as forms and JSON send it: digits only, within 32 bits. "0x43", "9e0", "67.0",
 * " 1e3", true and 2^53 are not numbers here (NaN), so no coercion of Number() slips through.
 */
export function toInt(x: unknown): number {
  if (typeof x === "number") return Number.isInteger(x) && Math.abs(x) <= MAX_INT ? x : NaN;
  if (typeof x !== "string") return NaN;
  const s = x.trim();
  return /^-?\d{1,10}$/.test(s) && Math.abs(Number(s)) <= MAX_INT ? Number(s) : NaN;
}

/** A text trimmed, blank (missing, null, spaces) read as "". */
export const text = v.pipe(
  rawValue,
  v.transform((x) => (blank(x) ? "" : String(x).trim())),
);
