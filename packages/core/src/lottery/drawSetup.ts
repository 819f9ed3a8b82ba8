import type { LotteryItem, LotteryPrizeItem } from "./entities.ts";
import { KeptReads } from "../kernel/keptReads.ts";

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
// The machine's clock, not the product's (kernel/clock.ts nowMs, which tests may move): a second is a second.
const kept = new KeptReads<DrawSetup>(TTL_MS, MAX_KEPT, Date.now);
const keyOf = (tenantId: string, lotteryId: number) => `${tenantId}#${lotteryId}`;

export const drawSetup = (tenantId: string, lotteryId: number, load: () => Promise<DrawSetup>): Promise<DrawSetup> => kept.get(keyOf(tenantId, lotteryId), load);

export const forgetDrawSetup = (tenantId: string, lotteryId: number): void => kept.forget(keyOf(tenantId, lotteryId));
