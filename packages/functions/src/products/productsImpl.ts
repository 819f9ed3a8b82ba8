import type { Impl } from "../http/app.ts";
import { parse, idList, intParam } from "../http/input.ts";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { notFound } from "@xiangyu/core/kernel/errors";
import { ProductInput, ProductTypeInput, PriceOrderInput } from "@xiangyu/core/products/schemas";
import { listProducts, allProducts, visibleProduct, saveProduct, deleteProducts, setProductsEnabled, productView } from "@xiangyu/core/products/service";
import { listProductTypes, getProductType, saveProductType, deleteProductTypes, typeView, productTypeMap } from "@xiangyu/core/products/types";
import { listPriceOrders, savePriceOrder, deletePriceOrders, priceOrderView } from "@xiangyu/core/products/priceOrders";
import { optionalFilter } from "../http/input.ts";

/** Products, product types and price modification (membership purchase orders). */
export const productImpls: Record<string, Impl> = {
  "GET /xiangyu/api/hotel/product/list": async ({ caller, input }) =>
    listProducts(caller, readPaging(input), { productType: optionalFilter(input.productType, "产品类型不正确") }),
  "GET /xiangyu/api/hotel/product/alllist": async ({ caller, input }) => okList(await allProducts(caller, optionalFilter(input.productType, "产品类型不正确"))),
  "GET /xiangyu/api/hotel/product/view": async ({ caller, input }) => {
    const [p, types] = await Promise.all([visibleProduct(caller, intParam(input.id)), productTypeMap(caller.tenantId)]);
    return ok(productView(p, types));
  },
  "POST /xiangyu/api/hotel/product/save": async ({ caller, input }) => {
    const saved = await saveProduct(caller, parse(ProductInput, input));
    return ok(productView(saved, await productTypeMap(caller.tenantId)), "保存成功");
  },
  "POST /xiangyu/api/hotel/product/delete": async ({ caller, input }) => {
    const n = await deleteProducts(caller, idList(input.ids ?? input.id));
    return n ? ok(undefined, "删除成功") : { code: "404", desc: "并没有删除信息" };
  },
  "POST /xiangyu/api/hotel/product/passed": async ({ caller, input }) => {
    const ids = idList(input.ids ?? input.id, "并没有选择审核项");
    const to = optionalFilter(input.idisplay ?? input.status, "状态不正确");
    const n = await setProductsEnabled(caller, ids, to === undefined ? undefined : to === 1 ? 1 : 0);
    return n ? ok(undefined, "操作成功") : { code: "404", desc: "并没有选择审核项" };
  },
  "GET /xiangyu/api/hotel/product/typelist": async ({ caller }) => okList((await listProductTypes(caller.tenantId)).map(typeView)),
  "GET /xiangyu/api/hotel/product/typeview": async ({ caller, input }) => {
    const t = await getProductType(caller.tenantId, intParam(input.id));
    if (!t) throw notFound("产品类型");
    return ok(typeView(t));
  },
  "POST /xiangyu/api/hotel/product/typesave": async ({ caller, input }) => ok(typeView(await saveProductType(caller.tenantId, parse(ProductTypeInput, input))), "保存成功"),
  "POST /xiangyu/api/hotel/product/typedelete": async ({ caller, input }) => {
    const n = await deleteProductTypes(caller.tenantId, idList(input.ids ?? input.id));
    return n ? ok(undefined, "删除成功") : { code: "404", desc: "并没有删除信息" };
  },

  "GET /xiangyu/api/order/productprice/list": async ({ caller, input }) =>
    listPriceOrders(caller, readPaging(input), { clientId: optionalFilter(input.clientId), status: optionalFilter(input.status, "状态不正确") }),
  "POST /xiangyu/api/order/productprice/save": async ({ caller, input }) => ok(priceOrderView(await savePriceOrder(caller, parse(PriceOrderInput, input))), "保存成功"),
  "POST /xiangyu/api/order/productprice/delete": async ({ caller, input }) => {
    const n = await deletePriceOrders(caller, idList(input.ids ?? input.id));
    return n ? ok(undefined, "删除成功") : { code: "404", desc: "并没有删除信息" };
  },
};
