/**
 * Message push, the pure part: which events push, the placeholders a template may use, rendering,
 * the channel a recipient is reached by, and the retry plan. Shared by the server and the console
 * (the template form checks placeholders with the same function the save does).
 */

/**
 * The business events that push, and the template each uses: the template whose `event` names it
 * (the form's 触发事件). A tenant without such a template pushes nothing for that event.
 */
export const PUSH_EVENTS = {
  orderPlaced: "酒店订单提交",
  orderReviewed: "酒店订单审核",
  orderCancelled: "酒店订单取消",
  orderRefunded: "酒店订单退款",
  workOrderAppointed: "工单预约",
} as const;
export type PushEvent = keyof typeof PUSH_EVENTS;
export const PUSH_EVENT_CODES = Object.keys(PUSH_EVENTS) as PushEvent[];
/** A template answering no event (kept for the operator's own use). */
export const NO_EVENT = "none";

/** pushType (docs/gaps.md §5): 1 微信模板, 2 短信. */
export const PUSH_TYPE = { wechat: 1, sms: 2 } as const;
/** messagepushStatus (docs/gaps.md §5): 0 待推送, 1 成功, 2 失败. */
export const PUSH_STATUS = { queued: 0, sent: 1, failed: 2 } as const;
export const PUSH_STATUSES = [0, 1, 2] as const;
export const PUSH_TYPES = [1, 2] as const;

/** R514: the only placeholders a template may hold. */
export const PLACEHOLDERS = ["touser", "msgTime", "address"] as const;
export type PushVars = Record<(typeof PLACEHOLDERS)[number], string>;

const PLACEHOLDER_RE = /\$\{([^}]*)\}/g;

/** The placeholders of `text` that are not ours, each once, as written (`${name}`). */
export function unknownPlaceholders(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER_RE)) if (!(PLACEHOLDERS as readonly string[]).includes(m[1]!)) out.add(m[0]);
  return [...out];
}

/** The refusal of a template body holding unknown placeholders (ours: the spec gives none). */
export const unknownPlaceholderMessage = (which: string, bad: string[]): string => `${which}中有未知的占位符：${bad.join("、")}（可用：\${touser}、\${msgTime}、\${address}）`;

/** Fills the placeholders (an unknown one, which a save refuses, would stay as written). */
export const renderText = (text: string, vars: PushVars): string =>
  text.replace(PLACEHOLDER_RE, (all, name: string) => ((PLACEHOLDERS as readonly string[]).includes(name) ? vars[name as keyof PushVars] : all));

/**
 * A WeChat template message's data: a template body written as a JSON object (`{"first": "…",
 * "keyword1": "${touser}"}`, the template's field names) gives those fields rendered; plain text
 * gives one field, `content`. WeChat wants each field as `{ value }`.
 */
export function renderWechat(weixinTemp: string, vars: PushVars): Record<string, { value: string }> {
  let fields: Record<string, string> = { content: weixinTemp };
  try {
    const parsed: unknown = JSON.parse(weixinTemp);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      fields = Object.fromEntries(Object.entries(parsed).map(([k, x]) => [k, typeof x === "string" ? x : JSON.stringify(x)]));
  } catch {
    // plain text
  }
  return Object.fromEntries(Object.entries(fields).map(([k, x]) => [k, { value: renderText(x, vars) }]));
}

/** Who a message goes to: an openid reachable on WeChat, else a mobile for SMS. */
export type Recipient = { name: string; openid: string; mobile: string };

/**
 * The channel: WeChat when the recipient has an openid and the template a WeChat id and body;
 * otherwise SMS when there is a mobile and an SMS body; otherwise nothing is sent.
 */
export function channelFor(to: Recipient, t: { tempId: string; weixinTemp: string; smsTemp: string }): 1 | 2 | null {
  if (to.openid && t.tempId && t.weixinTemp.trim()) return PUSH_TYPE.wechat;
  if (to.mobile && t.smsTemp.trim()) return PUSH_TYPE.sms;
  return null;
}

/** Retries after the first failed send, by default (the scheduled task's pushcount default, R483 / spec: 3). */
export const DEFAULT_RETRIES = 3;
/** The first retry waits this long; each next one twice as long, at most MAX_BACKOFF_MS. */
export const BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 30 * 60_000;
export const backoffMs = (attempts: number): number => Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

/**
 * After a send: sent; or failed for good once `attempts` (sends so far, this one included) passed
 * 1 + `retries`; or due again after the backoff.
 */
export type AfterSend = { status: 1 } | { status: 2; reason: string } | { status: 0; reason: string; retryInMs: number };
export function afterSend(result: { ok: true } | { ok: false; reason: string }, attempts: number, retries: number): AfterSend {
  if (result.ok) return { status: PUSH_STATUS.sent };
  if (attempts >= 1 + retries) return { status: PUSH_STATUS.failed, reason: result.reason };
  return { status: PUSH_STATUS.queued, reason: result.reason, retryInMs: backoffMs(attempts) };
}
