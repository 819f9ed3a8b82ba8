import { Role } from "../users/entities.ts";
import { mergeRights, type RightsMap } from "../kernel/rights.ts";
import { nowMs } from "../kernel/clock.ts";

/**
 * Roles change rarely and are read on every request, so each container keeps a tenant's roles
 * for a short while. A change to a role reaches every session within ROLE_CACHE_MS.
 */
export const ROLE_CACHE_MS = 30_000;
const cache = new Map<string, { at: number; roles: Map<number, RightsMap> }>();

async function rolesOf(tenantId: string): Promise<Map<number, RightsMap>> {
  const hit = cache.get(tenantId);
  if (hit && nowMs() - hit.at < ROLE_CACHE_MS) return hit.roles;
  const { data } = await Role.query.byId({ tenantId }).go({ pages: "all" });
  const roles = new Map(data.map((r) => [r.id, (r.rights ?? {}) as RightsMap]));
  cache.set(tenantId, { at: nowMs(), roles });
  return roles;
}

export async function rightsOf(tenantId: string, roleIds: number[]): Promise<RightsMap> {
  const roles = await rolesOf(tenantId);
  return mergeRights(roleIds.map((id) => roles.get(id) ?? {}));
}

/** Called after a role is written, so this container sees it at once. */
export const forgetRoles = (tenantId: string): void => {
  cache.delete(tenantId);
};
