import { getHotel } from "../hotels/hotelQueries.ts";
import { DomainError } from "../kernel/errors.ts";
import { mapLimit } from "../kernel/batch.ts";
import { today } from "../kernel/clock.ts";
import { normalizeBinding } from "./ledger/plan.ts";
import { MSG } from "./rules.ts";
import type { Caller } from "../kernel/context.ts";
import { inReach, reachesWholeTenant, reachPrefixes, shopCondition } from "../kernel/dataScope.ts";

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

/** A list filter (DynamoDB expression) for the caller's data scope (kernel/dataScope.ts) and a client keyword. */
export function scopeFilter(caller: Caller, keyword: string | undefined, a: any, op: any): string {
  const parts: string[] = [];
  if (keyword) parts.push(`(${op.contains(a.clientName, keyword)} OR ${op.contains(a.mobile, keyword)})`);
  if (!reachesWholeTenant(caller)) parts.push(shopCondition(op, a.shop, reachPrefixes(caller)));
  return parts.join(" AND ");
}

export const who = (caller: Caller) => caller.realname || caller.username;
