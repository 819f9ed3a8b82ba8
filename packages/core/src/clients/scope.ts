import { DomainError } from "../kernel/errors.ts";
import { inDepartments, seesWholeTenant, type Caller } from "../kernel/context.ts";

/**
 * Which shops a caller may see (R277, ARCHITECTURE.md "who may do what"): their departments and
 * everything below. A shop filter narrows that; a filter above their departments (a branch whose
 * one store they work in) means their departments inside it.
 */
export const OUTSIDE_DEPARTMENTS = "你没有该部门的操作权限";

/** Code prefixes to read: [""] is the whole tenant. */
export function shopPrefixes(caller: Pick<Caller, "deptCodes">, shop?: string): string[] {
  const filter = (shop ?? "").trim();
  const own = seesWholeTenant(caller) ? [""] : outermost(caller.deptCodes);
  if (!filter) return own;
  if (inDepartments(caller, filter)) return [filter];
  const inside = own.filter((d) => d.startsWith(filter));
  if (inside.length === 0) throw new DomainError(OUTSIDE_DEPARTMENTS, "403");
  return inside;
}

/** Drops codes that lie under another of the list, so no shop is read twice. */
function outermost(codes: string[]): string[] {
  const sorted = [...new Set(codes)].sort((a, b) => a.length - b.length);
  return sorted.filter((c, i) => !sorted.slice(0, i).some((p) => c.startsWith(p)));
}

export const withinPrefixes = (prefixes: string[], shop: string): boolean => prefixes.some((p) => shop.startsWith(p));

/** Writes need the shop itself inside the caller's departments. */
export function assertShopWritable(caller: Pick<Caller, "deptCodes">, shop: string): void {
  if (!inDepartments(caller, shop)) throw new DomainError(OUTSIDE_DEPARTMENTS, "403");
}
