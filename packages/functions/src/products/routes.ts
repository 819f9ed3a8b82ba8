import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { idInput, idsInput, noInput } from "@xiangyu/core/kernel/fields";
import { PriceOrderInput, PriceOrderListQuery, ProductInput, ProductListQuery, ProductPassInput, ProductPickerQuery, ProductTypeInput } from "@xiangyu/core/products/schemas";
import type { ProductView } from "@xiangyu/core/products/service";
import type { ProductTypeView } from "@xiangyu/core/products/types";
import type { PriceOrderView } from "@xiangyu/core/products/priceOrders";

/**
 * Products, product types, price modification and membership purchase orders. Modules: products
 * (2201, 2202) "products", price modification (1908) "finance"; the product pickers of other
 * screens' wizards accept those screens' modules too.
 */
const PRODUCTS = ["products"] as const;
const PRICE = ["finance", "products"] as const;
/** Screens that pick a product (price modification, purchase orders, work-order purchases, hotel orders). */
const PRODUCT_PICKERS = ["products", "finance", "workorders", "orders", "vouchers"] as const;

export const routes = {
  // ── products and types ──
  "GET /xiangyu/api/hotel/product/list": moduleRoute(PRODUCTS, { scope: "department", input: ProductListQuery, reply: list<ProductView>(), log: false }),
  "GET /xiangyu/api/hotel/product/alllist": moduleRoute(PRODUCT_PICKERS, { scope: "department", input: ProductPickerQuery, reply: list<ProductView>(), log: false }),
  "GET /xiangyu/api/hotel/product/view": moduleRoute(PRODUCT_PICKERS, { scope: "department", input: idInput(), reply: data<ProductView>(), log: false }),
  "POST /xiangyu/api/hotel/product/save": moduleRoute(PRODUCTS, { scope: "department", right: "save", input: ProductInput, reply: data<ProductView>(), log: "保存产品" }),
  "POST /xiangyu/api/hotel/product/delete": moduleRoute(PRODUCTS, { scope: "department", right: "D", input: idsInput(), reply: done(), log: "删除产品" }),
  "POST /xiangyu/api/hotel/product/passed": moduleRoute(PRODUCTS, { scope: "department", right: "P", input: ProductPassInput, reply: done(), log: "启禁用产品" }),
  "GET /xiangyu/api/hotel/product/typelist": moduleRoute(PRODUCT_PICKERS, { input: noInput, reply: list<ProductTypeView>(), log: false }),
  "GET /xiangyu/api/hotel/product/typeview": moduleRoute(PRODUCTS, { input: idInput(), reply: data<ProductTypeView>(), log: false }),
  "POST /xiangyu/api/hotel/product/typesave": moduleRoute(PRODUCTS, { right: "save", also: "R", input: ProductTypeInput, reply: data<ProductTypeView>(), log: "保存产品类型" }),
  "POST /xiangyu/api/hotel/product/typedelete": moduleRoute(PRODUCTS, { right: "D", also: "R", input: idsInput(), reply: done(), log: "删除产品类型" }),

  // ── price modification / membership purchase orders ──
  "GET /xiangyu/api/order/productprice/list": moduleRoute(PRICE, { scope: "department", input: PriceOrderListQuery, reply: list<PriceOrderView>(), log: false }),
  "POST /xiangyu/api/order/productprice/save": moduleRoute(PRICE, {
    scope: "department",
    right: "save",
    input: PriceOrderInput,
    reply: data<PriceOrderView>(),
    log: "保存产品价格修改",
  }),
  "POST /xiangyu/api/order/productprice/delete": moduleRoute(PRICE, { scope: "department", right: "D", input: idsInput(), reply: done(), log: "删除产品价格修改" }),
} satisfies RouteTable;
