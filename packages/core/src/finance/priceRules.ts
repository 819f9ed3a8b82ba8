import { DomainError } from "../kernel/errors.ts";

/**
 * The price formulas, in one pure module shared by product setup, price modification
 * (products/rules.ts re-exports them) and profit sharing (finance/profitSharing). Amounts are
 * integer fen, split percentages are the product's three fields (profitsharingAmount = group,
 * agentAmount = agent, channelAmount = channel; percentages despite their names, R357).
 *
 * 30 is the payment provider's maximum profit-sharing percentage (docs/gaps.md §8): the one constant
 * both formulas use. Edge cases are in docs/decisions.md ("Price formulas and profit sharing").
 */
export const SPLIT_CEILING = 30;

export const MSG = {
  groupNotBelow: "集团独立收款金额不能大于等于产品金额",
  negative: "所有金额和比例都需为正数",
  splitOver: (max: number) => `分账合计比例不能大于${max}`,
  payBelowGroup: "支付金额不能小于集团独立收款金额",
  payBelowMin: (min: number) => `支付金额不能小于${min}`,
} as const;

/** Percentages are compared in hundredths so 10.1 + 9.9 is exactly 20. */
export const hundredths = (pct: number): number => Math.round(pct * 100);

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
 * Null when the split sum reaches 30 (the formula has no meaning there, docs/gaps.md §8): then only
 * payAmount ≥ groupAmount is enforced.
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

/** The receivers of a profit share, by the product field that names their percentage (R258). */
export const ACCOUNT_TYPES = ["profitsharingAmount", "agentAmount", "channelAmount"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * What the payment provider pays out of a paid amount (fen) to each receiver. The whole share is
 * floor(pay × (sum of the three percentages) / 100), capped at the provider's 30 %; the agent and
 * the channel get floor(pay × their percentage / 100) and the group the rest of the share, so
 * the parts always add up to the share and a fen lost to rounding goes to the group. Receivers
 * with nothing to receive are left out. Empty when nothing is shared.
 */
export function profitShares(payFen: number, split: Split): Array<{ accountType: AccountType; fen: number }> {
  if (!(payFen > 0)) return [];
  const h = { profitsharingAmount: hundredths(split.profitsharingAmount), agentAmount: hundredths(split.agentAmount), channelAmount: hundredths(split.channelAmount) };
  if (h.profitsharingAmount < 0 || h.agentAmount < 0 || h.channelAmount < 0) return [];
  const sumH = Math.min(h.profitsharingAmount + h.agentAmount + h.channelAmount, SPLIT_CEILING * 100);
  const whole = Math.floor((payFen * sumH) / 10_000);
  // Over the ceiling the agent and channel keep their own percentage only as far as the share reaches.
  const agent = Math.min(Math.floor((payFen * h.agentAmount) / 10_000), whole);
  const channel = Math.min(Math.floor((payFen * h.channelAmount) / 10_000), whole - agent);
  const parts = [
    { accountType: "profitsharingAmount" as const, fen: whole - agent - channel },
    { accountType: "agentAmount" as const, fen: agent },
    { accountType: "channelAmount" as const, fen: channel },
  ];
  return parts.filter((p) => p.fen > 0);
}
