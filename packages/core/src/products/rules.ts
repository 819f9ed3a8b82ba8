import { DomainError } from "../kernel/errors.ts";

/**
 * Product money rules (R355–R357, R366–R368), in fen and percentages, without I/O.
 * 30 is the payment provider's maximum profit-sharing percentage (gaps.md §8).
 */
export const SPLIT_CEILING = 30;

/** productType value meaning "every product" (R369; gaps.md §8). */
export const ALL_PRODUCTS = 999999999;

export const MSG = {
  groupNotBelow: "集团独立收款金额不能大于等于产品金额",
  negative: "所有金额和比例都需为正数",
  splitOver: (max: number) => `分账合计比例不能大于${max}`,
  payBelowGroup: "支付金额不能小于集团独立收款金额",
  payBelowMin: (min: number) => `支付金额不能小于${min}`,
} as const;

/** Percentages are compared in hundredths so 10.1 + 9.9 is exactly 20. */
const hundredths = (pct: number) => Math.round(pct * 100);

export type Split = { profitsharingAmount: number; agentAmount: number; channelAmount: number };
export const splitSum = (s: Split): number => (hundredths(s.profitsharingAmount) + hundredths(s.agentAmount) + hundredths(s.channelAmount)) / 100;

/** The largest split sum a product may have: floor(30 × (amount − groupAmount) / amount). */
export const splitCap = (amountFen: number, groupAmountFen: number): number => Math.floor((SPLIT_CEILING * (amountFen - groupAmountFen)) / amountFen);

/** Checks a product's amounts (fen) and split percentages; throws the spec's message. */
export function checkProductMoney(p: { amount: number; groupAmount: number } & Split): void {
  if (!(p.amount > 0) || p.groupAmount < 0 || p.profitsharingAmount < 0 || p.agentAmount < 0 || p.channelAmount < 0) throw new DomainError(MSG.negative, "400");
  if (p.groupAmount >= p.amount) throw new DomainError(MSG.groupNotBelow, "400");
  const max = splitCap(p.amount, p.groupAmount);
  if (splitSum(p) > max) throw new DomainError(MSG.splitOver(max), "400");
}

/**
 * The lowest price a client may be given, in yuan: floor(30 × groupAmount / (30 − split sum)).
 * Null when the split sum reaches 30 (the formula has no meaning there, gaps.md §8).
 */
export function minimumPrice(groupAmountFen: number, split: Split): number | null {
  const sumH = hundredths(splitSum(split));
  if (sumH >= SPLIT_CEILING * 100) return null;
  // 30 × (gaFen / 100) / (30 − sumH / 100) = 30 × gaFen / (3000 − sumH)
  return Math.floor((SPLIT_CEILING * groupAmountFen) / (SPLIT_CEILING * 100 - sumH));
}

/** Checks a modified price (fen) against the product's group amount and the minimum. */
export function checkModifiedPrice(payAmountFen: number, groupAmountFen: number, split: Split): void {
  if (payAmountFen < groupAmountFen) throw new DomainError(MSG.payBelowGroup, "400");
  const min = minimumPrice(groupAmountFen, split);
  if (min !== null && payAmountFen < min * 100) throw new DomainError(MSG.payBelowMin(min), "400");
}
