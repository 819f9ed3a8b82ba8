import type { LotteryItem, LotteryRecordItem } from "./entities.ts";
import type { PrizeWithWon } from "./stock.ts";
import { distributionLabel, drawsLeftOf, lotteryState, prizeValueText, remainingOf, STATE_TEXT, weightOf } from "./rules.ts";

/** What the console sees of an activity (lotter/list rows, lotter/view with its content). */
export function lotteryView(l: LotteryItem, now: string, content?: string) {
  const state = lotteryState(l, now);
  return {
    id: l.id,
    title: l.title,
    bgPic: l.bgPic ?? "",
    bgColor: l.bgColor ?? "",
    color: l.color ?? "",
    userJoinLimit: l.userJoinLimit,
    participantsNumber: l.participantsNumber,
    startTime: l.startTime,
    endTime: l.endTime,
    idisplay: l.idisplay,
    /** Beyond the spec: 已禁用 / 未开始 / 进行中 / 已结束, from the flag and the period. */
    state,
    stateText: STATE_TEXT[state],
    addtime: l.addtime ?? "",
    updatetime: l.updatetime ?? "",
    ...(content === undefined ? {} : { content }),
  };
}
export type LotteryView = ReturnType<typeof lotteryView>;

/** A prize (prizelist, prizeview). `hasDelete` 1 blocks deletion (it has winners), as elsewhere in the spec. */
export function prizeView(p: PrizeWithWon) {
  return {
    id: p.id,
    lotteryId: p.lotteryId,
    prizeName: p.prizeName,
    prizePrice: p.prizePrice,
    prizeCount: p.prizeCount,
    lotteryWeight: weightOf(p.weight),
    hasDistribute: p.hasDistribute,
    prizeTips: p.prizeTips ?? "",
    hasDelete: p.won > 0 ? 1 : 0,
    won: p.won,
    /** null when unlimited. */
    remaining: remainingOf({ count: p.prizeCount, won: p.won }),
  };
}
export type PrizeView = ReturnType<typeof prizeView>;

/** A draw record (recordlist, recordview), with the labels the winner list shows (R590, R591). */
export function recordView(r: LotteryRecordItem) {
  return {
    id: r.id,
    lotteryId: r.lotteryId,
    prizeId: r.prizeId,
    mobileUserId: r.mobileUserId,
    realname: r.realname ?? "",
    mobile: r.mobile ?? "",
    prizeName: r.prizeName,
    prizePrice: r.prizePrice,
    prizeValue: prizeValueText(r.prizePrice),
    prizeTips: r.prizeTips ?? "",
    participationTime: r.participationTime,
    status: r.status,
    hasDistribute: r.hasDistribute,
    distribution: distributionLabel(r),
    remark: r.remark ?? "",
    distributeTime: r.distributeTime ?? "",
    distributeUser: r.distributeUser ?? "",
  };
}
export type RecordView = ReturnType<typeof recordView>;

/** A running activity as a member sees it (lotter/mp/list): the staff view's public part, with the member's draws and draws left (null: unlimited). */
export function memberLotteryRow(l: LotteryItem, now: string, draws: number) {
  const { id, title, bgPic, bgColor, color, startTime, endTime, stateText, userJoinLimit } = lotteryView(l, now);
  return { id, title, bgPic, bgColor, color, startTime, endTime, stateText, userJoinLimit, draws, drawsLeft: drawsLeftOf(l.userJoinLimit, draws) };
}
export type MemberLotteryRow = ReturnType<typeof memberLotteryRow>;

/** One of a member's draws (lotter/mp/records): the staff record without who drew it and who handed it out, with the activity's title. */
export function memberPrizeRow(r: LotteryRecordItem, lotteryTitle: string) {
  const { id, lotteryId, prizeId, prizeName, prizePrice, prizeValue, prizeTips, participationTime, hasDistribute, status, distribution, distributeTime } = recordView(r);
  return { id, lotteryId, lotteryTitle, prizeId, prizeName, prizePrice, prizeValue, prizeTips, participationTime, hasDistribute, status, distribution, distributeTime };
}
export type MemberPrizeRow = ReturnType<typeof memberPrizeRow>;

/** A row of the draw summary (totallist): per prize, how often it was won, what is left, its share of all draws. */
export type SummaryRow = {
  prizeId: number;
  prizeName: string;
  prizeCount: number;
  won: number;
  /** null when unlimited. */
  remaining: number | null;
  /** won / total as the summary prints it ("3/120"). */
  drawCount: string;
  total: number;
};
export type Summary = { draws: number; participants: number };
