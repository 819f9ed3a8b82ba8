import { MenuFunction, type MenuFunctionItem } from "./entities.ts";
import { nowMs } from "../kernel/clock.ts";
import { DomainError, ModuleForbiddenError } from "../kernel/errors.ts";
import { DENIAL, flagsOf, type Letter, type RightFlags } from "../kernel/rights.ts";
import type { Caller } from "../kernel/context.ts";

/** A tenant's functions are read on every guarded request: kept per container for a short while. */
const MENU_CACHE_MS = 30_000;
const cache = new Map<string, { at: number; byId: Map<number, MenuFunctionItem> }>();

export async function functionsOf(tenantId: string): Promise<Map<number, MenuFunctionItem>> {
  const hit = cache.get(tenantId);
  if (hit && nowMs() - hit.at < MENU_CACHE_MS) return hit.byId;
  const { data } = await MenuFunction.query.byId({ tenantId }).go({ pages: "all" });
  const byId = new Map(data.map((f) => [f.id, f]));
  cache.set(tenantId, { at: nowMs(), byId });
  return byId;
}

export const forgetMenu = (tenantId: string): void => {
  cache.delete(tenantId);
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
  const fn = (await functionsOf(caller.tenantId)).get(functionId);
  if (!fn || !modules.includes(fn.module ?? "") || !mayOpen(caller, functionId)) throw new ModuleForbiddenError();
  // Any one of the letters will do; refused with the first's denial unless the route words its own.
  const anyOf = typeof letters === "string" ? [letters] : (letters ?? []);
  const held = caller.rights[String(functionId)] ?? "";
  if (anyOf.length && !anyOf.some((l) => held.includes(l))) throw new DomainError(denial ?? DENIAL[anyOf[0]!], "403");
  return fn;
}

export async function rightFlags(caller: Caller, functionId: number): Promise<RightFlags> {
  const fn = (await functionsOf(caller.tenantId)).get(functionId);
  return flagsOf(fn ? caller.rights[String(functionId)] : undefined);
}

export type ModuleInfo = { id: number; typename: string; path: string | undefined; params: string | undefined; module: string | undefined; fatherid: number | undefined };

export async function moduleInfo(caller: Caller, functionId: number): Promise<ModuleInfo> {
  const fn = (await functionsOf(caller.tenantId)).get(functionId);
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
