/**
 * The pure rules of lotteries (spec 002 "Lottery", R583–R594, docs/gaps.md §10): limits, weights, the
 * odds a prize list gives, the distribution labels, and what may change on a running activity.
 * No I/O: the console imports these too (the odds preview, the labels).
 */

/** Titles within 50 characters (R583), prize names within 10 (R587). */
export const MAX_TITLE = 50;
export const MAX_PRIZE_NAME = 10;
/** Prizes per activity (ours): every prize is read on every draw, and deleting an activity removes them in one transaction. */
export const MAX_PRIZES = 20;
/** The largest weight a prize takes (ours); weights are kept in hundredths, so sums stay exact integers. */
export const MAX_WEIGHT = 1_000_000;

/** The congratulation a prize shows when staff left its tips empty (R588, docs/gaps.md §10). */
export const defaultTips = (prizeName: string): string => `恭喜您获得${prizeName}`;

/** Distribution labels (R590, docs/gaps.md §10's Chinese). */
export const DISTRIBUTION = { none: "无需派奖", done: "已派奖", waiting: "未派奖" } as const;
export const distributionLabel = (r: { hasDistribute: number; status: number }): string =>
  r.hasDistribute !== 1 ? DISTRIBUTION.none : r.status === 1 ? DISTRIBUTION.done : DISTRIBUTION.waiting;

/** A winner's prize value: "12元", or "-" when the prize has no value (R591). */
export const prizeValueText = (prizePrice: number | null | undefined): string => (prizePrice && prizePrice > 0 ? `${prizePrice}元` : "-");

/** Decimal weight text ("7", "0.5", "12.25") to whole hundredths; null when it is not one (negative, 3 decimals, text). */
export function weightHundredths(x: unknown): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(String(x ?? "").trim());
  if (!m) return null;
  const h = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return h <= MAX_WEIGHT * 100 ? h : null;
}
export const weightOf = (hundredths: number): number => hundredths / 100;

/** 0 means unlimited, for a prize's count, the per-person draws and the participants (R585, R589). */
export const unlimited = (n: number): boolean => n === 0;

/** What the draw and the odds need of a prize. `weight` in hundredths; `count` 0 = unlimited. */
export type PrizeStock = { id: number; weight: number; count: number; won: number };

/** Whether a prize can still be drawn: weight above 0 and, unless unlimited, fewer won than exist. */
export const inStock = (p: PrizeStock): boolean => p.weight > 0 && (unlimited(p.count) || p.won < p.count);

/**
 * A prize's stock is spread over this many slices (docs/lottery.md "Stock slices"): a draw claims
 * one unit on one slice with a plain conditional update, so a crowd drawing the same prize writes
 * eight items, not one (in AWS one item takes about 1,000 writes a second).
 */
export const STOCK_SLICES = 8;

/**
 * The caps of a prize's slices for `count` (0 = unlimited: every slice open, caps unused), given what
 * each slice has won so far. Each slice keeps at least its own wins, so no split can take back a win;
 * what is left is spread evenly over the first min(STOCK_SLICES, left) slices, so a small stock sits
 * in few slices and a draw seldom tries an empty one. `open` is how many slices hold stock.
 */
export function splitStock(count: number, won: readonly number[]): { caps: number[]; open: number } {
  const wins = Array.from({ length: STOCK_SLICES }, (_, i) => won[i] ?? 0);
  if (unlimited(count)) return { caps: wins.map(() => 0), open: STOCK_SLICES };
  const left = Math.max(0, count - wins.reduce((s, w) => s + w, 0));
  const open = Math.min(STOCK_SLICES, left);
  const caps = wins.map((w, i) => w + (i < open ? Math.floor(left / open) + (i < left % open ? 1 : 0) : 0));
  return { caps, open };
}

/** A member's draws left in an activity: null when its per-person limit is unlimited. */
export const drawsLeftOf = (userJoinLimit: number, draws: number): number | null => (unlimited(userJoinLimit) ? null : Math.max(0, userJoinLimit - draws));

