import { data, done, list, memberRoute, moduleRoute, publicRoute, response, type RouteTable } from "../http/define.ts";
import {
  GoodsNotifyInput,
  GoodsOrderIdInput,
  GoodsOrderListQuery,
  HandleOrderInput,
  MemberGoodsIdQuery,
  MemberGoodsListQuery,
  MemberGoodsOrderQuery,
  MemberOrderInput,
  MemberRefundInput,
} from "@xiangyu/core/goods/schemas";
import type { GoodsOrderView } from "@xiangyu/core/goods/orders";
import type { MemberGoodsRow, MemberGoodsView } from "@xiangyu/core/goods/memberCatalogue";

/**
 * Goods orders (module "goods", 商品订单): the staff's order screens, the mini-program member's
 * orders and the payment provider's notice. A Lambda of its own, apart from the goods catalogue
 * (goods/routes.ts, with the rich-text sanitiser and the picture checks): each carries its half
 * (docs/decisions.md). handelorder's letter depends on the action (R428: review and complete A,
 * proxy cancel P, refund E): the service checks it, the route declares none.
 */
const GOODS = "goods";

export const routes = {
  "GET /goods/api/order/manage/list": moduleRoute(GOODS, { input: GoodsOrderListQuery, reply: list<GoodsOrderView>(), log: false }),
  "GET /goods/api/order/manage/orderdetail": moduleRoute(GOODS, { input: GoodsOrderIdInput, reply: data<GoodsOrderView>(), log: false }),
  "POST /goods/api/order/manage/delete": moduleRoute(GOODS, { right: "D", input: GoodsOrderIdInput, reply: done(), log: "删除商品订单" }),
  "POST /goods/api/order/manage/handelorder": moduleRoute(GOODS, { input: HandleOrderInput, reply: data<GoodsOrderView>(), log: "处理商品订单" }),

  // ── the mini-program's member (docs/api.md): placing, paying, cancelling and asking a refund ──
  "POST /goods/api/mp/order/create": memberRoute({ input: MemberOrderInput, reply: data<GoodsOrderView>(), log: "会员商品下单" }),
  /** The sandbox provider pays the order (XY_SANDBOX=1 only): its signed notice is received as the provider's would be. */
  "POST /goods/api/mp/order/pay": memberRoute({ input: GoodsOrderIdInput, reply: data<{ completed: boolean }>(), log: "会员商品支付" }),
  "POST /goods/api/mp/order/cancel": memberRoute({ input: GoodsOrderIdInput, reply: data<GoodsOrderView>(), log: "会员取消商品订单" }),
  "POST /goods/api/mp/order/refund": memberRoute({ input: MemberRefundInput, reply: data<GoodsOrderView>(), log: "会员申请商品退款" }),
  /**
   * The payment provider's notice for goods orders (the notify address a goods payment names; no
   * session): the same signed notice as POST /xiangyu/api/pay/notify/{tenant}, answered in the
   * provider's shape. Kept in this Lambda so the vouchers Lambda does not carry the goods orders.
   */
  "POST /goods/api/pay/notify/{tenant}": publicRoute({ input: GoodsNotifyInput, reply: response(), maxBody: 4096 }),
  "GET /goods/api/mp/order/view": memberRoute({ input: GoodsOrderIdInput, reply: data<GoodsOrderView>(), log: false }),
  // Issue 34: the mini-program's catalogue (goods on shelf, one goods with its specs) and the member's own orders
  // (core goods/memberCatalogue.ts); here rather than in the goods Lambda, which has no member routes.
  "GET /goods/api/mp/list": memberRoute({ input: MemberGoodsListQuery, reply: list<MemberGoodsRow>(), log: false }),
  "GET /goods/api/mp/view": memberRoute({ input: MemberGoodsIdQuery, reply: data<MemberGoodsView>(), log: false }),
  "GET /goods/api/mp/order/list": memberRoute({ input: MemberGoodsOrderQuery, reply: list<GoodsOrderView>(), log: false }),
} satisfies RouteTable;
