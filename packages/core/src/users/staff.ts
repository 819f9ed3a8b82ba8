import { User, UserDept, UserLogin, UserTally, UserTerm, type RoleItem, type UserItem } from "./entities.ts";
import { getUser } from "./read.ts";
import { SUPER_CODE, codePath, deptPath, managelevelOf, nameKeyOf, planUserKeyword, userTerms } from "./rules.ts";
import { USER_MSG, type BranchUserInput, type UserInput } from "./schemas.ts";
import { accessChangeItem, holderOf, readRoles, roleRefusal, type Holder } from "./roles.ts";
import { hashPassword } from "../auth/passwords.ts";
import { checkNewPassword } from "../auth/passwordPolicy.ts";
import { endSessionsOf } from "../auth/sessions.ts";
import { forgetTwoFactor } from "../auth/twoFactor.ts";
import { SignInGuard, TwoFactor } from "../auth/entities.ts";
import { codeSubject } from "../auth/lockout.ts";
import { OrgNode } from "../org/entities.ts";
import { DEPARTMENT_TREE } from "../org/entities.ts";
import { getBranch } from "../org/branches.ts";
import { mapLimit } from "../kernel/batch.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import { readPage, type PageRun } from "../kernel/list.ts";
import { isConditionalFailure, transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import { allOf, anyOf, type WhereAttrs, type WhereOps } from "../kernel/filter.ts";
import { seesWholeTenant, type Caller } from "../kernel/context.ts";
import { inReach, reachOf, reachPrefixes, wholeTenant, withinPrefixes, type Prefixes } from "../kernel/dataScope.ts";

/**
 * Staff and merchant users (R371–R388): the lists, the shared user form, deletion, and the rules
 * around them — a caller edits only users inside their reach (departments inside theirs, rights
 * they hold, never a super-administrator unless they are one), grants only roles they could hand
 * on, and the tenant's last enabled super-administrator is never deleted, disabled or demoted.
 * A change of roles, departments, password or status, and a deletion, end the user's sessions.
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

/** A keyword list reads at most this many matches (a one-character surname in a large tenant). */
const KEYWORD_CAP = 1000;
/** A department list reads at most this many users (a branch's staff). */
const DEPT_CAP = 10_000;

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
async function departments(tenantId: string, codes: Iterable<string>): Promise<Map<string, DeptInfo>> {
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

function rowOf(u: UserItem, roles: ReadonlyMap<number, RoleItem>, depts: ReadonlyMap<string, DeptInfo>, withTwoFactor: ReadonlySet<number>): UserRow {
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

async function rowsOf(tenantId: string, users: UserItem[], roles?: ReadonlyMap<number, RoleItem>): Promise<UserRow[]> {
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

async function usersByIds(tenantId: string, ids: number[]): Promise<UserItem[]> {
  if (ids.length === 0) return [];
  const { data } = await User.get(ids.map((id) => ({ tenantId, id }))).go();
  const byId = new Map(data.map((u) => [u.id, u]));
  return ids.map((id) => byId.get(id)).filter((u): u is UserItem => !!u);
}

export { getUser };

/** Users with a department under one of `prefixes` (exactly in one, for an exact code: kernel/dataScope.ts), newest first (ids only). */
async function idsUnder(tenantId: string, prefixes: Prefixes): Promise<number[]> {
  const ids = new Set<number>();
  await mapLimit(prefixes, async (p) => {
    const exact = p.endsWith("$");
    const deptCode = exact ? p.slice(0, -1) : p;
    // An exact code reads its own keys only ("…#deptcode_001001#userid_"), never its subtree's.
    const q = exact ? UserDept.query.byDept({ tenantId, deptCode }) : deptCode ? UserDept.query.byDept({ tenantId }).begins({ deptCode }) : UserDept.query.byDept({ tenantId });
    let cursor: string | null = null;
    do {
      const out: { data: Array<{ userId: number }>; cursor: string | null } = await q.go({ cursor, limit: 2000, attributes: ["userId"] } as never);
      for (const r of out.data) ids.add(r.userId);
      cursor = out.cursor;
    } while (cursor && ids.size < DEPT_CAP);
  });
  return [...ids];
}

/** Users a keyword names (R371: name or mobile; an exact username too), at most KEYWORD_CAP. */
async function idsOfKeyword(tenantId: string, keyword: string): Promise<number[]> {
  const plan = planUserKeyword(keyword);
  if (!plan) return [];
  if (plan.kind === "mobile") {
    const { data } = await UserLogin.get({ tenantId, login: plan.mobile }).go();
    return data ? [data.userId] : [];
  }
  const [terms, login] = await Promise.all([
    UserTerm.query.byTerm({ tenantId, term: plan.term }).go({ limit: KEYWORD_CAP }),
    UserLogin.get({ tenantId, login: plan.username }).go(),
  ]);
  const ids = new Set(terms.data.filter((t) => (t.nameKey ?? "").startsWith(plan.prefix)).map((t) => t.userId));
  if (login.data) ids.add(login.data.userId);
  return [...ids];
}

/**
 * Which departments a list covers, by the caller's data scope (kernel/dataScope.ts): null is the
 * whole tenant; a branch list is the branch's subtree within the caller's reach.
 */
function listPrefixes(caller: Caller, branchCode?: string): Prefixes | null {
  const reach = reachPrefixes(caller);
  const own = wholeTenant(reach) ? null : reach;
  if (branchCode === undefined) return own;
  if (own === null) return [branchCode];
  if (!reachOf(caller).exact && inReach(caller, branchCode)) return [branchCode];
  const inside = own.filter((d) => d.startsWith(branchCode));
  if (inside.length === 0) throw new DomainError(USER_REFUSALS.branchOutside, "403");
  return inside;
}

/** In the list's departments, and the caller themself under "only self" (a user's own record is the user). */
const visibleIn = (caller: Caller, prefixes: Prefixes | null, u: UserItem) =>
  (prefixes === null || (u.deptCodes?.length ? u.deptCodes : [""]).some((c) => withinPrefixes(prefixes, c))) && ownedBy(caller, u);
const ownedBy = (caller: Caller, u: UserItem) => reachOf(caller).ownerId === undefined || u.id === caller.userId;

/**
 * The staff list (R371) or a branch's merchant users (R385): newest first (or oldest), paged; a
 * keyword reads only its matches. Unfiltered whole-tenant lists page the user partition with the
 * tally as total; others read the ids their departments or keyword name (bounded) and page them.
 */
export async function listUsers(caller: Caller, p: Paging, branchId?: number): Promise<Envelope<never, UserRow>> {
  const { tenantId } = caller;
  await ensureUserIndex(tenantId);
  const branchCode = branchId === undefined ? undefined : await branchCodeOf(caller, branchId);
  const prefixes = listPrefixes(caller, branchCode);
  const order = p.order === "asc" ? "asc" : "desc";
  if (!p.keyword.trim() && prefixes === null) {
    const run: PageRun<UserItem> = ({ limit, cursor, keysOnly }) =>
      User.query.byId({ tenantId }).go({ count: limit, cursor, order, ...(keysOnly ? { attributes: ["tenantId", "id"] } : {}) } as never) as never;
    const [users, total] = await Promise.all([readPage(run, p), tally(tenantId, "all")]);
    return okList(await rowsOf(tenantId, users), pageParams(p, total));
  }
  let users: UserItem[];
  let ids: number[];
  if (p.keyword.trim()) {
    users = (await usersByIds(tenantId, await idsOfKeyword(tenantId, p.keyword))).filter((u) => visibleIn(caller, prefixes, u));
    ids = users.map((u) => u.id);
  } else if (reachOf(caller).ownerId !== undefined) {
    // "Only self": the caller's own record, when it lies in the list's departments — one read, never a department's keys.
    users = (await usersByIds(tenantId, [caller.userId])).filter((u) => visibleIn(caller, prefixes, u));
    ids = users.map((u) => u.id);
  } else {
    ids = await idsUnder(tenantId, prefixes!);
    users = [];
  }
  ids.sort((a, b) => (order === "desc" ? b - a : a - b));
  const page = ids.slice((p.currentPage - 1) * p.pageSize, p.currentPage * p.pageSize);
  const byId = new Map(users.map((u) => [u.id, u]));
  const rows = page.every((id) => byId.has(id)) ? page.map((id) => byId.get(id)!) : await usersByIds(tenantId, page);
  return okList(await rowsOf(tenantId, rows), pageParams(p, ids.length));
}

async function branchCodeOf(caller: Caller, branchId: number): Promise<string> {
  const b = await getBranch(caller.tenantId, branchId);
  if (!b || !b.orgCode) throw new DomainError("分公司不存在", "404");
  if (!seesWholeTenant(caller) && caller.branchId !== branchId && !caller.deptCodes.some((d) => d.startsWith(b.orgCode!) || b.orgCode!.startsWith(d)))
    throw new DomainError(USER_REFUSALS.branchOutside, "403");
  return b.orgCode;
}

/** Whether the caller sees this user (a department of theirs lies in the caller's data scope; under "only self", the caller themself). */
function assertVisible(caller: Caller, u: UserItem): void {
  if (!visibleIn(caller, wholeTenant(reachPrefixes(caller)) ? null : reachPrefixes(caller), u)) throw new DomainError(USER_REFUSALS.outside, "403");
}

export async function viewUser(caller: Caller, id: number, branchId?: number): Promise<UserRow> {
  const u = await getUser(caller.tenantId, id);
  if (!u) throw new DomainError(USER_MSG.notFound, "404");
  assertVisible(caller, u);
  if (branchId !== undefined) {
    const code = await branchCodeOf(caller, branchId);
    if (!(u.deptCodes ?? []).some((c) => c.startsWith(code))) throw new DomainError(USER_REFUSALS.branchOutside, "403");
  }
  return (await rowsOf(caller.tenantId, [u]))[0]!;
}

/** R381: the user a mobile already belongs to, for the form to switch to editing it (null when none). */
export async function userByMobile(caller: Caller, mobile: string, branchId?: number): Promise<UserRow | null> {
  const { data } = await UserLogin.get({ tenantId: caller.tenantId, login: mobile.trim() }).go();
  if (!data) return null;
  return viewUser(caller, data.userId, branchId);
}

// ---------------------------------------------------------------- tallies and the index

async function tally(tenantId: string, name: "all" | "super"): Promise<number> {
  const { data } = await UserTally.get({ tenantId, name }).go();
  return Math.max(0, data?.n ?? 0);
}

const tallyAdd = (tenantId: string, name: "all" | "super", n: number): TxItem => txUpdate(UserTally.update({ tenantId, name }).add({ n }));

/** Lowers the super-administrator count, refusing the transaction when it would reach zero. */
const superDown = (tenantId: string): TxItem =>
  txUpdate(
    UserTally.update({ tenantId, name: "super" })
      .add({ n: -1 })
      .where((a, { gt }) => gt(a.n, 1)),
    USER_REFUSALS.lastSuper,
  );

const indexed = new Set<string>();
/** As in a container started afresh: the tenant's index is checked again on its next users call (tests). */
export const forgetUserIndex = (tenantId: string): boolean => indexed.delete(tenantId);

/**
 * Users written before the search keys, department items and tallies existed (the provisioned
 * administrator of an older database) are indexed once per tenant: the "all" tally marks it done.
 * Then the keys added later (a mobile's digits) are backfilled, a chunk per users call.
 */
export async function ensureUserIndex(tenantId: string): Promise<void> {
  if (indexed.has(tenantId)) return;
  await ensureBase(tenantId);
  // Keys added since (the mobile's digit keys) are written a bounded chunk per call until done.
  if ((await backfillUserKeys(tenantId)).done) indexed.add(tenantId);
}

/** The resume point of the search-key backfill (UserTally `n`: the last user id done; -1 when done). */
const KEYS_MARK = "keys#v2";
const KEYS_DONE = -1;
/** Users a backfill call indexes at most: one request's bounded share. */
export const KEYS_CHUNK = 100;

/**
 * Writes the search keys of users saved before the mobile's digit keys existed (docs/decisions.md
 * "Sign-in security", staff search by a partial mobile): up to `chunk` users per call in id order
 * from the mark, every key of each (puts: writing a key again changes nothing), then the mark moves
 * on — conditionally, so two containers running the same chunk do not step back. Idempotent and
 * resumable; `done` once the last user is passed. A user saved meanwhile writes its own keys.
 */
export async function backfillUserKeys(tenantId: string, chunk = KEYS_CHUNK): Promise<{ done: boolean; indexed: number }> {
  const { data: mark } = await UserTally.get({ tenantId, name: KEYS_MARK }).go();
  const from = mark?.n ?? 0;
  if (from === KEYS_DONE) return { done: true, indexed: 0 };
  const { data: users } = await User.query.byId({ tenantId }).gt({ id: from }).go({ limit: chunk, count: chunk, order: "asc" });
  const keys = users.flatMap((u) => termItems(u));
  // Batch writes of 25, a few at a time: a chunk is a handful of round trips.
  if (keys.length) await UserTerm.put(keys).go({ concurrent: 4 });
  const next = users.length < chunk ? KEYS_DONE : users[users.length - 1]!.id;
  await UserTally.update({ tenantId, name: KEYS_MARK })
    .set({ n: next })
    .where((a, { eq, notExists }) => (mark ? eq(a.n, from) : notExists(a.n)))
    .go()
    .catch((e) => {
      if (!isConditionalFailure(e)) throw e;
    });
  return { done: next === KEYS_DONE, indexed: users.length };
}

async function ensureBase(tenantId: string): Promise<void> {
  const { data } = await UserTally.get({ tenantId, name: "all" }).go();
  if (!data) {
    const [{ data: users }, roles] = await Promise.all([User.query.byId({ tenantId }).go({ pages: "all" }), readRoles(tenantId)]);
    const superIds = superRoleIds(roles);
    const items = users.flatMap((u) => [...termItems(u).map((t) => UserTerm.put(t)), ...deptItems(u).map((d) => UserDept.put(d))]);
    for (const put of items) await put.go();
    const supers = users.filter((u) => isSuperUser(u, superIds)).length;
    await UserTally.put({ tenantId, name: "super", n: supers }).go();
    await UserTally.create({ tenantId, name: "all", n: users.length })
      .go()
      .catch(() => undefined);
  }
}

const superRoleIds = (roles: ReadonlyMap<number, RoleItem>): Set<number> => new Set([...roles.values()].filter((r) => r.code === SUPER_CODE).map((r) => r.id));
const isSuperUser = (u: Pick<UserItem, "roleIds" | "status">, superIds: ReadonlySet<number>): boolean => (u.status ?? 1) === 1 && (u.roleIds ?? []).some((id) => superIds.has(id));

const termItems = (u: UserItem) =>
  userTerms({ realname: u.realname ?? "", mobile: u.mobile ?? "" }).map((term) => ({ tenantId: u.tenantId, term, userId: u.id, nameKey: nameKeyOf(u.realname ?? "") }));
const deptItems = (u: UserItem) => [...new Set(u.deptCodes?.length ? u.deptCodes : [""])].map((deptCode) => ({ tenantId: u.tenantId, deptCode, userId: u.id }));
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
function userWrites(before: UserItem | null, after: UserItem | null, superIds: ReadonlySet<number>): TxItem[] {
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

// ---------------------------------------------------------------- writing

/** Why the holder may not touch this user: outside their departments, holding rights they lack, or a super-administrator. */
function reachRefusal(caller: Caller, holder: Holder, roles: ReadonlyMap<number, RoleItem>, target: UserItem): string | null {
  const superIds = superRoleIds(roles);
  if ((target.roleIds ?? []).some((id) => superIds.has(id)) && !holder.isSuper) return USER_REFUSALS.superOnly;
  if (holder.isSuper) return null;
  const codes = target.deptCodes?.length ? target.deptCodes : [""];
  if (!codes.every((c) => inReach(caller, c)) || !ownedBy(caller, target)) return USER_REFUSALS.outside;
  for (const id of target.roleIds ?? []) {
    const r = roles.get(id);
    if (r && roleRefusal(holder, r)) return USER_REFUSALS.outside;
  }
  return null;
}

type SaveInput = (UserInput & { branchId?: undefined }) | BranchUserInput;

/**
 * The user form (users/m/save, users/bmgr/save): a new user (password required, R376) or an edit
 * (mobile locked, R379; blank password unchanged, R377). Roles must exist, be the branch's (merchant
 * users) and be ones the caller may hand on; departments must exist and lie in the caller's (and
 * the branch's). Returns the saved row; the user's sessions end when their access changed.
 */
export async function saveUser(caller: Caller, input: SaveInput): Promise<UserRow> {
  const { tenantId } = caller;
  await ensureUserIndex(tenantId);
  const roles = await readRoles(tenantId);
  const holder = holderOf(caller, roles);
  const superIds = superRoleIds(roles);
  const branchCode = input.branchId !== undefined ? await branchCodeOf(caller, input.branchId) : undefined;

  const before = input.id ? await getUser(tenantId, input.id) : null;
  if (input.id && !before) throw new DomainError(USER_MSG.notFound, "404");
  if (before) {
    if ((before.mobile ?? "") !== input.mobile) throw new DomainError(USER_MSG.mobileLocked, "400");
    const refusal = reachRefusal(caller, holder, roles, before);
    if (refusal) throw new DomainError(refusal, "403");
    if (branchCode !== undefined && !(before.deptCodes ?? []).some((c) => c.startsWith(branchCode))) throw new DomainError(USER_REFUSALS.branchOutside, "403");
  }

  for (const id of input.roleid) {
    const r = roles.get(id);
    if (!r) throw new DomainError(USER_REFUSALS.roleUnknown, "400");
    if (branchCode !== undefined && (r.code === SUPER_CODE || ((r.branchId ?? 0) !== 0 && r.branchId !== input.branchId)))
      throw new DomainError(USER_REFUSALS.roleOtherBranch, "400");
    // Every role is checked, kept ones too: reach already required the caller to hold the user's present rights.
    const refusal = roleRefusal(holder, r);
    if (refusal) throw new DomainError(refusal, "403");
  }

  const deptCodes = input.deptid;
  if (branchCode !== undefined) {
    if (deptCodes.length === 0) throw new DomainError(USER_REFUSALS.deptMissing, "400");
    if (!deptCodes.every((c) => c.startsWith(branchCode))) throw new DomainError(USER_REFUSALS.deptOutside, "403");
  }
  if (deptCodes.length === 0 && !inReach(caller, "")) throw new DomainError(USER_REFUSALS.deptMissing, "400");
  if (!deptCodes.every((c) => inReach(caller, c))) throw new DomainError(USER_REFUSALS.deptOutside, "403");
  const known = await departments(tenantId, deptCodes);
  if (!deptCodes.every((c) => known.has(c))) throw new DomainError(USER_REFUSALS.deptUnknown, "400");

  if (input.password) await checkNewPassword(input.password, { mobile: input.mobile });
  const username = input.username || before?.username || input.mobile;
  const item: UserItem = {
    tenantId,
    id: before?.id ?? (await nextId(tenantId, "user")),
    username,
    mobile: input.mobile,
    realname: input.realname,
    passwordHash: input.password ? await hashPassword(input.password) : before!.passwordHash,
    deptCodes: deptCodes.length ? deptCodes : [""],
    roleIds: input.roleid,
    branchId: input.branchId ?? (deptCodes.length ? (known.get(deptCodes[0]!)?.branchId ?? 0) : 0),
    managelevel: managelevelOf(deptCodes),
    status: input.displayornot,
    createTime: before?.createTime ?? formatDateTime(),
    sex: input.sex,
    idcard: input.idcard,
    address: input.address,
    picture: input.picture,
    email: input.email,
    isSuper: 0,
    rev: (before?.rev ?? 0) + 1,
  };
  item.isSuper = isSuperUser(item, superIds) ? 1 : 0;

  const access = (u: UserItem | null) => (u ? { roleIds: u.roleIds ?? [], deptCodes: u.deptCodes ?? [], status: u.status ?? 1 } : null);
  const accessChanged = !before || JSON.stringify(access(before)) !== JSON.stringify(access(item));
  const writes = userWrites(before, item, superIds);
  if (accessChanged) writes.push(await accessChangeItem(caller, "user", item.id, access(before), access(item)));
  await transact(writes);
  if (before && (accessChanged || input.password || before.username !== item.username)) await endSessionsOf(tenantId, item.id);
  return (await rowsOf(tenantId, [item], roles))[0]!;
}

/**
 * Deletes users (mgr/delete, bmgr/delete): every one must be within the caller's reach (and the
 * branch) before any is deleted; never the caller; never the last super-administrator. Each user's
 * sessions end with it. Returns the ids deleted.
 */
export async function deleteUsers(caller: Caller, ids: number[], branchId?: number): Promise<number[]> {
  const { tenantId } = caller;
  await ensureUserIndex(tenantId);
  const roles = await readRoles(tenantId);
  const holder = holderOf(caller, roles);
  const superIds = superRoleIds(roles);
  const branchCode = branchId !== undefined ? await branchCodeOf(caller, branchId) : undefined;
  const users = await usersByIds(tenantId, ids);
  if (users.length === 0) throw nothingDeleted();
  for (const u of users) {
    if (u.id === caller.userId) throw new DomainError(USER_REFUSALS.self, "400");
    const refusal = reachRefusal(caller, holder, roles, u);
    if (refusal) throw new DomainError(refusal, "403");
    if (branchCode !== undefined && !(u.deptCodes ?? []).some((c) => c.startsWith(branchCode))) throw new DomainError(USER_REFUSALS.branchOutside, "403");
  }
  const done: number[] = [];
  for (const u of users) {
    await transact([...userWrites(u, null, superIds), await accessChangeItem(caller, "userDelete", u.id, { roleIds: u.roleIds, deptCodes: u.deptCodes, status: u.status }, null)]);
    await endSessionsOf(tenantId, u.id);
    done.push(u.id);
  }
  return done;
}

/**
 * An administrator's reset of a user's lost authenticator (users/totp/reset): the user must be
 * within the caller's reach as for an edit (departments, rights held, a super-administrator only by
 * one), and not the caller — their own goes through disable with a code, so a borrowed session
 * cannot drop the second factor. The user's sessions end, since one may be on the lost device. The
 * wrong-code lock goes too: a user locked out of the code step by a lost device would otherwise meet
 * the lock again at the enrolment a role requires, for up to 15 minutes after the reset.
 */
export async function resetUserTwoFactor(caller: Caller, id: number): Promise<number> {
  const { tenantId } = caller;
  if (id === caller.userId) throw new DomainError(USER_REFUSALS.resetSelf, "400");
  const u = await getUser(tenantId, id);
  if (!u) throw new DomainError(USER_MSG.notFound, "404");
  const roles = await readRoles(tenantId);
  const refusal = reachRefusal(caller, holderOf(caller, roles), roles, u);
  if (refusal) throw new DomainError(refusal, "403");
  if (!(await forgetTwoFactor(tenantId, id))) throw new DomainError(USER_REFUSALS.notOn, "400");
  await SignInGuard.delete({ tenantId, subject: codeSubject(id) }).go({ response: "none" });
  await endSessionsOf(tenantId, id);
  return id;
}

export type NewUser = {
  username: string;
  password: string;
  mobile?: string;
  realname?: string;
  deptCodes?: string[];
  roleIds?: number[];
  branchId?: number;
  managelevel?: number;
  /** A hash made once and shared (seeds and tests that create many users); the password is then not checked nor hashed. */
  passwordHash?: string;
};

/**
 * Creates a staff user outside a request (provisioning, seeds, tests): the same items and tallies as
 * the form writes, with the password policy of a changed one (auth/passwordPolicy.ts).
 */
export async function insertUser(tenantId: string, u: NewUser): Promise<UserItem> {
  if (!u.passwordHash) await checkNewPassword(u.password, { mobile: u.mobile });
  await ensureUserIndex(tenantId);
  const roles = await readRoles(tenantId);
  const id = await nextId(tenantId, "user");
  const item: UserItem = {
    tenantId,
    id,
    username: u.username.trim(),
    mobile: u.mobile?.trim() ?? "",
    realname: u.realname ?? "",
    passwordHash: u.passwordHash ?? (await hashPassword(u.password)),
    deptCodes: u.deptCodes ?? [],
    roleIds: u.roleIds ?? [],
    branchId: u.branchId ?? 0,
    managelevel: u.managelevel ?? 1,
    status: 1,
    createTime: formatDateTime(),
    sex: "",
    idcard: "",
    address: "",
    picture: "",
    email: "",
    isSuper: 0,
    rev: 1,
  };
  const superIds = superRoleIds(roles);
  item.isSuper = isSuperUser(item, superIds) ? 1 : 0;
  await transact(userWrites(null, item, superIds));
  return item;
}

/** How many enabled super-administrators the tenant's tally counts (tests compare it with the users). */
export const superAdminCount = async (tenantId: string): Promise<number> => {
  await ensureUserIndex(tenantId);
  return tally(tenantId, "super");
};
