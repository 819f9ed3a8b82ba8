import { screensOf } from "../../app/screen/entry.ts";

/** The website area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("website", () => import("./chunk.ts"), {
  "/website": ["WebsiteSettings"],
});
