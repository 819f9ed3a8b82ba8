import { User, UserDept, UserLogin, UserTerm, type RoleItem, type UserItem } from "./entities.ts";
import { getUser } from "./read.ts";
import { SUPER_CODE, managelevelOf, planUserKeyword } from "./rules.ts";
import { USER_MSG, type BranchUserInput, type UserInput } from "./schemas.ts";
import { accessChangeItem, holderOf, readRoles, roleRefusal, type Holder } from "./roles.ts";
import { hashPassword } from "../auth/passwords.ts";
import { checkNewPassword } from "../auth/passwordPolicy.ts";
import { endSessionsOf } from "../auth/sessions.ts";
import { forgetTwoFactor } from "../auth/twoFactor.ts";
import { SignInGuard } from "../auth/entities.ts";
import { codeSubject } from "../auth/lockout.ts";
import { getBranch } from "../org/branches.ts";
import { mapLimit } from "../kernel/batch.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, nothingDeleted } from "../kernel/errors.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";
import { readPage, type PageRun } from "../kernel/list.ts";
import { transact } from "../kernel/tx.ts";
import { seesWholeTenant, type Caller } from "../kernel/context.ts";
import { inReach, reachOf, reachPrefixes, wholeTenant, withinPrefixes, type Prefixes } from "../kernel/dataScope.ts";
import { USER_REFUSALS, isSuperUser, superRoleIds, tally, userWrites } from "./userWrites.ts";
import { ensureUserIndex } from "./userIndex.ts";
import { departments, rowsOf, usersByIds, type UserRow } from "./userRows.ts";

/**
 * Staff and merchant users (R371–R388): the lists, the shared user form, deletion, and the rules
 * around them — a caller edits only users inside their reach (departments inside theirs, rights
 * they hold, never a super-administrator unless they are one), grants only roles they could hand
 * on, and the tenant's last enabled super-administrator is never deleted, disabled or demoted.
 * A change of roles, departments, password or status, and a deletion, end the user's sessions.
 */
/** A keyword list reads at most this many matches (a one-character surname in a large tenant). */
const KEYWORD_CAP = 1000;
/** A department list reads at most this many users (a branch's staff). */
const DEPT_CAP = 10_000;

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
