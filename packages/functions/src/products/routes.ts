import { moduleRoute, type RouteTable } from "../http/define.ts";
import { LEGACY } from "../http/legacy.ts";

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
  "GET /xiangyu/api/hotel/product/list": moduleRoute(PRODUCTS, LEGACY),
  "GET /xiangyu/api/hotel/product/alllist": moduleRoute(PRODUCT_PICKERS, LEGACY),
  "GET /xiangyu/api/hotel/product/view": moduleRoute(PRODUCT_PICKERS, LEGACY),
  "POST /xiangyu/api/hotel/product/save": moduleRoute(PRODUCTS, { ...LEGACY, right: "save" }),
  "POST /xiangyu/api/hotel/product/delete": moduleRoute(PRODUCTS, { ...LEGACY, right: "D" }),
  "POST /xiangyu/api/hotel/product/passed": moduleRoute(PRODUCTS, { ...LEGACY, right: "P" }),
  "GET /xiangyu/api/hotel/product/typelist": moduleRoute(PRODUCT_PICKERS, LEGACY),
  "GET /xiangyu/api/hotel/product/typeview": moduleRoute(PRODUCTS, LEGACY),
  "POST /xiangyu/api/hotel/product/typesave": moduleRoute(PRODUCTS, { ...LEGACY, right: "save" }),
  "POST /xiangyu/api/hotel/product/typedelete": moduleRoute(PRODUCTS, { ...LEGACY, right: "D" }),

  // ── price modification / membership purchase orders ──
  "GET /xiangyu/api/order/productprice/list": moduleRoute(PRICE, LEGACY),
  "POST /xiangyu/api/order/productprice/save": moduleRoute(PRICE, { ...LEGACY, right: "save" }),
  "POST /xiangyu/api/order/productprice/delete": moduleRoute(PRICE, { ...LEGACY, right: "D" }),
} satisfies RouteTable;
