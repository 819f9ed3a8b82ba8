import { MembershipAccount, MembershipEntry, type MembershipEntryItem } from "./entities.ts";

/**
 * The balance history of one client (every ledger entry: when, why, which record, who, and the
 * balance before and after). Entries keep the change only (entities.ts, MembershipEntry), so the
 * balances are worked out here: walking back from the current summary of each product type, the
 * newest entry's "after" is today's balance and each entry's "before" is its "after" minus its change.
 *
 * Bounded: the newest HISTORY_CAP entries of the client are read (one Query of its own partition);
 * older ones are not shown, and the reply says so (`capped`). Entries written at the same instant by
 * concurrent requests are ordered by their write time, which may differ from the order DynamoDB
 * applied them by a few milliseconds: their before/after may then be swapped between them, the
 * totals stay exact.
 */
export const HISTORY_CAP = 1000;

export type BalanceSnapshot = { remainingCount: number; remainingFirstHaltCount: number; remainingSecondHaltCount: number; rciStoreCount: number; storeCount: number };

export type HistoryRow = {
  at: string;
  time: string;
  productTypeId: number;
  kind: string;
  reason: string;
  source: string;
  sourceId: string;
  lotIds: string;
  operator: string;
  detail: string;
  change: BalanceSnapshot;
  before: BalanceSnapshot;
  after: BalanceSnapshot;
};

const changeOf = (e: MembershipEntryItem): BalanceSnapshot => ({
  remainingCount: e.dRemaining ?? 0,
  remainingFirstHaltCount: e.dFirst ?? 0,
  remainingSecondHaltCount: e.dSecond ?? 0,
  rciStoreCount: e.dRci ?? 0,
  storeCount: e.dStore ?? 0,
});
const minus = (a: BalanceSnapshot, b: BalanceSnapshot): BalanceSnapshot => ({
  remainingCount: a.remainingCount - b.remainingCount,
  remainingFirstHaltCount: a.remainingFirstHaltCount - b.remainingFirstHaltCount,
  remainingSecondHaltCount: a.remainingSecondHaltCount - b.remainingSecondHaltCount,
  rciStoreCount: a.rciStoreCount - b.rciStoreCount,
  storeCount: a.storeCount - b.storeCount,
});

/** Pure: entries newest first + current balances per product type → rows with before/after. */
export function historyRows(entries: MembershipEntryItem[], current: Map<number, BalanceSnapshot>): HistoryRow[] {
  const running = new Map([...current].map(([k, v]) => [k, { ...v }]));
  return entries.map((e) => {
    const after = running.get(e.productTypeId) ?? { remainingCount: 0, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0, rciStoreCount: 0, storeCount: 0 };
    const change = changeOf(e);
    const before = minus(after, change);
    running.set(e.productTypeId, before);
    return {
      at: e.at,
      time: e.time ?? "",
      productTypeId: e.productTypeId,
      kind: e.kind,
      reason: e.reason ?? "",
      source: e.source ?? "",
      sourceId: e.sourceId ?? "",
      lotIds: e.lotIds ?? "",
      operator: e.operator ?? "",
      detail: e.detail ?? "",
      change,
      before,
      after,
    };
  });
}

/** The client's history, newest first, all product types (or one), with before/after. The caller checks the client is visible. */
export async function readHistory(tenantId: string, clientId: number, productTypeId?: number): Promise<{ rows: HistoryRow[]; capped: boolean }> {
  const [entries, accounts] = await Promise.all([
    MembershipEntry.query.byClient({ tenantId, clientId }).go({ order: "desc", limit: HISTORY_CAP + 1 }),
    MembershipAccount.query.byClient({ tenantId, clientId }).go({ pages: "all" }),
  ]);
  const capped = entries.data.length > HISTORY_CAP;
  const current = new Map(
    accounts.data.map((a) => [
      a.productTypeId,
      {
        remainingCount: a.remainingCount ?? 0,
        remainingFirstHaltCount: a.remainingFirstHaltCount ?? 0,
        remainingSecondHaltCount: a.remainingSecondHaltCount ?? 0,
        rciStoreCount: a.rciStoreCount ?? 0,
        storeCount: a.storeCount ?? 0,
      },
    ]),
  );
  const rows = historyRows(entries.data.slice(0, HISTORY_CAP), current);
  return { rows: productTypeId ? rows.filter((r) => r.productTypeId === productTypeId) : rows, capped };
}
