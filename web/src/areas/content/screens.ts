import { screensOf } from "../../app/screen/entry.ts";
import { INFO_LIST_SPEC } from "./contentLists.ts";

/** The content area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("content", () => import("./chunk.ts"), {
  "/information": ["InformationList", INFO_LIST_SPEC],
  "/infoview": ["InfoView"],
});
