import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { login, logout, currentUser, changeOwnPassword } from "@xiangyu/core/auth/service";
import { listOplog } from "@xiangyu/core/auth/oplog";
import { getTenant, getTenantByDomain, publicBranding, UNKNOWN_DOMAIN } from "@xiangyu/core/platform/tenants";
import { getBranch } from "@xiangyu/core/org/branches";
import { ok } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";

const impls: Impls<typeof routes> = {
  "POST /gateway/oauth/login": async ({ input, ip }) => ok(await login(input, { ip }), "登录成功"),
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
  "GET /gateway/api/manage/oplog/list": async ({ caller, input }) => listOplog(caller, input.paging, { userId: input.userId, module: input.module || undefined }),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
