import { ProfitShare, ProfitShareJob, type ProfitShareItem, type ProfitShareJobItem } from "./entities.ts";
import { QUEUE, sandboxAnswer, sandboxReceive, submitItem, type ShareAnswer } from "./port.ts";
import { profitShares, type Split } from "../priceRules.ts";
import { nextIds, readTotal, totalDelta } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { fenToYuan } from "../../kernel/money.ts";
import { DomainError } from "../../kernel/errors.ts";
import { boundedList } from "../../kernel/list.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../../kernel/tx.ts";
import type { Caller } from "../../kernel/context.ts";
import type { Paging } from "../../kernel/paging.ts";
import type { Envelope } from "../../kernel/envelope.ts";
import { profitReceivers } from "../../platform/mp/receivers.ts";
import { dueItems } from "../../kernel/queue.ts";
import { allOf, anyOf } from "../../kernel/filter.ts";

/**
 * Profit-sharing records (R252–R259). Which payments share: a membership purchase order (CP…)
 * whose product has split percentages (profitsharingAmount / agentAmount / channelAmount > 0)
 * — the only records that carry a sharing configuration today; room-voucher purchases and hotel
 * orders have none. The records are written in the payment's own transaction (`shareRecordItems`),
 * so a repeated payment notice never shares twice.
 */
export const STATUS = { waiting: 0, success: 1, inProgress: 2, failed: 3 } as const;
const TOTAL = "profitShares";
export const ACCOUNT_NAMES: Record<string, string> = { profitsharingAmount: "集团", agentAmount: "代理", channelAmount: "渠道" };
export const NOT_FAILED = "只有分账失败的记录可以重新分账";
const NOT_FOUND = "分账记录不存在";

export type PaidOrder = { tenantId: string; orderId: string; orderName: string; shop: string; payFen: number; split: Split; at?: string };

/** Which mini-program party (platform/mp) receives each share. */
const PARTY_OF = { profitsharingAmount: "group", agentAmount: "agent", channelAmount: "channel" } as const;

/**
 * The records of one paid order and their submission, as transaction items (empty when nothing is
 * shared). The receivers are the tenant's enabled mini-program's (its AppId, and each party's
 * account and name); a party it leaves empty takes no part (R496), so its share stays with the
 * merchant. A tenant without an enabled mini-program keeps the sandbox's stand-in accounts.
 */
export async function shareRecordItems(o: PaidOrder): Promise<TxItem[]> {
  const configured = await profitReceivers(o.tenantId);
  const parts = profitShares(o.payFen, o.split).filter((p) => !configured || configured.receivers[PARTY_OF[p.accountType]]);
  if (parts.length === 0) return [];
  const first = await nextIds(o.tenantId, "profitShare", parts.length);
  const now = o.at ?? formatDateTime();
  const items: TxItem[] = [];
  parts.forEach((p, i) => {
    const id = first + i;
    items.push(
      txPut(
        ProfitShare.create({
          tenantId: o.tenantId,
          id,
          orderId: o.orderId,
          orderName: o.orderName,
          shop: o.shop,
          appId: configured?.appId ?? o.tenantId,
          payAmount: o.payFen,
          accountType: p.accountType,
          accountName: configured?.receivers[PARTY_OF[p.accountType]]?.name ?? ACCOUNT_NAMES[p.accountType],
          account: configured?.receivers[PARTY_OF[p.accountType]]?.account ?? `${o.tenantId}-${p.accountType}`,
          profitsharingAmount: p.fen,
          status: STATUS.waiting,
          attempt: 1,
          createTime: now,
          updateTime: now,
        }),
      ),
      submitItem(o.tenantId, id, 1),
    );
  });
  items.push(totalDelta(o.tenantId, TOTAL, parts.length));
  return items;
}

export type ShareView = ReturnType<typeof shareView>;
export const shareView = ({ tenantId: _t, ...r }: ProfitShareItem) => ({
  ...r,
  // Cents, as the contract gives them (R259): the console divides by 100.
  profitsharingAmount: r.profitsharingAmount ?? 0,
  payAmount: fenToYuan(r.payAmount ?? 0),
  status: r.status ?? STATUS.waiting,
  failReason: r.failReason ?? "",
});

/** The list (R252): newest first; the keyword matches the order number or the AppId. */
export async function listShares(caller: Caller, p: Paging): Promise<Envelope<never, ShareView>> {
  const { tenantId } = caller;
  const keyword = p.keyword;
  const params = (order: "asc" | "desc") =>
    ProfitShare.query
      .byId({ tenantId })
      .where((a, { contains }) => keyword && anyOf(contains(a.orderId, keyword), contains(a.appId, keyword)))
      .params({ order });
  return boundedList({ params, parse: (Items) => ProfitShare.parse({ Items }).data as ProfitShareItem[] }, p, {
    total: keyword ? undefined : () => readTotal(tenantId, TOTAL),
    map: shareView,
  });
}

