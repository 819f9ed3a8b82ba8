import { OrderEvent, OrderFollowup, type HotelOrderItem, type ProxyOrderItem } from "./entities.ts";
import { refundDetailOf, REFUND_DONE, REFUND_FAILED, type RefundDetail } from "./payments.ts";
import { FOLLOWUP_STATUS } from "./schemas.ts";
import { offeredMoves } from "./handle.ts";
import { PAY_TYPE, statusName } from "./status.ts";
import { fenToYuan } from "../kernel/money.ts";
import { readJson } from "../kernel/json.ts";

/**
 * What the order screens receive. Money leaves as yuan, except refundDetail.refundPrice which the
 * contract gives in cents (R152). Status names come with the rows (the orderStatus list, R154).
 */
const CATEGORY: Record<string, string> = { club: "会员酒店", rci: "交换", discount: "折扣酒店", product: "产品" };

export type OrderRow = ReturnType<typeof orderRow>;
export function orderRow(o: HotelOrderItem) {
  return {
    id: o.id,
    orderId: o.id,
    checkinType: o.checkinType,
    checkinTypeName: CATEGORY[o.checkinType] ?? o.checkinType,
    orderName: o.orderName,
    picJson: o.picJson,
    status: o.status,
    statusName: statusName(o.status),
    payType: o.payType,
    payTypeName: PAY_TYPE[o.payType] ?? "",
    price: fenToYuan(o.priceFen ?? 0),
    payAmount: fenToYuan(o.priceFen ?? 0),
    deductionWeeks: o.deductionWeeks ?? 0,
    deductionWeeksFristHalt: o.deductionWeeksFristHalt ?? 0,
    deductionWeeksSecondHalt: o.deductionWeeksSecondHalt ?? 0,
    ticketCount: o.ticketCount ?? 0,
    hotelId: o.hotelId,
    hotelName: o.hotelName,
    roomId: o.roomId,
    roomName: o.roomName,
    checkinRoomCount: o.checkinRoomCount,
    checkinDays: o.checkinDays,
    checkinStartdate: o.checkinStartdate,
    checkinEnddate: o.checkinEnddate,
    bookingTime: o.bookingTime,
    clientId: o.clientId,
    clientName: o.clientName,
    clientMobile: o.clientMobile,
    shop: o.shop,
    rsId: o.rsId ?? 0,
    proxyCancel: o.proxyCancel ?? 0,
    createUserName: o.createUserName ?? "",
  };
}

export type ProxyRow = ReturnType<typeof proxyRow>;
export function proxyRow(p: ProxyOrderItem) {
  return {
    id: p.id,
    rsId: p.id,
    orderId: p.orderId,
    createUser: p.createUserName ?? "",
    createTime: p.createTime,
    clientName: p.clientName,
    checkinType: p.checkinType,
    checkinTypeName: CATEGORY[p.checkinType ?? ""] ?? p.checkinType,
    orderName: p.orderName,
    bookingTime: p.bookingTime,
    payType: p.payType,
    payTypeName: PAY_TYPE[p.payType ?? 0] ?? "",
    ticketCount: p.ticketCount,
    checkinRoomCount: p.checkinRoomCount,
    checkinDays: p.checkinDays,
    checkinStartdate: p.checkinStartdate,
    checkinEnddate: p.checkinEnddate,
    shop: p.shop,
    status: p.status,
    statusName: statusName(p.status),
    price: fenToYuan(p.priceFen ?? 0),
    deductionWeeks: p.deductionWeeks,
    deductionWeeksFristHalt: p.deductionWeeksFristHalt,
    deductionWeeksSecondHalt: p.deductionWeeksSecondHalt,
  };
}

type EventRow = { time: string; action: string; fromStatus?: number; toStatus?: number; userName?: string; note?: string };
export type TimelineEntry = { time: string; action: string; fromStatus: number; toStatus: number; toStatusName: string; userName: string; note: string };

/**
 * The order's history as the detail panel lists it: every move under its own name (下单, 审核不通过,
 * 代客退订, 同意退订 … — the label of the move in status.ts, written with the move), and the refund's
 * settlement as what it is (退款成功 / 退款失败), not as a refund request: after a rejection the money
 * goes back without anyone asking for it. Oldest first; entries of the same second keep their order.
 */
