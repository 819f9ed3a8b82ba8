import { Purchase, type PurchaseItem } from "./entity.ts";
import { PURCHASE_STATUS, stageTotal } from "./status.ts";
import { nextId, shopTotalDelta, totalDelta } from "../../kernel/counters.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { txPut, type TxItem } from "../../kernel/tx.ts";

/** What a work order's save knows of the purchase; the rest is set here. Money in fen. */
export type NewPurchase = Omit<
  PurchaseItem,
  "tenantId" | "id" | "status" | "reason" | "cashier" | "cashierTime" | "financeStaff" | "financeTime" | "msStaff" | "msTime" | "createTime" | "lotId" | "memberLevel"
>;

/** The totals a purchase entering or leaving `status` moves: the tenant's and its store's (review lists, docs/reviews.md). */
export const stageTotalItems = (tenantId: string, status: number, shop: string, delta: number): TxItem[] => [
  totalDelta(tenantId, stageTotal(status), delta),
  shopTotalDelta(tenantId, stageTotal(status), shop, delta),
];

/**
 * The transaction items that create a purchase awaiting the cashier's review (docs/gaps.md §8): the
 * work order's save writes them in its own transaction, so the work order is locked exactly when
 * the purchase exists. Answers the new purchase and its items.
 */
export async function purchaseCreateItems(tenantId: string, input: NewPurchase): Promise<{ purchase: PurchaseItem; items: TxItem[] }> {
  const id = await nextId(tenantId, "purchase");
  const purchase: PurchaseItem = {
    ...input,
    tenantId,
    id,
    status: PURCHASE_STATUS.cashier,
    reason: "",
    cashier: "",
    cashierTime: "",
    financeStaff: "",
    financeTime: "",
    msStaff: "",
    msTime: "",
    createTime: formatDateTime(),
  };
  return {
    purchase,
    items: [txPut(Purchase.create(purchase), "购买记录冲突，请重试"), ...stageTotalItems(tenantId, PURCHASE_STATUS.cashier, purchase.shop ?? "", 1)],
  };
}
