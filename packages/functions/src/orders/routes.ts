import { moduleRoute, type RouteTable } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

/**
 * Hotel and proxy orders (module "orders": 全部订单, 会员/折扣酒店订单, 代客订单). The handling
 * rights (A review/complete/follow-up, E refund, P proxy cancel, D delete) are checked inside
 * against the state machine (core/orders/status.ts), with the spec's own refusals (R144–R147).
 * Paths the spec leaves open are listed in docs/api.md.
 */
const ORDERS = ["orders"] as const;

export const routes = {
  "GET /xiangyu/api/order/manage/list": moduleRoute(ORDERS, LEGACY),
  "GET /xiangyu/api/order/manage/view": moduleRoute(ORDERS, LEGACY),
  "POST /xiangyu/api/order/manage/handle": moduleRoute(ORDERS, LEGACY),
  "POST /xiangyu/api/order/manage/followupsave": moduleRoute(ORDERS, LEGACY),
  "POST /xiangyu/api/order/manage/proxycancel": moduleRoute(ORDERS, LEGACY),
  "POST /xiangyu/api/order/manage/delete": moduleRoute(ORDERS, LEGACY),
  "POST /xiangyu/api/order/createhotelorder": moduleRoute(ORDERS, { ...LEGACY, right: "A" }),
  "GET /xiangyu/api/order/reservationservice/list": moduleRoute(ORDERS, LEGACY),
  "POST /xiangyu/api/order/reservationservice/delete": moduleRoute(ORDERS, LEGACY),
  "GET /xiangyu/api/client/memberstore": moduleRoute(ORDERS, LEGACY),
} satisfies RouteTable;
