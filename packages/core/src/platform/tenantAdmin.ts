import { Tenant, type TenantItem } from "./entities.ts";
import { forgetTenant, normalDomain } from "./tenants.ts";
import { requirePlatformOperator, PLATFORM_COUNTERS } from "./operator.ts";
import { provisionTenant, templateOf } from "./provision.ts";
import { tenantRemoval } from "./tenantRemoval.ts";
import { TENANT_COLORS, TENANT_COLOR_DEFAULTS, TENANT_MSG, type TenantInput } from "./schemas.ts";
import { checkNewPassword } from "../auth/passwordPolicy.ts";
import { startWorker } from "../kernel/background.ts";
import { formatDateTime, nowMs } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import { conditional } from "../kernel/tx.ts";
import type { Caller } from "../kernel/context.ts";
import { allOf } from "../kernel/filter.ts";

/**
 * The platform operator's tenant screen (R430–R442): list, view, save, enable/disable, delete.
 * Every call is the platform operator's alone (operator.ts); the checks of the route (module and
 * letter) run first. Tenants are one partition of platform data (entities.ts `byClientId`).
 */

/** The tenant partition is read whole: the dropdown asks for every tenant anyway (R438), and a platform has tens, not thousands. */
const MAX_TENANTS = 2000;

async function allTenants(): Promise<TenantItem[]> {
  const { data } = await Tenant.query.byClientId({}).go({ pages: "all", limit: MAX_TENANTS });
  return data.filter((t) => t.deleting !== 1);
}

export type TenantView = Omit<TenantItem, "colors" | "platform" | "sessionsFrom" | "deleting" | "sessionsVersion" | "removalFrom" | "removedItems" | "removalStart" | "removalAt"> &
  Record<(typeof TENANT_COLORS)[number], string> & { password: string; domain2: string; platform: number };

/** What the list and the form show. The client secret is shown (docs/decisions.md "client_secret is public"). */
export function tenantView(t: TenantItem): TenantView {
  const colors = (t.colors ?? {}) as Record<string, unknown>;
  const { colors: _c, sessionsFrom: _s, deleting: _d, sessionsVersion: _v, removalFrom: _f, removedItems: _n, removalStart: _rs, removalAt: _ra, ...rest } = t;
  return {
    ...rest,
    ...(Object.fromEntries(TENANT_COLORS.map((k) => [k, typeof colors[k] === "string" && colors[k] ? colors[k] : TENANT_COLOR_DEFAULTS[k]])) as Record<
      (typeof TENANT_COLORS)[number],
      string
    >),
    password: t.clientSecret,
    domain: t.domain ?? [],
    domain2: (t.domain ?? []).join("\n"),
    bgimages: t.bgimages ?? [],
    platform: t.platform ?? 0,
  };
}

const matches = (t: TenantItem, keyword: string) => {
  const k = keyword.toLowerCase();
  return !k || t.clientId.toLowerCase().includes(k) || (t.systemName ?? "").toLowerCase().includes(k) || (t.domain ?? []).some((d) => d.toLowerCase().includes(k));
};

const SORTABLE = new Set(["id", "clientId", "systemName", "createTime", "idisplay"]);

export async function listTenants(caller: Caller, p: Paging, filter: { idisplay?: 0 | 1 } = {}): Promise<Envelope<never, TenantView>> {
  await requirePlatformOperator(caller);
  const sort = SORTABLE.has(p.sort) ? (p.sort as "id") : "id";
  const dir = p.order === "asc" ? 1 : -1;
  const rows = (await allTenants())
    .filter((t) => matches(t, p.keyword) && (filter.idisplay === undefined || t.idisplay === filter.idisplay))
    .sort((a, b) => (a[sort] < b[sort] ? -dir : a[sort] > b[sort] ? dir : b.id - a.id));
  const start = (p.currentPage - 1) * p.pageSize;
  return okList(rows.slice(start, start + p.pageSize).map(tenantView), pageParams(p, rows.length));
}

