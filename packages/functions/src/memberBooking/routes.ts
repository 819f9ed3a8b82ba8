import { data, memberRoute, type RouteTable } from "../http/define.ts";
import { MemberOrderInput } from "@xiangyu/core/orders/member/schemas";
import type { MemberOrderDetail } from "@xiangyu/core/orders/memberViews";

/**
 * The mini-program member's hotel booking (issue 34; docs/api.md "Member routes (issue 34): booking"):
 * placing an order with the staff's booking rules (core orders/create.ts `placeHotelOrder`, the
 * function the proxy order runs), which takes rooms, weeks and vouchers in one transaction. A
 * member route (a member token; a staff token answers 401), for the client the member is bound to.
 *
 * A Lambda of its own, apart from the member's hotels and orders (memberHotels/routes.ts: search,
 * a hotel's rooms, my orders, cancelling), as the staff's booking is apart from the order screens:
 * the two together went over the 300 kB bundle budget (docs/decisions.md, "A module may be served
 * by two Lambdas").
 */
export const routes = {
  "POST /xiangyu/api/mp/order/create": memberRoute({ input: MemberOrderInput, reply: data<MemberOrderDetail>(), log: "会员酒店下单" }),
} satisfies RouteTable;
