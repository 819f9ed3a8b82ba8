import { VoucherExchange, type VoucherExchangeItem } from "./entities.ts";
import { issueVouchers } from "./ledger/ledger.ts";
import type { ExchangeInput } from "./schemas.ts";
import { MSG, exchangeCounts, exchangeIssue } from "./rules.ts";
import { clientRecordsFilter } from "./common.ts";
import { deductWeeks, readLedger, NOT_ENOUGH_WEEKS } from "../clients/ledger/ledger.ts";
import { visibleClient } from "../clients/visible.ts";
import { nextId, tallied, totalDelta } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { boundedList } from "../kernel/list.ts";
import { CONFLICT, retryRaces, transact, txPut } from "../kernel/tx.ts";
import { who, type Caller } from "../kernel/context.ts";
import { reachesWholeTenant } from "../kernel/dataScope.ts";
import type { Paging } from "../kernel/paging.ts";
import type { Envelope } from "../kernel/envelope.ts";

/**
 * Room-voucher exchange (R235–R242, gaps §7): whole stored weeks of one membership become free
 * vouchers, 5 weekday + 2 weekend a week, each batch expiring with the lot its weeks came from.
 * The deduction, the batches, the record and its tally are one transaction; a concurrent
 * exchange or booking that took the weeks first makes it plan again on what is left.
 */
const TOTAL = "voucherExchanges";

export type ExchangeView = ReturnType<typeof exchangeView>;
export const exchangeView = ({ tenantId: _t, takesJson: _k, ...x }: VoucherExchangeItem) => x;

export async function exchangeWeeks(caller: Caller, input: ExchangeInput): Promise<VoucherExchangeItem> {
  const { tenantId } = caller;
  const client = await visibleClient(caller, input.clientId);
  const key = { tenantId, clientId: client.id, productTypeId: input.id };
  const weeks = input.weekCount;
  // The balance history's entry names this exchange (周次流水: 房券兑换单 #id), so the id is taken
  // before the deduction is built — but only once a first plan shows the weeks cover it, so a
  // refused exchange takes no number (and stores nothing).
  let id: number | undefined;
  try {
    return await retryRaces(async () => {
      if (id === undefined) {
        await deductWeeks(key, { weeks });
        id = await nextId(tenantId, "voucherExchange");
      }
      const note = { reason: "房券兑换", source: "voucherExchange", sourceId: id, operator: who(caller) };
      const [{ lots }, deduction] = await Promise.all([readLedger(key), deductWeeks(key, { weeks }, { note })]);
      const expiry = new Map(lots.map((l) => [l.id, l.shipDuration]));
      const batches = exchangeIssue(deduction.takes, (lotId) => expiry.get(lotId) ?? "");
      if (batches.some((b) => !b.ticketDuration)) throw new DomainError(CONFLICT, "409");
      const issued = await Promise.all(
        batches.map(({ lotId: _l, ...b }) =>
          issueVouchers(
            { tenantId, clientId: client.id },
            { ...b, status: 1, source: "exchange", sourceId: String(id), clientName: client.clientName, mobile: client.mobile, shop: client.shop, exchangeUser: who(caller) },
          ),
        ),
      );
      const record: VoucherExchangeItem = {
        tenantId,
        id,
        clientId: client.id,
        clientName: client.clientName,
        mobile: client.mobile,
        shop: client.shop,
        productTypeId: input.id,
        exchangeType: 1,
        weekCount: weeks,
        ...exchangeCounts(weeks),
        batchNos: issued.map((i) => i.batchNo),
        takesJson: JSON.stringify(deduction.takes),
        remark: input.remark,
        exchangeUser: who(caller),
        exchangeTime: formatDateTime(),
      };
      await transact([...deduction.items, ...issued.flatMap((i) => i.items), txPut(VoucherExchange.create(record), "兑换单冲突，请重试"), totalDelta(tenantId, TOTAL, 1)]);
      return record;
    }, [NOT_ENOUGH_WEEKS, CONFLICT]);
  } catch (e) {
    // R238: what is left (unexpired, whole weeks) does not cover the exchange.
    if (e instanceof DomainError && e.desc === NOT_ENOUGH_WEEKS) throw new DomainError(MSG.exchangeTooMany, "400");
    throw e;
  }
}

/** The exchange order list (兑换单列表, R241), newest first. */
export async function listExchanges(caller: Caller, p: Paging, f: { clientId?: number }): Promise<Envelope<never, ExchangeView>> {
  const { tenantId } = caller;
  const params = (order: "asc" | "desc") =>
    VoucherExchange.query
      .byId({ tenantId })
      .where(clientRecordsFilter(caller, p.keyword, f.clientId))
      .params({ order });
  const filtered = !!p.keyword || f.clientId !== undefined || !reachesWholeTenant(caller);
  return boundedList({ params, parse: (Items) => VoucherExchange.parse({ Items }).data as VoucherExchangeItem[] }, p, {
    // Unfiltered: the kept total, and later pages from cursors remembered under its moves.
    ...(filtered ? {} : tallied(tenantId, TOTAL)),
    map: exchangeView,
  });
}
