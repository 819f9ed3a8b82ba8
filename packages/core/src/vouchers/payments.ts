import { completePurchasePayment } from "./purchases.ts";
import { completePriceOrderPayment } from "../products/purchase.ts";
import { idOfOrderNo, MSG } from "./rules.ts";
import { DomainError } from "../kernel/errors.ts";
import type { PaymentNotice } from "../orders/payments.ts";

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
