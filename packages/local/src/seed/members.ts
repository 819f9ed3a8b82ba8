import { addWeeks, type LedgerKey, type NewLot, type WeekAmount } from "@xiangyu/core/clients/ledger/ledger";
import { MembershipAccount } from "@xiangyu/core/clients/ledger/entities";
import { COUNT_FIELDS, planDeduction, takeDeltas, type Deltas } from "@xiangyu/core/clients/ledger/plan";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { putsOf } from "./batchPut.ts";
import { pool } from "./pool.ts";

/**
 * A demo member's stored weeks as whole items: the lot the membership ledger's `addWeeks` builds
 * (its id from the same counter), then the deductions planned by the ledger's own `planDeduction`
 * and applied with its `takeDeltas`, on the lot and on the summary alike: the numbers
 * `addWeeksNow` and `deductWeeksNow` would leave, without a transaction and two reads per step.
 * The summary is written whole (counts the ledger never moved stored as 0, which every reader
 * takes a missing count for), with the account fields the membership screen sets.
 */
export type MemberPlan = {
  key: LedgerKey;
  lot: NewLot;
  /** Deductions, in order, each planned on what the one before left. */
  deductions: WeekAmount[];
  account?: { account: string; password: string; rciId: string; rciAccount: string };
};

type Item = Record<string, any>;

export async function memberItems(plans: MemberPlan[], inFlight = 8): Promise<Item[]> {
  const out: Item[][] = new Array(plans.length);
  // addWeeks reserves each lot's id from the tenant's counter, as a purchase does.
  await pool(plans.length, inFlight, async (i) => {
    out[i] = await itemsOf(plans[i]!);
  });
  return out.flat();
}

async function itemsOf(p: MemberPlan): Promise<Item[]> {
  const { items } = await addWeeks(p.key, p.lot);
  // The summary's upsert (items[1]) is replaced by the summary written whole below.
  const lot = putsOf(items.slice(0, 1))[0] as Item;
  const now = formatDateTime();
  const total = Object.fromEntries(COUNT_FIELDS.map((k) => [k, 0])) as Deltas;
  for (const amount of p.deductions) {
    const [take] = planDeduction(
      [
        {
          id: lot.id,
          shipDuration: lot.shipDuration,
          remainingCount: lot.remainingCount,
          remainingFirstHaltCount: lot.remainingFirstHaltCount,
          remainingSecondHaltCount: lot.remainingSecondHaltCount,
        },
      ],
      amount,
      now,
    );
    const d = takeDeltas(take!);
    for (const k of COUNT_FIELDS) {
      lot[k] += d[k];
      total[k] += d[k];
    }
  }
  const summary = MembershipAccount.put({
    ...p.key,
    ...total,
    storeCount: p.lot.weeks,
    remainingCount: p.lot.weeks + total.remainingCount,
    updateTime: now,
    ...p.account,
  }).params().Item;
  return [lot, summary];
}
