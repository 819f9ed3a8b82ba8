import * as v from "valibot";
import { idField, idsInput, intChoice, maybeId, optText, requiredText, linkField, wholeRecord } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { secretField } from "./paySchemas.ts";

/**
 * WeChat platform accounts (微信平台账号, R451–R457): a tenant's official account, mini-program or
 * app. The AppSecret is sealed and never shown again. Main and default account are each held by at
 * most one account of a tenant and app type (wxConfig.ts keeps that with a conditional write).
 */
export const WX_APP_TYPES = [1, 2, 3] as const;

export const WX_MSG = {
  clientId: "平台租户不能为空",
  appType: "微信应用类型不能为空",
  appid: "AppId不能为空",
  appidLong: "AppId不能超过32个字",
  appidBad: "AppId只能包含字母和数字",
  apiUrl: "Api地址不能为空",
  apiUrlBad: "Api地址须以http://或https://开头",
  secret: "Secret不能为空",
  tenantMissing: "平台租户不存在",
  payMissing: "支付通道不存在或已停用",
  master: "该租户的此类应用已有主账号",
  dfAccount: "该租户的此类应用已有默认账号",
  missing: "微信平台账号不存在或已被删除",
  exists: "该AppId已存在",
} as const;

const flag = (name: string) => intChoice([0, 1] as const, `${name}不正确`, 0);

/** wxconfig/save. The Secret is required for a new account; on an edit blank keeps the stored one (the service says so). */
export const WxConfigInput = wholeRecord({
  id: maybeId(),
  clientId: requiredText(WX_MSG.clientId, 32, WX_MSG.tenantMissing),
  appType: intChoice(WX_APP_TYPES, WX_MSG.appType),
  payMchId: optText(32, WX_MSG.payMissing),
  appName: optText(50, "应用名称不能超过50个字"),
  appid: v.pipe(requiredText(WX_MSG.appid, 32, WX_MSG.appidLong), v.regex(/^[A-Za-z0-9]+$/, WX_MSG.appidBad)),
  secret: secretField(128, "Secret不能超过128个字"),
  apiUrl: v.pipe(linkField("Api地址", { max: 300, required: WX_MSG.apiUrl, bad: WX_MSG.apiUrlBad }), v.regex(/^https?:\/\/\S+$/, WX_MSG.apiUrlBad)),
  qrcode: linkField("二维码地址", { tooLong: "二维码地址过长" }),
  masterAccount: flag("主账号"),
  dfAccount: flag("默认账号"),
  status: intChoice([0, 1] as const, "状态不正确", 1),
});
export type WxConfigInput = v.InferOutput<typeof WxConfigInput>;
/** The console's form of a new account: the Secret is required there (R455); an edit may leave it blank. */
export const WxConfigNewInput = v.object({ ...WxConfigInput.entries, secret: requiredText(WX_MSG.secret, 128, "Secret不能超过128个字") });

export const WxListQuery = listQuery({ clientId: optText(32, WX_MSG.tenantMissing) });
export const WxViewQuery = v.object({ id: idField(WX_MSG.missing) });
/** wxconfig/mchidList: the pay channels to choose from, disabled ones marked (R456). */
export const MchidListQuery = v.object({ keyword: optText(100, "关键词不能超过100个字") });
export const WxPassInput = idsInput("并没有选择审核项", { status: intChoice([0, 1] as const, "状态不正确") });
export const WxDeleteInput = idsInput();
