import { ORDER_STATUS } from "@xiangyu/core/orders/status";
import type { Move } from "@xiangyu/core/orders/status";
import type { VoucherClass } from "@xiangyu/core/orders/booking";

/**
 * What the orders area's calls carry (packages/core/src/orders/views.ts): money in yuan, except
 * refundDetail.refundPrice in cents (R152); status names with the rows (the orderStatus list, R154).
 */
export const ORDER_API = "/xiangyu/api/order";
export const LIST_PATH = `${ORDER_API}/manage/list`;
export const LIST_ROUTE = "GET /xiangyu/api/order/manage/list";
export const VIEW_PATH = `${ORDER_API}/manage/view`;
export const HANDLE_PATH = `${ORDER_API}/manage/handle`;
export const FOLLOWUP_PATH = `${ORDER_API}/manage/followupsave`;
export const PROXY_CANCEL_PATH = `${ORDER_API}/manage/proxycancel`;
export const DELETE_PATH = `${ORDER_API}/manage/delete`;
export const CREATE_PATH = `${ORDER_API}/createhotelorder`;
export const PROXY_LIST_PATH = `${ORDER_API}/reservationservice/list`;
export const PROXY_LIST_ROUTE = "GET /xiangyu/api/order/reservationservice/list";
export const PROXY_DELETE_PATH = `${ORDER_API}/reservationservice/delete`;
export const MEMBER_STORE_PATH = "/xiangyu/api/client/memberstore";
export const ALL_HOTELS_PATH = "/xiangyu/api/hotel/allhotel";
export const STAY_ROOMS_PATH = "/xiangyu/api/hotel/app/rooms";

export const statusName = (s: number, given?: string) => given || ORDER_STATUS[s as keyof typeof ORDER_STATUS] || String(s);

/** A row of the order list (orderRow). */
export type OrderRow = {
  id: number;
  orderId: number;
  checkinType: string;
  checkinTypeName: string;
  orderName: string;
  status: number;
  statusName: string;
  payType: number;
  payTypeName: string;
  price: number;
  payAmount: number;
  deductionWeeks: number;
  deductionWeeksFristHalt: number;
  deductionWeeksSecondHalt: number;
  ticketCount: number;
  hotelId: number;
  hotelName: string;
  roomId: number;
  roomName: string;
  checkinRoomCount: number;
  checkinDays: number;
  checkinStartdate: string;
  checkinEnddate: string;
  bookingTime: string;
  clientId: number;
  clientName: string;
  clientMobile: string;
  shop: string;
  rsId: number;
  proxyCancel: number;
  createUserName: string;
};

/** A row of the proxy order list (proxyRow): rsId names the record, orderId the order. */
export type ProxyRow = {
  id: number;
  rsId: number;
  orderId: number;
  createUser: string;
  createTime: string;
  clientName: string;
  checkinType: string;
  checkinTypeName: string;
  orderName: string;
  bookingTime: string;
  payType: number;
  payTypeName: string;
  ticketCount: number;
  checkinRoomCount: number;
  checkinDays: number;
  checkinStartdate: string;
  checkinEnddate: string;
  shop: string;
  status: number;
  statusName: string;
  price: number;
  deductionWeeks: number;
  deductionWeeksFristHalt: number;
  deductionWeeksSecondHalt: number;
};

export type RefundDetail = { id: string; refundPrice: number; reason: string; status: number; refundTime: string };
export type Followup = { id: number; orderId: number; followupTime: string; status: number; statusName: string; content: string; userName: string };
export type TimelineEntry = { time: string; action: string; fromStatus: number; toStatus: number; toStatusName: string; userName: string; note: string };
export type GoodsLine = { goodsPicture: string; goodsName: string; priceCount: number; goodsCount: number; unit: string };

/** The detail panel's record (orderDetail). */
export type OrderDetailData = OrderRow & {
  fullPrice: number;
  discountPrice: number;
  weekCount: number;
  weekstartCount: number;
  weekendCount: number;
  ticketClassCountJson: string;
  ticketClass1Count: string;
  checkInClientJson: { name: string; mobile: string }[];
  remark: string;
  handleResult: string;
  handleTime: string;
  cancelTime: string;
  completeTime: string;
  refundTime: string;
  refundReason: string;
  refundHandleTime: string;
  refundHandleResult: string;
  outTradeNo: string;
  payTime: string;
  orderTime: string;
  orderDetail: GoodsLine[];
  refundDetail: RefundDetail | null;
  followupDetail: Followup[];
  timeline: TimelineEntry[];
  moves: { move: Move; label: string }[];
};

/** Member store info (client/memberstore, R182). */
export type MemberStore = {
  clientId: number;
  clientName: string;
  bound: boolean;
  membership: { productTypeId: number; remainingCount: number; remainingFirstHaltCount: number; remainingSecondHaltCount: number } | null;
  ticketClassCount: Record<VoucherClass | "total", number>;
  ticketClass1Count: { batchNo: string; ticketCount: number }[];
};

export type HotelOption = { id: number; hotelName: string; hotelType: number };

/** One room of hotel/app/rooms for a stay. */
export type StayRoom = {
  id: number;
  hotelId: number;
  roomName: string;
  bedSpecifications: string;
  hotelType: number;
  hotelName: string;
  /** 1 = the hotel takes room vouchers. */
  useTicket: number;
  freeCount: number;
  totalPrice: number;
  weekdayNights: number;
  weekendNights: number;
  nights: { inDate: string; kind: "weekday" | "weekend"; holiday: string; stored: boolean; freeCount: number; inPrice: number }[];
};

/** Refund progress (R152). */
export const refundStatusName = (s: number) => (s === 1 ? "退款成功" : s === 2 ? "退款失败" : "退款中");

/** Yuan with two decimals. */
export const yuan = (n: number | undefined | null) => (Number(n ?? 0)).toFixed(2);
