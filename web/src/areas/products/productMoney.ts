import { DomainError } from "@xiangyu/core/kernel/errors";
import { checkModifiedPrice, checkProductMoney, minimumPrice, splitCap, splitSum, type Split } from "@xiangyu/core/products/rules";
import { fenOf } from "./productTypes.ts";

/**
 * The product money rules of packages/core/src/products/rules.ts applied to what a form holds (yuan
 * and percentages as typed), so the console shows the server's message while staff type: the split
 * cap of a product (R355–R357) and the lowest price of a price modification (R366–R368).
 */
type Typed = unknown;
const pct = (x: Typed) => (String(x ?? "").trim() === "" ? 0 : Number(x));
const fenOrZero = (x: Typed) => (String(x ?? "").trim() === "" ? 0 : fenOf(x));

export const splitOf = (v: { profitsharingAmount?: Typed; agentAmount?: Typed; channelAmount?: Typed }): Split => ({
  profitsharingAmount: pct(v.profitsharingAmount),
  agentAmount: pct(v.agentAmount),
  channelAmount: pct(v.channelAmount),
});
const isSplit = (s: Split) => Object.values(s).every(Number.isFinite);

/** The rule's message for a thrown DomainError, or null when the check passed. */
function messageOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e.desc;
    throw e;
  }
}

export type ProductMoneyView = {
  /** The largest split sum allowed by the amounts, when they are valid. */
  cap: number | null;
  sum: number | null;
  /** The rule's message and the field it concerns. */
  problem: { field: "amount" | "groupAmount" | "split"; message: string } | null;
};

type ProductTyped = { amount?: Typed; groupAmount?: Typed; profitsharingAmount?: Typed; agentAmount?: Typed; channelAmount?: Typed };

/** Null cap, sum and problem until the amount and percentages are numbers (the schema speaks first). */
export function productMoney(v: ProductTyped): ProductMoneyView {
  const amount = fenOf(v.amount);
  const groupAmount = fenOrZero(v.groupAmount);
  const split = splitOf(v);
  const sum = isSplit(split) ? splitSum(split) : null;
  if (!Number.isFinite(amount) || !Number.isFinite(groupAmount) || sum === null) return { cap: null, sum, problem: null };
  const cap = amount > 0 && groupAmount >= 0 && groupAmount < amount ? splitCap(amount, groupAmount) : null;
  const message = messageOf(() => checkProductMoney({ amount, groupAmount, ...split }));
  if (!message) return { cap, sum, problem: null };
  const field = message.startsWith("集团") ? "groupAmount" : message.startsWith("分账") ? "split" : "amount";
  return { cap, sum, problem: { field, message } };
}

/** The product a price is modified for, as alllist gives it (yuan). */
type Priced = { groupAmount: number } & Partial<Split>;

/** The lowest price in yuan (null when the split sum reaches 30: only the group amount binds). */
export const lowestPrice = (p: Priced): number | null => minimumPrice(fenOf(p.groupAmount), splitOf(p));

/** The message for a typed price, or null when it is allowed (or not yet a number: the schema speaks). */
export function priceProblem(p: Priced, payAmount: Typed): string | null {
  const pay = fenOf(payAmount);
  if (!Number.isFinite(pay)) return null;
  return messageOf(() => checkModifiedPrice(pay, fenOf(p.groupAmount), splitOf(p)));
}
