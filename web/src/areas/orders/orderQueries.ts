import type { ApiClient } from "../../lib/api.ts";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf, InputFor, RowOf } from "../../lib/contract.ts";

/**
 * The orders area's reads and writes by route (hotels/hotelQueries.ts is the model). Row and detail
 * types come from the route table (core's orders/views.ts): money in yuan, except
 * refundDetail.refundPrice in cents (R152). Every move of an order makes stale the order lists, the
 * order itself, what the client holds (weeks, vouchers) and the hotels' free rooms.
 */
export const ORDER_LIST = "GET /xiangyu/api/order/manage/list";
export const PROXY_LIST = "GET /xiangyu/api/order/reservationservice/list";
const ORDER_VIEW = "GET /xiangyu/api/order/manage/view";
const MEMBER_STORE = "GET /xiangyu/api/client/memberstore";

export type OrderRow = RowOf<typeof ORDER_LIST>;
/** A row of the proxy order list: rsId names the record, orderId the order. */
export type ProxyRow = RowOf<typeof PROXY_LIST>;
/** The detail panel's record, with the moves the server offers this caller. */
export type OrderDetailData = DataOf<typeof ORDER_VIEW>;
/** What a client holds for a booking (R182): bound, stored weeks, usable vouchers. */
export type MemberStore = DataOf<typeof MEMBER_STORE>;
export type StoreQuery = InputFor<typeof MEMBER_STORE>;
export type HotelOption = RowOf<"GET /xiangyu/api/hotel/allhotel">;
/** One room of hotel/app/rooms for a stay. */
export type StayRoom = RowOf<"GET /xiangyu/api/hotel/app/rooms">;

export const orderQueries = {
  view: (api: ApiClient, orderId: number) => routeQuery(api, ORDER_VIEW, { orderId }),
  memberStore: (api: ApiClient, q: StoreQuery) => routeQuery(api, MEMBER_STORE, q),
  // The hotels and a stay's rooms are the hotels area's reads: hotelQueries.options and .stayRooms.
};

const ORDERS = staleReads(
  ORDER_LIST,
  PROXY_LIST,
  ORDER_VIEW,
  MEMBER_STORE,
  "GET /xiangyu/api/client/membershipinfo",
  "GET /xiangyu/api/client/membershiptotallist",
  "GET /xiangyu/api/client/membershiplist",
  "GET /xiangyu/api/hotel/",
);
const HANDLED = { invalidates: ORDERS, success: "办理成功", kind: "handle" } as const;
const DELETED = { invalidates: ORDERS, success: "删除成功", kind: "handle" } as const;

/** Review and refund handling, and 标记完成 (the handle call with its currentCtrl). */
export const useHandleOrder = () => useRouteMutation("POST /xiangyu/api/order/manage/handle", HANDLED);
export const useProxyCancel = () => useRouteMutation("POST /xiangyu/api/order/manage/proxycancel", HANDLED);
export const useSaveFollowup = () => useRouteMutation("POST /xiangyu/api/order/manage/followupsave", HANDLED);
export const useDeleteOrder = () => useRouteMutation("POST /xiangyu/api/order/manage/delete", DELETED);
export const useDeleteProxyOrder = () => useRouteMutation("POST /xiangyu/api/order/reservationservice/delete", DELETED);
export const useCreateOrder = (success: string) => useRouteMutation("POST /xiangyu/api/order/createhotelorder", { invalidates: ORDERS, success });
