import { screensOf } from "../../app/screen/entry.ts";

/** The users area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("users", () => import("./chunk.ts"), {
  "/manageuser": ["UserList"],
  "/mgrbranchuser": ["BranchUserList"],
  "/user/manage": ["MobileUserList"],
  "/role": ["RoleList"],
});
