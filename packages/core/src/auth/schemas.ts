import * as v from "valibot";
import type { EntityItem } from "electrodb";
import { idField, maybeDate, maybeId, optText, rawValue, requiredText, textChoice, blank, optRawText, requiredRawText, mobileField } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import type { OpLog } from "./entities.ts";
import { MEMBER_ACCOUNT_MSG } from "./memberMessages.ts";

/** A password as typed: never trimmed, at most 128 characters. */
const passwordText = (missing: string | null, tooLong: string) =>
  v.pipe(
    rawValue,
    v.transform((x) => (x === undefined || x === null ? "" : String(x))),
    v.check((s) => missing === null || !blank(s), missing ?? ""),
    v.maxLength(128, tooLong),
  );

/** POST /gateway/oauth/login (form fields of the OAuth password grant, and the reLogin grant). */
export const LoginInput = v.object({
  grant_type: v.pipe(
    textChoice(["password", "reLogin", "totp"] as const, "不支持的授权类型"),
    v.check((g) => g !== undefined, "不支持的授权类型"),
    v.transform((g) => g!),
  ),
  client_id: requiredText("客户端ID不能为空", 64, "客户端认证失败"),
  client_secret: requiredRawText("客户端密钥不能为空", 128, "客户端认证失败"),
  scope: v.pipe(
    optText(20, "授权范围不正确"),
    v.transform((s) => s || "all"),
  ),
  username: optText(64, "用户名过长"),
  password: passwordText(null, "密码过长"),
  access_token: optRawText(4096, "登录已过期，请重新登录"),
  /** The totp grant: the challenge the password step answered, and the code (six digits or a recovery code). */
  challenge: optRawText(4096, "验证已过期，请重新登录"),
  code: optText(20, "动态验证码错误"),
  appId: optText(64, "客户端认证失败"),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

export const ChangePasswordInput = v.object({
  oldPassword: passwordText("原密码不能为空", "原密码不正确"),
  newPassword: passwordText("新密码不能为空", "新密码不能超过128个字"),
});

/** The branding of a tenant before sign-in (GET /gateway/oauth/tenant): by clientId, or by the host the console was opened on. */
export const TenantQuery = v.object({ clientId: optText(64, "没有读取到平台信息"), domain: optText(260, "没有读取到平台信息") });

/** The operation log, by user or by module (R-oplog). */
export const OplogQuery = listQuery({ userId: maybeId(), module: optText(40, "模块不正确") });
/** One entry of the operation log as the list shows it. */
export type OplogRow = Omit<EntityItem<typeof OpLog>, "tenantId">;

/** The login log (GET loginlog/list): by user, by result (ok / fail), by a range of days. */
export const LoginLogQuery = v.pipe(
  listQuery({ userId: maybeId(), result: textChoice(["ok", "fail"] as const, "登录结果不正确"), from: maybeDate(), to: maybeDate() }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, "结束日期不能早于开始日期"),
);

/** Who is signed in (GET online/list), optionally one user's sessions. */
export const OnlineQuery = listQuery({ userId: maybeId() });

/** Forces one session out (POST online/kick). */
export const KickInput = v.object({
  userId: idField("请选择会话"),
  sessionId: v.pipe(requiredText("请选择会话", 64, "请选择会话"), v.regex(/^[0-9a-f-]{36}$/, "请选择会话")),
});

/** A TOTP code as typed (six digits, or a recovery code). */
export const TotpCodeInput = v.object({ code: requiredText("请输入动态验证码", 20, "动态验证码错误") });

/** The mini-program's sign-in (auth/member.ts). */
export const MEMBER_MSG = {
  badCode: "登录凭证无效，请重新进入小程序",
  noTenant: "没有读取到平台信息",
  disabled: "该小程序用户已被禁用",
} as const;
export const MemberLoginInput = v.object({
  tenant: requiredText(MEMBER_MSG.noTenant, 64, MEMBER_MSG.noTenant),
  code: requiredText(MEMBER_MSG.badCode, 200, MEMBER_MSG.badCode),
  /** The mini-program signed in through; blank: the tenant's only enabled one (platform/mp/rules.ts `signInApp`). */
  appId: optText(32, "小程序AppId不能超过32个字"),
});
export type MemberLoginInput = v.InferOutput<typeof MemberLoginInput>;

/** The member's own account (issue 34; messages in memberMessages.ts): sending a code and binding the mobile. */
/** A six-digit SMS code as typed; anything else is a wrong code (no attempt is spent on it). */
const smsCodeField = v.pipe(requiredText(MEMBER_ACCOUNT_MSG.codeMissing, 6, MEMBER_ACCOUNT_MSG.codeBad), v.regex(/^\d{6}$/, MEMBER_ACCOUNT_MSG.codeBad));
export const SmsSendInput = v.object({ mobile: mobileField(MEMBER_ACCOUNT_MSG.mobileMissing) });
export type SmsSendInput = v.InferOutput<typeof SmsSendInput>;
export const MemberBindInput = v.object({ mobile: mobileField(MEMBER_ACCOUNT_MSG.mobileMissing), smsCode: smsCodeField });
export type MemberBindInput = v.InferOutput<typeof MemberBindInput>;
