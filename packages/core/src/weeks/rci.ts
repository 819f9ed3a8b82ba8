import { RciExchange, type RciExchangeItem } from "./entities.ts";
import { RCI_INVALID, type RciExchangeInput } from "./schemas.ts";
import { BACK_FLAG, MSG, backText, checkExchangeCount } from "./rules.ts";
import { exchangeAccountOf } from "./membership.ts";
import { NOT_ENOUGH_WEEKS, deductWeeks, restoreWeeks, type LotTake } from "../clients/ledger/ledger.ts";
import { MembershipAccount } from "../clients/ledger/entities.ts";
import { visibleClient } from "../clients/visible.ts";
import { nextId, tallied, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { boundedList } from "../kernel/list.ts";
import { CONFLICT, retryRaces, transact, txPut, txUpdate } from "../kernel/tx.ts";
import { who, type Caller } from "../kernel/context.ts";
import { inReachOr404, reachesWholeTenant } from "../kernel/dataScope.ts";
import { weeksListFilter } from "./listFilter.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";

/**
 * Week exchange with the exchange service (RCI, R227–R238, docs/gaps.md §7): an exchange takes whole
 * weeks from the client's stored weeks (oldest-expiring unexpired lot first) and hands them to the
 * exchange-service account (rciStoreCount), in one transaction with its record; a return gives
 * exactly those weeks back to the lots they came from, writes the chargeback record (flag 1) and
 * marks the exchange charged back (flag 2), conditioned on flag 0, so it happens once.
 */
const TOTAL = "rciExchanges";

export type RciExchangeView = ReturnType<typeof rciView>;
export const rciView = ({ tenantId: _t, takes: _k, ...e }: RciExchangeItem) => ({ ...e, backFlag: e.backFlag ?? 0, backText: backText(e.backFlag ?? 0) });

async function visibleExchange(caller: Caller, id: number): Promise<RciExchangeItem> {
  return inReachOr404(caller, (await RciExchange.get({ tenantId: caller.tenantId, id }).go()).data, RCI_INVALID);
}

/**
 * Exchange (R234–R238). The columns "original / remaining weeks" and "exchange service original /
 * current" are the balances the deduction was planned on; the deduction itself is conditional
 * (never below zero), so 20 exchanges against 3 weeks leave exactly 3 standing.
 */
export async function exchangeWeeks(caller: Caller, input: RciExchangeInput): Promise<RciExchangeItem> {
  const { tenantId } = caller;
  const client = await visibleClient(caller, input.clientId);
  const account = await exchangeAccountOf(tenantId, client.id, input.productTypeId);
  checkExchangeCount(input.exchangeCount, account.remainingCount ?? 0);
  const id = await nextId(tenantId, "rciExchange");
  const key = { tenantId, clientId: client.id, productTypeId: account.productTypeId };
  const n = input.exchangeCount;
  const note = { reason: "RCI周次交换", source: "rciExchange", sourceId: id, operator: who(caller) };
  try {
    return await retryRaces(async () => {
      // The columns are the balances this attempt read; the deduction requires them unchanged (ledger `expect`).
      const { data: now } = await MembershipAccount.get(key).go();
      const before = { remainingCount: now?.remainingCount ?? 0, rciStoreCount: now?.rciStoreCount ?? 0 };
      checkExchangeCount(n, before.remainingCount);
      const { items, takes } = await deductWeeks(key, { weeks: n }, { toRci: n, note, expect: before });
      const record: RciExchangeItem = {
        tenantId,
        id,
        clientId: client.id,
        clientName: client.clientName,
        mobile: client.mobile ?? "",
        shop: client.shop ?? "",
        productTypeId: account.productTypeId,
        storeCount: before.remainingCount,
        exchangeCount: n,
        remainingCount: before.remainingCount - n,
        rciStoreCount: before.rciStoreCount,
        rciNowStoreCount: before.rciStoreCount + n,
        serviceUser: who(caller),
        exchangeTime: formatDateTime(),
        remark: input.remark,
        backFlag: BACK_FLAG.exchange,
        takes: JSON.stringify(takes),
        relatedId: 0,
      };
      await transact([...items, txPut(RciExchange.create(record), "交换单冲突，请重试"), totalDelta(tenantId, TOTAL, 1)]);
      return record;
    }, [NOT_ENOUGH_WEEKS, CONFLICT]);
  } catch (e) {
    if (e instanceof DomainError && e.desc === NOT_ENOUGH_WEEKS) throw new DomainError(MSG.tooMany, "400");
    throw e;
  }
}

/** Return (R231–R233): once, on an exchange (flag 0). Answers the chargeback record's id. */
export async function returnExchange(caller: Caller, id: number): Promise<number> {
  const { tenantId } = caller;
  const e = await visibleExchange(caller, id);
  if (e.backFlag === BACK_FLAG.chargedBack) throw new DomainError(MSG.backed, "409");
  if (e.backFlag !== BACK_FLAG.exchange) throw new DomainError(MSG.notBackable, "409");
  const takes = JSON.parse(e.takes ?? "[]") as LotTake[];
  const backId = await nextId(tenantId, "rciExchange");
  const key = { tenantId, clientId: e.clientId, productTypeId: e.productTypeId };
  const now = formatDateTime();
  const chargeback: RciExchangeItem = {
    ...e,
    id: backId,
    storeCount: e.remainingCount ?? 0,
    remainingCount: (e.remainingCount ?? 0) + e.exchangeCount,
    rciStoreCount: e.rciNowStoreCount ?? 0,
    rciNowStoreCount: Math.max(0, (e.rciNowStoreCount ?? 0) - e.exchangeCount),
    serviceUser: who(caller),
    exchangeTime: now,
    backFlag: BACK_FLAG.chargeback,
    relatedId: e.id,
  };
  await transact([
    txUpdate(
      RciExchange.patch({ tenantId, id: e.id })
        .set({ backFlag: BACK_FLAG.chargedBack, relatedId: backId })
        .where((a, op) => op.eq(a.backFlag, BACK_FLAG.exchange as number)),
      MSG.backed,
    ),
    txPut(RciExchange.create(chargeback), "交换单冲突，请重试"),
    totalDelta(tenantId, TOTAL, 1),
    ...restoreWeeks(key, takes, { fromRci: e.exchangeCount, note: { reason: "RCI交换退回", source: "rciExchange", sourceId: backId, operator: who(caller) } }),
  ]);
  return backId;
}

export type RciFilter = { clientId?: number; backFlag?: number };

/** The exchange list, newest first; totals and keyword like the gift list. */
export async function listExchanges(caller: Caller, p: Paging, f: RciFilter): Promise<Envelope<never, RciExchangeView>> {
  const { tenantId } = caller;
  const whole = reachesWholeTenant(caller);
  const keyword = p.keyword;
  const params = (order: "asc" | "desc") =>
    (f.clientId ? RciExchange.query.byClient({ tenantId, clientId: f.clientId }) : RciExchange.query.byId({ tenantId }))
      .where((a, op) => weeksListFilter(caller, keyword, a, op, f.backFlag !== undefined && op.eq(a.backFlag, f.backFlag)))
      .params({ order });
  const filtered = !!keyword || f.clientId !== undefined || f.backFlag !== undefined || !whole;
  return boundedList({ params, parse: (Items) => RciExchange.parse({ Items }).data as RciExchangeItem[] }, p, {
    // Unfiltered: the kept total, and later pages from cursors remembered under its moves.
    ...(filtered ? {} : tallied(tenantId, TOTAL)),
    map: rciView,
  });
}
