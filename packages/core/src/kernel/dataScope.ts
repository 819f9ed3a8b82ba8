import type { Caller } from "./context.ts";
import { anyOf } from "./filter.ts";
import { DomainError } from "./errors.ts";

/**
 * Data scope (the RuoYi model, docs/decisions.md "Data scope"): what a role's holders see, widest
 * first — the whole tenant, their branch, their departments and below, their departments only,
 * what they own. A user's scope is the widest of their roles' (roles add up, like rights). Pure:
 * the console reads the names through users/rules.ts.
 */
export const DATA_SCOPES = ["all", "branch", "deptTree", "dept", "self"] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const isDataScope = (s: string): s is DataScope => (DATA_SCOPES as readonly string[]).includes(s);

/** The widest of several scopes; none held reads as "self" (a user without roles sees least). */
export function widestScope(scopes: readonly string[]): DataScope {
  let best = DATA_SCOPES.length - 1;
  for (const s of scopes) {
    const i = DATA_SCOPES.indexOf(s as DataScope);
    if (i >= 0 && i < best) best = i;
  }
  return DATA_SCOPES[best]!;
}

/** A role's scope as stored; a role written before scopes existed was stored with the entity's default, "all". */
export const roleScope = (r: { dataScope?: string | null }): DataScope => widestScope([r.dataScope ?? "all"]);

/** Organisation codes grow by this many characters per level (R026): a branch is the first level. */
export const LEVEL = 3;

/**
 * The department codes a caller's records may lie in, resolved once per caller:
 * - `codes`: [""] is the whole tenant; otherwise no code lies under another of the list.
 * - `exact`: a record's department must equal a code (dept, self), not merely start with one.
 * - `ownerId` (self): areas whose records name their creator (clients, hotel orders) read only the
 *   records the caller created, wherever they lie, through the creator's key and total; areas
 *   without one read self as the caller's own departments exactly (docs/decisions.md "Data scope").
 */
/** What resolving a reach needs of a caller (seeds and tests build callers with departments alone). */
export type Scoped = Pick<Caller, "deptCodes"> & { userId?: number; dataScope?: DataScope };

export type Reach = { scope: DataScope; codes: string[]; exact: boolean; ownerId?: number };

/**
 * Caller × scope → reach. `deptTree` is what every department-scoped list did before scopes were
 * applied (a caller built without a scope, by seeds or tests, keeps it). A user whose departments
 * include head office ("") sees the whole tenant under `branch` and `deptTree`; under `dept` and
 * `self` only head office's own records (those with no department).
 */
export function resolveReach(caller: Scoped): Reach {
  const scope = caller.dataScope ?? "deptTree";
  const own = caller.deptCodes.length ? [...new Set(caller.deptCodes)] : [""];
  const whole = own.includes("");
  switch (scope) {
    case "all":
      return { scope, codes: [""], exact: false };
    case "branch":
      return { scope, codes: whole ? [""] : outermost(own.map((c) => c.slice(0, LEVEL))), exact: false };
    case "deptTree":
      return { scope, codes: whole ? [""] : outermost(own), exact: false };
    case "dept":
      return { scope, codes: own.sort(), exact: true };
    case "self":
      return { scope, codes: own.sort(), exact: true, ownerId: caller.userId ?? 0 };
  }
}

const cache = new WeakMap<object, Reach>();

/** The caller's reach, computed once per caller object (one per request: the adapter builds it from the session). */
export function reachOf(caller: Scoped): Reach {
  let r = cache.get(caller);
  if (!r) cache.set(caller, (r = resolveReach(caller)));
  return r;
}

/** Drops codes that lie under another of the list, so no department is read twice. */
export function outermost(codes: readonly string[]): string[] {
  const sorted = [...new Set(codes)].sort((a, b) => a.length - b.length || a.localeCompare(b));
  return sorted.filter((c, i) => !sorted.slice(0, i).some((p) => c.startsWith(p)));
}

/**
 * What a list reads, as one string per department: a prefix ("001" — the code and everything under
 * it), or an exact code marked with a trailing "$" ("001001$" — that department alone). Areas pass
 * these to `withinPrefixes` and `shopCondition`, never compare them by hand.
 */
export type Prefixes = string[];
const EXACT = "$";
export const exactCode = (code: string): string => code + EXACT;
const parse = (p: string) => (p.endsWith(EXACT) ? { code: p.slice(0, -1), exact: true } : { code: p, exact: false });

