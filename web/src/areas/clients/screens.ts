import { screensOf } from "../../app/screen/entry.ts";

/** The clients area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("clients", () => import("./chunk.ts"), {
  "/client/manage": ["ClientList"],
  "/client/member": ["MemberList"],
});
