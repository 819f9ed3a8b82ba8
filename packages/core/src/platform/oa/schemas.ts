import * as v from "valibot";
import { flagField, optText, requiredText, linkField } from "../../kernel/fields.ts";

/**
 * Official-account binding (绑定公众号, R504–R510): a staff member binds the openid WeChat gives
 * them in the tenant's official account, so message push can reach them there.
 */
export const OA_MSG = {
  failed: "绑定公众号失败",
  bound: "已成功绑定微信公众号",
  boundShort: "已成功绑定公众号",
  reLoginFailed: "无法重置帐号信息，请退出重新登录。",
  noAccount: "该租户未配置微信公众号，请联系平台管理员",
  keyMissing: "绑定信息不存在或已过期",
  codeMissing: "缺少微信授权码",
  redirectBad: "回调地址不正确",
} as const;

/** A binding key: "<tenant>.<32 hex>" (the tenant names the partition; the rest is the secret). */
export const OA_KEY_PATTERN = /^[A-Za-z0-9_-]{1,32}\.[0-9a-f]{32}$/;
const keyField = v.pipe(requiredText(OA_MSG.keyMissing, 80, OA_MSG.keyMissing), v.regex(OA_KEY_PATTERN, OA_MSG.keyMissing));

/** initOaBindingInfo: rebind 1 unbinds the current openid first (R505, after the page's confirmation). */
export const OaInitInput = v.object({ rebind: flagField(false) });

/** checkOaBinding: the page polls its own key every 3 s (R504). */
export const OaCheckQuery = v.object({ key: keyField });

/** oaBinding: the landing page posts the key and WeChat's OAuth code (R510). */
export const OaBindInput = v.object({ key: keyField, jsCode: requiredText(OA_MSG.codeMissing, 512, OA_MSG.codeMissing) });

/** oaAuthorizeUrl: where the landing page without a code sends the browser (R509). */
export const OaAuthorizeQuery = v.object({
  bindingKey: keyField,
  redirectUri: v.pipe(
    linkField("回调地址", { max: 1000, required: OA_MSG.redirectBad, tooLong: OA_MSG.redirectBad, bad: OA_MSG.redirectBad }),
    v.regex(/^https?:\/\/\S+$/, OA_MSG.redirectBad),
  ),
  state: optText(80, OA_MSG.keyMissing),
});
