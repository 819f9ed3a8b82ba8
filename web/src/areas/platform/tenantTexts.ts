import type { TENANT_GRANT_TYPES } from "@xiangyu/core/platform/schemas";

/** The Chinese names of a tenant's OAuth settings (the codes stay what the clients send). */
export const TENANT_SCOPE_NAMES: Readonly<Record<string, string>> = { all: "全部", read: "只读" };

export const TENANT_GRANT_TYPE_NAMES: Readonly<Record<(typeof TENANT_GRANT_TYPES)[number], string>> = {
  password: "密码模式",
  "authorization-code": "授权码模式",
  implicit: "简化模式",
  client_credentials: "客户端模式",
};