async function tenantOf(clientId: string): Promise<TenantItem> {
  const { data } = await Tenant.get({ clientId }).go();
  if (!data || data.deleting === 1) throw new DomainError(TENANT_MSG.missing, "404");
  return data;
}

export async function viewTenant(caller: Caller, clientId: string): Promise<TenantView> {
  await requirePlatformOperator(caller);
  return tenantView(await tenantOf(clientId));
}

const colorsOf = (input: TenantInput) => Object.fromEntries(TENANT_COLORS.map((k) => [k, input[k] || TENANT_COLOR_DEFAULTS[k]]));

/**
 * Saves the form. A new tenant is provisioned in the same call (provision.ts): its menu and style
 * lists from the platform tenant's, the super-administrator role, and its first administrator
 * (username admin, the mobile and initial password the operator typed, to be changed at the first
 * sign-in). An edit never changes the clientId (R432) nor a locked tenant (R430).
 */
export async function saveTenant(caller: Caller, input: TenantInput): Promise<TenantView> {
  await requirePlatformOperator(caller);
  const record = {
    clientSecret: input.password,
    scope: input.scope,
    grantType: input.grantType,
    systemName: input.systemName,
    sysHomePage: input.sysHomePage,
    domain: input.domain2,
    loginLogo: input.loginLogo,
    copyright: input.copyright,
    bgimages: input.bgimages,
    idisplay: input.idisplay,
    allowReg: input.allowReg,
    allowForgot: input.allowForgot,
    colors: colorsOf(input),
  };
  if (input.id) {
    const t = await tenantOf(input.clientId).catch(() => null);
    if (!t || t.id !== input.id) throw new DomainError((await allTenants()).some((x) => x.id === input.id) ? "租户ID不能修改" : TENANT_MSG.missing, t ? "400" : "404");
    if (t.locked === 1) throw new DomainError(TENANT_MSG.locked, "423");
    if (t.platform === 1 && input.idisplay !== 1) throw new DomainError(TENANT_MSG.platform, "400");
    // After the record's own refusals: a changed clientId is 租户ID不能修改, not "your own domains are taken".
    await refuseBoundDomains(t.clientId, input.domain2);
    const disabling = t.idisplay === 1 && input.idisplay !== 1;
    const { data } = await conditional(
      Tenant.patch({ clientId: t.clientId })
        .set({ ...record, updateTime: formatDateTime(), ...(disabling ? { sessionsFrom: nowMs() } : {}) })
        .where(({ locked, deleting }, { ne }) => allOf(ne(locked, 1), ne(deleting, 1)))
        .go({ response: "all_new" }),
      new DomainError(TENANT_MSG.locked, "423"),
    );
    forgetTenant(t.clientId);
    return tenantView(data as TenantItem);
  }
  await refuseBoundDomains(input.clientId, input.domain2);
  if (input.clientId === PLATFORM_COUNTERS) throw new DomainError(TENANT_MSG.exists, "409");
  if (!input.adminMobile) throw new DomainError(TENANT_MSG.adminMobile, "400");
  if (!input.adminPassword.trim()) throw new DomainError(TENANT_MSG.adminPassword, "400");
  // Checked before anything is written, so a refused password leaves no half-made tenant.
  await checkNewPassword(input.adminPassword, { mobile: input.adminMobile });
  const { data: existing } = await Tenant.get({ clientId: input.clientId }).go();
  if (existing) throw new DomainError(TENANT_MSG.exists, "409");
  const template = await templateOf(caller.tenantId);
  await conditional(
    provisionTenant({
      clientId: input.clientId,
      clientSecret: input.password,
      systemName: input.systemName,
      copyright: input.copyright,
      colors: record.colors,
      ...template,
      admin: { username: "admin", password: input.adminPassword, mobile: input.adminMobile, realname: "管理员", mustChangePassword: true },
      record: { ...record },
    }),
    new DomainError(TENANT_MSG.exists, "409"),
  );
  forgetTenant(input.clientId);
  return tenantView(await tenantOf(input.clientId));
}