export const withinPrefixes = (prefixes: Prefixes, code: string): boolean =>
  prefixes.some((p) => {
    const q = parse(p);
    return q.exact ? code === q.code : code.startsWith(q.code);
  });

export const wholeTenant = (prefixes: Prefixes): boolean => prefixes.length === 1 && prefixes[0] === "";

/** The caller's reach as prefixes: [""] is the whole tenant. */
export const reachPrefixes = (caller: Scoped): Prefixes => {
  const r = reachOf(caller);
  return r.exact ? r.codes.map(exactCode) : r.codes;
};

/**
 * The creator whose records alone a caller reaches ("only self"), or undefined when the caller's
 * scope is by department. An area with creators lists the creator's key partition and refuses by id
 * any record this user did not create.
 */
export const ownerOf = (caller: Scoped): number | undefined => reachOf(caller).ownerId;

/** Whether a record with creator `createUser` passes the owner test (always, unless the caller is "only self"). */
export const ownedByCaller = (caller: Scoped, createUser: number | undefined | null): boolean => {
  const owner = ownerOf(caller);
  return owner === undefined || (owner > 0 && createUser === owner);
};

/** Whether a record kept under department `code` lies in the caller's reach (the owner test is the area's). */
export const inReach = (caller: Scoped, code: string): boolean => withinPrefixes(reachPrefixes(caller), code);

/**
 * A record filed under a store, as the caller may see it: with no store, or a store within the
 * caller's reach; otherwise — or when there is none — `missing` with 404 (outside the reach is as
 * if it did not exist, so an id of another store tells nothing).
 */
export function inReachOr404<T extends { shop?: string }>(caller: Scoped, record: T | null | undefined, missing: string): T {
  if (!record || (record.shop && !inReach(caller, record.shop))) throw new DomainError(missing, "404");
  return record;
}

/** Whether the caller's reach is the whole tenant (lists may then read the tenant-wide partitions and counters). */
export const reachesWholeTenant = (caller: Scoped): boolean => wholeTenant(reachPrefixes(caller));

/**
 * The prefixes of a list narrowed by a department filter (a store or branch picked on the screen):
 * a filter inside the reach is read whole (as the reach reads it: exactly, for an exact reach);
 * a filter above it (a branch holding the caller's store) means the reach's departments inside it;
 * a filter outside answers null — the area refuses with its own message.
 */
export function narrowed(caller: Scoped, filter?: string): Prefixes | null {
  const own = reachPrefixes(caller);
  const f = (filter ?? "").trim();
  if (!f) return own;
  const r = reachOf(caller);
  if (r.exact ? r.codes.includes(f) : withinPrefixes(own, f)) return [r.exact ? exactCode(f) : f];
  const inside = own.filter((p) => parse(p).code.startsWith(f) && parse(p).code !== "");
  return inside.length ? inside : null;
}

/**
 * The ElectroDB where operations `K` a scope condition uses on a string attribute `A` of any entity
 * (ElectroDB's own generic operations are assignable: `A` is inferred from the attribute passed).
 */
type StringOps<A, K extends "eq" | "begins" | "contains"> = Record<K, (attr: A, value: string) => string>;

/**
 * A DynamoDB filter condition (ElectroDB `where` operations) keeping records of the prefixes, or
 * "" for the whole tenant. An exact code is `=`, a prefix `begins_with`.
 */
export function shopCondition<A>(op: StringOps<A, "eq" | "begins">, attr: A, prefixes: Prefixes): string {
  if (wholeTenant(prefixes)) return "";
  if (prefixes.length === 0) return op.eq(attr, "\u0000");
  return anyOf(
    ...prefixes.map((p) => {
      const q = parse(p);
      return q.exact ? op.eq(attr, q.code) : op.begins(attr, q.code);
    }),
  );
}

/**
 * A record kept under several departments (a signed-in user's session) is matched by one string
 * attribute: its codes joined as "|c1|c2|". A prefix then matches with contains("|p"), an exact
 * code with contains("|c|"), so a filter needs no list scan in code and the count stays exact.
 */
export const deptPathOf = (codes: readonly string[]): string => `|${codes.join("|")}|`;

export function deptPathCondition<A>(op: StringOps<A, "contains">, attr: A, prefixes: Prefixes): string {
  if (wholeTenant(prefixes)) return "";
  if (prefixes.length === 0) return op.contains(attr, "\u0000");
  return anyOf(
    ...prefixes.map((p) => {
      const q = parse(p);
      return op.contains(attr, q.exact ? `|${q.code}|` : `|${q.code}`);
    }),
  );
}
