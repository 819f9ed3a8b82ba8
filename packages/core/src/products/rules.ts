/**
 * Product rules. The money formulas (the 30 % ceiling, the minimum price, the split checks) live in
 * finance/priceRules.ts, shared with profit sharing; they are re-exported here for the product screens.
 */
export { SPLIT_CEILING, MSG, splitSum, splitCap, checkProductMoney, minimumPrice, checkModifiedPrice, type Split } from "../finance/priceRules.ts";

/** productType value meaning "every product" (R369; docs/gaps.md §8). */
export const ALL_PRODUCTS = 999999999;
