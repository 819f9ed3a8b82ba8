import { MembershipAccount, MembershipEntry, MembershipLot, type MembershipAccountItem, type MembershipLotItem } from "./entities.ts";
import { COUNT_FIELDS, NOT_ENOUGH_WEEKS, planDeduction, restoreDeltas, takeDeltas, type Deltas, type LotTake, type WeekAmount } from "./plan.ts";
import { nextId } from "../../kernel/counters.ts";
import { formatDateTime, nowMs, parseBusiness } from "../../kernel/clock.ts";
import { randomBytes } from "node:crypto";
import { DomainError } from "../../kernel/errors.ts";
import { CONFLICT, retryRaces, transact, txPut, txUpdate, type TxItem } from "../../kernel/tx.ts";
import { allOf, type WhereAttrs, type WhereOps } from "../../kernel/filter.ts";

/**
 * The membership ledger: the one place that adds and deducts a client's stored weeks (counted in
 * whole weeks and loose nights, see plan.ts).
 *
 * Every change comes as transaction items (kernel/tx.ts) so another area can put it in its own
 * transaction (an order and the weeks it takes commit together or not at all). Every item that
 * lowers a balance carries a condition that keeps it ≥ 0, on the lot and on the summary alike,
 * so concurrent requests can never overdraw: one of them fails and re-plans. The `…Now` wrappers
 * run the items, re-reading and retrying when a concurrent write got there first.
 * See docs/membership.md.
 */
export type LedgerKey = { tenantId: string; clientId: number; productTypeId: number };
export type { LotTake, WeekAmount, DeductionPreview } from "./plan.ts";
export { NOT_ENOUGH_WEEKS, WEEKDAY_NIGHTS, WEEKEND_NIGHTS, previewDeduction } from "./plan.ts";

export async function readLedger(key: LedgerKey): Promise<{ account: MembershipAccountItem | null; lots: MembershipLotItem[] }> {
  const [a, l] = await Promise.all([
    MembershipAccount.get(key).go(),
    MembershipLot.query.byClient({ tenantId: key.tenantId, clientId: key.clientId, productTypeId: key.productTypeId }).go({ pages: "all" }),
  ]);
  return { account: a.data, lots: l.data };
}

export type NewLot = {
  weeks: number;
  /** Expiry, a business date (end of day) or date-time in Shanghai. */
  shipDuration: string;
  productId?: number;
  productName?: string;
  shipUnit?: string;
  /** Money in fen. */
  amount?: number;
  payAmount?: number;
  isInstallment?: number;
  firstPayAmount?: number;
  finalPayAmount?: number;
  remark?: string;
  source?: string;
  sourceId?: string;
};

export function expiryOf(raw: string): string {
  const s = raw.trim();
  const d = parseBusiness(s);
  if (!d) throw new DomainError("有效期格式不正确", "400");
  return s.length <= 10 ? `${s} 23:59:59` : s;
}

/**
 * Why a balance moved, for the balance history (MembershipEntry): written in the same transaction as
 * the move. Callers that know more than the ledger (the record, the staff member) say so; without a
 * note the entry still records the move, with a generic reason.
 */
export type LedgerNote = { reason?: string; source?: string; sourceId?: string | number; operator?: string };

type EntryMove = { dStore?: number; dRemaining?: number; dFirst?: number; dSecond?: number; dRci?: number };
const DEFAULT_REASON = { add: "新增周次", deduct: "周次扣减", restore: "周次退回", expiry: "修改有效期" } as const;
type EntryKind = keyof typeof DEFAULT_REASON;

/** Time-ordered and unique without a counter, so synchronous item builders (restoreWeeks) can write it too. */
const entryAt = () => `${String(nowMs()).padStart(15, "0")}-${randomBytes(4).toString("hex")}`;

/** The history entry of one move, as a transaction item. */
export function entryItem(key: LedgerKey, kind: EntryKind, move: EntryMove, note: LedgerNote = {}, extra: { lotIds?: number[]; detail?: string } = {}): TxItem {
  return txPut(
    MembershipEntry.create({
      tenantId: key.tenantId,
      clientId: key.clientId,
      productTypeId: key.productTypeId,
      at: entryAt(),
      kind,
      reason: note.reason || DEFAULT_REASON[kind],
      source: note.source ?? "",
      sourceId: note.sourceId === undefined ? "" : String(note.sourceId),
      operator: note.operator ?? "",
      time: formatDateTime(),
      lotIds: (extra.lotIds ?? []).join(","),
      detail: extra.detail ?? "",
      dStore: move.dStore ?? 0,
      dRemaining: move.dRemaining ?? 0,
      dFirst: move.dFirst ?? 0,
      dSecond: move.dSecond ?? 0,
      dRci: move.dRci ?? 0,
    }),
    CONFLICT,
  );
}

