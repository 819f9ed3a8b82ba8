import { yuanToFen } from "@xiangyu/core/kernel/money";

/**
 * How the products area shows what its calls carry (docs/api.md "### Products and product types" and
 * "### Price modification"): money in yuan, split percentages as numbers, flags 1/0, shop "0" = every
 * shop. The row types come from the route table (productQueries.ts).
 */
export const GENERAL_SHOP = "0";
export const BOUGHT = 1;
export const ORDER_STATUS: Record<number, string> = { 0: "待购买", 1: "已购买" };

/** Flags the server defaults (absent from the item type until stored) read as their default, 0. */
export const yesNo = (n: number | undefined) => (n === 1 ? "是" : "否");

/** Yuan with two decimals, as staff read money. */

/** Yuan (a number or text) to integer fen with the server's own conversion; NaN when it is no amount. */
export function fenOf(yuan: unknown): number {
  try {
    return yuanToFen(yuan);
  } catch {
    return NaN;
  }
}
