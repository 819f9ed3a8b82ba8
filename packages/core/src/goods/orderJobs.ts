import { GoodsJob, GoodsOrder } from "./entities.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { dueItems } from "../kernel/queue.ts";
import { DomainError } from "../kernel/errors.ts";
import { transact, txDelete, txUpdate } from "../kernel/tx.ts";
import { readJson } from "../kernel/json.ts";
import { EXPIRE_QUEUE, REFUND_DONE, REFUND_QUEUE, getGoodsOrder, moveItems, type GoodsRefund } from "./orders.ts";

/**
 * Closes unpaid orders past their deadline (stock released) and settles due refunds, reading each
 * queue shard by shard, at most `limit` of each shard per run. Answers how many of each.
 */
export async function runGoodsJobs(limit?: number): Promise<{ closed: number; refunded: number }> {
  const due = (queue: string) => dueItems(queue, (key, at, n) => GoodsJob.query.byDue(key).lt(at).go({ limit: n }), limit);
  const [expiring, refunds] = await Promise.all([due(EXPIRE_QUEUE), due(REFUND_QUEUE)]);
  let closed = 0;
  for (const job of expiring) {
    const done = txDelete(GoodsJob.delete(job));
    const o = await getGoodsOrder(job.tenantId, job.orderId);
    if (!o || o.status !== 1) {
      await transact([done]);
      continue;
    }
    try {
      const { items } = moveItems(o, "expire", {});
      await transact([...items, done]);
      closed++;
    } catch (e) {
      // Paid or cancelled at this very moment: the deadline no longer matters.
      if (!(e instanceof DomainError && e.code === "409")) throw e;
      await transact([done]);
    }
  }
  let refunded = 0;
  for (const job of refunds) {
    const done = txDelete(GoodsJob.delete(job));
    const o = await getGoodsOrder(job.tenantId, job.orderId);
    const refund = o ? readJson<GoodsRefund | null>(o.refundJson, null) : null;
    if (!o || !refund || refund.id !== job.refundId) {
      await transact([done]);
      continue;
    }
    // The sandbox provider pays back what was paid through it.
    const next: GoodsRefund = { ...refund, status: job.outTradeNo ? REFUND_DONE : 2, refundTime: formatDateTime() };
    await transact([done, txUpdate(GoodsOrder.patch({ tenantId: job.tenantId, id: job.orderId }).set({ refundJson: JSON.stringify(next) }))]);
    refunded++;
  }
  return { closed, refunded };
}
