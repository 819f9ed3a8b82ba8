import { VoucherPurchase, type VoucherPurchaseItem } from "./entities.ts";
import type { PurchaseInput } from "./schemas.ts";
import { MSG, PURCHASE, hotelsText, purchaseOrderNo, voucherKind } from "./rules.ts";
import { boundHotels, checkNotPast, scopeFilter, visibleShop } from "./common.ts";
import { issueVouchers } from "./ledger/ledger.ts";
import { visibleClient } from "../clients/visible.ts";
import { nextId, tallied, totalDelta } from "../kernel/counters.ts";
import { formatDateTime, today } from "../kernel/clock.ts";
import { fenToYuan } from "../kernel/money.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { boundedList } from "../kernel/list.ts";
import { CONFLICT, transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";
import { who, type Caller } from "../kernel/context.ts";
import { reachesWholeTenant } from "../kernel/dataScope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";
import { allOf } from "../kernel/filter.ts";
import { voucherExpiry } from "./ledger/plan.ts";
import { payerOfClient, tallyItems } from "../finance/tallies/tally.ts";

/**
 * Room-voucher purchase orders (R186–R199, gaps §7): staff write the order, the client pays it,
 * and the payment's completion marks it bought and issues its batch in one transaction.
 */
const TOTAL = "voucherPurchases";
const NOT_FOUND = "房券购买单不存在或已被删除";

export type PurchaseView = ReturnType<typeof purchaseView>;
export const purchaseView = ({ tenantId: _t, ...p }: VoucherPurchaseItem) => ({
  ...p,
  payAmount: fenToYuan(p.payAmount),
  bindingHotelList: (p.bindingHotelNames ?? []).map((hotelName, i) => ({ id: p.bindingHotelIds?.[i] ?? 0, hotelName })),
  hotelsText: hotelsText(p.bindingHotelIds, p.bindingHotelNames),
});

export async function getPurchase(tenantId: string, id: number): Promise<VoucherPurchaseItem | null> {
  return (await VoucherPurchase.get({ tenantId, id }).go()).data;
}

export async function visiblePurchase(caller: Caller, id: number): Promise<VoucherPurchaseItem> {
  const p = await getPurchase(caller.tenantId, id);
  if (!p || !visibleShop(caller, p.shop)) throw new DomainError(NOT_FOUND, "404");
  return p;
}

export async function savePurchase(caller: Caller, input: PurchaseInput): Promise<VoucherPurchaseItem> {
  const { tenantId } = caller;
  const client = await visibleClient(caller, input.clientId);
  checkNotPast(input.ticketDuration);
  const hotels = await boundHotels(tenantId, input.bindingHotelIds);
  const id = await nextId(tenantId, "voucherPurchase");
  const item: VoucherPurchaseItem = {
    tenantId,
    id,
    orderId: purchaseOrderNo(today(), id),
    clientId: client.id,
    clientName: client.clientName,
    mobile: client.mobile,
    shop: client.shop,
    ...voucherKind(input.ticketType, input.priceType, input.useScope),
    ticketCount: input.ticketCount,
    ticketDuration: voucherExpiry(input.ticketDuration),
    payAmount: input.payAmount,
    bindingHotelIds: hotels.ids,
    bindingHotelNames: hotels.names,
    remark: input.remark,
    status: PURCHASE.waiting,
    batchNo: "",
    tradeNo: "",
    createUser: who(caller),
    createTime: formatDateTime(),
    buyTime: "",
  };
  await transact([txPut(VoucherPurchase.create(item), "房券购买单冲突，请重试"), totalDelta(tenantId, TOTAL, 1)]);
  return item;
}

/** Deletes a not-bought order (R194); the condition holds against a payment landing in between. */
export async function deletePurchase(caller: Caller, id: number): Promise<number> {
  // One that is not there, or outside the caller's stores, is nothing to delete (R055).
  const p = await getPurchase(caller.tenantId, id);
  if (!p || !visibleShop(caller, p.shop)) throw nothingDeleted();
  if (p.status === PURCHASE.bought) throw new DomainError(MSG.boughtUndeletable, "409");
  await transact([
    txDelete(
      VoucherPurchase.delete({ tenantId: caller.tenantId, id }).where((a, { ne }) => ne(a.status, PURCHASE.bought)),
      MSG.boughtUndeletable,
    ),
    totalDelta(caller.tenantId, TOTAL, -1),
  ]);
  return id;
}

/**
 * The payment of a purchase completed (the provider's notice): the order becomes bought and its
 * batch is issued, in one transaction conditioned on the order still waiting. A second notice
 * (providers repeat them) finds it bought and issues nothing. Answers whether this call completed it.
 */
export async function completePurchasePayment(tenantId: string, id: number, orderNo: string, amountFen: number, tradeNo: string): Promise<boolean> {
  const p = await getPurchase(tenantId, id);
  if (!p || p.orderId !== orderNo) throw new DomainError(MSG.payUnknown, "404");
  if (p.status === PURCHASE.bought) return false;
  if (p.payAmount !== amountFen) throw new DomainError(MSG.payMismatch, "400");
  const issued = await issueVouchers(
    { tenantId, clientId: p.clientId },
    {
      ticketCount: p.ticketCount,
      ticketDuration: p.ticketDuration,
      ticketType: p.ticketType,
      priceType: p.priceType,
      useScope: p.useScope,
      bindingHotelIds: p.bindingHotelIds,
      bindingHotelNames: p.bindingHotelNames,
      status: 1,
      source: "purchase",
      sourceId: String(p.id),
      clientName: p.clientName,
      mobile: p.mobile,
      shop: p.shop,
      exchangeUser: p.createUser,
      remark: p.remark,
    },
  );
  try {
    await transact([
      txUpdate(
        VoucherPurchase.patch({ tenantId, id })
          .set({ status: PURCHASE.bought, buyTime: formatDateTime(), batchNo: issued.batchNo, tradeNo })
          .where((a, { eq }) => eq(a.status, PURCHASE.waiting)),
        MSG.alreadyBought,
      ),
      ...issued.items,
      // Paid through the provider: the month's online product takings (finance/tallies).
      ...tallyItems({ tenantId, column: "online", fen: p.payAmount, shop: p.shop ?? "", ...(await payerOfClient(tenantId, p.clientId)) }),
    ]);
  } catch (e) {
    // Another notice of the same payment won: the order is bought once, the vouchers issued once.
    if (e instanceof DomainError && e.desc === MSG.alreadyBought) return false;
    // Lost a write race (TransactionConflict after retries): bought by the winner, or try again.
    if (e instanceof DomainError && e.desc === CONFLICT && (await getPurchase(tenantId, id))?.status === PURCHASE.bought) return false;
    throw e;
  }
  return true;
}

export async function listPurchases(caller: Caller, p: Paging, f: { status?: number; clientId?: number }): Promise<Envelope<never, PurchaseView>> {
  const { tenantId } = caller;
  const keyword = p.keyword;
  const params = (order: "asc" | "desc") =>
    VoucherPurchase.query
      .byId({ tenantId })
      .where((a, op) => allOf(scopeFilter(caller, keyword, a, op), f.status !== undefined && op.eq(a.status, f.status), f.clientId !== undefined && op.eq(a.clientId, f.clientId)))
      .params({ order });
  const filtered = !!keyword || f.status !== undefined || f.clientId !== undefined || !reachesWholeTenant(caller);
  return boundedList({ params, parse: (Items) => VoucherPurchase.parse({ Items }).data as VoucherPurchaseItem[] }, p, {
    // Unfiltered: the kept total, and later pages from cursors remembered under its moves.
    ...(filtered ? {} : tallied(tenantId, TOTAL)),
    map: purchaseView,
  });
}
