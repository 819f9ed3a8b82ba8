import { data, moduleRoute, type RouteTable } from "../http/define.ts";
import { CreateOrderInput, MemberStoreInput } from "@xiangyu/core/orders/schemas";
import type { MemberStore } from "@xiangyu/core/orders/memberStore";

/**
 * Booking (module "orders"): the proxy-booking wizard's member store (what the client holds for the
 * stay) and the booking itself, which takes rooms, weeks and vouchers in one transaction. A Lambda of
 * its own, apart from the order screens (orders/routes.ts): each carries only its half of the ledgers,
 * availability and order code, which together went over the 300 kB bundle budget (docs/decisions.md).
 */
const ORDERS = ["orders"] as const;

export const routes = {
  "POST /xiangyu/api/order/createhotelorder": moduleRoute(ORDERS, {
    scope: "department",
    right: "A",
    input: CreateOrderInput,
    reply: data<{ id: number; totalPrice: number }>(),
    log: "创建代客订单",
  }),
  "GET /xiangyu/api/client/memberstore": moduleRoute(ORDERS, { scope: "department", input: MemberStoreInput, reply: data<MemberStore>(), log: false }),
} satisfies RouteTable;
