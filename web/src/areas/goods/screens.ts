import { screensOf } from "../../app/screen/entry.ts";

/** The goods area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("goods", () => import("./chunk.ts"), {
  "/goods/goods": ["GoodsList"],
  "/goods/order": ["GoodsOrders"],
});
