import { areaApp, lambda, type Impls } from "../http/app.ts";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { placeMemberOrder } from "@xiangyu/core/orders/memberPlace";
import { MSG } from "@xiangyu/core/orders/booking";

/** The member's booking (routes.ts): wiring only. */
const impls: Impls<typeof routes> = {
  "POST /xiangyu/api/mp/order/create": async ({ member, input, actedOn }) => {
    const order = await placeMemberOrder(member, input);
    actedOn(order.id);
    return ok(order, MSG.success);
  },
};

// Member routes are answered here: the member checks come with this Lambda.
export const app = areaApp(routes, impls, { members: authenticateMember });
export const handler = lambda(app);
