import { VoucherBatch, type VoucherBatchItem } from "./ledger/entities.ts";
import { formatDateTime } from "../kernel/clock.ts";

/**
 * A client's room-voucher balances for the membership viewer (clients area): every batch the
 * ledger holds for the client, and per kind of voucher what is issued, used and still usable.
 * Read only; the caller checks first that the client is one it may see (visibleClient).
 *
 * "Usable" follows the ledger's own rule for a use (ledger.ts useVouchers): reviewed (status 1)
 * and not expired. A pending gift batch counts as pending, an expired batch's leftovers as expired,
 * neither as remaining.
 */

/** A client holds tens of batches; past this many the viewer shows the newest and says so (`capped`). */
const CLIENT_BATCH_CAP = 200;

export type ClientVoucherBatch = {
  id: number;
  batchNo: string;
  /** 0 discount, 1 experience (R189); 1 free, 2 half price (R190); 1 all week, 2 weekend, 3 weekdays (R191). */
  ticketType: number;
  priceType: number;
  useScope: number;
  /** Empty: a general voucher, any hotel (R192). */
  bindingHotelNames: string[];
  ticketCount: number;
  usedCount: number;
  remainingCount: number;
  revokedCount: number;
  /** `YYYY-MM-DD 23:59:59`. */
  ticketDuration: string;
  expired: boolean;
  /** 1 reviewed (usable), 0 pending review. */
  status: number;
  /** purchase | gift | exchange | seed, and that record's id. */
  source: string;
  sourceId: string;
  createTime: string;
  remark: string;
};

/** Per kind of voucher (ticketType, priceType, useScope). */
type ClientVoucherTotal = {
  ticketType: number;
  priceType: number;
  useScope: number;
  /** Issued and reviewed (what was revoked no longer counts). */
  issued: number;
  used: number;
  /** Reviewed, unexpired and not yet used: what a booking may spend now. */
  remaining: number;
  /** In batches still waiting for review. */
  pending: number;
  /** Left unused in reviewed batches past their expiry. */
  expired: number;
};

export type ClientVoucherSummary = { totals: ClientVoucherTotal[]; capped: boolean; cap: number };

/** The client's newest batches, at most `cap` + 1 (one more tells that there were more). */
async function readClientBatches(tenantId: string, clientId: number, cap = CLIENT_BATCH_CAP): Promise<VoucherBatchItem[]> {
  const { data } = await VoucherBatch.query.byClient({ tenantId, clientId }).go({ order: "desc", limit: cap + 1 });
  return data;
}

export function batchView(b: VoucherBatchItem, now: string): ClientVoucherBatch {
  return {
    id: b.id,
    batchNo: b.batchNo,
    ticketType: b.ticketType,
    priceType: b.priceType,
    useScope: b.useScope,
    bindingHotelNames: b.bindingHotelNames ?? [],
    ticketCount: b.ticketCount,
    usedCount: b.usedCount ?? 0,
    remainingCount: b.remainingCount,
    revokedCount: b.revokedCount ?? 0,
    ticketDuration: b.ticketDuration,
    expired: b.ticketDuration < now,
    status: b.status,
    source: b.source ?? "",
    sourceId: b.sourceId ?? "",
    createTime: b.createTime ?? "",
    remark: b.remark ?? "",
  };
}

/** Totals per kind, in a fixed order: discount before experience, free before half, all week, weekend, weekdays. */
export function voucherTotals(batches: ClientVoucherBatch[]): ClientVoucherTotal[] {
  const byKind = new Map<string, ClientVoucherTotal>();
  for (const b of batches) {
    const k = `${b.ticketType}|${b.priceType}|${b.useScope}`;
    const t = byKind.get(k) ?? { ticketType: b.ticketType, priceType: b.priceType, useScope: b.useScope, issued: 0, used: 0, remaining: 0, pending: 0, expired: 0 };
    byKind.set(k, t);
    if (b.status !== 1) {
      t.pending += b.ticketCount;
      continue;
    }
    t.issued += b.ticketCount;
    t.used += b.usedCount;
    if (b.expired) t.expired += b.remainingCount;
    else t.remaining += b.remainingCount;
  }
  return [...byKind.values()].sort((a, b) => a.ticketType - b.ticketType || a.priceType - b.priceType || a.useScope - b.useScope);
}

/** The batches newest first (at most the cap) and the totals over them. */
export async function clientVoucherBalances(tenantId: string, clientId: number, cap = CLIENT_BATCH_CAP): Promise<{ batches: ClientVoucherBatch[]; summary: ClientVoucherSummary }> {
  const now = formatDateTime();
  const read = await readClientBatches(tenantId, clientId, cap);
  const batches = read.slice(0, cap).map((b) => batchView(b, now));
  return { batches, summary: { totals: voucherTotals(batches), capped: read.length > cap, cap } };
}
