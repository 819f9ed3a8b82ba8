import { screensOf } from "../../app/screen/entry.ts";
import { LOTTERY_LIST_SPEC } from "./lotteryLists.ts";

/** The lottery area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("lottery", () => import("./chunk.ts"), {
  "/lottery": ["LotteryList", LOTTERY_LIST_SPEC],
});
