import { randomUUID } from "node:crypto";
import { Session, OpLog } from "./entities.ts";
import { signToken, readToken, TOKEN_TTL_SECONDS } from "./tokens.ts";
import { verifyPassword, hashPassword, isStrongPassword, PASSWORD_RULE } from "./passwords.ts";
import { rightsOf } from "./rolesCache.ts";
import type { LoginInput } from "./schemas.ts";
import { User, Role, type UserItem } from "../users/entities.ts";
import { findUserByLogin, getUser } from "../users/service.ts";
import { getTenant } from "../platform/tenants.ts";
import { DomainError, SessionError } from "../kernel/errors.ts";
import { formatDate, formatDateTime, nowMs } from "../kernel/clock.ts";
import type { Caller } from "../kernel/context.ts";

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60 * 1000;

export const MSG = {
  badClient: "客户端认证失败",
  tenantOff: "该平台已停用",
  badLogin: "用户名或密码错误",
  locked: "登录失败次数过多，账号已锁定，请15分钟后再试",
  userOff: "该账号已停用",
  needCredentials: "请输入用户名和密码",
  reLoginFailed: "无法重置帐号信息，请退出重新登录。",
  oldPasswordWrong: "原密码不正确",
} as const;

export type TokenReply = { access_token: string; token_type: "bearer"; expires_in: number; scope: string };

async function checkClient(clientId: string, clientSecret: string) {
  const tenant = await getTenant(clientId);
  if (!tenant || tenant.clientSecret !== clientSecret) throw new DomainError(MSG.badClient, "401");
  if (tenant.idisplay !== 1) throw new DomainError(MSG.tenantOff, "403");
  return tenant;
}

async function openSession(user: UserItem, scope: string): Promise<TokenReply> {
  const sessionId = randomUUID();
  const expiresAtMs = nowMs() + TOKEN_TTL_SECONDS * 1000;
  await Session.create({
    tenantId: user.tenantId,
    userId: user.id,
    sessionId,
    username: user.username,
    realname: user.realname ?? "",
    deptCodes: user.deptCodes ?? [],
    roleIds: user.roleIds ?? [],
    branchId: user.branchId ?? 0,
    managelevel: user.managelevel ?? 1,
    createTime: formatDateTime(),
    expiresAt: Math.floor(expiresAtMs / 1000),
    expiresDay: formatDate(expiresAtMs),
  }).go();
  const access_token = await signToken({
    tid: user.tenantId,
    uid: user.id,
    sid: sessionId,
    un: user.username,
    rn: user.realname ?? "",
    dc: user.deptCodes ?? [],
    ri: user.roleIds ?? [],
    bi: user.branchId ?? 0,
    ml: user.managelevel ?? 1,
  });
  return { access_token, token_type: "bearer", expires_in: TOKEN_TTL_SECONDS, scope };
}

/** Counts a failed password; the fifth in a row locks the account for LOCK_MS. */
async function recordFailure(user: UserItem): Promise<never> {
  const { data } = await User.patch({ tenantId: user.tenantId, id: user.id }).add({ failedLogins: 1 }).go({ response: "all_new" });
  if ((data.failedLogins ?? 0) >= MAX_FAILED_LOGINS) {
    await User.patch({ tenantId: user.tenantId, id: user.id }).set({ failedLogins: 0, lockedUntil: nowMs() + LOCK_MS }).go();
    throw new DomainError(MSG.locked, "423");
  }
  throw new DomainError(MSG.badLogin, "401");
}

export async function login(input: LoginInput): Promise<TokenReply> {
  const tenant = await checkClient(input.client_id, input.client_secret);
  if (input.grant_type === "reLogin") return reLogin(tenant.clientId, input.access_token ?? "", input.scope);
  if (!input.username || !input.password) throw new DomainError(MSG.needCredentials, "400");
  const user = await findUserByLogin(tenant.clientId, input.username);
  if (!user) throw new DomainError(MSG.badLogin, "401");
  if ((user.lockedUntil ?? 0) > nowMs()) throw new DomainError(MSG.locked, "423");
  if (user.status !== 1) throw new DomainError(MSG.userOff, "403");
  if (!(await verifyPassword(input.password, user.passwordHash))) return recordFailure(user);
  if (user.failedLogins || user.lockedUntil) {
    await User.patch({ tenantId: user.tenantId, id: user.id }).set({ failedLogins: 0, lockedUntil: 0 }).go();
  }
  return openSession(user, input.scope);
}

/** Swaps a valid session for a fresh one that picks up the user's current roles and departments. */
async function reLogin(tenantId: string, token: string, scope: string): Promise<TokenReply> {
  const claims = await readToken(token);
  if (!claims || claims.tid !== tenantId) throw new DomainError(MSG.reLoginFailed, "401");
  const { data: session } = await Session.get({ tenantId, userId: claims.uid, sessionId: claims.sid }).go();
  const user = session ? await getUser(tenantId, claims.uid) : null;
  if (!session || !user || user.status !== 1) throw new DomainError(MSG.reLoginFailed, "401");
  await Session.delete({ tenantId, userId: claims.uid, sessionId: claims.sid }).go();
  return openSession(user, scope);
}

/** Reads the session item: alive unless logged out, ended by a password change, or expired. */
async function liveSession(tenantId: string, userId: number, sessionId: string) {
  const { data: s } = await Session.get({ tenantId, userId, sessionId }).go();
  if (!s || s.expiresAt * 1000 < nowMs()) throw new SessionError();
  return s;
}

