import { Tenant, MenuFunction, StyleParam, type TenantItem } from "./entities.ts";
import { User } from "../users/entities.ts";
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
  admin: {
    username: string;
    password: string;
    mobile: string;
    realname: string;
    branchId?: number;
    /** Must change the password at the first sign-in (a tenant created from the console). */ mustChangePassword?: boolean;
  };
  /** The record's other fields as the tenant form sets them (tenantAdmin.ts); defaults otherwise. */
  record?: Partial<Pick<TenantItem, "scope" | "grantType" | "sysHomePage" | "domain" | "loginLogo" | "bgimages" | "idisplay" | "allowReg" | "allowForgot" | "locked">>;
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
    ...plan.record,
    updateTime: formatDateTime(),
    platform: plan.platform ? 1 : 0,
    createTime: formatDateTime(),
  }).go();
  await MenuFunction.put(plan.menu.map((m) => ({ tenantId, ...m, idisplay: 1 }))).go();
  const rows = plan.styleParams.flatMap((l) => l.items.map((i) => ({ styleen: l.styleen, ...i })));
  const first = await nextIds(tenantId, "styleParam", rows.length);
  await StyleParam.put(rows.map((r, i) => ({ tenantId, id: first + i, ...r, pseudocode: "", displayornot: 1 }))).go();
  const all: RightsMap = Object.fromEntries(plan.menu.filter((m) => m.path).map((m) => [String(m.id), LETTERS.join("")]));
  const superRoleId = await createRole(tenantId, SUPER_ROLE, all, "super", "all");
  const { mustChangePassword, ...adminFields } = plan.admin;
  const admin = await createUser(tenantId, { ...adminFields, deptCodes: [""], roleIds: [superRoleId], managelevel: 1 });
  if (mustChangePassword) await User.patch({ tenantId, id: admin.id }).set({ mustChangePassword: 1 }).go({ response: "none" });
  // The other roles of docs/gaps.md (门店管理员, 客服, 收银员…), so a new tenant can add colleagues at once.
  await seedStandardRoles(tenantId, plan.menu);
  return { adminId: admin.id, superRoleId };
}

export async function tenantExists(clientId: string): Promise<boolean> {
  const { data } = await Tenant.get({ clientId }).go();
  return !!data;
}

/** The console screens only the platform operator has: a tenant provisioned from the console is given its menu without them. */
export const PLATFORM_ONLY_PATHS: readonly string[] = ["/platformsetting", "/payconfig", "/wxconfig", "/smsconfig", "/dbconfig", "/taskconfig", "/appupdate"];

/**
 * The menu and style lists a tenant created from the console starts with: the platform tenant's
 * own (provisioned by the seed from the same plan), less the platform's screens. Core holds no copy
 * of the plan, so the one written by provisioning is the template.
 */
export async function templateOf(platformTenantId: string): Promise<Pick<TenantPlan, "menu" | "styleParams">> {
  const [{ data: fns }, { data: styles }] = await Promise.all([
    MenuFunction.query.byId({ tenantId: platformTenantId }).go({ pages: "all" }),
    StyleParam.query.byId({ tenantId: platformTenantId }).go({ pages: "all" }),
  ]);
  const menu = fns
    .filter((f) => !PLATFORM_ONLY_PATHS.includes(f.path ?? ""))
    .map((f) => ({ id: f.id, fatherid: f.fatherid ?? 0, typename: f.typename, path: f.path ?? "", params: f.params ?? "", module: f.module ?? "", seq: f.seq ?? 99 }));
  const lists = new Map<string, StyleList>();
  for (const r of styles.filter((r) => r.displayornot !== 0).sort((a, b) => a.id - b.id)) {
    const list = lists.get(r.styleen) ?? { styleen: r.styleen, items: [] };
    list.items.push({ styleid: r.styleid, stylename: r.stylename, seq: r.seq ?? 99 });
    lists.set(r.styleen, list);
  }
  return { menu, styleParams: [...lists.values()] };
}