/** Items that store a new lot of weeks and raise the summary (created on first use), with its history entry. */
export async function addWeeks(key: LedgerKey, lot: NewLot, note: LedgerNote = {}): Promise<{ items: TxItem[]; lotId: number }> {
  if (!Number.isInteger(lot.weeks) || lot.weeks <= 0) throw new DomainError("周次数量不正确", "400");
  const lotId = await nextId(key.tenantId, "membershipLot");
  const now = formatDateTime();
  const item = {
    ...key,
    id: lotId,
    productId: lot.productId ?? 0,
    productName: lot.productName ?? "",
    shipUnit: lot.shipUnit ?? "",
    storeCount: lot.weeks,
    usedCount: 0,
    usedFirstHaltCount: 0,
    usedSecondHaltCount: 0,
    remainingCount: lot.weeks,
    remainingFirstHaltCount: 0,
    remainingSecondHaltCount: 0,
    shipDuration: expiryOf(lot.shipDuration),
    amount: lot.amount ?? 0,
    payAmount: lot.payAmount ?? 0,
    isInstallment: lot.isInstallment ?? 0,
    firstPayAmount: lot.firstPayAmount ?? 0,
    finalPayAmount: lot.finalPayAmount ?? 0,
    remark: lot.remark ?? "",
    source: lot.source ?? "",
    sourceId: lot.sourceId ?? "",
    createTime: now,
  };
  return {
    lotId,
    items: [
      txPut(MembershipLot.create(item), "产品记录冲突，请重试"),
      txUpdate(MembershipAccount.upsert(key).add({ storeCount: lot.weeks, remainingCount: lot.weeks }).set({ updateTime: now })),
      entryItem(key, "add", { dStore: lot.weeks, dRemaining: lot.weeks }, { source: lot.source, sourceId: lot.sourceId, ...note }, { lotIds: [lotId] }),
    ],
  };
}

const fill = (f: (k: keyof Deltas) => number) => Object.fromEntries(COUNT_FIELDS.map((k) => [k, f(k)])) as Deltas;
const sum = (ds: Deltas[]): Deltas => fill((k) => ds.reduce((s, d) => s + d[k], 0));
const nonZero = (d: Partial<Deltas>) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== 0)) as Partial<Deltas>;

/** What a balance must hold for the deltas to leave it ≥ 0 (ADD applies them at once). */
const needs = (d: Deltas) => fill((k) => Math.max(0, -d[k]));

/**
 * The balance guard of a lot's or the summary's write in ElectroDB's `.where()`: each count the
 * deltas lower must hold enough, and the `extra` conditions. Both entities carry the counts, as
 * attributes `N` (ElectroDB's own attributes and `gte` are assignable; `N` is inferred).
 */
const guard = <N>(a: Record<keyof Deltas, N>, op: { gte: (attr: N, value: number) => string }, d: Deltas, extra: string[] = []): string => {
  const need = needs(d);
  return allOf(...COUNT_FIELDS.filter((k) => need[k] > 0).map((k) => op.gte(a[k], need[k])), ...extra);
};

function changeItems(
  key: LedgerKey,
  perLot: { lotId: number; d: Deltas }[],
  now: string,
  lotGuard: (a: WhereAttrs<typeof MembershipLot>, op: WhereOps<typeof MembershipLot>) => string[] = () => [],
  rci = 0,
  history: { kind: EntryKind; note?: LedgerNote } = { kind: "deduct" },
  expect?: DeductOptions["expect"],
): TxItem[] {
  const total = sum(perLot.map((p) => p.d));
  // Weeks moving to or from the exchange network change the same summary item, in the same write.
  const rciGuard = (a: WhereAttrs<typeof MembershipAccount>, op: WhereOps<typeof MembershipAccount>) => [
    ...(rci < 0 ? [op.gte(a.rciStoreCount, -rci)] : []),
    ...(expect ? [op.eq(a.remainingCount, expect.remainingCount), op.eq(a.rciStoreCount, expect.rciStoreCount)] : []),
  ];
  return [
    ...perLot.map(({ lotId, d }) =>
      txUpdate(
        MembershipLot.patch({ ...key, id: lotId })
          .add(nonZero(d))
          .where((a, op) => guard(a, op, d, lotGuard(a, op))),
        NOT_ENOUGH_WEEKS,
      ),
    ),
    txUpdate(
      MembershipAccount.patch(key)
        .add({ ...nonZero(total), ...(rci ? { rciStoreCount: rci } : {}) })
        .set({ updateTime: now })
        .where((a, op) => guard(a, op, total, rciGuard(a, op))),
      NOT_ENOUGH_WEEKS,
    ),
    entryItem(key, history.kind, { dRemaining: total.remainingCount, dFirst: total.remainingFirstHaltCount, dSecond: total.remainingSecondHaltCount, dRci: rci }, history.note, {
      lotIds: perLot.map((p) => p.lotId),
    }),
  ];
}

