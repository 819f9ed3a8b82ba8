import { Tenant, type TenantItem } from "./entities.ts";
import { nowMs } from "../kernel/clock.ts";

/** Tenants are read at every login and by the login page: kept briefly per container. */
const cache = new Map<string, { at: number; tenant: TenantItem | null }>();
const TENANT_CACHE_MS = 10_000;

export async function getTenant(clientId: string): Promise<TenantItem | null> {
  const hit = cache.get(clientId);
  if (hit && nowMs() - hit.at < TENANT_CACHE_MS) return hit.tenant;
  const { data } = await Tenant.get({ clientId }).go();
  cache.set(clientId, { at: nowMs(), tenant: data });
  return data;
}

export const forgetTenant = (clientId: string): void => {
  cache.delete(clientId);
};

/** What the login page may show of a tenant. The client secret names the console app (a public SPA client, docs/decisions.md). */
export type Branding = ReturnType<typeof publicBranding>;
export function publicBranding(t: TenantItem) {
  return {
    clientId: t.clientId,
    clientSecret: t.clientSecret,
    scope: t.scope,
    systemName: t.systemName,
    sysHomePage: t.sysHomePage,
    loginLogo: t.loginLogo,
    copyright: t.copyright,
    bgimages: t.bgimages,
    allowReg: t.allowReg,
    allowForgot: t.allowForgot,
    colors: t.colors,
  };
}
