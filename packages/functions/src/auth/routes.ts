import { data, done, list, memberRoute, moduleRoute, publicRoute, sessionRoute } from "../http/define.ts";
import { noInput } from "@xiangyu/core/kernel/fields";
import {
  ChangePasswordInput,
  KickInput,
  TotpCodeInput,
  LoginInput,
  MemberLoginInput,
  LoginLogQuery,
  OnlineQuery,
  OplogQuery,
  TenantQuery,
  type OplogRow,
} from "@xiangyu/core/auth/schemas";
import type { LoginLogRow } from "@xiangyu/core/auth/loginLog";
import type { OnlineRow } from "@xiangyu/core/auth/online";
import type { LoginReply } from "@xiangyu/core/auth/sessions";
import type { TwoFactorStatus } from "@xiangyu/core/auth/twoFactor";
import type { CurrentUser } from "@xiangyu/core/auth/service";
import type { Branding } from "@xiangyu/core/platform/tenants";
import type { Member, MemberLoginReply } from "@xiangyu/core/auth/member";

/** Sessions: login (password and reLogin grants), logout, who am I, own password, the operation log. */
export const routes = {
  "POST /gateway/oauth/login": publicRoute({ input: LoginInput, reply: data<LoginReply>() }),
  // The mini-program's sign-in (a wx.login code → a member token; core auth/member.ts, docs/api.md).
  "POST /xiangyu/api/mp/login": publicRoute({ input: MemberLoginInput, reply: data<MemberLoginReply>() }),
  "GET /xiangyu/api/mp/me": memberRoute({ input: noInput, reply: data<Omit<Member, "tenantId">>(), log: false }),
  "GET /gateway/oauth/tenant": publicRoute({ input: TenantQuery, reply: data<Branding>() }),
  "POST /gateway/oauth/logout": sessionRoute({ input: noInput, reply: done(), log: false }),
  "GET /gateway/api/manage/users/info": sessionRoute({ input: noInput, reply: data<CurrentUser & { branchname: string; tenantId: string }>(), log: false }),
  "POST /gateway/api/manage/users/changepassword": sessionRoute({ input: ChangePasswordInput, reply: done(), log: "修改密码" }),
  // Own two-factor sign-in (auth/twoFactor.ts): status, a new secret to enrol, enable with a code, disable with a code.
  "GET /gateway/api/manage/users/totp/status": sessionRoute({ input: noInput, reply: data<TwoFactorStatus>(), log: false }),
  "POST /gateway/api/manage/users/totp/setup": sessionRoute({ input: noInput, reply: data<{ secret: string; otpauth: string }>(), log: false }),
  "POST /gateway/api/manage/users/totp/enable": sessionRoute({ input: TotpCodeInput, reply: data<{ recoveryCodes: string[] }>(), log: "开启两步验证" }),
  "POST /gateway/api/manage/users/totp/disable": sessionRoute({ input: TotpCodeInput, reply: done(), log: "关闭两步验证" }),
  "GET /gateway/api/manage/oplog/list": moduleRoute("auth", { input: OplogQuery, reply: list<OplogRow>(), log: false }),
  "GET /gateway/api/manage/loginlog/list": moduleRoute("auth", { input: LoginLogQuery, reply: list<LoginLogRow>(), log: false }),
  "GET /gateway/api/manage/online/list": moduleRoute("auth", { scope: "department", input: OnlineQuery, reply: list<OnlineRow>(), log: false }),
  "POST /gateway/api/manage/online/kick": moduleRoute("auth", { scope: "department", right: "D", input: KickInput, reply: done(), log: "强制退出" }),
};
