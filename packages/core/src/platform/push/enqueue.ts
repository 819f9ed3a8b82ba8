import { PushJob, PushMessage, PushTemplate, type PushTemplateItem } from "./entities.ts";
import { PUSH_STATUS, PUSH_TYPE, channelFor, renderText, renderWechat, type PushEvent, type PushVars, type Recipient } from "./rules.ts";
import { Client } from "../../clients/entities.ts";
import { User } from "../../users/entities.ts";
import { nextId, totalDelta } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { queueOf } from "../../kernel/queue.ts";
import { txPut, type TxItem } from "../../kernel/tx.ts";

/**
 * Business events enqueue their message inside their own transaction (`pushItems`). Apart from the
 * push job and the list (messages.ts) so that the Lambdas writing business events (orders,
 * vouchers, goods, work orders) carry only this.
 */
export const QUEUE = "messagePush";

// The list totals: all, by status, by type, by both; moved in the transaction of every write that adds a message or moves its status.
export const ALL = "messagepush";
export const byStatus = (s: number) => `${ALL}#s${s}`;
export const byType = (t: number) => `${ALL}#t${t}`;
export const byBoth = (s: number, t: number) => `${ALL}#s${s}#t${t}`;
export const totalsOf = (tenantId: string, status: number, pushType: number, d: number): TxItem[] => [
  totalDelta(tenantId, byStatus(status), d),
  totalDelta(tenantId, byBoth(status, pushType), d),
];

/** Who an event's message goes to: a client (its bound mini-program user, else its mobile), a staff member (their official account, else their mobile), or given. */
export type PushTo = { client: number } | { staff: number } | { recipient: Recipient };
export type PushContext = { to: PushTo; address: string; msgTime?: string };

async function recipientOf(tenantId: string, to: PushTo): Promise<Recipient | null> {
  if ("recipient" in to) return to.recipient;
  if ("client" in to) {
    const { data: c } = await Client.get({ tenantId, id: to.client }).go();
    // The client's bound account: the mini-program user bound to it (clients' globalId is that user's openid).
    return c ? { name: c.clientName, openid: c.globalId ?? "", mobile: c.mobile ?? "" } : null;
  }
  const { data: u } = await User.get({ tenantId, id: to.staff }).go();
  // The official account the staff member bound (weixinservice/oaBinding), else their mobile.
  return u ? { name: u.realname || u.username, openid: u.oaOpenId ?? "", mobile: u.mobile ?? "" } : null;
}

/** The tenant's template for an event: the newest one naming it (the form's 触发事件), or none. */
export async function templateFor(tenantId: string, event: PushEvent): Promise<PushTemplateItem | null> {
  const { data } = await PushTemplate.query.byEvent({ tenantId, event }).go({ order: "desc", limit: 1 });
  return data[0] ?? null;
}

/**
 * The transaction items that enqueue an event's message, for the caller's business transaction:
 * the message (queued), its place in the push job's queue and the list totals. Nothing when the
 * tenant has no template for the event, the recipient is unknown, or has neither an openid the
 * template can use nor a mobile with an SMS body. So the message exists exactly when the business
 * write commits.
 */
export async function pushItems(tenantId: string, event: PushEvent, ctx: PushContext): Promise<TxItem[]> {
  const t = await templateFor(tenantId, event);
  if (!t) return [];
  const to = await recipientOf(tenantId, ctx.to);
  if (!to) return [];
  const pushType = channelFor(to, { tempId: t.tempId, weixinTemp: t.weixinTemp ?? "", smsTemp: t.smsTemp ?? "" });
  if (!pushType) return [];
  const now = formatDateTime();
  const vars: PushVars = { touser: to.name, msgTime: ctx.msgTime ?? now, address: ctx.address };
  const wechat = pushType === PUSH_TYPE.wechat;
  const id = await nextId(tenantId, "pushMessage");
  const message = PushMessage.create({
    tenantId,
    id,
    pushType,
    status: PUSH_STATUS.queued,
    event,
    touser: wechat ? to.openid : to.mobile,
    realname: to.name,
    templateId: wechat ? t.tempId : "",
    data: wechat ? JSON.stringify(renderWechat(t.weixinTemp ?? "", vars)) : renderText(t.smsTemp ?? "", vars),
    attempts: 0,
    createTime: now,
  });
  const job = PushJob.create({ queue: queueOf(QUEUE, tenantId), dueAt: now, tenantId, messageId: id });
  return [txPut(message), txPut(job), totalDelta(tenantId, ALL, 1), totalDelta(tenantId, byType(pushType), 1), ...totalsOf(tenantId, PUSH_STATUS.queued, pushType, 1)];
}