/**
 * Re-requests a failed record (R254–R256; A checked by the route, 你没有启分账权限): status 3 → 2
 * and a new attempt, with its submission, in one transaction conditioned on the record still
 * failed — two clicks submit once.
 */
export async function rebuildShare(caller: Caller, id: number): Promise<number> {
  const { tenantId } = caller;
  const { data: r } = await ProfitShare.get({ tenantId, id }).go();
  if (!r) throw new DomainError(NOT_FOUND, "404");
  if (r.status !== STATUS.failed) throw new DomainError(NOT_FAILED, "409");
  const attempt = (r.attempt ?? 1) + 1;
  await transact([
    txUpdate(
      ProfitShare.patch({ tenantId, id })
        .set({ status: STATUS.inProgress, attempt, failReason: "", updateTime: formatDateTime() })
        .where((a, { eq }) => allOf(eq(a.status, STATUS.failed as number), eq(a.attempt, r.attempt ?? 1))),
      NOT_FAILED,
    ),
    submitItem(tenantId, id, attempt),
  ]);
  return id;
}

/**
 * The provider's answer for one attempt of a record: 2 → 1 (success) or 3 with its failReason.
 * Conditioned on the record being in progress on that very attempt, so a repeated callback, or a
 * late one of an earlier attempt, changes nothing. Answers whether it applied.
 */
export async function profitSharingResult(tenantId: string, id: number, attempt: number, answer: ShareAnswer, extra: TxItem[] = []): Promise<boolean> {
  try {
    await transact([
      txUpdate(
        ProfitShare.patch({ tenantId, id })
          .set({ status: answer.ok ? STATUS.success : STATUS.failed, failReason: answer.ok ? "" : answer.failReason, updateTime: formatDateTime() })
          .where((a, { eq }) => allOf(eq(a.status, STATUS.inProgress as number), eq(a.attempt, attempt))),
        "duplicate",
      ),
      ...extra,
    ]);
    return true;
  } catch (e) {
    if (e instanceof DomainError && e.desc === "duplicate") {
      // Still take the queue item away, so a duplicate answer is not retried forever.
      if (extra.length) await transact(extra).catch(() => undefined);
      return false;
    }
    throw e;
  }
}

/** Hands one submission to the provider: waiting/in progress on this attempt → in progress, and the provider has it. */
async function submit(job: ProfitShareJobItem): Promise<void> {
  const done = txDelete(ProfitShareJob.delete(job));
  const { data: r } = await ProfitShare.get({ tenantId: job.tenantId, id: job.recordId }).go();
  if (!r || r.attempt !== job.attempt || (r.status !== STATUS.waiting && r.status !== STATUS.inProgress)) return transact([done]);
  const request = { tenantId: job.tenantId, recordId: r.id, attempt: job.attempt, accountType: r.accountType, account: r.account ?? "", fen: r.profitsharingAmount ?? 0 };
  await transact([
    done,
    txUpdate(
      ProfitShare.patch({ tenantId: job.tenantId, id: r.id })
        .set({ status: STATUS.inProgress, updateTime: formatDateTime() })
        .where((a, { eq }) => eq(a.attempt, job.attempt)),
    ),
    sandboxReceive(request),
  ]);
}

/**
 * The job (every minute in the cloud, every few seconds locally): sends what is due to the
 * provider and, as the sandbox provider, answers what it received, at most `limit` of each queue
 * shard per run. Returns how many items it worked.
 */
export async function settleDueShares(limit?: number): Promise<number> {
  const data = await dueItems(QUEUE, (key, due, n) => ProfitShareJob.query.byDue(key).lt(due).go({ limit: n }), limit);
  for (const job of data) {
    if (job.kind === "submit") {
      await submit(job);
      continue;
    }
    const { data: r } = await ProfitShare.get({ tenantId: job.tenantId, id: job.recordId }).go();
    const done = txDelete(ProfitShareJob.delete(job));
    if (!r) {
      await transact([done]);
      continue;
    }
    const answer = sandboxAnswer({
      tenantId: job.tenantId,
      recordId: r.id,
      attempt: job.attempt,
      accountType: r.accountType,
      account: r.account ?? "",
      fen: r.profitsharingAmount ?? 0,
    });
    await profitSharingResult(job.tenantId, r.id, job.attempt, answer, [done]);
  }
  return data.length;
}
