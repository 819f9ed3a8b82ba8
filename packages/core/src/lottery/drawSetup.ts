import type { LotteryItem, LotteryPrizeItem } from "./entities.ts";

/**
 * The activity and its prizes as draws read them, kept per container for a second. In a crowd they
 * are the activity's most-read items (in AWS one partition serves about 3,000 reads a second), and
 * no limit depends on them being fresh: every limit and stock is decided by a conditional write. A
 * disable or a prize change saved by another container reaches the draws within the second; saved
 * in this one, at once (`forgetDrawSetup`, called by every write of activities and prizes).
 */
export type DrawSetup = { lottery: LotteryItem | null; prizes: LotteryPrizeItem[] };

const TTL_MS = 1000;
const MAX_KEPT = 500;
const kept = new Map<string, { until: number; setup: Promise<DrawSetup> }>();
const keyOf = (tenantId: string, lotteryId: number) => `${tenantId}#${lotteryId}`;

export function drawSetup(tenantId: string, lotteryId: number, load: () => Promise<DrawSetup>): Promise<DrawSetup> {
  const k = keyOf(tenantId, lotteryId);
  const hit = kept.get(k);
  if (hit && Date.now() < hit.until) return hit.setup;
  if (kept.size >= MAX_KEPT) kept.clear();
  const setup = load();
  kept.set(k, { until: Date.now() + TTL_MS, setup });
  setup.catch(() => kept.delete(k));
  return setup;
}

export const forgetDrawSetup = (tenantId: string, lotteryId: number): void => void kept.delete(keyOf(tenantId, lotteryId));
