import { PushSandboxKey, PushSandboxSend } from "./entities.ts";
import { formatDateTime, nowMs, nowSeconds } from "../../kernel/clock.ts";
import { conditional, REFUSED } from "../../kernel/tx.ts";

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
 *
 * `key` is the send's idempotency key (the push job's: message id and attempt): a send asked again
 * under a key the provider has answered is not sent again — the job asks again only when it died
 * between a send and its record. The sandbox honours it; a provider without such keys (WeChat's
 * template messages) makes that one case at-least-once (docs/decisions.md "Message push once").
 */
export type SendResult = { ok: true } | { ok: false; reason: string };

export type PushPort = {
  sendWechatTemplate(openid: string, templateId: string, data: Record<string, { value: string }>, key?: string): Promise<SendResult>;
  sendSms(mobile: string, text: string, key?: string): Promise<SendResult>;
};

export type SandboxSend = { tenantId: string; channel: "wechat" | "sms"; to: string; templateId: string; body: string };
export type SandboxRule = (s: SandboxSend) => SendResult;
const succeed: SandboxRule = () => ({ ok: true });
let rule: SandboxRule = succeed;

/** Tests choose the sandbox's answers (null: everything succeeds again). */
export const setSandboxPushRule = (r: SandboxRule | null): void => {
  rule = r ?? succeed;
};

const KEY_KEEP_S = 24 * 3600;

async function record(s: SandboxSend, key?: string): Promise<SendResult> {
  const answer = rule(s);
  if (key) {
    const first = await conditional(
      PushSandboxKey.create({ tenantId: s.tenantId, key, ok: answer.ok ? 1 : 0, reason: answer.ok ? "" : answer.reason, expiresAt: nowSeconds() + KEY_KEEP_S }).go({
        response: "none",
      }),
    );
    if (first === REFUSED) {
      const { data } = await PushSandboxKey.get({ tenantId: s.tenantId, key }).go({ consistent: true });
      return data?.ok === 1 ? { ok: true } : { ok: false, reason: data?.reason ?? "" };
    }
  }
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
    sendWechatTemplate: (openid, templateId, data, key) => record({ tenantId, channel: "wechat", to: openid, templateId, body: JSON.stringify(data) }, key),
    sendSms: (mobile, text, key) => record({ tenantId, channel: "sms", to: mobile, templateId: "", body: text }, key),
  };
}
