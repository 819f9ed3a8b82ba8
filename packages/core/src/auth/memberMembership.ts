import { MEMBER_ACCOUNT_MSG as MSG } from "./memberMessages.ts";
import type { Member } from "./memberAuth.ts";
import { memberHoldings } from "../orders/memberHoldings.ts";
import type { MemberStore } from "../orders/memberStore.ts";
import { MembershipAccount, MembershipEntry, MembershipLot, type MembershipLotItem } from "../clients/ledger/entities.ts";
import { historyRows, type BalanceSnapshot } from "../clients/ledger/history.ts";
import { clientVoucherBalances, type ClientVoucherBatch } from "../vouchers/clientBalances.ts";
import { productTypeMap } from "../products/types.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * The member's own membership (issue 34, `GET /xiangyu/api/mp/membership`): the stored weeks and
 * room vouchers with the staff's figures (`memberStore`, through orders/memberHoldings.ts), each
 * purchase of weeks and each voucher batch with its expiry, and the newest moves of the weeks
 * ledger. Every read is bounded: the client's own partitions, at most the caps below, `…More` saying
 * there was more. A member not bound to a client has none: 请先绑定手机号.
 */
export const LOT_CAP = 100;
export const BATCH_CAP = 100;
export const HISTORY_PAGE = 20;

export type MemberWeekLot = {
  id: number;
  productTypeId: number;
  productTypeName: string;
  productName: string;
  storeCount: number;
  usedCount: number;
  remainingCount: number;
  remainingFirstHaltCount: number;
  remainingSecondHaltCount: number;
  /** Expiry, `YYYY-MM-DD HH:mm:ss`. */
  shipDuration: string;
  expired: boolean;
};

/** A batch as the member sees it: the staff view's facts without the staff's source, remark and revocations. */
const MEMBER_BATCH_KEYS = [
  "id",
  "batchNo",
  "ticketType",
  "priceType",
  "useScope",
  "bindingHotelNames",
  "ticketCount",
  "usedCount",
  "remainingCount",
  "ticketDuration",
  "expired",
  "status",
  "createTime",
] as const;
export type MemberVoucherBatch = Pick<ClientVoucherBatch, (typeof MEMBER_BATCH_KEYS)[number]>;
const memberBatch = (b: ClientVoucherBatch): MemberVoucherBatch => Object.fromEntries(MEMBER_BATCH_KEYS.map((k) => [k, b[k]])) as MemberVoucherBatch;

export type MemberWeekMove = {
  time: string;
  productTypeId: number;
  productTypeName: string;
  /** add | deduct | restore | expiry */
  kind: string;
  reason: string;
  change: BalanceSnapshot;
  before: BalanceSnapshot;
  after: BalanceSnapshot;
};

export type MemberMembership = MemberStore & {
  weekLots: MemberWeekLot[];
  weekLotsMore: boolean;
  voucherBatches: MemberVoucherBatch[];
  voucherBatchesMore: boolean;
  weekHistory: MemberWeekMove[];
  weekHistoryMore: boolean;
};

const snapshot = (a: { remainingCount?: number; remainingFirstHaltCount?: number; remainingSecondHaltCount?: number; rciStoreCount?: number; storeCount?: number }) => ({
  remainingCount: a.remainingCount ?? 0,
  remainingFirstHaltCount: a.remainingFirstHaltCount ?? 0,
  remainingSecondHaltCount: a.remainingSecondHaltCount ?? 0,
  rciStoreCount: a.rciStoreCount ?? 0,
  storeCount: a.storeCount ?? 0,
});

const lotView = (l: MembershipLotItem, typeName: string, now: string): MemberWeekLot => ({
  id: l.id,
  productTypeId: l.productTypeId,
  productTypeName: typeName,
  productName: l.productName ?? "",
  storeCount: l.storeCount ?? 0,
  usedCount: l.usedCount ?? 0,
  remainingCount: l.remainingCount ?? 0,
  remainingFirstHaltCount: l.remainingFirstHaltCount ?? 0,
  remainingSecondHaltCount: l.remainingSecondHaltCount ?? 0,
  shipDuration: l.shipDuration,
  expired: l.shipDuration < now,
});

/** The newest moves of the weeks ledger, before/after worked back from today's balances (clients/ledger/history.ts). */
async function weekMoves(tenantId: string, clientId: number, names: (id: number) => string) {
  const [entries, accounts] = await Promise.all([
    MembershipEntry.query.byClient({ tenantId, clientId }).go({ order: "desc", limit: HISTORY_PAGE + 1 }),
    MembershipAccount.query.byClient({ tenantId, clientId }).go({ limit: 100 }),
  ]);
  const current = new Map(accounts.data.map((a) => [a.productTypeId, snapshot(a)]));
  const rows = historyRows(entries.data.slice(0, HISTORY_PAGE), current).map((r): MemberWeekMove => ({
    time: r.time,
    productTypeId: r.productTypeId,
    productTypeName: names(r.productTypeId),
    kind: r.kind,
    reason: r.reason,
    change: r.change,
    before: r.before,
    after: r.after,
  }));
  return { rows, more: entries.data.length > HISTORY_PAGE };
}

export async function memberMembership(member: Member): Promise<MemberMembership> {
  const { tenantId, clientId } = member;
  if (!clientId) throw new DomainError(MSG.notBound, "409");
  const now = formatDateTime();
  const types = await productTypeMap(tenantId);
  const names = (id: number) => types.get(id)?.typeName ?? "";
  const [store, lots, vouchers, history] = await Promise.all([
    memberHoldings(tenantId, clientId),
    MembershipLot.query.byClient({ tenantId, clientId }).go({ limit: LOT_CAP + 1 }),
    clientVoucherBalances(tenantId, clientId, BATCH_CAP),
    weekMoves(tenantId, clientId, names),
  ]);
  return {
    ...store,
    weekLots: lots.data.slice(0, LOT_CAP).map((l) => lotView(l, names(l.productTypeId), now)),
    weekLotsMore: lots.data.length > LOT_CAP,
    voucherBatches: vouchers.batches.map(memberBatch),
    voucherBatchesMore: vouchers.summary.capped,
    weekHistory: history.rows,
    weekHistoryMore: history.more,
  };
}
