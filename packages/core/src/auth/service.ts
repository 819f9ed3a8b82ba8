import { hashPassword, verifyPassword } from "./passwords.ts";
import { checkNewPassword } from "./passwordPolicy.ts";
import { endSession, endSessionsOf } from "./sessions.ts";
import { recordEvent } from "./oplog.ts";
import { User, Role } from "../users/entities.ts";
import { getUser } from "../users/read.ts";
import { DomainError, SessionError } from "../kernel/errors.ts";
import type { Caller } from "../kernel/context.ts";
import { reachOf } from "../kernel/dataScope.ts";

/**
 * The auth area's use cases. Sign-in lives in signIn.ts, sessions in sessions.ts, the log in
 * oplog.ts; they are re-exported here, where the transport has always found them.
 */
export { login, MSG, type Origin } from "./signIn.ts";
export { authenticate, resolveCaller, endSessionsOf, sweepSessions, type TokenReply } from "./sessions.ts";
export { MAX_FAILED_LOGINS, LOCK_MS } from "./lockout.ts";

export const OLD_PASSWORD_WRONG = "原密码不正确";

export async function logout(caller: Caller, from: { ip: string } = { ip: "" }): Promise<void> {
  await endSession(caller.tenantId, caller.userId, caller.sessionId);
  await recordEvent(caller, "signOut", { route: "/gateway/oauth/logout", ip: from.ip });
}

/** A new password ends every session of the user, this one included: they sign in again with it. */
export async function changeOwnPassword(caller: Caller, oldPassword: string, newPassword: string): Promise<void> {
  const user = await getUser(caller.tenantId, caller.userId);
  if (!user) throw new SessionError();
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new DomainError(OLD_PASSWORD_WRONG, "400");
  await checkNewPassword(newPassword, { mobile: user.mobile });
  await User.patch({ tenantId: caller.tenantId, id: caller.userId })
    .set({ passwordHash: await hashPassword(newPassword), mustChangePassword: 0 })
    .go();
  await endSessionsOf(caller.tenantId, caller.userId);
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
  /** 1 while the password was set by someone else (a new tenant's administrator): the console opens the change-password dialog. */
  mustChangePassword: 0 | 1;
  /**
   * The departments the caller's data scope reaches (kernel/dataScope.ts): [""] is the whole tenant.
   * With `reachExact` 1 (仅本部门 / 仅本人) only these codes themselves, else each and everything below.
   * The console's store filters offer exactly these (ours, docs/decisions.md "Data scope").
   */
  reachCodes: string[];
  reachExact: 0 | 1;
  /** The official-account openid the user bound (weixinservice/oaBinding; the binding page shows it), "" when unbound. */
  oaOpenId: string;
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
    mustChangePassword: user.mustChangePassword === 1 ? 1 : 0,
    reachCodes: reachOf(caller).codes,
    reachExact: reachOf(caller).exact ? 1 : 0,
    oaOpenId: user.oaOpenId ?? "",
  };
}
