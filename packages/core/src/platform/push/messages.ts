import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import { PushJob, PushMessage, PushSandboxSend, type PushJobItem, type PushMessageItem } from "./entities.ts";
import { DEFAULT_RETRIES, PUSH_STATUS, PUSH_TYPE, afterSend } from "./rules.ts";
import { pushPort, type SendResult } from "./ports.ts";
import { tallied, readTotal } from "../../kernel/counters.ts";
import { formatDateTime, nowMs } from "../../kernel/clock.ts";
import { dueItems, queueOf } from "../../kernel/queue.ts";
import { boundedList, type ListSource } from "../../kernel/list.ts";
import { CONFLICT, conditional, REFUSED, retryRaces, transact, txDelete, txPut, txUpdate, type TxItem } from "../../kernel/tx.ts";
import { mapLimit } from "../../kernel/batch.ts";
import { allOf, anyOf } from "../../kernel/filter.ts";
import { DomainError } from "../../kernel/errors.ts";
import { ALL, QUEUE, byBoth, byStatus, byType, totalsOf } from "./enqueue.ts";
import type { Envelope } from "../../kernel/envelope.ts";
import type { Paging } from "../../kernel/paging.ts";
import type { Caller } from "../../kernel/context.ts";

/**
 * Messages: business events enqueue them inside their own transaction (`pushItems`, enqueue.ts), the push job
 * sends them through the ports (`runMessagePush`), the console lists them (`listPushMessages`).
 */
/** How long a run holds a claimed message; a run that died holding it frees it when this passes. */
export const LEASE_MS = 60_000;

export type PushMessageView = Omit<PushMessageItem, "tenantId">;
const messageView = ({ tenantId: _t, ...m }: PushMessageItem): PushMessageView => m;

/**
 * The push list (R511, read-only): newest first, filtered by status and type (each an index; both:
 * the status index filtered on the type), the keyword over recipient, name and body. Totals are the
 * kept tallies; with a keyword, a capped count.
 */
export async function listPushMessages(caller: Caller, p: Paging, f: { status?: number; pushType?: number }): Promise<Envelope<never, PushMessageView>> {
  const { tenantId } = caller;
  const base =
    f.status !== undefined
      ? PushMessage.query.byStatus({ tenantId, status: f.status })
      : f.pushType !== undefined
        ? PushMessage.query.byType({ tenantId, pushType: f.pushType })
        : PushMessage.query.byId({ tenantId });
  const k = p.keyword;
  const q = base.where((a, { eq, contains }) =>
    allOf(f.status !== undefined && f.pushType !== undefined && eq(a.pushType, f.pushType), k && anyOf(contains(a.touser, k), contains(a.realname, k), contains(a.data, k))),
  );
  const src: ListSource<PushMessageItem> = {
    params: (order) => q.params({ order }),
    parse: (items) => PushMessage.parse({ Items: items }).data as PushMessageItem[],
  };
  const list =
    f.status !== undefined && f.pushType !== undefined
      ? byBoth(f.status, f.pushType)
      : f.status !== undefined
        ? byStatus(f.status)
        : f.pushType !== undefined
          ? byType(f.pushType)
          : ALL;
  if (k) return boundedList(src, p, { map: messageView });
  // The unfiltered list only gains rows (status moves do not touch it), so its remembered page starts stay valid.
  if (list === ALL) {
    const t = tallied(tenantId, ALL);
    return boundedList(src, p, { total: t.total, page: t.page, map: messageView });
  }
  return boundedList(src, p, { total: () => readTotal(tenantId, list), map: messageView });
}

export type SandboxSendView = Omit<EntityItem<typeof PushSandboxSend>, "tenantId">;

/** What the sandbox adapter recorded for the tenant, newest first (tests, and the push list's 沙箱发件记录). */
export async function sandboxSends(caller: Pick<Caller, "tenantId">, p: Paging): Promise<Envelope<never, SandboxSendView>> {
  const src: ListSource<EntityItem<typeof PushSandboxSend>> = {
    params: (order) => PushSandboxSend.query.byTime({ tenantId: caller.tenantId }).params({ order }),
    parse: (items) => PushSandboxSend.parse({ Items: items }).data,
  };
  return boundedList(src, { ...p, order: p.order === "asc" ? "asc" : "desc" }, { map: ({ tenantId: _t, ...s }) => s });
}

/** Fault injection (tests): a message claimed, sent but not recorded, or recorded. */
export type PushFault = (at: "claimed" | "sent" | "recorded", messageId: number) => void;
/** `limit`: what a run takes of each shard of the queue (kernel/queue.ts `dueItems`). */
export type PushRunOptions = { retries?: number; limit?: number; fault?: PushFault };
export type PushRunResult = { claimed: number; sent: number; retried: number; failed: number };

