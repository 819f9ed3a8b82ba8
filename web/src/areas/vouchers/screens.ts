import { screensOf } from "../../app/screen/entry.ts";

/** The vouchers area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("vouchers", () => import("./chunk.ts"), {
  "/product/buyticket": ["PurchaseList"],
  "/order/giftticket": ["GiftVoucherList"],
  "/order/hotelticket": ["ExchangeList"],
});
