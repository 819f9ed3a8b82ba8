import { screensOf } from "../../app/screen/entry.ts";

/** The org area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("org", () => import("./chunk.ts"), {
  "/organization": ["OrganizationTree"],
  "/chinaareamanage": ["RegionTree"],
  "/xingyu/areas": ["RegionTree"],
});
