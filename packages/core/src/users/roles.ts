import { AccessChange, Role, type RoleItem } from "./entities.ts";
import { readRoles } from "./read.ts";
import { DATA_SCOPE_NAMES, SUPER_CODE, cleanRights, rightsBeyond, rightsDiff, scopeWithin, widestScope, type DataScope } from "./rules.ts";
import { ROLE_MSG, type RoleInput } from "./schemas.ts";
import { forgetRoles } from "../auth/rolesCache.ts";
import { functionsOf } from "../platform/menu.ts";
import { nextId, nextIds } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { transact, txDelete, txPut } from "../kernel/tx.ts";
import { LETTERS, type RightsMap } from "../kernel/rights.ts";
import { who, seesWholeTenant, type Caller } from "../kernel/context.ts";
import { roleScope } from "../kernel/dataScope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";

/**
 * Roles: what each grants (function id → letters), its data scope, and who may change it. A caller
 * hands on only what they hold (rights and scope); the super-administrator role is provisioning's
 * alone — no route edits or deletes it, and only a super-administrator assigns it.
 */
export const ROLE_REFUSALS = {
  beyondRights: "不能授予自己没有的权限",
  beyondScope: "不能设置超出自己范围的数据权限",
  wider: "不能修改权限大于自己的角色",
  superFixed: "超级管理员角色不能修改或删除",
  superOnly: "只有超级管理员可以授予超级管理员角色",
  otherBranch: "不能操作其他分公司的角色",
  nameTaken: "角色名称已存在",
} as const;

// In read.ts, so other areas read roles without this module; re-exported for the users area.
export { readRoles };

/** What a caller holds, to judge what they may hand on: rights (from the session's roles), widest scope, super. */
export type Holder = { rights: RightsMap; scope: DataScope; isSuper: boolean; wholeTenant: boolean; branchId: number };

export function holderOf(caller: Caller, roles: ReadonlyMap<number, RoleItem>): Holder {
  const mine = caller.roleIds.map((id) => roles.get(id)).filter((r): r is RoleItem => !!r);
  return {
    rights: caller.rights,
    scope: widestScope(mine.map(roleScope)),
    isSuper: mine.some((r) => r.code === SUPER_CODE),
    wholeTenant: seesWholeTenant(caller),
    branchId: caller.branchId,
  };
}

/** Why `holder` may not hand on (or edit) `role`, or null when they may. */
export function roleRefusal(holder: Holder, role: Pick<RoleItem, "code" | "rights" | "dataScope" | "branchId">): string | null {
  if (role.code === SUPER_CODE) return holder.isSuper ? null : ROLE_REFUSALS.superOnly;
  if (holder.isSuper) return null;
  if (rightsBeyond((role.rights ?? {}) as RightsMap, holder.rights).length) return ROLE_REFUSALS.beyondRights;
  if (!scopeWithin(role.dataScope ?? "all", holder.scope)) return ROLE_REFUSALS.beyondScope;
  if ((role.branchId ?? 0) !== 0 && !holder.wholeTenant && role.branchId !== holder.branchId) return ROLE_REFUSALS.otherBranch;
  return null;
}

export type RoleView = {
  id: number;
  name: string;
  code: string;
  rights: RightsMap;
  dataScope: string;
  dataScopeName: string;
  /** 1: holders must sign in with a TOTP code. */
  twoFactor: 0 | 1;
  branchId: number;
  remark: string;
  createTime: string;
  /** 1 when the caller may edit, delete and assign this role. */
  editable: number;
};

export const roleView = (r: RoleItem, holder: Holder): RoleView => ({
  id: r.id,
  name: r.name,
  code: r.code ?? "",
  rights: (r.rights ?? {}) as RightsMap,
  dataScope: roleScope(r),
  dataScopeName: DATA_SCOPE_NAMES[roleScope(r)],
  twoFactor: r.twoFactor === 1 ? 1 : 0,
  branchId: r.branchId ?? 0,
  remark: r.remark ?? "",
  createTime: r.createTime ?? "",
  editable: r.code !== SUPER_CODE && roleRefusal(holder, r) === null ? 1 : 0,
});

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

const roleMatches = (r: RoleItem, keyword: string) => {
  const k = keyword.trim().toLowerCase();
  return !k || [r.name, r.code ?? "", r.remark ?? ""].some((t) => t.toLowerCase().includes(k));
};

/**
 * 角色管理's list: the roles of the tenant, or of one branch (its own roles and the tenant's shared
 * ones), a keyword over name, code and remark, a page of them by id. A tenant has tens of roles,
 * read whole (readRoles), so the total is exact.
 */