/** The answer when a domain of the form already opens another tenant's login page. */
const domainTaken = (d: string) => `域名${d}已被其他租户绑定`;

/**
 * The login page picks its tenant by the host it was opened on (tenants.ts getTenantByDomain), so a
 * domain binds one tenant only. Checked against the other tenants before the write: two operators
 * saving the same new domain in the same instant could both pass, and then the lookup's order
 * decides — a platform has one operator team, and the clash shows in the list by keyword.
 */
async function refuseBoundDomains(clientId: string, wanted: readonly string[]): Promise<void> {
  const taken = new Map<string, string>();
  for (const t of await allTenants()) if (t.clientId !== clientId) for (const d of t.domain ?? []) taken.set(normalDomain(d), d);
  const clash = wanted.find((d) => taken.has(normalDomain(d)));
  if (clash) throw new DomainError(domainTaken(clash), "409");
}

/** The tenants named by ids (the list's numeric ids); unknown ids are left out. */
async function tenantsById(ids: readonly number[]): Promise<TenantItem[]> {
  const wanted = new Set(ids);
  return (await allTenants()).filter((t) => wanted.has(t.id));
}

/**
 * Enables or disables tenants. Disabling ends every session of the tenant at once: the tenant's
 * `sessionsFrom` moves to now, and every request checks its session against it (auth/sessions.ts);
 * sign-in is refused while disabled (auth/signIn.ts, 该平台已停用). Locked tenants and the
 * platform tenant itself are refused.
 */
export async function passTenants(caller: Caller, ids: readonly number[], idisplay: 0 | 1): Promise<number[]> {
  await requirePlatformOperator(caller);
  const found = await tenantsById(ids);
  if (!found.length) throw new DomainError(TENANT_MSG.missing, "404");
  if (found.some((t) => t.locked === 1)) throw new DomainError(TENANT_MSG.locked, "423");
  if (idisplay === 0 && found.some((t) => t.platform === 1)) throw new DomainError(TENANT_MSG.platform, "400");
  const now = nowMs();
  for (const t of found) {
    await Tenant.patch({ clientId: t.clientId })
      .set({ idisplay, updateTime: formatDateTime(now), ...(idisplay === 0 ? { sessionsFrom: now } : {}) })
      .go({ response: "none" });
    forgetTenant(t.clientId);
  }
  return found.map((t) => t.id);
}

/**
 * Deletes tenants. Refused for a locked tenant, the platform tenant, and a tenant still enabled (it
 * holds data its users work on: disable it first). Otherwise the record is marked `deleting` (gone
 * from the list, the login page and sign-in at once) and its items are removed by a worker; the
 * request never waits for them. A delete of a tenant already being removed starts the worker again.
 */
export async function deleteTenants(caller: Caller, ids: readonly number[]): Promise<number[]> {
  await requirePlatformOperator(caller);
  const { data } = await Tenant.query.byClientId({}).go({ pages: "all", limit: MAX_TENANTS });
  const found = data.filter((t) => ids.includes(t.id));
  if (!found.length) throw nothingDeleted();
  if (found.some((t) => t.locked === 1)) throw new DomainError(TENANT_MSG.locked, "423");
  if (found.some((t) => t.platform === 1)) throw new DomainError(TENANT_MSG.platform, "400");
  if (found.some((t) => t.idisplay === 1 && t.deleting !== 1)) throw new DomainError(TENANT_MSG.inUse, "409");
  for (const t of found) {
    await conditional(
      Tenant.patch({ clientId: t.clientId })
        .set({ deleting: 1, sessionsFrom: nowMs(), updateTime: formatDateTime() })
        .where(({ idisplay }, { ne }) => ne(idisplay, 1))
        .go({ response: "none" }),
      new DomainError(TENANT_MSG.inUse, "409"),
    );
    forgetTenant(t.clientId);
    await startWorker(tenantRemoval, { clientId: t.clientId });
  }
  return found.map((t) => t.id);
}
