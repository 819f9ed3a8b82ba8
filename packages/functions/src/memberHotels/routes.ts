import { data, list, memberRoute, type RouteTable } from "../http/define.ts";
import { MemberCancelInput, MemberHotelQuery, MemberHotelSearch, MemberOrderIdInput, MemberOrderListQuery } from "@xiangyu/core/orders/member/schemas";
import type { MemberHotelRow, MemberHotelView } from "@xiangyu/core/hotels/memberViews";
import type { MemberOrderRow, MemberOrderView } from "@xiangyu/core/orders/memberViews";

/**
 * The mini-program member's hotels (issue 34; docs/api.md "Member routes (issue 34): booking"):
 * finding a hotel with rooms for a stay, one hotel's rooms for it, my hotel orders, one order,
 * paying one that awaits payment (the sandbox provider's signed notice, as goods orders are paid) and
 * cancelling one (which gives back what the booking holds and refunds money paid). Member routes
 * only (a member token; a staff token answers 401): a member reaches only their own tenant and the
 * orders of the client they are bound to. Placing an order is memberBooking/routes.ts (a Lambda of
 * its own: the bundle budget).
 */
export const routes = {
  "GET /xiangyu/api/mp/hotels": memberRoute({ input: MemberHotelSearch, reply: list<MemberHotelRow>(), log: false }),
  "GET /xiangyu/api/mp/hotel": memberRoute({ input: MemberHotelQuery, reply: data<MemberHotelView>(), log: false }),
  "GET /xiangyu/api/mp/orders": memberRoute({ input: MemberOrderListQuery, reply: list<MemberOrderRow>(), log: false }),
  "GET /xiangyu/api/mp/order/view": memberRoute({ input: MemberOrderIdInput, reply: data<MemberOrderView>(), log: false }),
  "POST /xiangyu/api/mp/order/cancel": memberRoute({ input: MemberCancelInput, reply: data<MemberOrderView>(), log: "会员取消酒店订单" }),
  /** The sandbox provider pays the member's order awaiting payment (XY_SANDBOX=1 only; elsewhere 支付通道未开通): its signed notice is received as the provider's would be. */
  "POST /xiangyu/api/mp/order/pay": memberRoute({ input: MemberOrderIdInput, reply: data<MemberOrderView>(), log: "会员支付酒店订单" }),
} satisfies RouteTable;
