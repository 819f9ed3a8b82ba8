import { screensOf } from "../../app/screen/entry.ts";

/** The orders area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("orders", () => import("./chunk.ts"), {
  "/order/list": ["OrderList"],
  "/order/reservationservice": ["ProxyOrders"],
});
