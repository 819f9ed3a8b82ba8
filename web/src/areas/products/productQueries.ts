import { useQuery } from "@tanstack/react-query";
import { ALL_PRODUCTS } from "@xiangyu/core/products/rules";
import { useApi } from "../../lib/screen.tsx";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import type { DataOf, RowOf } from "../../lib/contract.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";

/**
 * The products area's reads and writes by route (hotels/hotelQueries.ts is the model): products,
 * product types and price modification (also the membership purchase orders, docs/gaps.md §8). The row
 * types come from the route table; each write names the reads it makes stale.
 */
export const PRODUCT_LIST = "GET /xiangyu/api/hotel/product/list";
export const PRODUCT_VIEW = "GET /xiangyu/api/hotel/product/view";
export const PRICE_ORDER_LIST = "GET /xiangyu/api/order/productprice/list";
export const TYPE_LIST = "GET /xiangyu/api/hotel/product/typelist";
const PICKABLE = "GET /xiangyu/api/hotel/product/alllist";

export type Product = DataOf<typeof PRODUCT_VIEW>;
/** hasDelete 1 = has products or is built in: cannot be deleted (R363). */
export type ProductType = RowOf<typeof TYPE_LIST>;
/** A price modification, also a membership purchase order; status 0 waiting, 1 bought (R370). */
export type PriceOrder = RowOf<typeof PRICE_ORDER_LIST>;

const productQueries = {
  /** Every product type (typelist has no paging, R359): the filter, the form and the type list. */
  types: (api: ReturnType<typeof useApi>) => routeQuery(api, TYPE_LIST, {}, "list"),
  /** Enabled products of every type, for pickers. */
  pickable: (api: ReturnType<typeof useApi>) => routeQuery(api, PICKABLE, { productType: ALL_PRODUCTS }, "list"),
};

export function useProductTypes() {
  const api = useApi();
  return useQuery({ ...productQueries.types(api), select: (r) => r.dataList ?? [] });
}

export function usePickableProducts() {
  const api = useApi();
  return useQuery({ ...productQueries.pickable(api), select: (r) => r.dataList ?? [] });
}

/**
 * What each kind of write makes stale: whether a type is in use shows on the type list and a
 * product's name on its price orders; a type's name on every product. The product view is not
 * named: the dialog never caches it (RecordModal).
 */
const PRODUCTS = staleReads(PRODUCT_LIST, PICKABLE, TYPE_LIST, PRICE_ORDER_LIST);
const TYPES = staleReads(TYPE_LIST, PRODUCT_LIST, PICKABLE);
const PRICE_ORDERS = staleReads(PRICE_ORDER_LIST);
export const STALE_AFTER = { products: PRODUCTS, types: TYPES, priceOrders: PRICE_ORDERS } as const;

export const useSaveProduct = (o: SaveOptions) => useSave("POST /xiangyu/api/hotel/product/save", { ...o, invalidates: PRODUCTS });
export const useDeleteProducts = () => useRouteMutation("POST /xiangyu/api/hotel/product/delete", { invalidates: PRODUCTS, success: "删除成功" });
export const useToggleProduct = () => useRouteMutation("POST /xiangyu/api/hotel/product/passed", { invalidates: PRODUCTS, kind: "handle" });

export const useSaveProductType = (o: SaveOptions) => useSave("POST /xiangyu/api/hotel/product/typesave", { ...o, invalidates: TYPES });
export const useDeleteProductTypes = () => useRouteMutation("POST /xiangyu/api/hotel/product/typedelete", { invalidates: TYPES, success: "删除成功" });

export const useSavePriceOrder = (o: SaveOptions) => useSave("POST /xiangyu/api/order/productprice/save", { ...o, invalidates: PRICE_ORDERS });
export const useDeletePriceOrders = () => useRouteMutation("POST /xiangyu/api/order/productprice/delete", { invalidates: PRICE_ORDERS, success: "删除成功" });
