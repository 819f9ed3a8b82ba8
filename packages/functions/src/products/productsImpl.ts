import type { Impls } from "../http/app.ts";
import type { routes } from "./routes.ts";
import { fail, ok, okList } from "@xiangyu/core/kernel/envelope";
import { notFound, nothingDeleted } from "@xiangyu/core/kernel/errors";
import { listProducts, allProducts, visibleProduct, saveProduct, deleteProducts, setProductsEnabled, productView } from "@xiangyu/core/products/service";
import { listProductTypes, getProductType, saveProductType, deleteProductTypes, typeView, productTypeMap } from "@xiangyu/core/products/types";
import { listPriceOrders, savePriceOrder, deletePriceOrders, priceOrderView } from "@xiangyu/core/products/priceOrders";

/** Products, product types and price modification (membership purchase orders). */

export const productImpls: Impls<typeof routes> = {
  "GET /xiangyu/api/hotel/product/list": async ({ caller, input }) => listProducts(caller, input.paging, { productType: input.productType }),
  "GET /xiangyu/api/hotel/product/alllist": async ({ caller, input }) => okList(await allProducts(caller, input.productType)),
  "GET /xiangyu/api/hotel/product/view": async ({ caller, input }) => {
    const [p, types] = await Promise.all([visibleProduct(caller, input.id), productTypeMap(caller.tenantId)]);
    return ok(productView(p, types));
  },
  "POST /xiangyu/api/hotel/product/save": async ({ caller, input }) => {
    const saved = await saveProduct(caller, input);
    return ok(productView(saved, await productTypeMap(caller.tenantId)), "保存成功");
  },
  "POST /xiangyu/api/hotel/product/delete": async ({ caller, input, actedOn }) => {
    const deleted = await deleteProducts(caller, input.ids);
    if (!deleted.length) throw nothingDeleted();
    actedOn(deleted);
    return ok(undefined, "删除成功");
  },
  "POST /xiangyu/api/hotel/product/passed": async ({ caller, input, actedOn }) => {
    const switched = await setProductsEnabled(caller, input.ids, input.idisplay);
    if (!switched.length) return fail("并没有选择审核项", "404");
    actedOn(switched);
    return ok(undefined, "操作成功");
  },
  "GET /xiangyu/api/hotel/product/typelist": async ({ caller }) => okList((await listProductTypes(caller.tenantId)).map(typeView)),
  "GET /xiangyu/api/hotel/product/typeview": async ({ caller, input }) => {
    const t = await getProductType(caller.tenantId, input.id);
    if (!t) throw notFound("产品类型");
    return ok(typeView(t));
  },
  // Type management needs R beside A/E/D (R043, R348): the routes say so (`also`), the adapter checks it.
  "POST /xiangyu/api/hotel/product/typesave": async ({ caller, input }) => ok(typeView(await saveProductType(caller.tenantId, input)), "保存成功"),
  "POST /xiangyu/api/hotel/product/typedelete": async ({ caller, input, actedOn }) => {
    const deleted = await deleteProductTypes(caller.tenantId, input.ids);
    if (!deleted.length) throw nothingDeleted();
    actedOn(deleted);
    return ok(undefined, "删除成功");
  },

  "GET /xiangyu/api/order/productprice/list": async ({ caller, input }) => listPriceOrders(caller, input.paging, { clientId: input.clientId, status: input.status }),
  "POST /xiangyu/api/order/productprice/save": async ({ caller, input }) => ok(priceOrderView(await savePriceOrder(caller, input)), "保存成功"),
  "POST /xiangyu/api/order/productprice/delete": async ({ caller, input, actedOn }) => {
    const deleted = await deletePriceOrders(caller, input.ids);
    if (!deleted.length) throw nothingDeleted();
    actedOn(deleted);
    return ok(undefined, "删除成功");
  },
};
