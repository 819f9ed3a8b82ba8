import type { MembershipSummary } from "./clientQueries.ts";

/**
 * How stored weeks read (docs/membership.md): whole weeks in the product's unit, plus loose nights
 * of broken weeks — weekday nights (the ledger's "first half", 5 a week) and weekend nights ("second
 * half", 2 a week). The wire keeps the source's names; the labels say what they count.
 */
export const WEEKDAY_NIGHTS = "平日(晚)";
export const WEEKEND_NIGHTS = "周末(晚)";

/** Whole weeks and the loose weekday / weekend nights (the ledger's "half" fields), of a summary or a lot. */
type Counts = Pick<MembershipSummary, "usedCount" | "usedFirstHaltCount" | "usedSecondHaltCount" | "remainingCount" | "remainingFirstHaltCount" | "remainingSecondHaltCount">;

export type CountLine = { whole: number; weekday: number; weekend: number };

export const usedOf = (c: Counts): CountLine => ({ whole: c.usedCount, weekday: c.usedFirstHaltCount, weekend: c.usedSecondHaltCount });
export const remainingOf = (c: Counts): CountLine => ({ whole: c.remainingCount, weekday: c.remainingFirstHaltCount, weekend: c.remainingSecondHaltCount });

/** "9周 · 平日(晚) 0 · 周末(晚) 1" */
export const countText = (l: CountLine, unit: string) => `${l.whole}${unit || "周"} · ${WEEKDAY_NIGHTS} ${l.weekday} · ${WEEKEND_NIGHTS} ${l.weekend}`;

/** Yuan with two decimals. */

/** The date part of an expiry (`YYYY-MM-DD`), for the date picker. */
export const dayOf = (dateTime: string) => (dateTime ?? "").slice(0, 10);
