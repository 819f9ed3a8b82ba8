import { VoucherBatch, VoucherUse, type VoucherBatchItem, type VoucherUseItem } from "./entities.ts";
import {
  BAD_VOUCHER_COUNT,
  NOT_ENOUGH_VOUCHERS,
  TICKET_TYPE,
  PRICE_TYPE,
  USE_SCOPE,
  normalizeBinding,
  planVoucherUse,
  requiredExpiry,
  voucherExpiry,
  type Stay,
  type VoucherRequest,
  type VoucherTake,
} from "./plan.ts";
import { nextId } from "../../kernel/counters.ts";
import { formatDate, formatDateTime } from "../../kernel/clock.ts";
import { DomainError } from "../../kernel/errors.ts";
import { CONFLICT, retryRaces, transact, txDelete, txPut, txUpdate, type TxItem } from "../../kernel/tx.ts";
import { allOf } from "../../kernel/filter.ts";

/**
 * The room-voucher ledger: the one place that issues, uses, gives back, approves and revokes a
 * client's room vouchers. Purchases, gifts and week exchanges (vouchers) issue into it; hotel
 * orders (orders) use and restore.
 *
 * Like the membership ledger (docs/membership.md), every change comes as transaction items so the
 * caller commits it with its own record; every item that lowers a balance is conditional, so
 * concurrent uses never take more than a batch holds; the `…Now` wrappers run the items and
 * re-plan when a concurrent write got there first. See docs/vouchers.md.
 */
export type VoucherKey = { tenantId: string; clientId: number };
export type { Stay, VoucherRequest, VoucherTake, VoucherClass, VoucherStore } from "./plan.ts";
export { NOT_ENOUGH_VOUCHERS } from "./plan.ts";

export const ORDER_USED_BATCH = "该订单已使用过此房券";
export const ALREADY_RESTORED = "房券已退回，不能重复退回";
export const ALREADY_REVIEWED = "该房券已审核";
export const NOTHING_TO_REVOKE = "没有可撤销的房券";
export const BAD_VOUCHER_TYPE = "房券类型不正确";
export const BATCH_EXISTS = "房券批次冲突，请重试";

export async function readVoucherBatches(key: VoucherKey): Promise<VoucherBatchItem[]> {
  return (await VoucherBatch.query.byClient(key).go({ pages: "all" })).data;
}

export async function readBatch(key: VoucherKey, batchId: number): Promise<VoucherBatchItem | null> {
  return (await VoucherBatch.get({ ...key, id: batchId }).go()).data;
}

/** A batch by its number (review and revoke name batches so); null when there is none. */
export async function findBatchByNo(tenantId: string, batchNo: string): Promise<VoucherBatchItem | null> {
  if (!batchNo) return null;
  return (await VoucherBatch.query.byBatchNo({ tenantId, batchNo }).go({ limit: 1 })).data[0] ?? null;
}

export async function findBatchById(tenantId: string, id: number): Promise<VoucherBatchItem | null> {
  return (await VoucherBatch.query.byId({ tenantId, id }).go({ limit: 1 })).data[0] ?? null;
}

/** Which orders used a batch, and which batches an order used. */
export async function batchUses(tenantId: string, batchId: number): Promise<VoucherUseItem[]> {
  return (await VoucherUse.query.byBatch({ tenantId, batchId }).go({ pages: "all" })).data;
}

export async function orderUses(tenantId: string, orderId: number | string): Promise<VoucherUseItem[]> {
  return (await VoucherUse.query.byOrder({ tenantId, orderId: String(orderId) }).go({ pages: "all" })).data;
}

export type NewVoucherBatch = {
  ticketCount: number;
  /** Expiry: a business date (or date-time), stored as 23:59:59 of that day. */
  ticketDuration: string;
  /** 1 experience, 0 discount (default). */
  ticketType?: number;
  /** 1 free (default), 2 half price; forced to 1 for an experience voucher. */
  priceType?: number;
  /** 1 all week (default), 2 weekend, 3 weekdays; forced to 1 for an experience voucher. */
  useScope?: number;
  /** Empty, absent or containing 0: a general voucher. */
  bindingHotelIds?: number[];
  /** Generated (yyyyMMdd + id) when absent. */
  batchNo?: string;
  /** 1 usable, 0 pending review; default 0 for a gift, 1 otherwise. */
  status?: number;
  source?: "purchase" | "gift" | "exchange" | "seed" | (string & {});
  sourceId?: string;
  remark?: string;
  /** Shown by the lists (gift vouchers): the client and hotels as they were when issued, and who issued it. */
  clientName?: string;
  mobile?: string;
  shop?: string;
  bindingHotelNames?: string[];
  exchangeUser?: string;
};

