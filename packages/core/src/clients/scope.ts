import { DomainError } from "../kernel/errors.ts";
import { inReach, narrowed, ownedByCaller, ownerOf, withinPrefixes, type Prefixes, type Scoped } from "../kernel/dataScope.ts";

/**
 * Which shops a caller may see (R277, docs/architecture.md "who may do what"): the caller's data scope
 * (kernel/dataScope.ts — by default their departments and everything below). A shop filter narrows
 * that; a filter above their reach (a branch whose one store they work in) means their departments
 * inside it. "Only self" reaches the clients the caller created (`createUserId`), wherever they lie;
 * clients saved before creators were kept (and imported ones) have none, so no self caller sees them.
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

/** Whether one client lies in the caller's reach: by its creator for "only self", else by its shop. */
export const clientInReach = (caller: Scoped, c: { shop: string; createUserId?: number | null }): boolean =>
  ownerOf(caller) !== undefined ? ownedByCaller(caller, c.createUserId) : inReach(caller, c.shop);

/** Edits and deletes need the client itself in reach (clientInReach). */
export function assertClientWritable(caller: Scoped, c: { shop: string; createUserId?: number | null }): void {
  if (!clientInReach(caller, c)) throw new DomainError(OUTSIDE_DEPARTMENTS, "403");
}
