import { User, type RoleItem, type UserItem } from "./entities.ts";
import { getUser } from "./read.ts";
import { codePath, deptPath } from "./rules.ts";
import { readRoles } from "./roles.ts";
import { TwoFactor } from "../auth/entities.ts";
import { OrgNode } from "../org/entities.ts";
import { DEPARTMENT_TREE } from "../org/entities.ts";
import { mapLimit } from "../kernel/batch.ts";

/** A staff user as the lists and the form show it: roles, departments and two-factor state by name. */
export type UserRow = {
  id: number;
  userId: number;
  username: string;
  realname: string;
  picture: string;
  sex: string;
  mobile: string;
  idcard: string;
  address: string;
  email: string;
  /** R383: codes comma-joined. */
  deptid: string;
  /** R387: each department as its ' / ' path, several joined with '，'. */
  deptname: string;
  /** R372: the top-level department (company) and the deepest one (shop) of the first department. */
  companyname: string;
  shopname: string;
  roleid: string;
  rolename: string;
  branchid: number;
  managelevel: number;
  /** 1 enabled, 0 disabled (both spellings of the spec). */
  displayornot: number;
  idisplay: number;
  /** 1 when the user has two-factor sign-in on (the staff list's column; ours). */
  twoFactor: number;
  createTime: string;
};

// ---------------------------------------------------------------- reading

type DeptInfo = { name: string; branchId: number };

/** Departments by code (each code and the codes above it), one small Query per distinct code. */
export async function departments(tenantId: string, codes: Iterable<string>): Promise<Map<string, DeptInfo>> {
  const all = new Set<string>();
  for (const c of codes) for (const p of codePath(c)) all.add(p);
  const out = new Map<string, DeptInfo>();
  await mapLimit([...all], async (orgCode) => {
    const { data } = await OrgNode.query.byCode({ tenantId, orgType: DEPARTMENT_TREE, orgCode }).go({ limit: 1, attributes: ["orgName", "branchId", "orgCode"] });
    const n = data[0];
    if (n && n.orgCode === orgCode) out.set(orgCode, { name: n.orgName, branchId: n.branchId ?? 0 });
  });
  return out;
}

/** The users of a page that have two-factor on: one batch read of their TwoFactor items. */
async function twoFactorOn(tenantId: string, users: UserItem[]): Promise<Set<number>> {
  if (users.length === 0) return new Set();
  const { data } = await TwoFactor.get(users.map((u) => ({ tenantId, userId: u.id }))).go({ attributes: ["userId", "enabled"] });
  return new Set(data.filter((t) => t.enabled === 1).map((t) => t.userId));
}

export function rowOf(u: UserItem, roles: ReadonlyMap<number, RoleItem>, depts: ReadonlyMap<string, DeptInfo>, withTwoFactor: ReadonlySet<number>): UserRow {
  const codes = (u.deptCodes ?? []).filter(Boolean);
  const nameOf = (c: string) => depts.get(c)?.name;
  const first = codes[0] ?? "";
  const path = codePath(first);
  const roleIds = u.roleIds ?? [];
  return {
    id: u.id,
    userId: u.id,
    username: u.username,
    realname: u.realname ?? "",
    picture: u.picture ?? "",
    sex: u.sex ?? "",
    mobile: u.mobile ?? "",
    idcard: u.idcard ?? "",
    address: u.address ?? "",
    email: u.email ?? "",
    deptid: codes.join(","),
    deptname: codes.map((c) => deptPath(c, nameOf)).join("，"),
    companyname: path[0] ? (nameOf(path[0]) ?? "") : "",
    shopname: path.length > 1 ? (nameOf(path[path.length - 1]!) ?? "") : "",
    roleid: roleIds.join(","),
    rolename: roleIds
      .map((id) => roles.get(id)?.name)
      .filter(Boolean)
      .join("，"),
    branchid: u.branchId ?? 0,
    managelevel: u.managelevel ?? 1,
    displayornot: u.status ?? 1,
    idisplay: u.status ?? 1,
    twoFactor: withTwoFactor.has(u.id) ? 1 : 0,
    createTime: u.createTime ?? "",
  };
}

export async function rowsOf(tenantId: string, users: UserItem[], roles?: ReadonlyMap<number, RoleItem>): Promise<UserRow[]> {
  const [r, d, tf] = await Promise.all([
    roles ?? readRoles(tenantId),
    departments(
      tenantId,
      users.flatMap((u) => u.deptCodes ?? []),
    ),
    twoFactorOn(tenantId, users),
  ]);
  return users.map((u) => rowOf(u, r, d, tf));
}

export async function usersByIds(tenantId: string, ids: number[]): Promise<UserItem[]> {
  if (ids.length === 0) return [];
  const { data } = await User.get(ids.map((id) => ({ tenantId, id }))).go();
  const byId = new Map(data.map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id)).filter((u): u is UserItem => !!u);
}

export { getUser };
