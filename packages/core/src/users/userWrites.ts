import { User, UserDept, UserLogin, UserTally, UserTerm, type RoleItem, type UserItem } from "./entities.ts";
import { SUPER_CODE, nameKeyOf, userTerms } from "./rules.ts";
import { txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { allOf, anyOf, type WhereAttrs, type WhereOps } from "../kernel/filter.ts";

/**
 * How a staff user is written: the item against the revision read, its login names, search keys and
 * department items, the users and super-administrator tallies (the last enabled super-administrator
 * is never removed), all in the caller's one transaction.
 */
export const USER_REFUSALS = {
  outside: "不能操作超出自己范围的用户",
  superOnly: "只有超级管理员可以修改超级管理员",
  lastSuper: "不能删除、停用或取消最后一个超级管理员",
  self: "不能删除自己",
  deptOutside: "不能设置超出自己范围的部门",
  deptMissing: "请选择部门",
  deptUnknown: "部门不存在",
  roleUnknown: "角色不存在或已被删除",
  roleOtherBranch: "该角色不属于本分公司",
  branchOutside: "不能操作其他分公司的用户",
  taken: "用户名或手机号已存在",
  resetSelf: "不能重置自己的两步验证",
  notOn: "该用户未开启两步验证",
  changed: "数据已被他人修改，请刷新后重试",
} as const;

export async function tally(tenantId: string, name: "all" | "super"): Promise<number> {
  const { data } = await UserTally.get({ tenantId, name }).go();
  return Math.max(0, data?.n ?? 0);
}

export const tallyAdd = (tenantId: string, name: "all" | "super", n: number): TxItem => txUpdate(UserTally.update({ tenantId, name }).add({ n }));

/** Lowers the super-administrator count, refusing the transaction when it would reach zero. */
const superDown = (tenantId: string): TxItem =>
  txUpdate(
    UserTally.update({ tenantId, name: "super" })
      .add({ n: -1 })
      .where((a, { gt }) => gt(a.n, 1)),
    USER_REFUSALS.lastSuper,
  );

export const superRoleIds = (roles: ReadonlyMap<number, RoleItem>): Set<number> => new Set([...roles.values()].filter((r) => r.code === SUPER_CODE).map((r) => r.id));
export const isSuperUser = (u: Pick<UserItem, "roleIds" | "status">, superIds: ReadonlySet<number>): boolean =>
  (u.status ?? 1) === 1 && (u.roleIds ?? []).some((id) => superIds.has(id));

export const termItems = (u: UserItem) =>
  userTerms({ realname: u.realname ?? "", mobile: u.mobile ?? "" }).map((term) => ({ tenantId: u.tenantId, term, userId: u.id, nameKey: nameKeyOf(u.realname ?? "") }));
export const deptItems = (u: UserItem) => [...new Set(u.deptCodes?.length ? u.deptCodes : [""])].map((deptCode) => ({ tenantId: u.tenantId, deptCode, userId: u.id }));
const loginsOf = (u: Pick<UserItem, "username" | "mobile">) => [...new Set([u.username.trim().toLowerCase(), (u.mobile ?? "").trim()].filter(Boolean))];

/** The user item written with the rev it had: a save that read an older item is refused. */
function putUser(item: UserItem, before: UserItem | null): TxItem {
  if (!before) return txPut(User.create(item), USER_REFUSALS.taken);
  return txPut(
    User.put(item).where((a, op) => revisionGuard(a, op, before.rev)),
    USER_REFUSALS.changed,
  );
}

function deleteUserItem(u: UserItem): TxItem {
  return txDelete(
    User.delete({ tenantId: u.tenantId, id: u.id }).where((a, op) => revisionGuard(a, op, u.rev)),
    USER_REFUSALS.changed,
  );
}

/**
 * The condition a write of a user read at revision `rev` holds to. A user written before revisions
 * existed has none (rev 0 read): the item must still be there, with no rev or rev 0. ElectroDB's
 * `.where()` names attributes, not key fields: the user's tenantId (a composite of its key, on every
 * user item) exists exactly when the item does.
 */
function revisionGuard(a: WhereAttrs<typeof User>, { eq, exists, notExists }: WhereOps<typeof User>, rev: number | undefined): string {
  if (rev) return eq(a.rev, rev);
  return allOf(exists(a.tenantId), anyOf(notExists(a.rev), eq(a.rev, 0)));
}

/**
 * The transaction items moving a user from `before` to `after` (either may be null): the item, its
 * login names, search keys, department items, the tallies, and the super-administrator count.
 */
export function userWrites(before: UserItem | null, after: UserItem | null, superIds: ReadonlySet<number>): TxItem[] {
  const tenantId = (after ?? before)!.tenantId;
  const out: TxItem[] = [];
  if (after) out.push(putUser(after, before));
  else if (before) out.push(deleteUserItem(before));
  const diff = <T>(a: T[], b: T[], key: (t: T) => string) => {
    const bk = new Set(b.map(key));
    return a.filter((x) => !bk.has(key(x)));
  };
  const logins = (u: UserItem | null) => (u ? loginsOf(u) : []);
  for (const login of diff(logins(before), logins(after), (x) => x)) out.push(txDelete(UserLogin.delete({ tenantId, login })));
  for (const login of diff(logins(after), logins(before), (x) => x)) out.push(txPut(UserLogin.create({ tenantId, login, userId: (after ?? before)!.id }), USER_REFUSALS.taken));
  const terms = (u: UserItem | null) => (u ? termItems(u) : []);
  const termKey = (t: { term: string; nameKey: string }) => `${t.term}|${t.nameKey}`;
  for (const t of diff(terms(before), terms(after), termKey)) {
    if (!terms(after).some((x) => x.term === t.term)) out.push(txDelete(UserTerm.delete({ tenantId, term: t.term, userId: t.userId })));
  }
  for (const t of diff(terms(after), terms(before), termKey)) out.push(txPut(UserTerm.put(t)));
  const depts = (u: UserItem | null) => (u ? deptItems(u) : []);
  for (const d of diff(depts(before), depts(after), (x) => x.deptCode)) out.push(txDelete(UserDept.delete(d)));
  for (const d of diff(depts(after), depts(before), (x) => x.deptCode)) out.push(txPut(UserDept.put(d)));
  if (!before && after) out.push(tallyAdd(tenantId, "all", 1));
  if (before && !after) out.push(tallyAdd(tenantId, "all", -1));
  const wasSuper = !!before && isSuperUser(before, superIds);
  const isSuper = !!after && isSuperUser(after, superIds);
  if (wasSuper && !isSuper) out.push(superDown(tenantId));
  if (!wasSuper && isSuper) out.push(tallyAdd(tenantId, "super", 1));
  return out;
}
