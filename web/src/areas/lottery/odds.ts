import { odds, percentText, weightHundredths } from "@xiangyu/core/lottery/rules";
import type { Prize } from "./lotteryQueries.ts";

/**
 * The odds preview (beyond the spec), with the server's own arithmetic (core lottery/rules.ts):
 * each prize's chance on the next draw, its weight over the weights of the prizes still in stock.
 */
const stock = (p: Pick<Prize, "id" | "lotteryWeight" | "prizeCount" | "won">) => ({ id: p.id, weight: Math.round(p.lotteryWeight * 100), count: p.prizeCount, won: p.won });

export function oddsOf(prizes: readonly Prize[]): Map<number, string> {
  const o = odds(prizes.map(stock));
  return new Map(prizes.map((p) => [p.id, percentText(o.get(p.id) ?? 0)]));
}

/** The chance a prize being edited would have with the weight and count typed, the others as they are; null while the weight is not a number. */
export function oddsIfSaved(others: readonly Prize[], edited: { id?: number; weight: unknown; count: unknown; won: number }): string | null {
  const weight = weightHundredths(edited.weight);
  const count = Number(edited.count || 0);
  if (weight === null || !Number.isInteger(count) || count < 0) return null;
  const id = edited.id ?? -1;
  const o = odds([...others.filter((p) => p.id !== id).map(stock), { id, weight, count, won: edited.won }]);
  return percentText(o.get(id) ?? 0);
}