/**
 * The push job: every due message once. A run claims a queue item by writing its lease conditionally
 * (absent or expired), so two runs at once never both send it; it sends through the port, then in one
 * transaction (conditioned on still holding the lease) marks the message sent, or schedules the retry
 * after the backoff, or — after 1 + `retries` sends — marks it failed with the port's reason. It reads
 * every shard of the queue, a bounded number of each, so one tenant's backlog waits only in its shard.
 */
export async function runMessagePush(opts: PushRunOptions = {}): Promise<PushRunResult> {
  const retries = opts.retries ?? DEFAULT_RETRIES;
  const data = await dueItems(QUEUE, (key, due, limit) => PushJob.query.byDue(key).lt(due).go({ limit }), opts.limit);
  const out: PushRunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  await mapLimit(data, async (job) => {
    const held = await claim(job);
    if (!held) return;
    out.claimed++;
    opts.fault?.("claimed", job.messageId);
    try {
      const r = await sendOne(held, retries, opts.fault);
      if (r) out[r]++;
    } catch (e) {
      // The lease ran out and another run took the message over: it is that run's now.
      if (!(e instanceof DomainError && e.code === "409" && e.desc !== CONFLICT)) throw e;
    }
  });
  return out;
}

async function claim(job: PushJobItem): Promise<PushJobItem | null> {
  const now = nowMs();
  if ((job.leaseUntil ?? 0) > now) return null;
  const lease = randomUUID();
  // patch: the item must still exist (a run that finished it deleted it) and be free.
  const held = await conditional(
    PushJob.patch(job)
      .set({ leaseUntil: now + LEASE_MS, lease })
      .where((a, { lt, notExists }) => anyOf(notExists(a.leaseUntil), lt(a.leaseUntil, now)))
      .go({ response: "none" }),
  );
  return held === REFUSED ? null : { ...job, leaseUntil: now + LEASE_MS, lease };
}

async function sendOne(job: PushJobItem, retries: number, fault?: PushFault): Promise<"sent" | "retried" | "failed" | null> {
  const { tenantId, messageId } = job;
  // The job is still this run's: its lease unchanged.
  const release = txDelete(
    PushJob.delete(job).where((a, { eq }) => eq(a.lease, job.lease ?? "")),
    "推送任务已被其他运行领取",
  );
  const { data: m } = await PushMessage.get({ tenantId, id: messageId }).go({ consistent: true });
  if (!m || m.status !== PUSH_STATUS.queued) {
    await transact([release]).catch(() => undefined);
    return null;
  }
  const port = pushPort(tenantId);
  const attempts = (m.attempts ?? 0) + 1;
  // One key per attempt: a run that takes over after a crash between this send and its record asks
  // under the same key, and the provider does not send it again.
  const key = `${tenantId}#${messageId}#${attempts}`;
  let result: SendResult;
  try {
    result =
      m.pushType === PUSH_TYPE.wechat
        ? await port.sendWechatTemplate(m.touser ?? "", m.templateId ?? "", JSON.parse(m.data ?? "{}"), key)
        : await port.sendSms(m.touser ?? "", m.data ?? "", key);
  } catch (e) {
    result = { ok: false, reason: (e as Error)?.message || "发送失败" };
  }
  fault?.("sent", messageId);
  const next = afterSend(result, attempts, retries);
  const now = formatDateTime();
  const update = PushMessage.patch({ tenantId, id: messageId })
    .set({ status: next.status, attempts, reason: "reason" in next ? next.reason : "", ...(next.status !== PUSH_STATUS.queued ? { pushTime: now } : {}) })
    .where((a, { eq }) => allOf(eq(a.status, PUSH_STATUS.queued as number), eq(a.attempts, m.attempts ?? 0)));
  const items: TxItem[] = [release, txUpdate(update, "推送记录已变化")];
  if (next.status === PUSH_STATUS.queued) {
    items.push(txPut(PushJob.create({ queue: queueOf(QUEUE, tenantId), dueAt: formatDateTime(nowMs() + next.retryInMs), tenantId, messageId })));
  } else {
    items.push(...totalsOf(tenantId, PUSH_STATUS.queued, m.pushType, -1), ...totalsOf(tenantId, next.status, m.pushType, 1));
  }
  // The send has happened: its record must land. Runs finishing at once move the same list totals,
  // so a bare transaction conflict is run again; a failed condition (the lease lost) is not.
  await retryRaces(() => transact(items), [CONFLICT]);
  fault?.("recorded", messageId);
  return next.status === PUSH_STATUS.sent ? "sent" : next.status === PUSH_STATUS.failed ? "failed" : "retried";
}
