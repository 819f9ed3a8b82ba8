import { PushSandboxSend } from "./entities.ts";
import { formatDateTime, nowMs } from "../../kernel/clock.ts";

/**
 * The WeChat and SMS ports of message push. The push job (messages.ts `runMessagePush`) sends
 * through them and reads only the answer: sent, or refused with the provider's reason.
 *
 * The adapter here is the sandbox, as for refunds and profit sharing: it "sends" by recording what
 * would have been sent (`PushSandboxSend`, one item per send, listed by `sandboxSends`, the tests
 * and the push list's 沙箱发件记录) and answers success. `setSandboxPushRule` lets tests (and only
 * tests) make it refuse. A real adapter would call WeChat's template-message API with the tenant's
 * official-account credentials (wxconfig, sealed) and the SMS platform's API (smsconfig); the job
 * stays as it is.
 */
export type SendResult = { ok: true } | { ok: false; reason: string };

export type PushPort = {
  sendWechatTemplate(openid: string, templateId: string, data: Record<string, { value: string }>): Promise<SendResult>;
  sendSms(mobile: string, text: string): Promise<SendResult>;
};

export type SandboxSend = { tenantId: string; channel: "wechat" | "sms"; to: string; templateId: string; body: string };
export type SandboxRule = (s: SandboxSend) => SendResult;
const succeed: SandboxRule = () => ({ ok: true });
let rule: SandboxRule = succeed;

/** Tests choose the sandbox's answers (null: everything succeeds again). */
export const setSandboxPushRule = (r: SandboxRule | null): void => {
  rule = r ?? succeed;
};

async function record(s: SandboxSend): Promise<SendResult> {
  const answer = rule(s);
  const at = `${String(nowMs()).padStart(15, "0")}${Math.random().toString(36).slice(2, 8)}`;
  await PushSandboxSend.create({
    tenantId: s.tenantId,
    at,
    channel: s.channel,
    to: s.to,
    templateId: s.templateId,
    body: s.body,
    ok: answer.ok ? 1 : 0,
    reason: answer.ok ? "" : answer.reason,
    time: formatDateTime(),
  }).go({ response: "none" });
  return answer;
}

/** The port of one tenant (the sandbox records per tenant). */
export function pushPort(tenantId: string): PushPort {
  return {
    sendWechatTemplate: (openid, templateId, data) => record({ tenantId, channel: "wechat", to: openid, templateId, body: JSON.stringify(data) }),
    sendSms: (mobile, text) => record({ tenantId, channel: "sms", to: mobile, templateId: "", body: text }),
  };
}
