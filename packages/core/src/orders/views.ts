import { OrderEvent, OrderFollowup, type HotelOrderItem, type ProxyOrderItem } from "./entities.ts";
import { refundDetailOf } from "./payments.ts";
import { FOLLOWUP_STATUS } from "./schemas.ts";
import { offeredMoves, statusName } from "./handle.ts";
import { fenToYuan } from "../kernel/money.ts";
import { readJson } from "../kernel/json.ts";

/**
 * What the order screens receive. Money leaves as yuan, except refundDetail.refundPrice which the
 * contract gives in cents (R152). Status names come with the rows (the orderStatus list, R154).
 */
const CATEGORY: Record<string, string> = { club: "会员酒店", rci: "交换", discount: "折扣酒店", product: "产品" };
const PAY_TYPE: Record<number, string> = { 1: "现金", 2: "周次", 3: "积分" };

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

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
/** The detail panel (R129): the row plus goods lines, money, times, refund, follow-ups, history and the moves offered. */
export async function orderDetail(o: HotelOrderItem, letters: string) {
  const [followups, events] = await Promise.all([
    OrderFollowup.query.byOrder({ tenantId: o.tenantId, orderId: o.id }).go({ pages: "all", order: "desc" }),
    OrderEvent.query.byOrder({ tenantId: o.tenantId, orderId: o.id }).go({ pages: "all" }),
  ]);
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
    refundTime: o.refundTime ?? "",
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
    refundDetail: refundDetailOf(o),
    followupDetail: followups.data.map((f) => ({
      id: f.id,
      orderId: f.orderId,
      followupTime: f.followupTime,
      status: f.status,
      statusName: FOLLOWUP_STATUS[f.status as keyof typeof FOLLOWUP_STATUS] ?? String(f.status),
      content: f.content ?? "",
      userName: f.userName ?? "",
    })),
    timeline: events.data.map((e) => ({
      time: e.time,
      action: e.action,
      fromStatus: e.fromStatus ?? 0,
      toStatus: e.toStatus ?? 0,
      toStatusName: e.toStatus ? statusName(e.toStatus) : "",
      userName: e.userName ?? "",
      note: e.note ?? "",
    })),
    moves: offeredMoves(o, letters),
  };
}