/** Only whether the session item is there and unexpired: one small projected read. */
async function sessionAlive(tenantId: string, userId: number, sessionId: string): Promise<void> {
  const { data } = await Session.get({ tenantId, userId, sessionId }).go({ attributes: ["expiresAt"] });
  if (!data || data.expiresAt * 1000 < nowMs()) throw new SessionError();
}

/**
 * The caller behind a bearer token, without waiting for the session item: the token's signed
 * claims say who it is, and `alive` settles when the session item has been read (rejecting with
 * SessionError when it is gone). Reads may run alongside `alive`; writes must await it first.
 */
export async function authenticate(authorization: string | undefined): Promise<{ caller: Caller; alive: Promise<void> }> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const claims = token ? await readToken(token) : null;
  if (!claims) throw new SessionError();
  if (!claims.dc || !claims.ri || claims.un === undefined) {
    // A token without the user's claims: read the session first (tokens signed before the claims existed).
    const caller = await resolveCaller(authorization);
    return { caller, alive: Promise.resolve() };
  }
  const alive = sessionAlive(claims.tid, claims.uid, claims.sid);
  alive.catch(() => undefined); // awaited by the transport; never an unhandled rejection
  const caller: Caller = {
    tenantId: claims.tid,
    userId: claims.uid,
    username: claims.un,
    realname: claims.rn ?? "",
    deptCodes: claims.dc,
    roleIds: claims.ri,
    branchId: claims.bi ?? 0,
    managelevel: claims.ml ?? 1,
    sessionId: claims.sid,
    rights: await rightsOf(claims.tid, claims.ri),
  };
  return { caller, alive };
}

/** The caller behind a bearer token, once its session item is known to be alive. */
export async function resolveCaller(authorization: string | undefined): Promise<Caller> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const claims = token ? await readToken(token) : null;
  if (!claims) throw new SessionError();
  const s = await liveSession(claims.tid, claims.uid, claims.sid);
  return {
    tenantId: s.tenantId,
    userId: s.userId,
    username: s.username,
    realname: s.realname ?? "",
    deptCodes: s.deptCodes ?? [],
    roleIds: s.roleIds ?? [],
    branchId: s.branchId ?? 0,
    managelevel: s.managelevel ?? 1,
    sessionId: s.sessionId,
    rights: await rightsOf(s.tenantId, s.roleIds ?? []),
  };
}

export async function logout(caller: Caller): Promise<void> {
  await Session.delete({ tenantId: caller.tenantId, userId: caller.userId, sessionId: caller.sessionId }).go();
}

/** Ends every session of a user (password change, account disabled). */
export async function endSessions(tenantId: string, userId: number): Promise<number> {
  const { data } = await Session.query.byUser({ tenantId, userId }).go({ pages: "all" });
  if (data.length) await Session.delete(data.map((s) => ({ tenantId, userId, sessionId: s.sessionId }))).go();
  return data.length;
}

export async function changeOwnPassword(caller: Caller, oldPassword: string, newPassword: string): Promise<void> {
  const user = await getUser(caller.tenantId, caller.userId);
  if (!user) throw new SessionError();
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new DomainError(MSG.oldPasswordWrong, "400");
  if (!isStrongPassword(newPassword)) throw new DomainError(PASSWORD_RULE, "400");
  await User.patch({ tenantId: caller.tenantId, id: caller.userId }).set({ passwordHash: await hashPassword(newPassword) }).go();
  await endSessions(caller.tenantId, caller.userId);
}

export type CurrentUser = {
  userId: number;
  username: string;
  realname: string;
  mobile: string;
  deptid: string;
  deptCodes: string[];
  roleid: string;
  roles: Array<{ id: number; name: string; code: string }>;
  branchid: number;
  managelevel: number;
};

export async function currentUser(caller: Caller): Promise<CurrentUser> {
  const user = await getUser(caller.tenantId, caller.userId);
  if (!user) throw new SessionError();
  const roleIds = user.roleIds ?? [];
  const { data: roles } = roleIds.length
    ? await Role.get(roleIds.map((id) => ({ tenantId: caller.tenantId, id }))).go()
    : { data: [] as Array<{ id: number; name: string; code?: string }> };
  return {
    userId: user.id,
    username: user.username,
    realname: user.realname ?? "",
    mobile: user.mobile ?? "",
    deptid: (user.deptCodes ?? []).join(","),
    deptCodes: user.deptCodes ?? [],
    roleid: roleIds.join(","),
    roles: roles.map((r) => ({ id: r.id, name: r.name, code: r.code ?? "" })),
    branchid: user.branchId ?? 0,
    managelevel: user.managelevel ?? 1,
  };
}

/** Deletes the sessions that expired on or before `day` (DynamoDB Local has no TTL sweeper). */
export async function sweepSessions(days: string[]): Promise<number> {
  let n = 0;
  for (const expiresDay of days) {
    const { data } = await Session.query.byExpiry({ expiresDay }).go({ pages: "all" });
    const gone = data.filter((s) => s.expiresAt * 1000 < nowMs());
    if (gone.length) await Session.delete(gone.map(({ tenantId, userId, sessionId }) => ({ tenantId, userId, sessionId }))).go();
    n += gone.length;
  }
  return n;
}

export { OpLog };
