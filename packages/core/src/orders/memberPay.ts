import { HotelOrder, type HotelOrderItem } from "./entities.ts";
import { CHANGED, eventItem, moveItems, type Actor } from "./records.ts";
import { AWAITING_PAYMENT, AWAITING_REVIEW, CLOSED_UNPAID, LATE_PAYMENT, MEMBER_MSG } from "./memberRules.ts";
import { ownOrder } from "./memberReach.ts";
import { requestRefund, type PaymentNotice } from "./payments.ts";
import { PAID, noticeKey, sandboxNotice, sandboxTradeNo, signatureHolds, type SignedNotice } from "./payNotice.ts";
import type { Member } from "../auth/memberAuth.ts";
import { payerOfClient, tallyItems } from "../finance/tallies/tally.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { fenToYuan } from "../kernel/money.ts";
import { transact } from "../kernel/tx.ts";

/**
 * A hotel order's online payment (issue 34): a member's order that owes money waits in 3 待支付
 * with its order number `XY…` (create.ts) until the payment provider reports it paid, or until its
 * deadline closes it (memberExpiry.ts). As with goods orders (goods/orderPayment.ts), the provider's
 * signed notice (payNotice.ts) is the one way in: the member's sandbox payment (mp/order/pay) has the
 * sandbox provider sign a notice and receives it exactly as a provider's would be. A payment moves
 * the order 3 → 1 待审核 once, however often the notice comes: from there staff review it like an
 * order paid at the desk, and a cancel or a refused review refunds it (payments.ts `paidMoney`).
 */

/** The order id in an order number (create.ts `tradeNo`: XY, the booking's date, the id padded to 8 digits); 0 when it is none. */
const idOfTradeNo = (outTradeNo: string): number => Number(/^XY\d{8}(\d{8,})$/.exec(outTradeNo)?.[1] ?? 0);

/** The payment provider, as the order's history names it. */
const provider = (tenantId: string): Actor => ({ tenantId, userId: 0, realname: "", username: "在线支付" });

/**
 * A completed payment of a hotel order: 3 → 1 with its payment time, the provider's trade number and
 * the payer (finance/tallies `payerOf`, what its refund is counted for), the month's split-bill
 * tallies (the money now taken) and a history line, in one transaction conditioned on the order as
 * read. Answers whether this notice completed it (false: it already was). An order closed unpaid
 * meanwhile takes the payment and refunds it (`lateItems`); any other state is refused with 订单状态已变化.
 */
async function completeHotelPayment(tenantId: string, n: PaymentNotice, attempt = 1): Promise<boolean> {
  const id = idOfTradeNo(n.outTradeNo);
  const read = async () => (id ? (await HotelOrder.get({ tenantId, id }).go()).data : null);
  const o = await read();
  if (!o || o.outTradeNo !== n.outTradeNo) throw new DomainError(MEMBER_MSG.payUnknown, "404");
  if (o.payTime) return false;
  const late = o.status === CLOSED_UNPAID;
  if (o.status !== AWAITING_PAYMENT && !late) throw new DomainError(CHANGED, "409");
  if ((o.priceFen ?? 0) !== n.amountFen) throw new DomainError(MEMBER_MSG.payAmount, "400");
  const payer = await payerOfClient(tenantId, o.clientId);
  const at = formatDateTime();
  const paid = { payTime: at, tradeNo: n.tradeNo, payerAgent: payer.agent, payerChannel: payer.channel };
  const amount = `¥${fenToYuan(n.amountFen).toFixed(2)}`;
  const items = late
    ? lateItems(o, paid, amount)
    : [
        ...moveItems(o, AWAITING_REVIEW, paid),
        eventItem(provider(tenantId), o.id, "在线支付", o.status, AWAITING_REVIEW, amount),
        ...tallyItems({ tenantId, column: "discount", fen: n.amountFen, shop: o.shop, ...payer, at }),
      ];
  try {
    await transact(items);
  } catch (e) {
    if (!(e instanceof DomainError && e.code === "409")) throw e;
    // A repeated notice racing the first: the first completed it.
    if ((await read())?.payTime) return false;
    // Closed at this very instant (its deadline, the member's cancel): once more, as the order now is.
    if (attempt < 2) return completeHotelPayment(tenantId, n, attempt + 1);
    throw e;
  }
  return true;
}

/**
 * A payment the provider completed after the order was closed unpaid (the member paid in the last
 * seconds and the notice came after the deadline's close, or after their own cancel): the rooms are
 * given back already, so the money goes back too. The payment and its refund are recorded on the
 * closed order (it stays 11), the refund asked of the provider in the same transaction (settled by
 * the refund job as any other, the member told then); the month's takings do not move.
 */
function lateItems(o: HotelOrderItem, paid: Partial<HotelOrderItem>, amount: string) {
  const { detail, items } = requestRefund({ ...o, ...paid }, LATE_PAYMENT, { uncounted: true });
  return [
    ...moveItems(o, o.status, { ...paid, refundJson: JSON.stringify(detail) }),
    eventItem(provider(o.tenantId), o.id, "在线支付", o.status, o.status, `${amount}，${LATE_PAYMENT}`),
    ...items,
  ];
}

/** A signed notice for a hotel order: its signature checked under the tenant's key before anything is read (401), then completed once. */
export async function receiveHotelNotice(tenantId: string, n: SignedNotice): Promise<boolean> {
  const key = await noticeKey(tenantId);
  if (!key || !signatureHolds(key, tenantId, n)) throw new DomainError(MEMBER_MSG.paySign, "401");
  if (n.tradeState !== PAID) return false;
  return completeHotelPayment(tenantId, { outTradeNo: n.outTradeNo, amountFen: Number(n.amount), tradeNo: n.tradeNo });
}

/**
 * mp/order/pay: the member's own order awaiting payment, paid through the sandbox provider (its
 * signed notice for the order's amount, received as the provider's would be). Another client's
 * order: 订单不存在; one not awaiting payment, or paid by a payment that won the race: 订单状态已变化.
 */
export async function payMemberOrder(m: Member, id: number): Promise<void> {
  const o = await ownOrder(m, id);
  const outTradeNo = o.outTradeNo ?? "";
  if (o.status !== AWAITING_PAYMENT || !outTradeNo) throw new DomainError(CHANGED, "409");
  const notice = await sandboxNotice(m.tenantId, { outTradeNo, amountFen: o.priceFen ?? 0, tradeNo: sandboxTradeNo(outTradeNo) });
  if (!(await receiveHotelNotice(m.tenantId, notice))) throw new DomainError(CHANGED, "409");
}