export async function listRoles(caller: Caller, p: Paging, branchId?: number): Promise<Envelope<never, RoleView>> {
  const roles = await readRoles(caller.tenantId);
  const holder = holderOf(caller, roles);
  const rows = [...roles.values()].filter((r) => (branchId === undefined || (r.branchId ?? 0) === 0 || r.branchId === branchId) && roleMatches(r, p.keyword)).sort(byId);
  if (p.order === "desc") rows.reverse();
  const start = (p.currentPage - 1) * p.pageSize;
  return okList(
    rows.slice(start, start + p.pageSize).map((r) => roleView(r, holder)),
    pageParams(p, rows.length),
  );
}

/** users/m/rolelist and bmgr/rolelist: the roles a user form offers (a branch's form: its own and the shared ones, never super). */
export async function roleOptions(caller: Caller, branchId?: number): Promise<Array<{ id: number; name: string; code: string; grantable: number }>> {
  const roles = await readRoles(caller.tenantId);
  const holder = holderOf(caller, roles);
  return [...roles.values()]
    .filter((r) => (branchId === undefined ? (r.branchId ?? 0) === 0 : r.code !== SUPER_CODE && ((r.branchId ?? 0) === 0 || r.branchId === branchId)))
    .sort(byId)
    .map((r) => ({ id: r.id, name: r.name, code: r.code ?? "", grantable: roleRefusal(holder, r) === null ? 1 : 0 }));
}

export async function viewRole(caller: Caller, id: number): Promise<RoleView> {
  const roles = await readRoles(caller.tenantId);
  const r = roles.get(id);
  if (!r) throw new DomainError(ROLE_MSG.notFound, "404");
  return roleView(r, holderOf(caller, roles));
}

/** The before/after record of a change of access, as a transaction item. */
export async function accessChangeItem(caller: Caller, kind: "role" | "user" | "roleDelete" | "userDelete", targetId: number, before: unknown, after: unknown) {
  const id = await nextId(caller.tenantId, "accessChange");
  return txPut(
    AccessChange.create({
      tenantId: caller.tenantId,
      id,
      kind,
      targetId,
      byUserId: caller.userId,
      byName: who(caller),
      before: JSON.stringify(before ?? null).slice(0, 20_000),
      after: JSON.stringify(after ?? null).slice(0, 20_000),
      createTime: formatDateTime(),
    }),
  );
}

/**
 * Saves a role: its rights only on functions the tenant has, none the caller lacks, a scope no wider
 * than the caller's; an existing role only when the caller could hand it on as it stands. The new
 * rights reach every holder's next request in this container at once (forgetRoles), in others
 * within the role cache's time (auth/rolesCache.ts ROLE_CACHE_MS).
 */
export async function saveRole(caller: Caller, input: RoleInput): Promise<RoleView> {
  const { tenantId } = caller;
  const [roles, fns] = await Promise.all([readRoles(tenantId), functionsOf(tenantId)]);
  const holder = holderOf(caller, roles);
  const rights = cleanRights(input.rights, new Set(fns.keys()));
  const before = input.id ? roles.get(input.id) : undefined;
  if (input.id && !before) throw new DomainError(ROLE_MSG.notFound, "404");
  if (before?.code === SUPER_CODE) throw new DomainError(ROLE_REFUSALS.superFixed, "403");
  if (before && roleRefusal(holder, before)) throw new DomainError(ROLE_REFUSALS.wider, "403");
  const next = { code: "", rights, dataScope: input.dataScope, branchId: input.branchId };
  const refusal = roleRefusal(holder, next);
  if (refusal) throw new DomainError(refusal, "403");
  const name = input.name.trim();
  if ([...roles.values()].some((r) => r.id !== input.id && r.name === name && (r.branchId ?? 0) === input.branchId)) throw new DomainError(ROLE_REFUSALS.nameTaken, "400");

  const id = before?.id ?? (await nextId(tenantId, "role"));
  const item = {
    tenantId,
    id,
    name,
    code: before?.code ?? "",
    rights,
    dataScope: input.dataScope,
    twoFactor: input.twoFactor,
    branchId: input.branchId,
    remark: input.remark,
    createTime: before?.createTime ?? formatDateTime(),
  };
  const change = await accessChangeItem(caller, "role", id, before ? { rights: before.rights, dataScope: before.dataScope, twoFactor: before.twoFactor ?? 0 } : null, {
    rights,
    dataScope: input.dataScope,
    twoFactor: input.twoFactor,
    diff: rightsDiff((before?.rights ?? {}) as RightsMap, rights),
  });
  await transact([txPut(Role.put(item)), change]);
  forgetRoles(tenantId);
  return roleView(item as RoleItem, holder);
}

/**
 * Deletes roles the caller could hand on; never the super-administrator's. Users keep the id of a
 * deleted role, which grants nothing from then on (rolesCache reads only existing roles).
 */