export function orderTimeline(events: EventRow[], refund: RefundDetail | null, status: number): TimelineEntry[] {
  const out: TimelineEntry[] = events.map((e) => ({
    time: e.time,
    action: e.action,
    fromStatus: e.fromStatus ?? 0,
    toStatus: e.toStatus ?? 0,
    toStatusName: e.toStatus ? statusName(e.toStatus) : "",
    userName: e.userName ?? "",
    note: e.note ?? "",
  }));
  if (refund?.refundTime && (refund.status === REFUND_DONE || refund.status === REFUND_FAILED)) {
    out.push({
      time: refund.refundTime,
      action: refund.status === REFUND_DONE ? "退款成功" : "退款失败",
      fromStatus: status,
      toStatus: 0,
      toStatusName: "",
      userName: "",
      note: `退款 ¥${fenToYuan(refund.refundPrice).toFixed(2)}${refund.reason ? `（${refund.reason}）` : ""}`,
    });
  }
  return out
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => (a.time < b.time ? -1 : a.time > b.time ? 1 : i - j))
    .map(([e]) => e);
}

/**
 * When the refund was asked for (a proxy cancellation, or the client's own request). Orders settled
 * before the settlement stopped writing refundTime carry the settlement's time there instead: that
 * is not a request, and is left out.
 */
const refundRequestTime = (o: HotelOrderItem, refund: RefundDetail | null) => (o.refundTime && o.refundTime !== refund?.refundTime ? o.refundTime : "");

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
/** The detail panel (R129): the row plus goods lines, money, times, refund, follow-ups, history and the moves offered. */
export async function orderDetail(o: HotelOrderItem, letters: string) {
  const [followups, events] = await Promise.all([
    OrderFollowup.query.byOrder({ tenantId: o.tenantId, orderId: o.id }).go({ pages: "all", order: "desc" }),
    OrderEvent.query.byOrder({ tenantId: o.tenantId, orderId: o.id }).go({ pages: "all" }),
  ]);
  const refund = refundDetailOf(o);
  return {
    ...orderRow(o),
    fullPrice: fenToYuan(o.fullPriceFen ?? 0),
    discountPrice: fenToYuan(o.discountFen ?? 0),
    weekCount: o.deductionWeeks ?? 0,
    weekstartCount: o.weekstartCount ?? 0,
    weekendCount: o.weekendCount ?? 0,
    ticketClassCountJson: o.ticketClassCountJson ?? "",
    ticketClass1Count: o.ticketClass1Count ?? "",
    checkInClientJson: readJson<Array<{ name: string; mobile: string }>>(o.checkInClientJson, []),
    nights: readJson<Array<{ date: string; kind: string }>>(o.nightsJson, []),
    remark: o.remark ?? "",
    bookingRemark: o.bookingRemark ?? "",
    handleResult: o.handleResult ?? "",
    handleTime: o.handleTime ?? "",
    cancelTime: o.cancelTime ?? "",
    completeTime: o.completeTime ?? "",
    refundTime: refundRequestTime(o, refund),
    refundReason: o.refundReason ?? "",
    refundHandleTime: o.refundHandleTime ?? "",
    refundHandleResult: o.refundHandleResult ?? "",
    outTradeNo: o.outTradeNo ?? "",
    payTime: o.payTime ?? "",
    orderTime: o.orderTime ?? "",
    globalId: o.globalId ?? "",
    orderDetail: [
      {
        goodsPicture: o.picJson ?? "",
        goodsName: `${o.hotelName} ${o.roomName}`.trim(),
        priceCount: o.checkinType === "club" ? 0 : fenToYuan(o.priceFen ?? 0),
        goodsCount: (o.checkinRoomCount ?? 0) * (o.checkinDays ?? 0),
        unit: "间夜",
      },
    ],
    refundDetail: refund,
    followupDetail: followups.data.map((f) => ({
      id: f.id,
      orderId: f.orderId,
      followupTime: f.followupTime,
      status: f.status,
      statusName: FOLLOWUP_STATUS[f.status as keyof typeof FOLLOWUP_STATUS] ?? String(f.status),
      content: f.content ?? "",
      userName: f.userName ?? "",
    })),
    timeline: orderTimeline(events.data, refund, o.status),
    moves: offeredMoves(o, letters),
  };
}
