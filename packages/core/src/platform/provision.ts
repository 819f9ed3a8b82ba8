import { Tenant, MenuFunction, StyleParam } from "./entities.ts";
import { PLATFORM_COUNTERS } from "./operator.ts";
import { createRole, createUser } from "../users/service.ts";
import { seedStandardRoles } from "../users/roles.ts";
import { nextIds } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { LETTERS, type RightsMap } from "../kernel/rights.ts";

export type MenuEntry = { id: number; fatherid: number; typename: string; path: string; params: string; module: string; seq: number };
export type StyleList = { styleen: string; items: Array<{ styleid: string; stylename: string; seq: number }> };

export type TenantPlan = {
  clientId: string;
  clientSecret: string;
  systemName: string;
  copyright?: string;
  colors?: Record<string, string>;
  menu: MenuEntry[];
  styleParams: StyleList[];
  admin: { username: string; password: string; mobile: string; realname: string; branchId?: number };
  /** The platform tenant, whose managelevel-1 staff change platform data (operator.ts). */
  platform?: boolean;
};

export const SUPER_ROLE = "超级管理员";

/**
 * Creates a tenant ready to log in to: its record, its menu, its style-parameter lists, a
 * super-admin role holding every right on every function, and the first admin user.
 */
export async function provisionTenant(plan: TenantPlan): Promise<{ adminId: number; superRoleId: number }> {
  const tenantId = plan.clientId;
  // The platform's own counters (tenant numbers, custom region codes) live under this id.
  if (tenantId === PLATFORM_COUNTERS) throw new Error(`"${PLATFORM_COUNTERS}" is reserved for the platform's own counters`);
  const firstTenantId = await nextIds(PLATFORM_COUNTERS, "tenant", 1);
  await Tenant.create({
    id: firstTenantId,
    clientId: plan.clientId,
    clientSecret: plan.clientSecret,
    systemName: plan.systemName,
    copyright: plan.copyright ?? "",
    colors: plan.colors ?? {},
    idisplay: 1,
    locked: 0,
    platform: plan.platform ? 1 : 0,
    createTime: formatDateTime(),
  }).go();
  await MenuFunction.put(plan.menu.map((m) => ({ tenantId, ...m, idisplay: 1 }))).go();
  const rows = plan.styleParams.flatMap((l) => l.items.map((i) => ({ styleen: l.styleen, ...i })));
  const first = await nextIds(tenantId, "styleParam", rows.length);
  await StyleParam.put(rows.map((r, i) => ({ tenantId, id: first + i, ...r, pseudocode: "", displayornot: 1 }))).go();
  const all: RightsMap = Object.fromEntries(plan.menu.filter((m) => m.path).map((m) => [String(m.id), LETTERS.join("")]));
  const superRoleId = await createRole(tenantId, SUPER_ROLE, all, "super");
  const admin = await createUser(tenantId, { ...plan.admin, deptCodes: [""], roleIds: [superRoleId], managelevel: 1 });
  // The other roles of gaps.md (门店管理员, 客服, 收银员…), so a new tenant can add colleagues at once.
  await seedStandardRoles(tenantId, plan.menu);
  return { adminId: admin.id, superRoleId };
}

export async function tenantExists(clientId: string): Promise<boolean> {
  const { data } = await Tenant.get({ clientId }).go();
  return !!data;
}