/** Remaining of a prize: null when unlimited. */
export const remainingOf = (p: Pick<PrizeStock, "count" | "won">): number | null => (unlimited(p.count) ? null : Math.max(0, p.count - p.won));

/**
 * Each prize's chance on the next draw: its weight over the weights of the prizes still in stock
 * (a prize out of stock, or of weight 0, has 0). "No prize" (谢谢参与) is a prize like any other,
 * with its weight, usually unlimited: the odds of winning nothing are stated, never implied.
 */
export function odds(prizes: readonly PrizeStock[]): Map<number, number> {
  const live = prizes.filter(inStock);
  const total = live.reduce((s, p) => s + p.weight, 0);
  return new Map(prizes.map((p) => [p.id, total > 0 && inStock(p) ? p.weight / total : 0]));
}

/** A probability as the console shows it: "12.5%", "0.01%", "0%". */
export const percentText = (p: number): string => {
  if (p <= 0) return "0%";
  const pct = p * 100;
  const digits = pct >= 10 ? 1 : pct >= 1 ? 2 : 3;
  return `${Number(pct.toFixed(digits))}%`;
};

/** The activity's state at `now` (business time text, Asia/Shanghai): what the draw and the edit rules read. */
export type LotteryState = "disabled" | "notStarted" | "running" | "ended";
export function lotteryState(l: { idisplay: number; startTime: string; endTime: string }, now: string): LotteryState {
  if (l.idisplay !== 1) return "disabled";
  if (now < l.startTime) return "notStarted";
  if (now > l.endTime) return "ended";
  return "running";
}
export const STATE_TEXT: Record<LotteryState, string> = { disabled: "已禁用", notStarted: "未开始", running: "进行中", ended: "已结束" };

/** The refusals of prize edits (ours; docs/lottery.md "Editing a running activity"). */
export const EDIT_MSG = {
  belowWon: (won: number) => `奖品数量不能少于已中奖数量：${won}`,
  runningWeight: "活动进行中，不能修改中奖权重（请先禁用活动）",
  runningCount: "活动进行中，奖品数量只能增加（请先禁用活动）",
  runningAdd: "活动进行中，不能新增奖品（请先禁用活动）",
  runningDelete: "活动进行中，不能删除奖品（请先禁用活动）",
  hasWinners: (name: string) => `${name}：该奖品已有中奖记录，不能删除`,
} as const;

/**
 * Whether a prize edit keeps the odds honest (docs/lottery.md). Always: a count is never below what
 * was won (0 = unlimited is always above), and a prize someone won is never deleted. Once members are
 * drawing (`live`: the activity is running and has been drawn at least once) they draw against the
 * published odds, so weights stay, prizes are neither added nor deleted, and a count may only grow
 * (restocking; a lower count would end a prize earlier than announced). Disable the activity to
 * change more; what was won stays won. Returns the refusal, or null.
 */
export function prizeEditProblem(
  live: boolean,
  old: { weight: number; count: number; won: number } | null,
  next: { weight: number; count: number } | "delete",
  prizeName = "",
): string | null {
  if (next === "delete") {
    if (old && old.won > 0) return EDIT_MSG.hasWinners(prizeName);
    return live ? EDIT_MSG.runningDelete : null;
  }
  if (!old) return live ? EDIT_MSG.runningAdd : null;
  if (!unlimited(next.count) && next.count < old.won) return EDIT_MSG.belowWon(old.won);
  if (!live) return null;
  if (next.weight !== old.weight) return EDIT_MSG.runningWeight;
  // From unlimited to a count, or to a lower count, shrinks the stock announced.
  const shrinks = unlimited(old.count) ? !unlimited(next.count) : !unlimited(next.count) && next.count < old.count;
  return shrinks ? EDIT_MSG.runningCount : null;
}

/** Members are drawing against the published odds: the activity runs and has been drawn. */
export const isLive = (state: LotteryState, prizes: ReadonlyArray<{ won: number }>): boolean => state === "running" && prizes.some((p) => p.won > 0);
