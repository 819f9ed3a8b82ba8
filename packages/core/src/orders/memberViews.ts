import type { HotelOrderItem } from "./entities.ts";
import { PAY_TYPE, statusName } from "./status.ts";
import type { RefundDetail } from "./payments.ts";
import type { TimelineEntry } from "./views.ts";
import type { CancelKind } from "./memberRules.ts";
import { fenToYuan } from "../kernel/money.ts";
import { readJson } from "../kernel/json.ts";

/**
 * What the mini-program member sees of their orders: the staff row's names for the same facts
 * (views.ts), money in yuan, and what the cancel route would do now — nothing of the staff side
 * (shop, creator's key, payer, the operators' names in the history). Pure: the order's refund and
 * history are read by the caller (memberOrders.ts), so the booking Lambda carries no refund code.
 */
export type MemberOrderRow = ReturnType<typeof memberOrderRow>;
export function memberOrderRow(o: HotelOrderItem, cancel: CancelKind) {
  return {
    id: o.id,
    orderName: o.orderName ?? "",
    picJson: o.picJson ?? "",
    checkinType: o.checkinType,
    status: o.status,
    statusName: statusName(o.status),
    payType: o.payType,
    payTypeName: PAY_TYPE[o.payType] ?? "",
    price: fenToYuan(o.priceFen ?? 0),
    deductionWeeks: o.deductionWeeks ?? 0,
    weekstartCount: o.weekstartCount ?? 0,
    weekendCount: o.weekendCount ?? 0,
    ticketCount: o.ticketCount ?? 0,
    hotelId: o.hotelId,
    hotelName: o.hotelName ?? "",
    roomId: o.roomId,
    roomName: o.roomName ?? "",
    checkinRoomCount: o.checkinRoomCount,
    checkinDays: o.checkinDays,
    checkinStartdate: o.checkinStartdate,
    checkinEnddate: o.checkinEnddate,
    bookingTime: o.bookingTime ?? "",
    /** Money owed online (status 3 待支付): docs/api.md says how it is paid. */
    awaitingPayment: o.status === 3,
    cancel,
  };
}

export type MemberOrderDetail = ReturnType<typeof memberOrderDetail>;
/** One order without its history: the row, what the money was made of, the nights and occupants, the handling (mp/order/create answers it). */
export function memberOrderDetail(o: HotelOrderItem, cancel: CancelKind) {
  return {
    ...memberOrderRow(o, cancel),
    fullPrice: fenToYuan(o.fullPriceFen ?? 0),
    discountPrice: fenToYuan(o.discountFen ?? 0),
    ticketClassCountJson: o.ticketClassCountJson ?? "",
    occupants: readJson<Array<{ name: string; mobile: string }>>(o.checkInClientJson, []),
    nights: readJson<Array<{ date: string; kind: string }>>(o.nightsJson, []),
    remark: o.remark ?? "",
    handleResult: o.handleResult ?? "",
    payTime: o.payTime ?? "",
    outTradeNo: o.outTradeNo ?? "",
    /** Awaiting payment (3): when the order is closed unpaid (memberRules.ts MEMBER_PAY_MINUTES after booking); else "". */
    payDeadline: o.status === 3 ? (o.payDeadline ?? "") : "",
    cancelTime: o.cancelTime ?? "",
    refundTime: o.refundTime ?? "",
    refundReason: o.refundReason ?? "",
    refundHandleResult: o.refundHandleResult ?? "",
  };
}

export type MemberOrderView = ReturnType<typeof memberOrderView>;
/** One order (mp/order/view, mp/order/cancel): the detail, the refund (or null) and the history (views.ts orderTimeline) without who handled it. */
export function memberOrderView(o: HotelOrderItem, cancel: CancelKind, refund: RefundDetail | null, timeline: TimelineEntry[]) {
  return { ...memberOrderDetail(o, cancel), refundDetail: refund, timeline: timeline.map(({ userName: _u, ...e }) => e) };
}
