import { DomainError } from "../kernel/errors.ts";

/** The per-store totals the gift weeks keep (kernel/counters.ts shopTotalDelta): gifts and delays waiting for review. */
export const GIFT_WEEK_TOTALS = { waiting: "giftWeeks#waiting", delaying: "giftWeeks#delay" } as const;

/**
 * The pure rules of gift weeks and week exchange (no I/O; the console imports this file).
 * States (docs/weeks.md): a gift is 0 awaiting review → 1 reviewed (weeks added) or deleted (2);
 * a reviewed gift's delay is 0 none → 2 under review → 1 delayed (expiry moved) or 3 refused.
 * An exchange is 0; returning it writes a chargeback record (1) and marks it charged back (2).
 */
export const GIFT_STATUS = { waiting: 0, reviewed: 1 } as const;
export const DELAY = { none: 0, delayed: 1, reviewing: 2, refused: 3 } as const;
export const BACK_FLAG = { exchange: 0, chargeback: 1, chargedBack: 2 } as const;

export const giftStatusText = (status: number): string => (status === GIFT_STATUS.reviewed ? "已审核" : "待审核");
export const DELAY_TEXT: Record<number, string> = { 0: "未延期", 1: "已延期", 2: "延期审核中", 3: "延期不通过" };
export const delayText = (delay: number): string => DELAY_TEXT[delay] ?? "未延期";
/** The mark column (R229; texts docs/gaps.md). */
export const BACK_TEXT: Record<number, string> = { 0: "兑换", 1: "退回", 2: "已退回" };
export const backText = (flag: number): string => BACK_TEXT[flag] ?? "兑换";

export const MSG = {
  reviewed: "该记录已审核，请勿重复操作",
  delayOnlyReviewed: "只有已审核且未申请延期的记录才能申请延期",
  delayNotPending: "该延期申请已审核，请勿重复操作",
  pastExpiry: "有效期限不能早于今天",
  delayNotLater: "延期期限必须晚于原有效期限",
  noWeeks: "该客户没有可兑换的会员周次",
  tooMany: "兑换数量不能大于剩余数量",
  backed: "该交换单已退回，不能重复退回",
  notBackable: "只有兑换记录可以退回",
  noReturnRight: "你没有退回权限",
  returned: "退回成功",
  exchanged: "兑换完成",
  gifted: "赠送完成",
  noWeekType: "没有按周计的会员产品类型，请先在产品类型中添加",
} as const;

/** A delay may be applied for only on a reviewed gift whose delay is 0 (R225). */
export const canApplyDelay = (g: { status: number; delay: number }): boolean => g.status === GIFT_STATUS.reviewed && g.delay === DELAY.none;
/** A delay review acts only on a delay under review (R226). */
export const canReviewDelay = (g: { status: number; delay: number }): boolean => g.status === GIFT_STATUS.reviewed && g.delay === DELAY.reviewing;
/** Return is offered only on an exchange (flag 0) (R230). */
export const canReturn = (e: { backFlag: number }): boolean => e.backFlag === BACK_FLAG.exchange;

/** A gift's expiry must not be in the past (a gift that expired at once would give nothing). `today` is YYYY-MM-DD. */
export function checkGiftExpiry(date: string, today: string): void {
  if (date < today) throw new DomainError(MSG.pastExpiry, "400");
}

/** A delay must move the expiry later than it is, and not into the past. */
export function checkDelay(delayDate: string, giftDuration: string, today: string): void {
  if (delayDate < today) throw new DomainError(MSG.pastExpiry, "400");
  if (`${delayDate} 23:59:59` <= giftDuration) throw new DomainError(MSG.delayNotLater, "400");
}

/** Exchange count within what the client holds (R237, R238): `remaining` is whole weeks left. */
export function checkExchangeCount(count: number, remaining: number): void {
  if (!Number.isInteger(count) || count < 1) throw new DomainError("兑换数量必须大于或等于1周", "400");
  if (count > remaining) throw new DomainError(MSG.tooMany, "400");
}
