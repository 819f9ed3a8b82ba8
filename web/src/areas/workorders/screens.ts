import { screensOf } from "../../app/screen/entry.ts";

/** The workorders area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("workorders", () => import("./chunk.ts"), {
  "/client/workorder": ["WorkOrderList"],
  "/client/booking": ["TaskList"],
  "/client/storemanager": ["MyClients"],
  "/client/funnel": ["Funnel"],
});
