import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { login, logout, currentUser, changeOwnPassword } from "@xiangyu/core/auth/service";
import { memberSignIn } from "@xiangyu/core/auth/member";
import { authenticateMember } from "@xiangyu/core/auth/memberAuth";
import { listOplog } from "@xiangyu/core/auth/oplog";
import { getTenant, getTenantByDomain, publicBranding, UNKNOWN_DOMAIN } from "@xiangyu/core/platform/tenants";
import { listLoginLog } from "@xiangyu/core/auth/loginLog";
import { forceSignOut, listOnline } from "@xiangyu/core/auth/online";
import { disableTwoFactor, finishEnrolment, startEnrolment, twoFactorStatus } from "@xiangyu/core/auth/twoFactor";
import { getUser } from "@xiangyu/core/users/read";
import type { Caller } from "@xiangyu/core/kernel/context";
import { getBranch } from "@xiangyu/core/org/branches";
import { ok } from "@xiangyu/core/kernel/envelope";
import { DomainError, SessionError } from "@xiangyu/core/kernel/errors";

/** The caller's own user item (a deleted user's session is over). */
async function me(caller: Caller) {
  const u = await getUser(caller.tenantId, caller.userId);
  if (!u) throw new SessionError();
  return u;
}

const impls: Impls<typeof routes> = {
  "POST /gateway/oauth/login": async ({ input, ip, header }) => ok(await login(input, { ip, agent: header("user-agent") ?? "" }), "登录成功"),
  "POST /xiangyu/api/mp/login": async ({ input }) => ok(await memberSignIn(input), "登录成功"),
  "GET /xiangyu/api/mp/me": async ({ member: { tenantId: _, ...me } }) => ok(me),
  "GET /gateway/oauth/tenant": async ({ input }) => {
    // The console asks by the host it was opened on (a tenant's domains); a console built for one tenant asks by clientId.
    if (!input.clientId && input.domain) {
      const t = await getTenantByDomain(input.domain);
      if (!t) throw new DomainError(UNKNOWN_DOMAIN, "404");
      if (t.idisplay !== 1) throw new DomainError("该平台已停用", "403");
      return ok(publicBranding(t));
    }
    const t = input.clientId ? await getTenant(input.clientId) : null;
    if (!t || t.idisplay !== 1 || t.deleting === 1) throw new DomainError("没有读取到平台信息", "404");
    return ok(publicBranding(t));
  },
  "POST /gateway/oauth/logout": async ({ caller, ip }) => {
    await logout(caller, { ip });
    return ok(undefined, "已退出登录");
  },
  "GET /gateway/api/manage/users/info": async ({ caller }) => {
    const me = await currentUser(caller);
    const branch = me.branchid ? await getBranch(caller.tenantId, me.branchid) : null;
    return ok({ ...me, branchname: branch?.branchname ?? "", tenantId: caller.tenantId });
  },
  "POST /gateway/api/manage/users/changepassword": async ({ caller, input }) => {
    await changeOwnPassword(caller, input.oldPassword, input.newPassword);
    return ok(undefined, "密码已修改，请重新登录");
  },
  "GET /gateway/api/manage/users/totp/status": async ({ caller }) => ok(await twoFactorStatus(await me(caller))),
  "POST /gateway/api/manage/users/totp/setup": async ({ caller }) => ok(await startEnrolment(await me(caller))),
  "POST /gateway/api/manage/users/totp/enable": async ({ caller, input, actedOn }) => {
    const recoveryCodes = await finishEnrolment(caller.tenantId, caller.userId, input.code);
    actedOn(caller.userId);
    return ok({ recoveryCodes }, "两步验证已开启");
  },
  "POST /gateway/api/manage/users/totp/disable": async ({ caller, input, actedOn }) => {
    await disableTwoFactor(await me(caller), input.code);
    actedOn(caller.userId);
    return ok(undefined, "两步验证已关闭");
  },
  "GET /gateway/api/manage/oplog/list": async ({ caller, input }) => listOplog(caller, input.paging, { userId: input.userId, module: input.module || undefined }),
  "GET /gateway/api/manage/loginlog/list": async ({ caller, input }) =>
    listLoginLog(caller, input.paging, { userId: input.userId, result: input.result, from: input.from, to: input.to }),
  "GET /gateway/api/manage/online/list": async ({ caller, input }) => listOnline(caller, input.paging, { userId: input.userId }),
  "POST /gateway/api/manage/online/kick": async ({ caller, input, actedOn }) => {
    actedOn(await forceSignOut(caller, input.userId, input.sessionId));
    return ok(undefined, "已强制退出");
  },
};

export const app = areaApp(routes, impls, { members: authenticateMember });
export const handler = lambda(app);
