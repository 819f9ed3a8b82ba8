import { formatDateTime, nowMs } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { transact, txPut, type TxItem } from "../kernel/tx.ts";
import { allOf, anyOf } from "../kernel/filter.ts";
import { tallyItems } from "../finance/tallies/tally.ts";
import { PAID, noticeKey, sandboxNotice, signatureHolds, type SignedNotice } from "../orders/payNotice.ts";
import { ORDER_MSG, getGoodsOrder, goodsRefundOf, idOfGoodsOrderNo, memberOrder, moveItems, refundJobItem, type GoodsMember } from "./orders.ts";
import { GoodsOrder, type GoodsOrderItem } from "./entities.ts";
import { GOODS_ORDER_STATUS } from "./orderStatus.ts";

/** A goods order's payment: the provider's signed notice, or the sandbox's (docs/goods.md). */

/**
 * A completed payment (the port's notice, or the sandbox): the order moves 1 → 2 once with its
 * payment fields and the month's online takings, however often the notice comes; an order cancelled
 * or closed meanwhile takes the payment and refunds it (`lateItems`). Answers whether this notice
 * completed it.
 */
export async function completeGoodsPayment(tenantId: string, outTradeNo: string, amountFen: number, tradeNo: string, attempt = 1): Promise<boolean> {
  const id = idOfGoodsOrderNo(outTradeNo);
  const o = id ? await getGoodsOrder(tenantId, id) : null;
  if (!o || o.orderNo !== outTradeNo) throw new DomainError("支付订单不存在", "404");
  if (o.payTime) return false;
  const late = o.status === GOODS_ORDER_STATUS.cancelled || o.status === GOODS_ORDER_STATUS.closed;
  if (o.status !== GOODS_ORDER_STATUS.unpaid && !late) throw new DomainError(ORDER_MSG.payClosed, "409");
  if ((o.price ?? 0) !== amountFen) throw new DomainError(ORDER_MSG.payAmount, "400");
  const at = formatDateTime();
  const paid = { payTime: at, outTradeNo, tradeNo };
  const items = late ? lateItems({ ...o, ...paid }) : moveItems(o, "pay", { set: paid, extra: tallyItems({ tenantId, column: "online", fen: amountFen, shop: "", at }) }).items;
  try {
    await transact(items);
  } catch (e) {
    if (!(e instanceof DomainError && e.desc === ORDER_MSG.moved)) throw e;
    // A repeated notice racing the first: the first completed it.
    if ((await getGoodsOrder(tenantId, o.id))?.payTime) return false;
    // Closed or cancelled at this very instant: once more, as the order now is.
    if (attempt < 2) return completeGoodsPayment(tenantId, outTradeNo, amountFen, tradeNo, attempt + 1);
    throw e;
  }
  return true;
}

/**
 * A payment the provider completed after the order was cancelled or closed unpaid (the member paid
 * in the last seconds): its stock is back on sale, so the money goes back. The payment and its refund
 * are recorded on the order, which keeps its status, on condition that it is still unpaid (no payment
 * time, or the blank an order is placed with) in that status; the refund is asked of the provider in the same transaction; the month's takings do not move.
 */
function lateItems(paid: GoodsOrderItem): TxItem[] {
  const refund = goodsRefundOf(paid, ORDER_MSG.latePayment);
  return [
    txPut(
      GoodsOrder.put({ ...paid, refundJson: JSON.stringify(refund) }).where((a, { eq, notExists }) =>
        allOf(eq(a.status, paid.status), anyOf(notExists(a.payTime), eq(a.payTime, ""))),
      ),
      ORDER_MSG.moved,
    ),
    refundJobItem(paid, refund),
  ];
}

/** A signed notice for a goods order (the sandbox pay route sends one through here). */
export async function receiveGoodsNotice(tenantId: string, n: SignedNotice): Promise<boolean> {
  const key = await noticeKey(tenantId);
  if (!key || !signatureHolds(key, tenantId, n)) throw new DomainError(ORDER_MSG.sign, "401");
  if (n.tradeState !== PAID) return false;
  return completeGoodsPayment(tenantId, n.outTradeNo, Number(n.amount), n.tradeNo);
}

/**
 * The member's payment through the sandbox provider: its signed notice for the order's amount,
 * received as the provider's would be. Only an unpaid order is offered to the provider: a member
 * never pays for an order already closed (a notice that still comes late is refunded, above).
 */
export async function payInSandbox(m: GoodsMember, id: number): Promise<boolean> {
  const o = await memberOrder(m, id);
  if (o.status !== GOODS_ORDER_STATUS.unpaid && !o.payTime) throw new DomainError(ORDER_MSG.payClosed, "409");
  const notice = await sandboxNotice(m.tenantId, { outTradeNo: o.orderNo, amountFen: o.price ?? 0, tradeNo: `SB${o.orderNo}${String(nowMs()).slice(-6)}` });
  return receiveGoodsNotice(m.tenantId, notice);
}
