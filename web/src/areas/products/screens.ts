import { screensOf } from "../../app/screen/entry.ts";

/** The products area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("products", () => import("./chunk.ts"), {
  "/product/list": ["ProductList"],
  "/order/productlist": ["ProductOrders"],
  "/order/modifyproductprice": ["PriceModification"],
});
