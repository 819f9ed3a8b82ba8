import { Tenant, type TenantItem } from "./entities.ts";
import { nowMs } from "../kernel/clock.ts";

/** Tenants are read at every login and by the login page: kept briefly per container. */
const cache = new Map<string, { at: number; tenant: TenantItem | null }>();
const TENANT_CACHE_MS = 10_000;
/** Every tenant, for the login page's lookup by domain (getTenantByDomain). */
let domains: { at: number; tenants: Promise<TenantItem[]> } | undefined;
const MAX_TENANTS = 2000;

export async function getTenant(clientId: string): Promise<TenantItem | null> {
  const hit = cache.get(clientId);
  if (hit && nowMs() - hit.at < TENANT_CACHE_MS) return hit.tenant;
  const { data } = await Tenant.get({ clientId }).go();
  cache.set(clientId, { at: nowMs(), tenant: data });
  return data;
}

export const forgetTenant = (clientId: string): void => {
  cache.delete(clientId);
  domains = undefined;
};

/** The login page's answer for a host no tenant has bound (GET /gateway/oauth/tenant?domain=). */
export const UNKNOWN_DOMAIN = "当前访问地址未绑定任何平台，请检查网址或联系管理员";

/**
 * A domain as stored or asked: lower case, no scheme, path or trailing dot. A stored entry may name
 * a port ("a.example.com:8443") or not ("a.example.com", any port); "*.example.com" binds the
 * subdomains of example.com.
 */
export function normalDomain(d: string): string {
  return d
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/\/.*$/, "")
    .replace(/\.$/, "")
    .replace(/\.(:\d+)$/, "$1");
}

/** Whether a stored domain entry binds the host the browser shows (`location.host`, port included). */
export function domainMatches(entry: string, host: string): boolean {
  const e = normalDomain(entry);
  const h = normalDomain(host);
  if (!e || !h) return false;
  const hostname = h.replace(/:\d+$/, "");
  const pattern = /:\d+$/.test(e) ? h : hostname;
  if (e.startsWith("*.")) return pattern.endsWith(e.slice(1)) && pattern.length > e.length - 1;
  return e === pattern;
}

/** The first tenant that binds a host, from a list (pure: the saving rule and the lookup share it). */
export function tenantOfHost<T extends Pick<TenantItem, "domain" | "clientId">>(tenants: readonly T[], host: string): T | undefined {
  // An exact entry wins over a wildcard, whatever the order of the tenants.
  return (
    tenants.find((t) => (t.domain ?? []).some((d) => !d.trim().startsWith("*") && domainMatches(d, host))) ??
    tenants.find((t) => (t.domain ?? []).some((d) => domainMatches(d, host)))
  );
}

/**
 * Tenants by domain for the login page, before anyone signed in. The tenant partition (tens of
 * records, at most 2,000 read) is read at most once per TENANT_CACHE_MS per container, whatever
 * the number of login pages opened: the route is public, so no request may cost a partition read.
 */

export async function getTenantByDomain(host: string): Promise<TenantItem | null> {
  if (!domains || nowMs() - domains.at >= TENANT_CACHE_MS) {
    const tenants = Tenant.query
      .byClientId({})
      .go({ pages: "all", limit: MAX_TENANTS })
      .then(({ data }) => data.filter((t) => t.deleting !== 1));
    domains = { at: nowMs(), tenants };
    tenants.catch(() => (domains = undefined));
  }
  return tenantOfHost(await domains.tenants, host) ?? null;
}

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