export type Deduction = { items: TxItem[]; takes: LotTake[] };

export type DeductOptions = {
  /** Whole weeks handed to the exchange network by this deduction (RCI exchange): rciStoreCount rises with it. */
  toRci?: number;
  /** Why, for the balance history. */
  note?: LedgerNote;
  /**
   * The summary as the caller read it: the write then also requires it unchanged, so a record that
   * states "before → after" (an exchange's columns) is exact. Concurrent deductions of the client
   * then run one after another (each retry re-reads), so use it only where that is wanted.
   */
  expect?: { remainingCount: number; rciStoreCount: number };
};

/**
 * Plans a deduction on the current balances and returns its items. Keep `takes` with what the
 * weeks paid for: restoring them later needs it. Throws 剩余周次不足 when the unexpired lots cannot cover it.
 */
export async function deductWeeks(key: LedgerKey, amount: WeekAmount, opts: DeductOptions = {}): Promise<Deduction> {
  const { lots } = await readLedger(key);
  const now = formatDateTime();
  const takes = planDeduction(
    lots.map((l) => ({
      id: l.id,
      shipDuration: l.shipDuration,
      remainingCount: l.remainingCount ?? 0,
      remainingFirstHaltCount: l.remainingFirstHaltCount ?? 0,
      remainingSecondHaltCount: l.remainingSecondHaltCount ?? 0,
    })),
    amount,
    now,
  );
  const items = changeItems(
    key,
    takes.map((t) => ({ lotId: t.lotId, d: takeDeltas(t) })),
    now,
    // The lot must still be valid when the transaction runs, not only when it was planned.
    (a, op) => [op.gte(a.shipDuration, now)],
    opts.toRci ?? 0,
    { kind: "deduct", note: opts.note },
    opts.expect,
  );
  return { items, takes };
}

/** Items that give back what a deduction took (an order refused or cancelled): weeks come back whole, nights come back loose. */
export function restoreWeeks(key: LedgerKey, takes: LotTake[], opts: { fromRci?: number; note?: LedgerNote } = {}): TxItem[] {
  if (takes.length === 0) return [];
  const perLot = takes.map((t) => ({ lotId: t.lotId, d: restoreDeltas(t) }));
  return changeItems(key, perLot, formatDateTime(), () => [], -(opts.fromRci ?? 0), { kind: "restore", note: opts.note });
}

/** An item that moves the weeks held by the exchange network (RCI); never below zero. */
export function rciDelta(key: LedgerKey, delta: number): TxItem {
  return txUpdate(
    MembershipAccount.patch(key)
      .add({ rciStoreCount: delta })
      .where((a, { gte }) => (delta < 0 ? gte(a.rciStoreCount, -delta) : "")),
    NOT_ENOUGH_WEEKS,
  );
}

/**
 * A lot's expiry moved, with its history entry ("before → after"). `before` (the expiry read first)
 * makes the write conditional, so two moves of the same lot cannot both pass on one read.
 */
export function setExpiryItems(key: LedgerKey, lotId: number, shipDuration: string, before: string, note: LedgerNote = {}, failMessage = "无效的产品记录，请重选"): TxItem[] {
  const after = expiryOf(shipDuration);
  return [
    txUpdate(
      MembershipLot.patch({ ...key, id: lotId })
        .set({ shipDuration: after })
        .where((a, { eq }) => eq(a.shipDuration, before)),
      failMessage,
    ),
    entryItem(key, "expiry", {}, note, { lotIds: [lotId], detail: `${before} → ${after}` }),
  ];
}

// ── wrappers that run the items ──

export async function addWeeksNow(key: LedgerKey, lot: NewLot, extra: TxItem[] = [], note: LedgerNote = {}): Promise<number> {
  const { items, lotId } = await addWeeks(key, lot, note);
  await transact([...items, ...extra]);
  return lotId;
}

/**
 * Deducts now. When a concurrent write changed the balances between the read and the write, the
 * deduction is planned again on fresh balances (up to 12 times); it fails only when the weeks are
 * really not there (剩余周次不足). `extra` items (the order that pays with the weeks) ride along.
 */
export async function deductWeeksNow(key: LedgerKey, amount: WeekAmount, extra: (takes: LotTake[]) => TxItem[] = () => [], opts: DeductOptions = {}): Promise<LotTake[]> {
  return retryRaces(async () => {
    const { items, takes } = await deductWeeks(key, amount, opts);
    await transact([...items, ...extra(takes)]);
    return takes;
  }, [NOT_ENOUGH_WEEKS, CONFLICT]);
}

export async function restoreWeeksNow(key: LedgerKey, takes: LotTake[], extra: TxItem[] = [], opts: { fromRci?: number; note?: LedgerNote } = {}): Promise<void> {
  await transact([...restoreWeeks(key, takes, opts), ...extra]);
}
