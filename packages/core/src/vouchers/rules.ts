import { WEEKDAY_NIGHTS, WEEKEND_NIGHTS } from "../clients/ledger/plan.ts";
import { PRICE_TYPE, TICKET_TYPE, USE_SCOPE, isGeneral } from "./ledger/plan.ts";

/** The per-store total of gift vouchers waiting for review (kernel/counters.ts shopTotalDelta). */
export const GIFTS_PENDING_TOTAL = "giftVouchers#pending";

/**
 * The vouchers area's rules, without I/O (the console imports them): purchase and gift states,
 * the hotel choice of a voucher form, what an exchange of weeks issues, and the spec's messages.
 */
export const MSG = {
  clientMissing: "客户不能为空",
  countMissing: "数量不能为空",
  giftCountMissing: "赠送数量不能为空",
  durationMissing: "有效期限不能为空",
  payMissing: "支付金额不能为空",
  durationPast: "有效期限不能早于今天",
  hotelUnknown: "绑定的酒店不存在",
  boughtUndeletable: "该单已完成购买，不允许删除",
  alreadyBought: "该单已完成购买",
  payMismatch: "支付金额与订单金额不符",
  payUnknown: "支付订单不存在",
  noticeBad: "支付通知格式不正确",
  noticeSign: "支付通知签名错误",
  gifted: "赠送完成",
  pickReview: "请选择审核状态！",
  invalidBatch: "无效的房券！",
  notReviewed: "该房券未审核，不能撤销",
  allUsed: "该房券已使用，不能撤销",
  exchangeMissing: "兑换数量不能为空",
  exchangeAtLeastOne: "兑换数量必须大于或等于1周",
  exchangeTooMany: "兑换数量不能大于剩余数量",
  exchanged: "兑换完成",
  membershipMissing: "请选择会员产品",
} as const;

/** Purchase order status (R193): only not bought → bought, by the payment. */
export const PURCHASE: { readonly waiting: number; readonly bought: number } = { waiting: 0, bought: 1 };
export const canDeletePurchase = (p: { status?: number }): boolean => (p.status ?? 0) !== PURCHASE.bought;

/** Gift review choices (R209): 1 approved, 2 not passed (the batch is deleted). */
export const REVIEW = { passed: 1, refused: 2 } as const;

/** The list filter of hotelticket/list (R241): 3 gift vouchers, 1 and 2 exchange orders. */
export const EXCHANGE_TYPES = { gift: 3, exchange: [1, 2] } as const;

/**
 * R206: choosing the general option (0) clears the other hotels; choosing a hotel removes the
 * general option. `next` is the selection after the user's click, `clicked` the value clicked.
 */
export function pickHotels(next: number[], clicked: number): number[] {
  if (clicked === 0 && next.includes(0)) return [0];
  return next.filter((id) => id !== 0);
}

/** What a gift's or purchase's row says about its hotels (R192): 通用 for a general voucher. */
export const hotelsText = (ids: number[] | undefined, names: string[] | undefined): string => (isGeneral(ids) ? "通用" : (names ?? []).join("、"));

/**
 * R199: an experience voucher is free and good for the whole week, whatever the form sent, so
 * the record shows what will be issued.
 */
export function voucherKind(ticketType: number, priceType: number, useScope: number) {
  const experience = ticketType === TICKET_TYPE.experience;
  return { ticketType, priceType: experience ? PRICE_TYPE.free : priceType, useScope: experience ? USE_SCOPE.all : useScope };
}

/**
 * What exchanging stored weeks issues (R239, R242, gaps §7), per lot the weeks came from: 5 free
 * weekday and 2 free weekend vouchers a week, expiring with that lot. Lots with no whole week
 * taken issue nothing.
 */
export function exchangeIssue(takes: { lotId: number; weeks: number }[], expiryOf: (lotId: number) => string) {
  const perLot = new Map<number, number>();
  for (const t of takes) if (t.weeks > 0) perLot.set(t.lotId, (perLot.get(t.lotId) ?? 0) + t.weeks);
  return [...perLot].flatMap(([lotId, weeks]) => [
    { lotId, ticketType: TICKET_TYPE.discount, priceType: PRICE_TYPE.free, useScope: USE_SCOPE.weekdays, ticketCount: WEEKDAY_NIGHTS * weeks, ticketDuration: expiryOf(lotId) },
    { lotId, ticketType: TICKET_TYPE.discount, priceType: PRICE_TYPE.free, useScope: USE_SCOPE.weekend, ticketCount: WEEKEND_NIGHTS * weeks, ticketDuration: expiryOf(lotId) },
  ]);
}

/** The exchange record's counts (R242). */
export const exchangeCounts = (weeks: number) => ({ ticketCount: weeks, weekstartTicketCount: WEEKDAY_NIGHTS * weeks, weekendTicketCount: WEEKEND_NIGHTS * weeks });

/** What a gift row's action column offers (R208, R213, R214). */
export function giftState(b: { status: number; usedCount?: number; remainingCount?: number }): "pending" | "revocable" | "reviewed" {
  if (b.status !== 1) return "pending";
  return (b.usedCount ?? 0) === 0 && (b.remainingCount ?? 0) > 0 ? "revocable" : "reviewed";
}

/** The purchase's out-trade number and back: TB + yyyyMMdd + id. */
export const purchaseOrderNo = (date: string, id: number) => `TB${date.replaceAll("-", "")}${String(id).padStart(6, "0")}`;
export const idOfOrderNo = (no: string, prefix: string): number | null => {
  const m = new RegExp(`^${prefix}\\d{8}(\\d{6,})$`).exec(no);
  return m ? Number(m[1]) : null;
};
