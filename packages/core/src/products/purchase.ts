import { PriceOrder, Product } from "./entities.ts";
import { BOUGHT, markBoughtItems } from "./priceOrders.ts";
import { addWeeks } from "../clients/ledger/ledger.ts";
import { formatDate } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { CONFLICT, transact } from "../kernel/tx.ts";
import { payerOfClient, tallyItems } from "../finance/tallies/tally.ts";
import { shareRecordItems } from "../finance/profitSharing/records.ts";

/**
 * A membership purchase order (/order/productlist) is bought when its payment completes: the
 * order is marked bought and the product's weeks go onto the client's stored weeks (the weeks
 * ledger), in one transaction conditioned on the order still waiting, so a repeated notice adds
 * nothing. Answers whether this call completed it.
 */
const ALREADY = "该单已完成购买";

/** The lot's expiry: `duration` years from the day of purchase (the last day before the anniversary). */
export function membershipExpiry(buyDate: string, years: number): string {
  const [y, m, d] = buyDate.split("-").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y + Math.max(1, years), m - 1, d - 1));
  return end.toISOString().slice(0, 10);
}

export async function completePriceOrderPayment(tenantId: string, id: number, orderNo: string, amountFen: number, tradeNo: string): Promise<boolean> {
  const { data: o } = await PriceOrder.get({ tenantId, id }).go();
  if (!o || o.orderId !== orderNo) throw new DomainError("支付订单不存在", "404");
  if (o.status === BOUGHT) return false;
  if (o.payAmount !== amountFen) throw new DomainError("支付金额与订单金额不符", "400");
  const weeks = o.proCount ?? 0;
  const lot =
    weeks > 0
      ? await addWeeks(
          { tenantId, clientId: o.clientId, productTypeId: o.productType ?? 0 },
          {
            weeks,
            shipDuration: membershipExpiry(formatDate(), o.duration ?? 0),
            productId: o.productId,
            productName: o.productName,
            amount: o.amount,
            payAmount: o.payAmount,
            source: "purchase",
            sourceId: `${o.orderId}${tradeNo ? `/${tradeNo}` : ""}`,
          },
        )
      : { items: [] };
  // Paid through the provider: the month's online takings, and the product's profit shares when it
  // has split percentages (finance/profitSharing) — in the same transaction, so once per payment.
  const { data: product } = await Product.get({ tenantId, id: o.productId }).go();
  const shares = product
    ? await shareRecordItems({
        tenantId,
        orderId: o.orderId,
        orderName: o.productName ?? "",
        shop: o.shop ?? "",
        payFen: o.payAmount,
        split: { profitsharingAmount: product.profitsharingAmount ?? 0, agentAmount: product.agentAmount ?? 0, channelAmount: product.channelAmount ?? 0 },
      })
    : [];
  const tally = tallyItems({ tenantId, column: "online", fen: o.payAmount, shop: o.shop ?? "", ...(await payerOfClient(tenantId, o.clientId)) });
  try {
    await transact([...markBoughtItems(tenantId, id), ...lot.items, ...tally, ...shares]);
  } catch (e) {
    if (e instanceof DomainError && e.desc === ALREADY) return false;
    if (e instanceof DomainError && e.desc === CONFLICT && (await PriceOrder.get({ tenantId, id }).go()).data?.status === BOUGHT) return false;
    throw e;
  }
  return true;
}
