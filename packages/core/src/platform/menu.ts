import { MenuFunction, type MenuFunctionItem } from "./entities.ts";
import { KeptReads } from "../kernel/keptReads.ts";
import { DomainError, ModuleForbiddenError } from "../kernel/errors.ts";
import { DENIAL, flagsOf, type Letter, type RightFlags } from "../kernel/rights.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * A tenant's functions are read on every guarded request: kept per container for a short while
 * (kernel/keptReads.ts: requests arriving while a read is in flight share it; forgetMenu drops one).
 */
const MENU_CACHE_MS = 30_000;
const menus = new KeptReads<Map<number, MenuFunctionItem>>(MENU_CACHE_MS);

export function functionsOf(tenantId: string): Promise<Map<number, MenuFunctionItem>> {
  return menus.get(tenantId, () =>
    MenuFunction.query
      .byId({ tenantId })
      .go({ pages: "all" })
      .then(({ data }) => new Map(data.map((f) => [f.id, f]))),
  );
}

/**
 * One function of the tenant: from its menu when this container holds it, else one GetItem kept
 * as long. A cold container's first guarded request then reads the one item its header names,
 * not the whole menu (≈ 70 items unmarshalled and formatted for one, docs/performance.md, cold starts).
 */
const single = new KeptReads<MenuFunctionItem | undefined>(MENU_CACHE_MS);

export function functionOf(tenantId: string, id: number): Promise<MenuFunctionItem | undefined> {
  const whole = menus.peek(tenantId);
  if (whole) return whole.then((m) => m.get(id));
  // A header's number that no function id can be (negative, fractional, too long for the key): none, without a read.
  if (!Number.isSafeInteger(id) || id <= 0 || id >= 1e12) return Promise.resolve(undefined);
  return single.get(`${tenantId}\u0000${id}`, () =>
    MenuFunction.get({ tenantId, id })
      .go()
      .then(({ data }) => data ?? undefined),
  );
}

export const forgetMenu = (tenantId: string): void => {
  menus.forget(tenantId);
  single.forgetWhere((key) => key.startsWith(`${tenantId}\u0000`));
};

/** Whether the caller may open a function: one of its roles holds it. */
export const mayOpen = (caller: Caller, functionId: number): boolean => caller.rights[String(functionId)] !== undefined;

/**
 * The guard of every module route: the function named by the header must exist, belong to one of
 * the route's modules and be held by the caller (else 403); a required letter must be held too
 * (else the spec's denial text, HTTP 200: the route's own `denial` when it has one).
 */
export async function checkAccess(
  caller: Caller,
  functionId: number | undefined,
  modules: readonly string[],
  letters?: Letter | readonly Letter[],
  denial?: string,
): Promise<MenuFunctionItem> {
  if (!functionId) throw new ModuleForbiddenError();
  const fn = await functionOf(caller.tenantId, functionId);
  if (!fn || !modules.includes(fn.module ?? "") || !mayOpen(caller, functionId)) throw new ModuleForbiddenError();
  // Any one of the letters will do; refused with the first's denial unless the route words its own.
  const anyOf = typeof letters === "string" ? [letters] : (letters ?? []);
  const held = caller.rights[String(functionId)] ?? "";
  if (anyOf.length && !anyOf.some((l) => held.includes(l))) throw new DomainError(denial ?? DENIAL[anyOf[0]!], "403");
  return fn;
}

export async function rightFlags(caller: Caller, functionId: number): Promise<RightFlags> {
  const fn = await functionOf(caller.tenantId, functionId);
  return flagsOf(fn ? caller.rights[String(functionId)] : undefined);
}

export type ModuleInfo = { id: number; typename: string; path: string | undefined; params: string | undefined; module: string | undefined; fatherid: number | undefined };

export async function moduleInfo(caller: Caller, functionId: number): Promise<ModuleInfo> {
  const fn = await functionOf(caller.tenantId, functionId);
  if (!fn || !mayOpen(caller, functionId)) throw new ModuleForbiddenError();
  return { id: fn.id, typename: fn.typename, path: fn.path, params: fn.params, module: fn.module, fatherid: fn.fatherid };
}

export type MenuNode = { id: number; fatherid: number; typename: string; path: string; params: string; module: string; seq: number; children: MenuNode[] };

/** The menu tree below `fatherid` with only what the caller may open; empty folders are dropped. */
export async function menuTree(caller: Caller, fatherid = 0): Promise<MenuNode[]> {
  const all = [...(await functionsOf(caller.tenantId)).values()].filter((f) => f.idisplay === 1);
  const kids = new Map<number, MenuFunctionItem[]>();
  for (const f of all) kids.set(f.fatherid ?? 0, [...(kids.get(f.fatherid ?? 0) ?? []), f]);
  const build = (parent: number): MenuNode[] =>
    (kids.get(parent) ?? [])
      .sort((a, b) => (a.seq ?? 99) - (b.seq ?? 99) || a.id - b.id)
      .map((f) => ({
        id: f.id,
        fatherid: f.fatherid ?? 0,
        typename: f.typename,
        path: f.path ?? "",
        params: f.params ?? "",
        module: f.module ?? "",
        seq: f.seq ?? 99,
        children: build(f.id),
      }))
      .filter((n) => (n.path ? mayOpen(caller, n.id) : n.children.length > 0));
  return build(fatherid);
}
