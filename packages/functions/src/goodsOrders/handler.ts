import { areaApp, lambda, type Impls } from "../http/app.ts";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { routes } from "./routes.ts";
import { ok } from "@xiangyu/core/kernel/envelope";
import { deleteGoodsOrder, goodsOrderView, handleOrder, memberAskRefund, memberCancel, memberOrder, placeOrder } from "@xiangyu/core/goods/orders";
import { goodsOrderDetail, listGoodsOrders } from "@xiangyu/core/goods/orderList";
import { memberGoodsList, memberGoodsOrders, memberGoodsView } from "@xiangyu/core/goods/memberCatalogue";
import { payInSandbox, receiveGoodsNotice } from "@xiangyu/core/goods/orderPayment";
import { config } from "@xiangyu/core/kernel/config";
import { DomainError } from "@xiangyu/core/kernel/errors";

const providerAck = (status: number, code: "SUCCESS" | "FAIL", message: string) =>
  new Response(JSON.stringify({ code, message }), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

/** Goods orders (routes.ts): the staff's screens, the member's orders, the provider's notice. */
const impls: Impls<typeof routes> = {
  "GET /goods/api/order/manage/list": async ({ caller, input }) =>
    listGoodsOrders(caller.tenantId, input.paging, { goodsType: input.goodsType, orderStatus: input.orderStatus, orderNo: input.orderNo }),
  "GET /goods/api/order/manage/orderdetail": async ({ caller, input }) => ok(goodsOrderView(await goodsOrderDetail(caller.tenantId, input.orderId))),
  "POST /goods/api/order/manage/delete": async ({ caller, input, actedOn }) => {
    actedOn(await deleteGoodsOrder(caller.tenantId, input.orderId));
    return ok(undefined, "删除成功");
  },
  "POST /goods/api/order/manage/handelorder": async ({ caller, input, actedOn }) => {
    const o = await handleOrder(caller, input);
    actedOn(o.id);
    return ok(goodsOrderView(o), "操作成功");
  },

  "POST /goods/api/mp/order/create": async ({ member, input }) => ok(goodsOrderView(await placeOrder(member, input)), "下单成功"),
  "POST /goods/api/mp/order/pay": async ({ member, input }) => {
    // Only the sandbox provider exists yet: a deployed stage answers that payment is not open.
    if (!config.sandbox) throw new DomainError("支付通道未开通", "400");
    return ok({ completed: await payInSandbox(member, input.orderId) }, "支付成功");
  },
  "POST /goods/api/mp/order/cancel": async ({ member, input }) => ok(goodsOrderView(await memberCancel(member, input.orderId)), "取消成功"),
  "POST /goods/api/mp/order/refund": async ({ member, input }) => ok(goodsOrderView(await memberAskRefund(member, input.orderId, input.reason)), "已申请退款"),
  "POST /goods/api/pay/notify/{tenant}": async ({ input }) => {
    try {
      const completed = await receiveGoodsNotice(input.tenant, input);
      return providerAck(200, "SUCCESS", completed ? "成功" : "已处理");
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      // As the vouchers' notice route: a refusal the provider can do nothing about keeps its 4xx, a lost race is a 500 so it comes again.
      return providerAck(["400", "401", "404", "409"].includes(e.code) ? Number(e.code) : 500, "FAIL", e.desc);
    }
  },
  "GET /goods/api/mp/order/view": async ({ member, input }) => ok(goodsOrderView(await memberOrder(member, input.orderId))),
  "GET /goods/api/mp/list": async ({ member, input }) => memberGoodsList(member.tenantId, input.paging, { categoryId: input.categoryId }),
  "GET /goods/api/mp/view": async ({ member, input }) => ok(await memberGoodsView(member.tenantId, input.id)),
  "GET /goods/api/mp/order/list": async ({ member, input }) => memberGoodsOrders(member, input.paging, input.status),
};

// Member routes (the mini-program's orders) are answered here: the member checks come with this Lambda.
export const app = areaApp(routes, impls, { members: authenticateMember });
export const handler = lambda(app);
