import { formatDateTime, nowMs } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { transact } from "../kernel/tx.ts";
import { tallyItems } from "../finance/tallies/tally.ts";
import { PAID, noticeKey, sandboxNotice, signatureHolds, type SignedNotice } from "../orders/payNotice.ts";
import { ORDER_MSG, getGoodsOrder, idOfGoodsOrderNo, memberOrder, moveItems, type GoodsMember } from "./orders.ts";

/** A goods order's payment: the provider's signed notice, or the sandbox's (docs/goods.md). */

/**
 * A completed payment (the port's notice, or the sandbox): the order moves 1 → 2 once with its
 * payment fields and the month's online takings, however often the notice comes. Answers whether
 * this notice completed it.
 */
export async function completeGoodsPayment(tenantId: string, outTradeNo: string, amountFen: number, tradeNo: string): Promise<boolean> {
  const id = idOfGoodsOrderNo(outTradeNo);
  const o = id ? await getGoodsOrder(tenantId, id) : null;
  if (!o || o.orderNo !== outTradeNo) throw new DomainError("支付订单不存在", "404");
  if (o.payTime) return false;
  if (o.status !== 1) throw new DomainError(ORDER_MSG.payClosed, "409");
  if ((o.price ?? 0) !== amountFen) throw new DomainError(ORDER_MSG.payAmount, "400");
  const at = formatDateTime();
  const { items } = moveItems(o, "pay", { set: { payTime: at, outTradeNo, tradeNo }, extra: tallyItems({ tenantId, column: "online", fen: amountFen, shop: "", at }) });
  try {
    await transact(items);
  } catch (e) {
    // A repeated notice racing the first: the first completed it.
    if (e instanceof DomainError && e.desc === ORDER_MSG.moved && (await getGoodsOrder(tenantId, o.id))?.payTime) return false;
    throw e;
  }
  return true;
}

/** A signed notice for a goods order (the sandbox pay route sends one through here). */
export async function receiveGoodsNotice(tenantId: string, n: SignedNotice): Promise<boolean> {
  const key = await noticeKey(tenantId);
  if (!key || !signatureHolds(key, tenantId, n)) throw new DomainError(ORDER_MSG.sign, "401");
  if (n.tradeState !== PAID) return false;
  return completeGoodsPayment(tenantId, n.outTradeNo, Number(n.amount), n.tradeNo);
}

/** The member's payment through the sandbox provider: its signed notice for the order's amount, received as the provider's would be. */
export async function payInSandbox(m: GoodsMember, id: number): Promise<boolean> {
  const o = await memberOrder(m, id);
  const notice = await sandboxNotice(m.tenantId, { outTradeNo: o.orderNo, amountFen: o.price ?? 0, tradeNo: `SB${o.orderNo}${String(nowMs()).slice(-6)}` });
  return receiveGoodsNotice(m.tenantId, notice);
}
