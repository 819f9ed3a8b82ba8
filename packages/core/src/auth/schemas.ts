import * as v from "valibot";

/** POST /gateway/oauth/login (form fields of the OAuth password grant, and the reLogin grant). */
export const LoginInput = v.object({
  grant_type: v.picklist(["password", "reLogin"], "不支持的授权类型"),
  client_id: v.pipe(v.string("客户端ID不能为空"), v.trim(), v.nonEmpty("客户端ID不能为空")),
  client_secret: v.pipe(v.string("客户端密钥不能为空"), v.nonEmpty("客户端密钥不能为空")),
  scope: v.optional(v.string(), "all"),
  username: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, "用户名过长"))),
  password: v.optional(v.pipe(v.string(), v.maxLength(128, "密码过长"))),
  access_token: v.optional(v.string()),
  appId: v.optional(v.string()),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

export const ChangePasswordInput = v.object({
  oldPassword: v.pipe(v.string("原密码不能为空"), v.nonEmpty("原密码不能为空")),
  newPassword: v.pipe(v.string("新密码不能为空"), v.nonEmpty("新密码不能为空")),
});
