import { HotelOrder, RefundJob, type HotelOrderItem } from "./entities.ts";
import { transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { formatDateTime, nowMs } from "../kernel/clock.ts";
import { readJson } from "../kernel/json.ts";
import { tallyItems } from "../finance/tallies/tally.ts";
import { dueItems, queueOf } from "../kernel/queue.ts";
import { pushItems } from "../platform/push/enqueue.ts";

/**
 * The payment-provider port for refunds. A refund is asked for inside the transaction that
 * refuses or cancels the order (so it is asked for exactly once) and settled later, asynchronously,
 * as providers do: the order shows it "in progress" until then (R152).
 *
 * The adapter here is the sandbox: the request is a queue item; the scheduled job `refundSettle`
 * plays the provider and settles what has fallen due. A real provider adapter would send the
 * request in that job and settle from the provider's answer or callback; the order side stays the same.
 */
export type RefundDetail = { id: string; refundPrice: number; reason: string; status: number; refundTime: string };

export const REFUND_DONE = 1;
export const REFUND_FAILED = 2;
export const REFUND_PENDING = 0;
/** How long the sandbox provider takes to settle a refund. */
export const SANDBOX_DELAY_MS = 3_000;
const QUEUE = "refunds";

export const refundDetailOf = (o: Pick<HotelOrderItem, "refundJson">): RefundDetail | null => readJson<RefundDetail | null>(o.refundJson, null);

/** Whether the client paid money the business must give back. */
export const paidMoney = (o: Pick<HotelOrderItem, "priceFen" | "payTime">): boolean => (o.priceFen ?? 0) > 0 && !!o.payTime;

/**
 * The refund's record for the order and the request to the provider, as transaction items. A refund
 * of money taken in the same transaction (a late payment, memberPay.ts) is `uncounted`: it leaves the
 * month's takings as it came, and one transaction cannot touch the month's tally item twice.
 */
export function requestRefund(o: HotelOrderItem, reason: string, { uncounted = false } = {}): { detail: RefundDetail; items: TxItem[] } {
  const detail: RefundDetail = { id: `RF${o.id}${String(nowMs()).slice(-6)}`, refundPrice: o.priceFen ?? 0, reason, status: REFUND_PENDING, refundTime: "" };
  const job = RefundJob.create({
    queue: queueOf(QUEUE, o.tenantId),
    dueAt: formatDateTime(nowMs() + SANDBOX_DELAY_MS),
    tenantId: o.tenantId,
    orderId: o.id,
    refundId: detail.id,
    amountFen: o.priceFen ?? 0,
    outTradeNo: o.outTradeNo ?? "",
  });
  // The refund leaves the month it is asked for in (finance/tallies): it is decided then, and the
  // provider only carries it out. It is counted for the agent and channel the payment was counted for.
  const tally = uncounted
    ? []
    : tallyItems({ tenantId: o.tenantId, column: "discount", fen: -(o.priceFen ?? 0), shop: o.shop, agent: o.payerAgent ?? "", channel: o.payerChannel ?? "" });
  return { detail, items: [txPut(job), ...tally] };
}

/** The sandbox provider's answer: it refunds what was paid through it (an order number to refund against). */
const providerAnswer = (job: { outTradeNo?: string; amountFen: number }) => (job.outTradeNo && job.amountFen > 0 ? REFUND_DONE : REFUND_FAILED);

/** Settles the refunds that have fallen due (the scheduled job), at most `limit` of each queue shard per run. Returns how many were settled. */
export async function settleDueRefunds(limit?: number): Promise<number> {
  const data = await dueItems(QUEUE, (key, due, n) => RefundJob.query.byDue(key).lt(due).go({ limit: n }), limit);
  let settled = 0;
  for (const job of data) {
    const { data: order } = await HotelOrder.get({ tenantId: job.tenantId, id: job.orderId }).go();
    const done = txDelete(RefundJob.delete(job));
    const detail = order ? refundDetailOf(order) : null;
    if (!order || !detail || detail.id !== job.refundId) {
      // The order was deleted meanwhile: the provider still pays back, there is nothing to record.
      await transact([done]);
      settled++;
      continue;
    }
    const status = providerAnswer(job);
    const next: RefundDetail = { ...detail, status, refundTime: formatDateTime() };
    // A refund done tells the client (message push; nothing without the tenant's template), with the settlement.
    const push = status === REFUND_DONE ? await pushItems(job.tenantId, "orderRefunded", { to: { client: order.clientId }, address: order.hotelName ?? "" }) : [];
    await transact([
      ...push,
      done,
      txUpdate(
        HotelOrder.patch({ tenantId: job.tenantId, id: job.orderId })
          // The order's refundTime is when the refund was asked for (a proxy cancellation): the
          // settlement's time lives in the refund's own record.
          .set({ refundJson: JSON.stringify(next) }),
      ),
    ]);
    settled++;
  }
  return settled;
}

/**
 * The same port for money coming in (room-voucher and membership purchases, issue 15): the
 * provider reports a completed payment with the order's number (our out-trade number), the amount
 * and its own trade number; the order completes once however often the notice comes
 * (vouchers/payments.ts). The sandbox adapter is the console's 模拟支付 action
 * (`POST /xiangyu/api/pay/sandbox/pay`, docs/api.md), which plays the provider's notice.
 */
export type PaymentNotice = { outTradeNo: string; amountFen: number; tradeNo: string };
