import { screensOf } from "../../app/screen/entry.ts";

/** The auth area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("auth", () => import("./chunk.ts"), {
  "/oplog": ["OperationLog"],
  "/loginlog": ["LoginLog"],
  "/online": ["OnlineSessions"],
});
