import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/**
 * The goods area's reads and writes by route (hotels/hotelQueries.ts is the model): goods, their
 * specifications and goods orders. `{product}` is `goods` (docs/api.md).
 */
export const GOODS_LIST = "GET /goods/api/goods/list";
export const GOODS_VIEW = "GET /goods/api/goods/view";
const SPEC_LIST = "GET /goods/api/goods/speclist";
export const ORDER_LIST = "GET /goods/api/order/manage/list";
const ORDER_DETAIL = "GET /goods/api/order/manage/orderdetail";

export type Goods = RowOf<typeof GOODS_LIST>;
type SpecPage = DataOf<typeof SPEC_LIST>;
export type Spec = SpecPage["specList"][number];
export type GoodsOrder = RowOf<typeof ORDER_LIST>;

const GOODS = staleReads(GOODS_LIST, GOODS_VIEW, SPEC_LIST);
const ORDERS = staleReads(ORDER_LIST, ORDER_DETAIL, SPEC_LIST);
export const STALE_AFTER = { goods: GOODS, orders: ORDERS } as const;

export const useSaveGoods = (o: SaveOptions) => useSave("POST /goods/api/goods/save", { ...o, invalidates: GOODS });
export const useDeleteGoods = () => useRouteMutation("POST /goods/api/goods/delete", { invalidates: GOODS, success: "删除成功" });
export const usePassGoods = () => useRouteMutation("POST /goods/api/goods/passed", { invalidates: GOODS, kind: "handle" });
export const useSaveSpecs = () => useRouteMutation("POST /goods/api/goods/specsave", { invalidates: GOODS, success: "保存成功" });
export const useHandleOrder = () => useRouteMutation("POST /goods/api/order/manage/handelorder", { invalidates: ORDERS, success: "操作成功", kind: "handle" });
export const useDeleteOrder = () => useRouteMutation("POST /goods/api/order/manage/delete", { invalidates: ORDERS, success: "删除成功" });

/** The spec modal's data, read afresh each time it opens (gcTime 0: the modal edits what the server holds now). */
export function useSpecPage(id: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, SPEC_LIST, { id }), select: (r) => r.data, gcTime: 0 });
}

export function useOrderDetail(orderId: number) {
  const api = useApi();
  return useQuery({ ...routeQuery(api, ORDER_DETAIL, { orderId }), select: (r) => r.data, enabled: orderId > 0 });
}
