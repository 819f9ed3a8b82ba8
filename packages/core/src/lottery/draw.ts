import { inStock, type PrizeStock } from "./rules.ts";

/**
 * The draw itself, pure: a weighted choice among the prizes still in stock. `randomInt(n)` must
 * answer an integer in [0, n) uniformly; the product passes node's `crypto.randomInt` (a
 * cryptographic source, so no member can predict or steer the outcome), the statistical test a
 * seeded generator of its own.
 *
 * Weights are whole hundredths (rules.ts), so the choice is exact integer arithmetic: prize i wins
 * when the random number falls in its slice [w0 + … + w(i−1), w0 + … + wi) of the total. "No prize"
 * (谢谢参与) is a prize with a weight like any other, so the chance of winning nothing is configured
 * and shown, not left to what the real prizes do not cover. `exclude` names prizes a lost race has
 * just shown to be gone (the service re-draws among what is left).
 *
 * Returns the prize, or null when nothing can be drawn (every prize out of stock or of weight 0).
 */
export type RandomInt = (n: number) => number;

export function pickPrize<P extends PrizeStock>(prizes: readonly P[], randomInt: RandomInt, exclude: ReadonlySet<number> = new Set()): P | null {
  const live = prizes.filter((p) => inStock(p) && !exclude.has(p.id));
  const total = live.reduce((s, p) => s + p.weight, 0);
  if (total <= 0) return null;
  let r = randomInt(total);
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new RangeError(`randomInt(${total}) answered ${r}`);
  for (const p of live) {
    if (r < p.weight) return p;
    r -= p.weight;
  }
  return null; // not reached: the slices cover [0, total)
}
