import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { idInput, idsInput } from "@xiangyu/core/kernel/fields";
import { GOODS_MSG, GoodsIdQuery, GoodsInput, GoodsListQuery, GoodsPassInput, SpecSaveInput } from "@xiangyu/core/goods/schemas";
import type { GoodsView } from "@xiangyu/core/goods/catalogue";
import type { SpecView } from "@xiangyu/core/goods/specStore";

/**
 * Goods and their specifications (spec 001; the goods orders are the `goodsOrders` area, a Lambda
 * of its own: together they went over the 300 kB bundle budget, docs/decisions.md; `{product}` is `goods`, the menu's
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
} satisfies RouteTable;
