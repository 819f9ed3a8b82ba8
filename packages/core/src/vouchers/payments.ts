import { completePurchasePayment } from "./purchases.ts";
import { completePriceOrderPayment } from "../products/purchase.ts";
import { idOfOrderNo, MSG } from "./rules.ts";
import { DomainError } from "../kernel/errors.ts";
import type { PaymentNotice } from "../orders/payments.ts";
import { PAID, noticeKey, signatureHolds, type SignedNotice } from "../orders/payNotice.ts";

/**
 * Completed payments, as the payment-provider port reports them (orders/payments.ts): the order
 * number says what was paid — TB… a room-voucher purchase, CP… a membership purchase — and that
 * order completes once. Answers whether this notice completed it (false: it already was).
 */
export async function completePayment(tenantId: string, n: PaymentNotice): Promise<boolean> {
  const kind = n.outTradeNo.slice(0, 2);
  const id = idOfOrderNo(n.outTradeNo, kind);
  if (!id) throw new DomainError(MSG.payUnknown, "404");
  if (kind === "TB") return completePurchasePayment(tenantId, id, n.outTradeNo, n.amountFen, n.tradeNo);
  if (kind === "CP") return completePriceOrderPayment(tenantId, id, n.outTradeNo, n.amountFen, n.tradeNo);
  throw new DomainError(MSG.payUnknown, "404");
}

/**
 * A notice as the provider sends it (`POST /xiangyu/api/pay/notify/{tenant}`): its signature is
 * checked under the tenant's key before anything is read or written (401, nothing stored), then a
 * SUCCESS notice completes its order through `completePayment` — the amount checked against the
 * order, a repeat (the provider's retries, a replayed old notice) completing nothing. Any other
 * trade state is acknowledged and changes nothing.
 */
export async function receivePaymentNotice(tenant: string, n: SignedNotice): Promise<boolean> {
  const key = await noticeKey(tenant);
  if (!key || !signatureHolds(key, tenant, n)) throw new DomainError(MSG.noticeSign, "401");
  if (n.tradeState !== PAID) return false;
  return completePayment(tenant, { outTradeNo: n.outTradeNo, amountFen: Number(n.amount), tradeNo: n.tradeNo });
}
