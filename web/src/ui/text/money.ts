import { fenToYuan } from "@xiangyu/core/kernel/money";

/**
 * Money as the console shows it: the contract speaks yuan (fen only inside the server), shown with
 * two decimals. One formatter for every screen; an amount the record does not have shows as
 * `missing` ("" by default, "0.00" where a sum is always shown).
 */
export function yuanText(yuan: number | null | undefined, missing = ""): string {
  if (yuan === null || yuan === undefined || Number.isNaN(Number(yuan))) return missing;
  return Number(yuan).toFixed(2);
}

/** An amount the server sent in fen (a booking's price breakdown) or cents (refund details). */
export const fenText = (fen: number | null | undefined, missing = ""): string => (fen === null || fen === undefined ? missing : yuanText(fenToYuan(fen)));
