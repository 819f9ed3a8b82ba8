import { MenuFunction } from "@xiangyu/core/platform/entities";
import { forgetMenu } from "@xiangyu/core/platform/menu";
import { Role, UserTally } from "@xiangyu/core/users/entities";
import { readRoles, seedStandardRoles } from "@xiangyu/core/users/roles";
import { SUPER_CODE } from "@xiangyu/core/users/rules";
import { createUser, findUserByLogin } from "@xiangyu/core/users/service";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { forgetRoles } from "@xiangyu/core/auth/rolesCache";
import { Client } from "@xiangyu/core/clients/entities";
import { OrgNode } from "@xiangyu/core/org/entities";
import { LETTERS } from "@xiangyu/core/kernel/rights";
import type { MenuEntry } from "@xiangyu/core/platform/provision";
import { since, type Log } from "./progress.ts";

/**
 * The demo's access: the menu's functions (a database seeded before a screen existed gets it), the
 * super-administrator holding every one of them, the standard roles of docs/gaps.md, three colleagues
 * with narrower roles and the mini-program users the demo clients are bound to. Idempotent: run on
 * every start, it adds only what is missing.
 */
const DEMO_STAFF = [
  { username: "manager", mobile: "13800000001", realname: "天河店长", role: "storeManager", store: "广州天河店" },
  { username: "cashier", mobile: "13800000002", realname: "天河收银", role: "cashier", store: "广州天河店" },
  { username: "service", mobile: "13800000003", realname: "南山客服", role: "service", store: "深圳南山店" },
] as const;
const DEMO_STAFF_PASSWORD = "Staff@2026x";

export async function syncAccess(tenantId: string, menu: MenuEntry[], log: Log): Promise<void> {
  const t0 = Date.now();
  const { data: have } = await MenuFunction.query.byId({ tenantId }).go({ pages: "all", attributes: ["id"] });
  const known = new Set(have.map((f) => f.id));
  const missing = menu.filter((m) => !known.has(m.id));
  if (missing.length) {
    await MenuFunction.put(missing.map((m) => ({ tenantId, ...m, idisplay: 1 }))).go();
    forgetMenu(tenantId);
  }
  const roles = await readRoles(tenantId);
  const all = Object.fromEntries(menu.filter((m) => m.path).map((m) => [String(m.id), LETTERS.join("")]));
  for (const r of roles.values())
    if (r.code === SUPER_CODE && Object.keys(all).some((id) => (r.rights as Record<string, string>)[id] !== all[id]))
      await Role.patch({ tenantId, id: r.id }).set({ rights: all }).go();
  forgetRoles(tenantId);
  const added = await seedStandardRoles(tenantId, menu);
  if (missing.length || added) log(`access: ${missing.length} new functions, ${added} roles (${since(t0)})`);
}

/** The demo colleagues (store manager, cashier, customer service) in their stores. */
export async function seedStaff(tenantId: string, log: Log): Promise<void> {
  if (await findUserByLogin(tenantId, DEMO_STAFF[0].username)) return;
  const t0 = Date.now();
  const roles = [...(await readRoles(tenantId)).values()];
  const { data: depts } = await OrgNode.query.byCode({ tenantId, orgType: "dept" }).go({ pages: "all" });
  for (const s of DEMO_STAFF) {
    const store = depts.find((d) => d.orgName === s.store);
    const role = roles.find((r) => r.code === s.role);
    if (!store || !role) continue;
    await createUser(tenantId, {
      username: s.username,
      mobile: s.mobile,
      realname: s.realname,
      password: DEMO_STAFF_PASSWORD,
      roleIds: [role.id],
      deptCodes: [store.orgCode],
      branchId: store.branchId ?? 0,
      managelevel: 3,
    });
  }
  log(`staff: ${DEMO_STAFF.length} colleagues, password ${DEMO_STAFF_PASSWORD} (${since(t0)})`);
}

/** A mini-program user for every demo client bound to one (its globalId), so the mobile-user list has rows. */
export async function seedMobileUsers(tenantId: string, log: Log): Promise<void> {
  const { data: tally } = await UserTally.get({ tenantId, name: "mobile" }).go();
  if (tally) return;
  const t0 = Date.now();
  const { data: clients } = await Client.query.byId({ tenantId }).go({ pages: "all", attributes: ["id", "globalId", "clientName", "mobile", "sex"] });
  const bound = clients.filter((c) => c.globalId).sort((a, b) => a.id - b.id);
  await registerMobileUsers(
    tenantId,
    bound.map((c) => ({ userId: c.globalId!, realname: c.clientName, mobile: c.mobile, sex: c.sex ?? "", clientId: c.id })),
  );
  log(`mobile users: ${bound.length} (${since(t0)})`);
}
