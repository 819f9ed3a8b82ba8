import { PURCHASE_STATUS, STAGES, type StageName } from "./status.ts";

/**
 * The purchase review's rules (R260–R276, docs/gaps.md §5, §8), pure: the server decides with them and
 * the console shows with them. Messages are the spec's; those marked "ours" it does not give.
 */
export const REVIEW_MSG = {
  chooseResult: "请选择复核结果",
  reasonMissing: "请填写不通过原因",
  unpaid: "分期支付单还没支付尾款，不能选择复核通过",
  invalidId: "无效的购买ID",
  notFound: "没有找到相关购买记录",
  /** Ours: the record is at another stage (already reviewed here, or not yet arrived). */
  wrongStage: "该购买记录不在本环节复核，请刷新后重试",
  /** Ours: a review letter missing on the stage's screen. */
  denial: "你没有复核权限",
  /** Ours: a stage's route called from another stage's screen. */
  wrongScreen: "请在对应的复核页面操作",
  reasonTooLong: "不通过原因不能超过200个字",
  passed: "复核通过",
  failed: "已设为复核不通过",
} as const;

export const IS_PASSED = { pass: 1, fail: 2 } as const;

type Payable = { isInstallment?: number | null; finalPayAmount?: number | null; finalPayTime?: string | null };

/** An instalment purchase whose final payment is not registered yet (R266, R271). */
export const finalPayUnpaid = (p: Payable): boolean => p.isInstallment === 1 && !(p.finalPayTime || (p.finalPayAmount ?? 0) > 0);

/** The final-payment column (R270, docs/gaps.md §8): "none" = 无需付款 (isInstallment ≠ 1), "unpaid" = 未支付, "paid" = the amount. */
export type FinalPayState = "none" | "unpaid" | "paid";
export const finalPayState = (p: Payable): FinalPayState => (p.isInstallment !== 1 ? "none" : finalPayUnpaid(p) ? "unpaid" : "paid");
export const FINAL_PAY_TEXT = { none: "无需付款", unpaid: "未支付" } as const;

export type ReviewDecision = { isPassed: number; notPassReason: string };

/**
 * What a stage's reviewer may do to a purchase at `status` (R262–R266): the status it moves to, or
 * the refusal. Only the stage's own status is reviewable; a pass of an unpaid instalment is refused
 * at every stage (the final payment may be registered at any time before).
 */
export function reviewMove(stage: StageName, p: Payable & { status: number }, d: ReviewDecision): { to: number } | { refuse: string } {
  const s = STAGES[stage];
  if (p.status !== s.status) return { refuse: REVIEW_MSG.wrongStage };
  if (d.isPassed === IS_PASSED.fail) return d.notPassReason.trim() ? { to: PURCHASE_STATUS.failed } : { refuse: REVIEW_MSG.reasonMissing };
  if (d.isPassed !== IS_PASSED.pass) return { refuse: REVIEW_MSG.chooseResult };
  if (finalPayUnpaid(p)) return { refuse: REVIEW_MSG.unpaid };
  return { to: s.next };
}

/** The stage whose screen is `path` (the function the request came from), if any. */
export const stageOfScreen = (path: string | undefined): StageName | undefined => (Object.keys(STAGES) as StageName[]).find((k) => STAGES[k].screen === path);

/** A membership holding that may carry a level: one unexpired lot and its product type. */
export type Holding = { productTypeId: number; shipDuration: string };
/** One entry of the `memberLevel` style list: `pseudocode` may name the product type ids (comma-separated) it is keyed to. */
export type LevelEntry = { styleid: string; pseudocode: string; seq: number };

/**
 * The member level a client holds (R282, docs/gaps.md §5: "keyed by product type with hasMemberLevel = 1;
 * level = highest among active membership products"). Active: a lot not expired at `now` of a type
 * with hasMemberLevel = 1. The `memberLevel` list, in its display order, is the ladder (普通会员 <
 * 银卡 < 金卡 < 钻石); an entry keyed to a product type (its pseudocode lists the type's id) is that
 * type's level, and a membership type no entry names gives the first level. The highest held wins;
 * no active membership product gives "" (no level).
 */
export function deriveMemberLevel(holdings: readonly Holding[], memberTypes: ReadonlySet<number>, levels: readonly LevelEntry[], now: string): string {
  return memberLevelOf(holdings, memberTypes, levels, now).memberLevel;
}

/**
 * The level and how long it holds as things stand: `levelUntil` is the last expiry among the active
 * lots that give that level — past it, without a new lot or a changed expiry, the level can only
 * drop, so a read after it derives again (docs/reviews.md, "The member level after the last pass").
 * "" when no level is held (nothing to expire).
 */
export function memberLevelOf(
  holdings: readonly Holding[],
  memberTypes: ReadonlySet<number>,
  levels: readonly LevelEntry[],
  now: string,
): { memberLevel: string; levelUntil: string } {
  const ladder = [...levels].sort((a, b) => a.seq - b.seq);
  if (ladder.length === 0) return { memberLevel: "", levelUntil: "" };
  const keyed = new Map<number, number>();
  ladder.forEach((l, rank) => {
    for (const id of l.pseudocode.split(/[,，\s]+/).filter(Boolean)) if (/^\d+$/.test(id)) keyed.set(Number(id), Math.max(keyed.get(Number(id)) ?? -1, rank));
  });
  let best = -1;
  let until = "";
  for (const h of holdings) {
    if (!memberTypes.has(h.productTypeId) || h.shipDuration < now) continue;
    const rank = keyed.get(h.productTypeId) ?? 0;
    if (rank > best) [best, until] = [rank, h.shipDuration];
    else if (rank === best && h.shipDuration > until) until = h.shipDuration;
  }
  return best < 0 ? { memberLevel: "", levelUntil: "" } : { memberLevel: ladder[best]!.styleid, levelUntil: until };
}
