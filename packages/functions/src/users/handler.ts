import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { deleteUsers, listUsers, resetUserTwoFactor, saveUser, userByMobile, viewUser } from "@xiangyu/core/users/staff";
import { deleteRoles, listRoles, roleOptions, saveRole, viewRole } from "@xiangyu/core/users/roles";
import { bindMobileUser, deleteMobileUsers, listMobileUsers, toggleMobileUsers, unbindMobileUser } from "@xiangyu/core/users/mobile";
import { USER_MSG } from "@xiangyu/core/users/schemas";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/** The users area's handlers: parsed input in, the services' answers out; writes name what they acted on. */
const impls: Impls<typeof routes> = {
  "GET /gateway/api/manage/users/mgr/list": async ({ caller, input }) => listUsers(caller, input.paging),
  "GET /gateway/api/manage/users/mgr/picklist": async ({ caller, input }) => {
    const r = await listUsers(caller, input.paging);
    return { ...r, dataList: (r.dataList ?? []).map(({ id, realname, username, mobile }) => ({ id, realname, username, mobile })) };
  },
  "POST /gateway/api/manage/users/mgr/delete": async (ctx) => {
    ctx.actedOn(await deleteUsers(ctx.caller, ctx.input.ids));
    return ok(undefined, "删除成功");
  },
  "GET /gateway/api/manage/users/view": async ({ caller, input }) => ok(await viewUser(caller, input.id)),
  "GET /gateway/api/manage/users/mgr/view": async ({ caller, input }) => ok(await userByMobile(caller, input.mobile)),
  "GET /gateway/api/manage/users/m/rolelist": async ({ caller }) => okList(await roleOptions(caller)),
  "POST /gateway/api/manage/users/m/save": async (ctx) => {
    const row = await saveUser(ctx.caller, ctx.input);
    ctx.actedOn(row.id);
    return ok(row, USER_MSG.saved);
  },
  "POST /gateway/api/manage/users/totp/reset": async (ctx) => {
    ctx.actedOn(await resetUserTwoFactor(ctx.caller, ctx.input.id));
    return ok(undefined, "重置成功");
  },

  "GET /gateway/api/manage/users/bmgr/list": async ({ caller, input }) => listUsers(caller, input.paging, input.branchId),
  "POST /gateway/api/manage/users/bmgr/delete": async (ctx) => {
    ctx.actedOn(await deleteUsers(ctx.caller, ctx.input.ids, ctx.input.branchId));
    return ok(undefined, "删除成功");
  },
  "GET /gateway/api/manage/users/bmgr/mgrview": async ({ caller, input }) => ok(await viewUser(caller, input.id, input.branchId)),
  "GET /gateway/api/manage/users/bmgr/view": async ({ caller, input }) => ok(await userByMobile(caller, input.mobile, input.branchId)),
  "GET /gateway/api/manage/users/bmgr/rolelist": async ({ caller, input }) => okList(await roleOptions(caller, input.branchId)),
  "POST /gateway/api/manage/users/bmgr/save": async (ctx) => {
    const row = await saveUser(ctx.caller, ctx.input);
    ctx.actedOn(row.id);
    return ok(row, USER_MSG.saved);
  },

  "GET /gateway/api/manage/users/m/list": async ({ caller, input }) => listMobileUsers(caller, input.paging),
  "POST /gateway/api/manage/users/m/delete": async (ctx) => {
    ctx.actedOn(await deleteMobileUsers(ctx.caller, ctx.input.ids));
    return ok(undefined, "删除成功");
  },
  "POST /gateway/api/manage/users/m/passed": async (ctx) => {
    ctx.actedOn(await toggleMobileUsers(ctx.caller, ctx.input.ids));
    return ok(undefined, "操作成功");
  },
  "POST /gateway/api/manage/users/m/bind": async (ctx) => {
    const row = await bindMobileUser(ctx.caller, ctx.input.id, ctx.input.clientId);
    ctx.actedOn([row.id, `client:${row.clientId}`]);
    return ok(row, "绑定成功");
  },
  "POST /gateway/api/manage/users/m/unbind": async (ctx) => {
    const row = await unbindMobileUser(ctx.caller, ctx.input.id);
    ctx.actedOn(row.id);
    return ok(row, "解绑成功");
  },

  "GET /gateway/api/manage/role/list": async ({ caller, input }) => listRoles(caller, input.paging, input.branchId),
  "GET /gateway/api/manage/role/view": async ({ caller, input }) => ok(await viewRole(caller, input.id)),
  "POST /gateway/api/manage/role/save": async (ctx) => {
    const role = await saveRole(ctx.caller, ctx.input);
    ctx.actedOn(role.id);
    return ok(role, "保存成功");
  },
  "POST /gateway/api/manage/role/delete": async (ctx) => {
    ctx.actedOn(await deleteRoles(ctx.caller, ctx.input.ids));
    return ok(undefined, "删除成功");
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
