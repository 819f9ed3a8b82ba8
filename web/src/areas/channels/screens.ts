import { screensOf } from "../../app/screen/entry.ts";

/** The channels area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("channels", () => import("./chunk.ts"), {
  "/channel": ["ChannelList"],
});
