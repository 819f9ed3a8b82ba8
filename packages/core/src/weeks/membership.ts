import { MembershipAccount, type MembershipAccountItem } from "../clients/ledger/entities.ts";
import { productTypeMap } from "../products/types.ts";
import { DomainError } from "../kernel/errors.ts";
import { MSG } from "./rules.ts";

/**
 * Which stored weeks a gift or an exchange moves: the client's membership counted in weeks (product
 * type unit 周), the one with the most whole weeks left — the same account club bookings pay with
 * (orders/memberStore.ts). A form may name the type; a client without one gets the tenant's first
 * weekly type (a gift can be a client's first weeks).
 */
export const WEEK_UNIT = "周";
const TYPE_BAD = "产品类型不正确";

export async function weeklyAccounts(tenantId: string, clientId: number): Promise<MembershipAccountItem[]> {
  const [{ data }, types] = await Promise.all([MembershipAccount.query.byClient({ tenantId, clientId }).go({ pages: "all" }), productTypeMap(tenantId)]);
  return data
    .filter((a) => types.get(a.productTypeId)?.productUnit === WEEK_UNIT)
    .sort((a, b) => (b.remainingCount ?? 0) - (a.remainingCount ?? 0) || a.productTypeId - b.productTypeId);
}

/** The product type a gift's weeks are stored under. */
export async function giftTypeFor(tenantId: string, clientId: number, productTypeId?: number): Promise<number> {
  const types = await productTypeMap(tenantId);
  if (productTypeId) {
    if (!types.has(productTypeId)) throw new DomainError(TYPE_BAD, "400");
    return productTypeId;
  }
  const held = await weeklyAccounts(tenantId, clientId);
  if (held[0]) return held[0].productTypeId;
  const weekly = [...types.values()].filter((t) => t.productUnit === WEEK_UNIT).sort((a, b) => a.id - b.id);
  if (!weekly[0]) throw new DomainError(MSG.noWeekType, "400");
  return weekly[0].id;
}

/** The account an exchange takes weeks from (the form may name the type, it must be one the client holds). */
export async function exchangeAccountOf(tenantId: string, clientId: number, productTypeId?: number): Promise<MembershipAccountItem> {
  const held = await weeklyAccounts(tenantId, clientId);
  const a = productTypeId ? held.find((x) => x.productTypeId === productTypeId) : held[0];
  if (!a) throw new DomainError(MSG.noWeeks, "400");
  return a;
}