export async function deleteRoles(caller: Caller, ids: number[]): Promise<number[]> {
  const roles = await readRoles(caller.tenantId);
  const holder = holderOf(caller, roles);
  const found = ids.map((id) => roles.get(id)).filter((r): r is RoleItem => !!r);
  if (found.length === 0) throw nothingDeleted();
  for (const r of found) {
    if (r.code === SUPER_CODE) throw new DomainError(ROLE_REFUSALS.superFixed, "403");
    if (roleRefusal(holder, r)) throw new DomainError(ROLE_REFUSALS.wider, "403");
  }
  for (const r of found) {
    const change = await accessChangeItem(caller, "roleDelete", r.id, { name: r.name, rights: r.rights, dataScope: r.dataScope }, null);
    await transact([txDelete(Role.delete({ tenantId: caller.tenantId, id: r.id })), change]);
  }
  forgetRoles(caller.tenantId);
  return found.map((r) => r.id);
}

/** A menu function as the standard roles name it. */
type Fn = { id: number; typename: string; path: string; module: string };

/**
 * The standard roles of docs/gaps.md (besides 超级管理员, which provisioning creates): what each holds,
 * by screen name, and its data scope. Every letter of a screen is "ADEPRS".
 */
const ALL = LETTERS.join("");
export const STANDARD_ROLES: Array<{ name: string; code: string; dataScope: DataScope; rights: Record<string, string> }> = [
  {
    name: "门店管理员",
    code: "storeManager",
    dataScope: "deptTree",
    rights: {
      会员酒店: "R",
      折扣酒店: "R",
      会员酒店房态: "R",
      折扣酒店房态房价: "R",
      全部订单: ALL,
      会员酒店订单: ALL,
      折扣酒店订单: ALL,
      代客订单: ALL,
      客户列表: "ADEPRS",
      会员列表: "AEPR",
      电邀工单: ALL,
      电邀任务: ALL,
      门店电邀客户: ALL,
      电邀漏斗: "R",
      产品列表: "R",
      会员购买单: "AER",
      管理用户: "AED",
      商户用户列表: "AED",
    },
  },
  {
    name: "客服",
    code: "service",
    dataScope: "deptTree",
    rights: { 会员酒店房态: "R", 折扣酒店房态房价: "R", 全部订单: "AEPR", 会员酒店订单: "AEPR", 折扣酒店订单: "AEPR", 代客订单: "AEPR", 客户列表: "AER", 会员列表: "R" },
  },
  { name: "收银员", code: "cashier", dataScope: "dept", rights: { 收银复核: "ER", 客户列表: "R" } },
  {
    name: "财务经理",
    code: "financeManager",
    dataScope: "all",
    rights: { 分账比例设置: "AEDR", 月度分账汇总: "R", 月度经营汇总: "R", 支付分账订单: "ER", 财务经理复核: "ER", 产品改价: "AEDR", 全部订单: "ER", 客户列表: "R" },
  },
  {
    name: "会员服务",
    code: "memberService",
    dataScope: "deptTree",
    rights: {
      会员服务复核: "ER",
      会员列表: "AER",
      客户列表: "R",
      房券购买单: "AEPR",
      赠送房券列表: "AEPR",
      兑换单列表: "AEPR",
      赠送周次: "AEPR",
      RCI交换单: "AEPR",
      RCI周次交换: "AEPR",
    },
  },
  { name: "电邀员", code: "inviter", dataScope: "self", rights: { 电邀工单: "AER", 电邀任务: "R", 门店电邀客户: "AER", 电邀漏斗: "R", 客户列表: "AR" } },
  { name: "销售", code: "sales", dataScope: "self", rights: { 客户列表: "AER", 电邀工单: "R", 会员购买单: "AR", 产品列表: "R" } },
];

/** The standard roles' rights on a tenant's menu (screens by name; a name the menu lacks is skipped). */
export function standardRoleRights(menu: readonly Fn[], rights: Record<string, string>): RightsMap {
  const byName = new Map(menu.filter((m) => m.path).map((m) => [m.typename, m.id]));
  const out: RightsMap = {};
  for (const [name, letters] of Object.entries(rights)) {
    const id = byName.get(name);
    if (id !== undefined) out[String(id)] = letters;
  }
  return out;
}

/** Creates the standard roles a tenant lacks (by code), so provisioning and an older demo database end alike. */
export async function seedStandardRoles(tenantId: string, menu: readonly Fn[]): Promise<number> {
  const roles = await readRoles(tenantId);
  const have = new Set([...roles.values()].map((r) => r.code));
  const missing = STANDARD_ROLES.filter((r) => !have.has(r.code));
  if (missing.length === 0) return 0;
  const first = await nextIds(tenantId, "role", missing.length);
  const createTime = formatDateTime();
  await Role.put(
    missing.map((r, i) => ({
      tenantId,
      id: first + i,
      name: r.name,
      code: r.code,
      rights: standardRoleRights(menu, r.rights),
      dataScope: r.dataScope,
      branchId: 0,
      remark: "",
      createTime,
    })),
  ).go();
  forgetRoles(tenantId);
  return missing.length;
}