const oneOf = (v: number, allowed: readonly number[]) => allowed.includes(v);

function checkBatch(b: NewVoucherBatch) {
  if (!Number.isInteger(b.ticketCount) || b.ticketCount <= 0) throw new DomainError(BAD_VOUCHER_COUNT, "400");
  const ticketType = b.ticketType ?? TICKET_TYPE.discount;
  const experience = ticketType === TICKET_TYPE.experience;
  // R199: an experience voucher has no half-price, weekend or weekday variant.
  const priceType = experience ? PRICE_TYPE.free : (b.priceType ?? PRICE_TYPE.free);
  const useScope = experience ? USE_SCOPE.all : (b.useScope ?? USE_SCOPE.all);
  if (!oneOf(ticketType, Object.values(TICKET_TYPE)) || !oneOf(priceType, Object.values(PRICE_TYPE)) || !oneOf(useScope, Object.values(USE_SCOPE))) {
    throw new DomainError(BAD_VOUCHER_TYPE, "400");
  }
  return { ticketType, priceType, useScope };
}

/** Items that store a new batch of vouchers for the client. */
export async function issueVouchers(key: VoucherKey, batch: NewVoucherBatch): Promise<{ items: TxItem[]; batchId: number; batchNo: string }> {
  const kind = checkBatch(batch);
  const ticketDuration = voucherExpiry(batch.ticketDuration);
  const batchId = await nextId(key.tenantId, "voucherBatch");
  const batchNo = batch.batchNo?.trim() || `${formatDate().replaceAll("-", "")}${String(batchId).padStart(4, "0")}`;
  const source = batch.source ?? "";
  const item = {
    ...key,
    id: batchId,
    batchNo,
    ...kind,
    bindingHotelIds: normalizeBinding(batch.bindingHotelIds),
    ticketCount: batch.ticketCount,
    usedCount: 0,
    remainingCount: batch.ticketCount,
    revokedCount: 0,
    ticketDuration,
    status: batch.status ?? (source === "gift" ? 0 : 1),
    source,
    sourceId: batch.sourceId ?? "",
    remark: batch.remark ?? "",
    createTime: formatDateTime(),
    clientName: batch.clientName ?? "",
    mobile: batch.mobile ?? "",
    shop: batch.shop ?? "",
    bindingHotelNames: normalizeBinding(batch.bindingHotelIds).length ? (batch.bindingHotelNames ?? []) : [],
    exchangeUser: batch.exchangeUser ?? "",
  };
  return { batchId, batchNo, items: [txPut(VoucherBatch.create(item), BATCH_EXISTS)] };
}

const batchKey = (key: VoucherKey, batchId: number) => ({ tenantId: key.tenantId, clientId: key.clientId, id: batchId });
const useKey = (key: VoucherKey, t: VoucherTake, orderId: string) => ({ tenantId: key.tenantId, batchId: t.batchId, orderId });

/**
 * Plans a use on the client's batches as they are now and returns its items: per batch taken, a
 * conditional update (still reviewed, still valid through the last night, enough left) and the use
 * record naming the order. Keep `takes` with the order: restoring needs them.
 */
export async function useVouchers(key: VoucherKey, request: VoucherRequest, stay: Stay, orderId: number | string): Promise<{ items: TxItem[]; takes: VoucherTake[] }> {
  const takes = planVoucherUse(await readVoucherBatches(key), request, stay);
  const validThrough = requiredExpiry(stay.lastNight, stay.now);
  const order = String(orderId);
  const items = takes.flatMap((t) => [
    txUpdate(
      VoucherBatch.patch(batchKey(key, t.batchId))
        .add({ usedCount: t.count, remainingCount: -t.count })
        .where((a, { eq, gte }) => allOf(eq(a.status, 1), gte(a.remainingCount, t.count), gte(a.ticketDuration, validThrough))),
      NOT_ENOUGH_VOUCHERS,
    ),
    txPut(
      VoucherUse.create({ ...useKey(key, t, order), clientId: key.clientId, batchNo: t.batchNo, count: t.count, voucherClass: t.voucherClass, time: stay.now }),
      ORDER_USED_BATCH,
    ),
  ]);
  return { items, takes };
}

