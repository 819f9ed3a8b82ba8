import { VoucherBatch, type VoucherBatchItem } from "./ledger/entities.ts";
import { approveBatchItem, deleteBatchItem, findBatchByNo, issueVouchers, revokeBatchNow, ALREADY_REVIEWED } from "./ledger/ledger.ts";
import type { GiftInput, ReviewInput } from "./schemas.ts";
import { GIFTS_PENDING_TOTAL, MSG, REVIEW, giftState, hotelsText } from "./rules.ts";
import { boundHotels, checkNotPast, clientRecordsFilter, visibleShop } from "./common.ts";
import { visibleClient } from "../clients/visible.ts";
import { allOf } from "../kernel/filter.ts";
import { shopTotalDelta, tallied, totalDelta } from "../kernel/counters.ts";
import { DomainError } from "../kernel/errors.ts";
import { boundedList } from "../kernel/list.ts";
import { transact } from "../kernel/tx.ts";
import { who, type Caller } from "../kernel/context.ts";
import { reachesWholeTenant } from "../kernel/dataScope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";

/**
 * Gift room vouchers (R200–R214): the gift is a ledger batch (source "gift") issued pending;
 * approving makes it usable once, not passing deletes it, revoking takes back its unused vouchers.
 */
const SOURCE = "gift";
const TOTAL = "giftVouchers";
/** Gift batches waiting for review, per store (kernel/counters.ts `shopTotalDelta`): the workbench's count. */
const PENDING = GIFTS_PENDING_TOTAL;

export type GiftView = ReturnType<typeof giftView>;
export const giftView = ({ tenantId: _t, ...b }: VoucherBatchItem) => ({
  id: b.id,
  batchNo: b.batchNo,
  clientId: b.clientId,
  clientName: b.clientName ?? "",
  mobile: b.mobile ?? "",
  ticketCount: b.ticketCount,
  usedCount: b.usedCount ?? 0,
  remainingCount: b.remainingCount,
  revokedCount: b.revokedCount ?? 0,
  ticketDuration: b.ticketDuration,
  priceType: b.priceType,
  useScope: b.useScope,
  bindingHotelList: (b.bindingHotelNames ?? []).map((hotelName, i) => ({ id: b.bindingHotelIds?.[i] ?? 0, hotelName })),
  hotelsText: hotelsText(b.bindingHotelIds, b.bindingHotelNames),
  exchangeUser: b.exchangeUser ?? "",
  exchangeTime: b.createTime ?? "",
  reviewUser: b.reviewUser ?? "",
  remark: b.remark ?? "",
  status: b.status,
  /** R214: 1 when any voucher of the batch was used by an order. */
  isUsed: (b.usedCount ?? 0) > 0 ? 1 : 0,
  state: giftState(b),
});

export async function saveGift(caller: Caller, input: GiftInput): Promise<VoucherBatchItem> {
  const { tenantId } = caller;
  const client = await visibleClient(caller, input.clientId);
  checkNotPast(input.ticketDuration);
  const hotels = await boundHotels(tenantId, input.bindingHotelIds);
  const { items, batchId } = await issueVouchers(
    { tenantId, clientId: client.id },
    {
      ticketCount: input.ticketCount,
      ticketDuration: input.ticketDuration,
      priceType: input.priceType,
      useScope: input.useScope,
      bindingHotelIds: hotels.ids,
      bindingHotelNames: hotels.names,
      status: 0,
      source: SOURCE,
      remark: input.remark,
      clientName: client.clientName,
      mobile: client.mobile,
      shop: client.shop,
      exchangeUser: who(caller),
    },
  );
  await transact([...items, totalDelta(tenantId, TOTAL, 1), shopTotalDelta(tenantId, PENDING, client.shop ?? "", 1)]);
  return (await VoucherBatch.get({ tenantId, clientId: client.id, id: batchId }).go()).data!;
}

/** A gift batch the caller may act on, by its number (R211: anything else is 无效的房券！). */
async function visibleGift(caller: Caller, batchNo: string): Promise<VoucherBatchItem> {
  const b = await findBatchByNo(caller.tenantId, batchNo);
  if (!b || b.source !== SOURCE || !visibleShop(caller, b.shop)) throw new DomainError(MSG.invalidBatch, "404");
  return b;
}

/** Review (R209): 1 makes the batch usable, 2 deletes it; either happens once (该房券已审核). */
export async function reviewGift(caller: Caller, input: ReviewInput): Promise<VoucherBatchItem> {
  const b = await visibleGift(caller, input.batchNo);
  if (b.status === 1) throw new DomainError(ALREADY_REVIEWED, "409");
  const key = { tenantId: caller.tenantId, clientId: b.clientId };
  const pending = shopTotalDelta(caller.tenantId, PENDING, b.shop ?? "", -1);
  if (input.status === REVIEW.passed) await transact([approveBatchItem(key, b.id, who(caller)), pending]);
  else await transact([deleteBatchItem(key, b.id), totalDelta(caller.tenantId, TOTAL, -1), pending]);
  return b;
}

/**
 * Revoke (R213): the batch's unused vouchers are taken back; what orders used stays theirs (a
 * voucher used by an order is never revoked). A pending batch is reviewed, not revoked.
 */
export async function revokeGift(caller: Caller, batchNo: string): Promise<{ batch: VoucherBatchItem; revoked: number }> {
  const b = await visibleGift(caller, batchNo);
  if (b.status !== 1) throw new DomainError(MSG.notReviewed, "409");
  if ((b.remainingCount ?? 0) <= 0) throw new DomainError(MSG.allUsed, "409");
  const revoked = await revokeBatchNow({ tenantId: caller.tenantId, clientId: b.clientId }, b.id);
  return { batch: b, revoked };
}

/** The gift list (R200): the gift batches newest first; the kept total unless filtered. */
export async function listGifts(caller: Caller, p: Paging, f: { clientId?: number; status?: number }): Promise<Envelope<never, GiftView>> {
  const { tenantId } = caller;
  const params = (order: "asc" | "desc") =>
    VoucherBatch.query
      .bySource({ tenantId, source: SOURCE })
      .where((a, op) => allOf(clientRecordsFilter(caller, p.keyword, f.clientId)(a, op), f.status !== undefined && op.eq(a.status, f.status)))
      .params({ order });
  const filtered = !!p.keyword || f.clientId !== undefined || f.status !== undefined || !reachesWholeTenant(caller);
  return boundedList({ params, parse: (Items) => VoucherBatch.parse({ Items }).data as VoucherBatchItem[] }, p, {
    // Unfiltered: the kept total, and later pages from cursors remembered under its moves.
    ...(filtered ? {} : tallied(tenantId, TOTAL)),
    map: giftView,
  });
}
