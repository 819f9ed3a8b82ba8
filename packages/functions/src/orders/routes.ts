import { data, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { FollowupInput, HandleInput, OrderIdInput, OrderListQuery, OrderViewQuery, ProxyCancelInput, RsIdInput } from "@xiangyu/core/orders/schemas";
import type { OrderDetail, OrderRow, ProxyRow } from "@xiangyu/core/orders/views";

/**
 * Hotel and proxy orders (module "orders": 全部订单, 会员/折扣酒店订单, 代客订单). The handling
 * rights (A review/complete/follow-up, E refund, P proxy cancel, D delete) are checked inside
 * against the state machine (core/orders/status.ts), with the spec's own refusals (R144–R147).
 * Paths the spec leaves open are listed in docs/api.md. Booking (the proxy-booking wizard's
 * create and member store) is the `booking` area, a Lambda of its own (docs/decisions.md).
 */
const ORDERS = ["orders"] as const;
type Acted = { id: number };

export const routes = {
  "GET /xiangyu/api/order/manage/list": moduleRoute(ORDERS, { scope: "department", input: OrderListQuery, reply: list<OrderRow>(), log: false }),
  "GET /xiangyu/api/order/manage/view": moduleRoute(ORDERS, { scope: "department", input: OrderViewQuery, reply: data<OrderDetail>(), log: false }),
  "POST /xiangyu/api/order/manage/handle": moduleRoute(ORDERS, { scope: "department", input: HandleInput, reply: data<Acted>(), log: "办理订单" }),
  "POST /xiangyu/api/order/manage/followupsave": moduleRoute(ORDERS, { scope: "department", input: FollowupInput, reply: data<Acted>(), log: "电话回访" }),
  "POST /xiangyu/api/order/manage/proxycancel": moduleRoute(ORDERS, { scope: "department", input: ProxyCancelInput, reply: data<Acted>(), log: "代客退订" }),
  "POST /xiangyu/api/order/manage/delete": moduleRoute(ORDERS, { scope: "department", input: OrderIdInput, reply: data<Acted>(), log: "删除订单" }),
  "GET /xiangyu/api/order/reservationservice/list": moduleRoute(ORDERS, { scope: "department", input: OrderListQuery, reply: list<ProxyRow>(), log: false }),
  "POST /xiangyu/api/order/reservationservice/delete": moduleRoute(ORDERS, { scope: "department", input: RsIdInput, reply: data<Acted>(), log: "删除代客订单" }),
} satisfies RouteTable;