/** Items that give back exactly what a use took (an order refused or cancelled) and drop its use records. Twice is refused. */
export function restoreVouchers(key: VoucherKey, takes: VoucherTake[], orderId: number | string): TxItem[] {
  const order = String(orderId);
  return takes.flatMap((t) => [
    txUpdate(
      VoucherBatch.patch(batchKey(key, t.batchId))
        .add({ usedCount: -t.count, remainingCount: t.count })
        .where((a, { gte }) => gte(a.usedCount, t.count)),
      ALREADY_RESTORED,
    ),
    // `remove` deletes only an existing item: a second restore finds no use record and fails.
    txDelete(VoucherUse.remove(useKey(key, t, order)), ALREADY_RESTORED),
  ]);
}

/** Gift review passed (R209): the pending batch becomes usable, once. */
export function approveBatchItem(key: VoucherKey, batchId: number, reviewUser = ""): TxItem {
  return txUpdate(
    VoucherBatch.patch(batchKey(key, batchId))
      .set({ status: 1, reviewUser })
      .where((a, { eq }) => eq(a.status, 0)),
    ALREADY_REVIEWED,
  );
}

/** Gift review not passed (R209): the pending batch is deleted; a reviewed one is not. */
export function deleteBatchItem(key: VoucherKey, batchId: number): TxItem {
  return txDelete(
    VoucherBatch.remove(batchKey(key, batchId)).where((a, { eq }) => eq(a.status, 0)),
    ALREADY_REVIEWED,
  );
}

/**
 * Revoke (R213, gaps §7): the batch's unused vouchers are removed (ticketCount := usedCount), what
 * was used stays with its orders. Planned on the batch as read: if a use or restore came in
 * between, the condition fails with 操作冲突，请重试 (`revokeBatchNow` reads again and retries).
 */
export function revokeBatchItems(key: VoucherKey, batch: Pick<VoucherBatchItem, "id" | "ticketCount" | "usedCount" | "revokedCount">): TxItem[] {
  const used = batch.usedCount ?? 0;
  const unused = batch.ticketCount - used;
  if (unused <= 0) throw new DomainError(NOTHING_TO_REVOKE, "400");
  return [
    txUpdate(
      VoucherBatch.patch(batchKey(key, batch.id))
        .set({ ticketCount: used, remainingCount: 0, revokedCount: (batch.revokedCount ?? 0) + unused })
        .where((a, { eq }) => allOf(eq(a.status, 1), eq(a.ticketCount, batch.ticketCount), eq(a.usedCount, used))),
      CONFLICT,
    ),
  ];
}

// ── wrappers that run the items ──

export async function issueVouchersNow(key: VoucherKey, batch: NewVoucherBatch, extra: TxItem[] = []): Promise<{ batchId: number; batchNo: string }> {
  const { items, batchId, batchNo } = await issueVouchers(key, batch);
  await transact([...items, ...extra]);
  return { batchId, batchNo };
}

/**
 * Uses vouchers now. When a concurrent write changed the batches between the read and the write,
 * the use is planned again on fresh batches (up to 12 times); it fails only when the vouchers are
 * really not there (房券不足). `extra` items (the order the vouchers pay for) ride along.
 */
export function useVouchersNow(
  key: VoucherKey,
  request: VoucherRequest,
  stay: Stay,
  orderId: number | string,
  extra: (takes: VoucherTake[]) => TxItem[] = () => [],
): Promise<VoucherTake[]> {
  return retryRaces(async () => {
    const { items, takes } = await useVouchers(key, request, stay, orderId);
    await transact([...items, ...extra(takes)]);
    return takes;
  }, [NOT_ENOUGH_VOUCHERS, CONFLICT]);
}

export async function restoreVouchersNow(key: VoucherKey, takes: VoucherTake[], orderId: number | string, extra: TxItem[] = []): Promise<void> {
  await transact([...restoreVouchers(key, takes, orderId), ...extra]);
}

/** Reads the batch and revokes its unused vouchers, retrying when a use or restore came in between. */
export function revokeBatchNow(key: VoucherKey, batchId: number, extra: TxItem[] = []): Promise<number> {
  return retryRaces(async () => {
    const batch = await readBatch(key, batchId);
    if (!batch) throw new DomainError("无效的房券！", "400");
    await transact([...revokeBatchItems(key, batch), ...extra]);
    return batch.ticketCount - (batch.usedCount ?? 0);
  }, [CONFLICT]);
}
