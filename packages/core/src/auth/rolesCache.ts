import { Role } from "../users/entities.ts";
import { mergeRights, type RightsMap } from "../kernel/rights.ts";
import { roleScope, widestScope, type DataScope } from "../kernel/dataScope.ts";
import { KeptReads } from "../kernel/keptReads.ts";

/**
 * Roles change rarely and are read on every request, so each container keeps a tenant's roles
 * for a short while. A change to a role (its rights or its data scope) reaches every session
 * within ROLE_CACHE_MS.
 */
export const ROLE_CACHE_MS = 30_000;
type Held = { rights: RightsMap; dataScope: DataScope };
/** Kept per container (kernel/keptReads.ts): requests arriving while the read is in flight share it; forgetRoles drops it. */
const cache = new KeptReads<Map<number, Held>>(ROLE_CACHE_MS);

function rolesOf(tenantId: string): Promise<Map<number, Held>> {
  return cache.get(tenantId, () =>
    Role.query
      .byId({ tenantId })
      .go({ pages: "all" })
      .then(({ data }) => new Map(data.map((r) => [r.id, { rights: (r.rights ?? {}) as RightsMap, dataScope: roleScope(r) }]))),
  );
}

/**
 * The union for each set of roles, kept with the roles read it came from (a new read starts
 * afresh): merging a super-administrator's rights over the whole menu on every request was
 * ≈ 0.05 ms of a short list's time (issue 39).
 */
const unions = new WeakMap<Map<number, Held>, Map<string, Held>>();

/** What the session's roles give, from one read of the cache: the union of their rights and the widest of their data scopes. */
export async function accessOf(tenantId: string, roleIds: number[]): Promise<Held> {
  const roles = await rolesOf(tenantId);
  let merged = unions.get(roles);
  if (!merged) unions.set(roles, (merged = new Map()));
  const key = roleIds.join(",");
  let held = merged.get(key);
  if (!held) {
    const mine = roleIds.map((id) => roles.get(id)).filter((r): r is Held => !!r);
    held = { rights: mergeRights(mine.map((r) => r.rights)), dataScope: widestScope(mine.map((r) => r.dataScope)) };
    merged.set(key, held);
  }
  return held;
}

/** Called after a role is written, so this container sees it at once. */
export const forgetRoles = (tenantId: string): void => cache.forget(tenantId);
