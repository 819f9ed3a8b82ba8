import { DomainError } from "../kernel/errors.ts";
import { HOTEL_CLUB, MSG, type ClassCounts } from "./booking.ts";
import type { VoucherClass } from "../vouchers/ledger/plan.ts";
import { MEMBER_ACCOUNT_MSG } from "../auth/memberMessages.ts";

/**
 * The mini-program member's own booking rules, without I/O: how a member pays (`payWith`) and what
 * cancelling does in each state (`MEMBER_MOVES`). The booking rules themselves
 * are the staff's (booking.ts, create.ts): a club hotel is paid with stored weeks, a discount hotel
 * with money, vouchers taking off what they cover when the hotel accepts them.
 *
 * The member does not pick voucher classes as staff do in the wizard: "vouchers" uses the most the
 * member holds for the stay, free before half-price, within the same side limits the wizard keeps
 * (booking.ts `checkVoucherSides`: weekday + all-week ≤ weekday room-nights, weekend + all-week ≤
 * weekend room-nights). What they leave is paid in money.
 */
export const PAY_WITH = ["weeks", "vouchers", "money"] as const;
export type PayWith = (typeof PAY_WITH)[number];

export const MEMBER_MSG = {
  notBound: MEMBER_ACCOUNT_MSG.notBound,
  payWithRequired: "请选择支付方式",
  payWithBad: "支付方式不正确",
  clubWeeksOnly: "会员酒店只能使用周次预订",
  noWeeksHere: "该酒店不能使用周次预订",
  noVouchers: "没有可用于本次预订的房券",
  noOrder: "订单不存在",
  hotelGone: "酒店不存在或已下架",
  cannotCancel: "当前订单状态不能取消",
  noPayChannel: "支付通道未开通",
  payUnknown: "支付订单不存在",
  payAmount: "支付金额与订单金额不符",
  paySign: "支付通知签名错误",
} as const;

/**
 * How long a member's order that owes money waits for its payment (status 3 待支付) before it is
 * closed unpaid and gives back what it holds (memberExpiry.ts): the goods orders' 15 minutes
 * (goods/orders.ts PAY_MINUTES; docs/gaps.md names no other).
 */
export const MEMBER_PAY_MINUTES = 15;
/** The status of an order awaiting payment, and the one a payment moves it to (awaiting review, as an order paid at the desk). */
export const AWAITING_PAYMENT = 3;
export const AWAITING_REVIEW = 1;
/** The history line (and refund reason) of an order closed at its payment deadline. */
export const PAY_EXPIRED = "超时未支付，订单关闭";
/** An order closed unpaid: at its deadline, or cancelled by the member before paying. */
export const CLOSED_UNPAID = 11;
/** The refund reason of a payment the provider reports for an order already closed unpaid (memberPay.ts). */
export const LATE_PAYMENT = "订单已关闭，支付款原路退回";

/** The payment a hotel takes from a member: refused before anything is read beyond the hotel. */
export function checkPayWith(payWith: PayWith, hotel: { hotelType: number; useTicket?: number | null }): void {
  const club = hotel.hotelType === HOTEL_CLUB;
  if (club && payWith !== "weeks") throw new DomainError(MEMBER_MSG.clubWeeksOnly, "400");
  if (!club && payWith === "weeks") throw new DomainError(MEMBER_MSG.noWeeksHere, "400");
  if (payWith === "vouchers" && hotel.useTicket !== 1) throw new DomainError(MSG.noTicketsHere, "400");
}

/** How a hotel may be paid by a member (shown with the hotel, so the mini-program offers only these). */
export const payWithOf = (hotel: { hotelType: number; useTicket?: number | null }): PayWith[] =>
  hotel.hotelType === HOTEL_CLUB ? ["weeks"] : hotel.useTicket === 1 ? ["money", "vouchers"] : ["money"];

/**
 * The voucher classes to use for a stay of `weekday` / `weekend` room-nights from what the member
 * holds (`held`, voucherStore's counts usable at the hotel on the stay): free vouchers first (weekday,
 * weekend, then all-week on what both sides leave), then half-price ones the same way.
 */
export function pickVouchers(held: Partial<Record<VoucherClass, number>>, weekday: number, weekend: number): ClassCounts {
  const has = (c: VoucherClass) => Math.max(0, held[c] ?? 0);
  const allday = Math.min(has("allday"), weekday);
  const allend = Math.min(has("allend"), weekend);
  const allall = Math.min(has("allall"), weekday - allday, weekend - allend);
  const halfday = Math.min(has("halfday"), weekday - allday - allall);
  const halfend = Math.min(has("halfend"), weekend - allend - allall);
  const halfall = Math.min(has("halfall"), weekday - allday - allall - halfday, weekend - allend - allall - halfend);
  const picked: ClassCounts = { allday, allend, allall, halfday, halfend, halfall };
  return Object.fromEntries(Object.entries(picked).filter(([, n]) => n > 0)) as ClassCounts;
}

/**
 * What a member's cancel does, by the order's state (under the order rules, status.ts, and with the
 * effects of the staff moves: holdings.ts, payments.ts):
 * - awaiting review (1, 2): cancelled at once (→ 10), the rooms, weeks and vouchers given back and
 *   money paid refunded through the payment port — what a rejected review does;
 * - awaiting payment (3): closed (→ 11), everything given back (nothing was paid);
 * - confirmed (4): a refund request (→ 7) that staff handle as any other (同意退订 gives everything
 *   back and refunds the money, 拒绝退订 puts the booking back to 4) — what a proxy cancellation
 *   files, except that staff may refuse it;
 * - any other state: 当前订单状态不能取消.
 */
export type CancelKind = "cancel" | "refund" | "";
export type MemberMove = { from: readonly number[]; to: number; kind: Exclude<CancelKind, "">; release: boolean; refundsMoney: boolean; label: string };

export const MEMBER_MOVES: readonly MemberMove[] = [
  { from: [1, 2], to: 10, kind: "cancel", release: true, refundsMoney: true, label: "会员取消" },
  { from: [AWAITING_PAYMENT], to: CLOSED_UNPAID, kind: "cancel", release: true, refundsMoney: false, label: "会员取消" },
  { from: [4], to: 7, kind: "refund", release: false, refundsMoney: false, label: "会员申请退订" },
];

export const memberMoveOf = (status: number): MemberMove | undefined => MEMBER_MOVES.find((m) => m.from.includes(status));
/** What POST mp/order/cancel would do to an order now (shown with it, so the mini-program offers only that). */
export const cancelKind = (o: { status: number }): CancelKind => memberMoveOf(o.status)?.kind ?? "";
