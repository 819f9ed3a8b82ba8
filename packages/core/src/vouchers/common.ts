import { getHotel } from "../hotels/hotelQueries.ts";
import { DomainError } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { today } from "../kernel/clock.ts";
import { normalizeBinding } from "./ledger/plan.ts";
import { MSG } from "./rules.ts";
import type { Caller } from "../kernel/context.ts";
import { inReach, reachesWholeTenant, reachPrefixes, shopCondition } from "../kernel/dataScope.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/** Reads shared by purchases and gifts. */

/** The bound hotels, checked to exist in the tenant (unknown hotel → refused, nothing stored); general → []. */
export async function boundHotels(tenantId: string, ids: number[]): Promise<{ ids: number[]; names: string[] }> {
  const wanted = normalizeBinding(ids);
  const hotels = await mapLimit(wanted, (id) => getHotel(tenantId, id));
  if (hotels.some((h) => !h)) throw new DomainError(MSG.hotelUnknown, "400");
  return { ids: wanted, names: hotels.map((h) => h!.hotelName) };
}

/** An expiry must be today or later (a voucher that is born expired is a mistake). */
export function checkNotPast(date: string): void {
  if (date.slice(0, 10) < today()) throw new DomainError(MSG.durationPast, "400");
}

/** Whether a record of a client of `shop` is within the caller's departments. */
export const visibleShop = (caller: Caller, shop: string | undefined): boolean => reachesWholeTenant(caller) || (!!shop && inReach(caller, shop));

/**
 * What the list filters below use of an ElectroDB `.where()` on a record copied from its client
 * (purchases, gift batches, exchanges): the client's string attributes `S`, its id `N`, and the
 * operations on them (ElectroDB's own operations are assignable; `S` and `N` are inferred).
 */
type ClientRecordAttrs<S, N> = { clientName: S; mobile: S; shop: S; clientId: N };
type ClientRecordOps<S, N> = Record<"contains" | "eq" | "begins", (attr: S, value: string) => string> & { eq: (attr: N, value: number) => string };

/** A list filter (DynamoDB expression) for the caller's data scope (kernel/dataScope.ts) and a client keyword. */
export function scopeFilter<S, N>(caller: Caller, keyword: string | undefined, a: ClientRecordAttrs<S, N>, op: ClientRecordOps<S, N>): string {
  return allOf(
    keyword && anyOf(op.contains(a.clientName, keyword), op.contains(a.mobile, keyword)),
    !reachesWholeTenant(caller) && shopCondition(op, a.shop, reachPrefixes(caller)),
  );
}

/** The filter of a list of client records (gift batches, exchanges): the caller's scope, the keyword, and one client when asked. */
export const clientRecordsFilter =
  (caller: Caller, keyword: string | undefined, clientId: number | undefined) =>
  <S, N>(a: ClientRecordAttrs<S, N>, op: ClientRecordOps<S, N>): string =>
    allOf(scopeFilter(caller, keyword, a, op), clientId !== undefined && op.eq(a.clientId, clientId));
