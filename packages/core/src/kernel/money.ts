import { DomainError } from "./errors.ts";

/** Money is integer fen inside; the contract speaks yuan with 2 decimals (and cents for refunds). */
export function yuanToFen(v: unknown, message = "金额格式不正确"): number {
  const s = String(v ?? "").trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) throw new DomainError(message, "400");
  const [int, frac = ""] = s.replace("-", "").split(".");
  const fen = Number(int) * 100 + Number((frac + "00").slice(0, 2));
  return s.startsWith("-") ? -fen : fen;
}

export const fenToYuan = (fen: number): number => Math.round(fen) / 100;
