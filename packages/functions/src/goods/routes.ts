import { data, done, list, memberRoute, moduleRoute, publicRoute, response, type RouteTable } from "../http/define.ts";
import { idInput, idsInput } from "@xiangyu/core/kernel/fields";
import {
  GOODS_MSG,
  GoodsIdQuery,
  GoodsInput,
  GoodsListQuery,
  GoodsNotifyInput,
  GoodsOrderIdInput,
  GoodsOrderListQuery,
  GoodsPassInput,
  HandleOrderInput,
  MemberOrderIdInput,
  MemberOrderInput,
  MemberRefundInput,
  SpecSaveInput,
} from "@xiangyu/core/goods/schemas";
import type { GoodsView } from "@xiangyu/core/goods/catalogue";
import type { SpecView } from "@xiangyu/core/goods/specStore";
import type { GoodsOrderView } from "@xiangyu/core/goods/orders";

/**
 * Goods, their specifications and goods orders (spec 001; `{product}` is `goods`, the menu's
 * GOODS_PRODUCT, so every path starts /goods/api/; paths the spec leaves open are in docs/api.md).
 * Module "goods" (functions 2401–2404). handelorder's letter depends on the action (R428: review and
 * complete A, proxy cancel P, refund E): the service checks it, the route declares none.
 */
const GOODS = "goods";

/** The spec modal's data (R406–R408): the goods' id and type, and its specs. */
export type SpecPage = { goodsInfo: { id: number; goodsType: string; goodsName: string }; specList: SpecView[] };

export const routes = {
  "GET /goods/api/goods/list": moduleRoute(GOODS, { input: GoodsListQuery, reply: list<GoodsView>(), log: false }),
  "GET /goods/api/goods/view": moduleRoute(GOODS, { input: idInput(GOODS_MSG.notFound), reply: data<GoodsView>(), log: false }),
  "POST /goods/api/goods/save": moduleRoute(GOODS, { right: "save", input: GoodsInput, reply: data<GoodsView>(), log: "保存商品" }),
  "POST /goods/api/goods/delete": moduleRoute(GOODS, { right: "D", input: idsInput(), reply: done(), log: "删除商品" }),
  "POST /goods/api/goods/passed": moduleRoute(GOODS, { right: "P", input: GoodsPassInput, reply: data<{ id: number; status: number }>(), log: "商品上下架" }),
  "GET /goods/api/goods/speclist": moduleRoute(GOODS, { input: GoodsIdQuery, reply: data<SpecPage>(), log: false }),
  "POST /goods/api/goods/specsave": moduleRoute(GOODS, { right: "E", input: SpecSaveInput, reply: data<SpecPage>(), log: "设置商品规格" }),

  "GET /goods/api/order/manage/list": moduleRoute(GOODS, { input: GoodsOrderListQuery, reply: list<GoodsOrderView>(), log: false }),
  "GET /goods/api/order/manage/orderdetail": moduleRoute(GOODS, { input: GoodsOrderIdInput, reply: data<GoodsOrderView>(), log: false }),
  "POST /goods/api/order/manage/delete": moduleRoute(GOODS, { right: "D", input: GoodsOrderIdInput, reply: done(), log: "删除商品订单" }),
  "POST /goods/api/order/manage/handelorder": moduleRoute(GOODS, { input: HandleOrderInput, reply: data<GoodsOrderView>(), log: "处理商品订单" }),

  // ── the mini-program's member (docs/api.md): placing, paying, cancelling and asking a refund ──
  "POST /goods/api/mp/order/create": memberRoute({ input: MemberOrderInput, reply: data<GoodsOrderView>(), log: "会员商品下单" }),
  /** The sandbox provider pays the order (XY_SANDBOX=1 only): its signed notice is received as the provider's would be. */
  "POST /goods/api/mp/order/pay": memberRoute({ input: MemberOrderIdInput, reply: data<{ completed: boolean }>(), log: "会员商品支付" }),
  "POST /goods/api/mp/order/cancel": memberRoute({ input: MemberOrderIdInput, reply: data<GoodsOrderView>(), log: "会员取消商品订单" }),
  "POST /goods/api/mp/order/refund": memberRoute({ input: MemberRefundInput, reply: data<GoodsOrderView>(), log: "会员申请商品退款" }),
  /**
   * The payment provider's notice for goods orders (the notify address a goods payment names; no
   * session): the same signed notice as POST /xiangyu/api/pay/notify/{tenant}, answered in the
   * provider's shape. Kept in this Lambda so the vouchers Lambda does not carry the goods orders.
   */
  "POST /goods/api/pay/notify/{tenant}": publicRoute({ input: GoodsNotifyInput, reply: response(), maxBody: 4096 }),
  "GET /goods/api/mp/order/view": memberRoute({ input: MemberOrderIdInput, reply: data<GoodsOrderView>(), log: false }),
} satisfies RouteTable;
