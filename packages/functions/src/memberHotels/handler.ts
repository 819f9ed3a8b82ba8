import { areaApp, lambda, type Impls } from "../http/app.ts";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { searchHotels } from "@xiangyu/core/hotels/memberSearch";
import { memberHotel } from "@xiangyu/core/hotels/memberHotel";
import { cancelMemberOrder, memberOrder, memberOrderList } from "@xiangyu/core/orders/memberOrders";
import { payMemberOrder } from "@xiangyu/core/orders/memberPay";
import { MEMBER_MSG } from "@xiangyu/core/orders/memberRules";
import { config } from "@xiangyu/core/kernel/config";
import { DomainError } from "@xiangyu/core/kernel/errors";

/** The member's hotels and hotel orders (routes.ts): wiring only, each route one service of core. */
const impls: Impls<typeof routes> = {
  "GET /xiangyu/api/mp/hotels": async ({ member, input }) => searchHotels(member, input),
  "GET /xiangyu/api/mp/hotel": async ({ member, input }) => ok(await memberHotel(member, input)),
  "GET /xiangyu/api/mp/orders": async ({ member, input }) => memberOrderList(member, input),
  "GET /xiangyu/api/mp/order/view": async ({ member, input }) => ok(await memberOrder(member, input.id)),
  "POST /xiangyu/api/mp/order/cancel": async ({ member, input, actedOn }) => {
    const order = await cancelMemberOrder(member, input);
    actedOn(order.id);
    return ok(order, order.status === 7 ? "已申请退订" : "取消成功");
  },
  "POST /xiangyu/api/mp/order/pay": async ({ member, input, actedOn }) => {
    // Only the sandbox provider exists yet (as goods' mp/order/pay): a deployed stage answers that payment is not open.
    if (!config.sandbox) throw new DomainError(MEMBER_MSG.noPayChannel, "400");
    await payMemberOrder(member, input.id);
    actedOn(input.id);
    return ok(await memberOrder(member, input.id), "支付成功");
  },
};

// Member routes are answered here: the member checks come with this Lambda.
export const app = areaApp(routes, impls, { members: authenticateMember });
export const handler = lambda(app);
