import { DomainError } from "../kernel/errors.ts";
import { inReach, narrowed, withinPrefixes, type Prefixes, type Scoped } from "../kernel/dataScope.ts";

/**
 * Which shops a caller may see (R277, ARCHITECTURE.md "who may do what"): the caller's data scope
 * (kernel/dataScope.ts — by default their departments and everything below). A shop filter narrows
 * that; a filter above their reach (a branch whose one store they work in) means their departments
 * inside it. Clients name no owner yet, so "only self" reads as the caller's departments exactly.
 */
export const OUTSIDE_DEPARTMENTS = "你没有该部门的操作权限";

export { withinPrefixes };

/** Code prefixes to read (kernel/dataScope.ts Prefixes): [""] is the whole tenant. */
export function shopPrefixes(caller: Scoped, shop?: string): Prefixes {
  const p = narrowed(caller, shop);
  if (!p) throw new DomainError(OUTSIDE_DEPARTMENTS, "403");
  return p;
}

/** Writes need the shop itself inside the caller's scope. */
export function assertShopWritable(caller: Scoped, shop: string): void {
  if (!inReach(caller, shop)) throw new DomainError(OUTSIDE_DEPARTMENTS, "403");
}
