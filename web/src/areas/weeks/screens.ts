import { screensOf } from "../../app/screen/entry.ts";

/** The weeks area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("weeks", () => import("./chunk.ts"), {
  "/order/giftweek": ["GiftWeekList"],
  "/order/rcilist": ["RciList"],
  "/order/rci": ["RciExchange"],
});
