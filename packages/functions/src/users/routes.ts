import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { idInput, idsInput, noInput } from "@xiangyu/core/kernel/fields";
import {
  BranchIdQuery,
  BranchIdsInput,
  BranchMobileLookupQuery,
  BranchUserInput,
  BranchUserListQuery,
  BranchUserViewQuery,
  MobileBindInput,
  MobileLookupQuery,
  MobileUserListQuery,
  RoleInput,
  RoleListQuery,
  UserInput,
  UserListQuery,
} from "@xiangyu/core/users/schemas";
import type { UserRow } from "@xiangyu/core/users/userRows";
import type { RoleView } from "@xiangyu/core/users/roles";
import type { MobileUserRow } from "@xiangyu/core/users/mobile";

/**
 * Staff users, merchant (branch) users, mobile users and roles (spec 001 §7 "Users"; the role
 * routes and the mobile-user binding are ours, docs/api.md). Every screen of the menu's 用户管理
 * folder is module "users": the staff list also serves the channel form's salesperson picker
 * (pageSize up to 1000). The server's own rules (reach, grants, the last super-administrator) are
 * the services'; a route declares only the letter.
 */
const USERS = "users";
type RoleOption = { id: number; name: string; code: string; grantable: number };
/** A staff member as a picker shows one: no ID number, address or e-mail leaves for a salesperson field. */
export type StaffPick = Pick<UserRow, "id" | "realname" | "username" | "mobile">;

export const routes = {
  "GET /gateway/api/manage/users/mgr/list": moduleRoute(USERS, { scope: "department", input: UserListQuery, reply: list<UserRow>(), log: false }),
  // Staff pickers (a channel's salespeople, a client's 销售员 on the client screens): the staff list's
  // paging and reach, names and mobiles only.
  "GET /gateway/api/manage/users/mgr/picklist": moduleRoute([USERS, "clients"], { scope: "department", input: UserListQuery, reply: list<StaffPick>(), log: false }),
  "POST /gateway/api/manage/users/mgr/delete": moduleRoute(USERS, { scope: "department", right: "D", input: idsInput(), reply: done(), log: "删除员工" }),
  "GET /gateway/api/manage/users/view": moduleRoute(USERS, { scope: "department", input: idInput(), reply: data<UserRow>(), log: false }),
  "GET /gateway/api/manage/users/mgr/view": moduleRoute(USERS, { scope: "department", input: MobileLookupQuery, reply: data<UserRow | null>(), log: false }),
  "GET /gateway/api/manage/users/m/rolelist": moduleRoute(USERS, { input: noInput, reply: list<RoleOption>(), log: false }),
  "POST /gateway/api/manage/users/m/save": moduleRoute(USERS, { scope: "department", right: "save", input: UserInput, reply: data<UserRow>(), log: "保存员工" }),

  // An administrator's reset of a user's lost authenticator (ours, docs/api.md): reach as for an edit.
  "POST /gateway/api/manage/users/totp/reset": moduleRoute(USERS, { scope: "department", right: "E", input: idInput(), reply: done(), log: "重置两步验证" }),

  "GET /gateway/api/manage/users/bmgr/list": moduleRoute(USERS, { scope: "department", input: BranchUserListQuery, reply: list<UserRow>(), log: false }),
  "POST /gateway/api/manage/users/bmgr/delete": moduleRoute(USERS, { scope: "department", right: "D", input: BranchIdsInput, reply: done(), log: "删除商户用户" }),
  "GET /gateway/api/manage/users/bmgr/mgrview": moduleRoute(USERS, { scope: "department", input: BranchUserViewQuery, reply: data<UserRow>(), log: false }),
  "GET /gateway/api/manage/users/bmgr/view": moduleRoute(USERS, { scope: "department", input: BranchMobileLookupQuery, reply: data<UserRow | null>(), log: false }),
  "GET /gateway/api/manage/users/bmgr/rolelist": moduleRoute(USERS, { input: BranchIdQuery, reply: list<RoleOption>(), log: false }),
  "POST /gateway/api/manage/users/bmgr/save": moduleRoute(USERS, { scope: "department", right: "save", input: BranchUserInput, reply: data<UserRow>(), log: "保存商户用户" }),

  "GET /gateway/api/manage/users/m/list": moduleRoute(USERS, { input: MobileUserListQuery, reply: list<MobileUserRow>(), log: false }),
  "POST /gateway/api/manage/users/m/delete": moduleRoute(USERS, { right: "D", input: idsInput(), reply: done(), log: "删除小程序用户" }),
  "POST /gateway/api/manage/users/m/passed": moduleRoute(USERS, { right: "P", input: idsInput("并没有选择审核项"), reply: done(), log: "启禁用小程序用户" }),
  "POST /gateway/api/manage/users/m/bind": moduleRoute(USERS, { scope: "department", right: "E", input: MobileBindInput, reply: data<MobileUserRow>(), log: "绑定客户" }),
  "POST /gateway/api/manage/users/m/unbind": moduleRoute(USERS, { scope: "department", right: "E", input: idInput(), reply: data<MobileUserRow>(), log: "解除绑定客户" }),

  "GET /gateway/api/manage/role/list": moduleRoute(USERS, { input: RoleListQuery, reply: list<RoleView>(), log: false }),
  "GET /gateway/api/manage/role/view": moduleRoute(USERS, { input: idInput(), reply: data<RoleView>(), log: false }),
  "POST /gateway/api/manage/role/save": moduleRoute(USERS, { right: "save", input: RoleInput, reply: data<RoleView>(), log: "保存角色" }),
  "POST /gateway/api/manage/role/delete": moduleRoute(USERS, { right: "D", input: idsInput(), reply: done(), log: "删除角色" }),
} satisfies RouteTable;
