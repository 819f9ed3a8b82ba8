import * as v from "valibot";
import { idField, idsInput, maybeId, requiredInt, requiredText, textChoice, optRawText, wholeRecord } from "../kernel/fields.ts";
import { listQuery } from "../kernel/paging.ts";
import { secretField } from "./paySchemas.ts";

/**
 * SMS configuration (短信配置, R458–R467): a merchant app's SMS account on one of two platforms and
 * its templates as JSON. The console's JSON editor (web/src/ui/text/JsonEditor.tsx) checks the text as
 * the spec says; the server checks it again here, so a template list that is not JSON is never stored.
 */
export const SMS_PLATFORMS = ["aliyun", "tencent"] as const;
export type SmsPlatform = (typeof SMS_PLATFORMS)[number];

export const SMS_MSG = {
  branchId: "商户应用不能为空",
  smsPlatform: "短信平台不能为空",
  smsSignature: "短信签名不能为空",
  appId: "appId不能为空",
  templateJson: "模板JSON不能为空",
  templateBad: "JSON数据有误，请检查。",
  templateLong: "模板JSON不能超过20000个字",
  missing: "短信配置不存在或已被删除",
} as const;

/**
 * The default template models of the two platforms (R463; docs/gaps.md: {register, forgot, login,
 * general} each {templateCode, params}): what "导入示例" puts into the editor. Codes are placeholders
 * the operator replaces with the codes the platform approved.
 */
export const SMS_TEMPLATE_MODELS: Record<SmsPlatform, Record<"register" | "forgot" | "login" | "general", { templateCode: string; params: string[] }>> = {
  aliyun: {
    register: { templateCode: "SMS_000000001", params: ["code"] },
    forgot: { templateCode: "SMS_000000002", params: ["code"] },
    login: { templateCode: "SMS_000000003", params: ["code"] },
    general: { templateCode: "SMS_000000004", params: ["content"] },
  },
  tencent: {
    register: { templateCode: "1000001", params: ["code", "minutes"] },
    forgot: { templateCode: "1000002", params: ["code", "minutes"] },
    login: { templateCode: "1000003", params: ["code", "minutes"] },
    general: { templateCode: "1000004", params: ["content"] },
  },
};

/** The example of a platform as the editor shows it: tab-indented (R464). */
export const smsTemplateExample = (platform: SmsPlatform): string => JSON.stringify(SMS_TEMPLATE_MODELS[platform], null, "\t");

/** The template text as stored: a JSON object, tab-indented like the checker leaves it; anything else is null. */
export function normalTemplateJson(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? JSON.stringify(parsed, null, "\t") : null;
  } catch {
    return null;
  }
}

/** smsconfig/save. secretKey is sealed; blank keeps the stored one. */
export const SmsConfigInput = wholeRecord({
  id: maybeId(),
  branchId: requiredInt(SMS_MSG.branchId, "商户应用必须是数字", 1),
  smsPlatform: v.pipe(
    textChoice(SMS_PLATFORMS, "短信平台不正确"),
    v.check((s) => s !== undefined, SMS_MSG.smsPlatform),
    v.transform((s) => s as SmsPlatform),
  ),
  smsSignature: requiredText(SMS_MSG.smsSignature, 20, "短信签名不能超过20个字"),
  appId: requiredText(SMS_MSG.appId, 64, "appId不能超过64个字"),
  secretId: optRawText(128, "secretId不能超过128个字"),
  secretKey: secretField(128, "secretKey不能超过128个字"),
  templateJson: v.pipe(
    requiredText(SMS_MSG.templateJson, 20000, SMS_MSG.templateLong),
    v.transform((s) => normalTemplateJson(s) ?? ""),
    v.nonEmpty(SMS_MSG.templateBad),
  ),
});
export type SmsConfigInput = v.InferOutput<typeof SmsConfigInput>;

/** smsconfig/list is paged (dataList + pageParams, R002); the keyword searches signature, appId and secretId. */
export const SmsListQuery = listQuery({});
export const SmsViewQuery = v.object({ id: idField(SMS_MSG.missing) });
export const SmsDeleteInput = idsInput();
