import * as v from "valibot";
import { DomainError } from "./errors.ts";
import { blank, rawValue } from "./fields.ts";

/** Money is integer fen inside; the contract speaks yuan with 2 decimals (and cents for refunds). */
const YUAN = /^-?\d{1,10}(\.\d{1,2})?$/;
/** The largest amount any field takes: 100 million yuan. */
export const MAX_FEN = 100_000_000_00;

/** Yuan text ("12.5", "-3.10", 199) to integer fen; null when it is not an amount. */
export function toFen(x: unknown): number | null {
  const s = String(x ?? "").trim();
  if (!YUAN.test(s)) return null;
  const [int, frac = ""] = s.replace("-", "").split(".");
  const fen = Number(int) * 100 + Number((frac + "00").slice(0, 2));
  return s.startsWith("-") ? -fen : fen;
}

export function yuanToFen(x: unknown, message = "金额格式不正确"): number {
  const fen = toFen(x);
  if (fen === null) throw new DomainError(message, "400");
  return fen;
}

export const fenToYuan = /* @__NO_SIDE_EFFECTS__ */ (fen: number): number => Math.round(fen) / 100;

/** A yuan field with at most 2 decimals, never negative, to integer fen; blank is `fallback`. */
export const yuanField = /* @__NO_SIDE_EFFECTS__ */ (msg: string, fallback: number | undefined = 0) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? fallback : toFen(x))),
    v.check((fen) => fen === undefined || (fen !== null && fen >= 0 && fen <= MAX_FEN), msg),
    v.transform((fen) => fen as number),
  );
/** The same, blank meaning "not given" (undefined). */
export const maybeYuan = /* @__NO_SIDE_EFFECTS__ */ (msg: string) =>
  v.pipe(
    rawValue,
    v.transform((x) => (blank(x) ? undefined : toFen(x))),
    v.check((fen) => fen === undefined || (fen !== null && fen >= 0 && fen <= MAX_FEN), msg),
    v.transform((fen) => fen as number | undefined),
  );
