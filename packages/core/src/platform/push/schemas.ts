import * as v from "valibot";
import { idInput, idsInput, maybeChoice, maybeId, optInt, optText, requiredText, textChoice, wholeRecord } from "../../kernel/fields.ts";
import { listQuery } from "../../kernel/paging.ts";
import { NO_EVENT, PUSH_EVENT_CODES, PUSH_STATUSES, PUSH_TYPES, type PushEvent, unknownPlaceholderMessage, unknownPlaceholders } from "./rules.ts";

/** Message push (R511–R514): the push list's filters and the template form, shared by the server and the console. */
export const PUSH_MSG = {
  tempName: "模板名称不能为空",
  tempId: "模板代码不能为空",
  tempNameLong: "模板名称不能超过50个字",
  tempIdLong: "模板代码不能超过64个字",
  bodyLong: "模板内容不能超过2000个字",
  event: "触发事件不正确",
  brandId: "商户应用不正确",
  status: "推送状态不正确",
  pushType: "推送方式不正确",
  missing: "推送模板不存在或已被删除",
  clientId: "租户不正确",
} as const;

/** A template body: at most 2000 characters, only our placeholders (the refusal names the unknown ones). */
const body = (which: string) =>
  v.pipe(
    optText(2000, PUSH_MSG.bodyLong),
    v.check(
      (s) => unknownPlaceholders(s).length === 0,
      (issue) => unknownPlaceholderMessage(which, unknownPlaceholders(String(issue.input))),
    ),
  );

/** messagepush/config/save: tempName and tempId required (R512, R513); bodies hold only our placeholders (R514, refused by name). */
export const PushTemplateInput = wholeRecord({
  id: maybeId(),
  brandId: optInt(0, PUSH_MSG.brandId),
  /** The spec's field; always the session's tenant (a different value is refused). */
  clientId: optText(64, PUSH_MSG.clientId),
  tempName: requiredText(PUSH_MSG.tempName, 50, PUSH_MSG.tempNameLong),
  tempId: requiredText(PUSH_MSG.tempId, 64, PUSH_MSG.tempIdLong),
  weixinTemp: body("微信模板"),
  smsTemp: body("短信模板"),
  event: v.pipe(
    textChoice([...PUSH_EVENT_CODES, NO_EVENT] as const, PUSH_MSG.event),
    v.transform((e) => (e ?? NO_EVENT) as PushEvent | typeof NO_EVENT),
  ),
});
export type PushTemplateInput = v.InferOutput<typeof PushTemplateInput>;

export const PushTemplateListQuery = listQuery({});
export const PushTemplateViewQuery = idInput();
export const PushTemplateDeleteInput = idsInput();

/** messagepush/list (R511): status, type and a keyword over recipient, name and body. */
export const PushMessageListQuery = listQuery({
  status: maybeChoice(PUSH_STATUSES, PUSH_MSG.status),
  pushType: maybeChoice(PUSH_TYPES, PUSH_MSG.pushType),
});

/** The sandbox's record of sends (newest first, paged). */
export const PushSandboxListQuery = listQuery({});
