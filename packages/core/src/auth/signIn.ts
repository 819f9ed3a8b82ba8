import { verifyPassword, needsRehash, hashPassword } from "./passwords.ts";
import { randomUUID } from "node:crypto";
import { takeAttempt, clearAttempts, locksOnFailure, isLocked, accountSubject, nameSubject, codeSubject } from "./lockout.ts";
import { takeAddressPlace, giveBackAddressPlace } from "./addressLimit.ts";
import { openSession, sessionOfToken, consumeSession, ABSOLUTE_MS, type LoginReply, type Origin, type TokenReply, type TwoFactorChallenge } from "./sessions.ts";
import { readToken, signToken } from "./tokens.ts";
import { finishEnrolment, readTwoFactor, secondStep, startEnrolment, useCode, TOTP_MSG } from "./twoFactor.ts";
import { recordEvent, type Actor } from "./oplog.ts";
import { recordLogin } from "./loginLog.ts";
import type { LoginInput } from "./schemas.ts";
import { User, type UserItem } from "../users/entities.ts";
import { findUserByLogin, getUser, loginKey } from "../users/read.ts";
import { getTenant } from "../platform/tenants.ts";
import { DomainError } from "../kernel/errors.ts";
import { nowMs } from "../kernel/clock.ts";
import { errorText, logLine } from "../kernel/log.ts";

export const MSG = {
  badClient: "客户端认证失败",
  tenantOff: "该平台已停用",
  badLogin: "用户名或密码错误",
  locked: "登录失败次数过多，账号已锁定，请15分钟后再试",
  addressLimited: "登录失败次数过多，请15分钟后再试",
  userOff: "该账号已停用",
  needCredentials: "请输入用户名和密码",
  reLoginFailed: "无法重置帐号信息，请退出重新登录。",
  challengeOver: "验证已过期，请重新登录",
} as const;

/** How long the password step's challenge lets the code be typed. */
export const CHALLENGE_SECONDS = 300;
const CHALLENGE_PREFIX = "2fa:";

const LOGIN_ROUTE = "/gateway/oauth/login";

export type { Origin } from "./sessions.ts";

async function checkClient(clientId: string, clientSecret: string) {
  const tenant = await getTenant(clientId);
  if (!tenant || tenant.clientSecret !== clientSecret) throw new DomainError(MSG.badClient, "401");
  if (tenant.idisplay !== 1 || tenant.deleting === 1) throw new DomainError(MSG.tenantOff, "403");
  return tenant;
}

export async function login(input: LoginInput, from: Origin = { ip: "" }): Promise<LoginReply> {
  const tenant = await checkClient(input.client_id, input.client_secret);
  if (input.grant_type === "reLogin") return reLogin(tenant.clientId, input.access_token ?? "", input.scope, from);
  if (input.grant_type === "totp") return secondFactor(tenant.clientId, input.challenge ?? "", input.code ?? "", input.scope, from);
  if (!input.username || !input.password) throw new DomainError(MSG.needCredentials, "400");
  return signIn(tenant.clientId, input.username, input.password, input.scope, from);
}

/**
 * The password grant. Known and unknown names take the same steps and get the same answers:
 * both are counted and locked (an unknown name by the name), both cost one scrypt (a dummy hash
 * for unknown names), both answer 用户名或密码错误, then the lock message after five failures.
 * Whether an account is disabled is said only to someone who gave its password.
 */
async function signIn(tenantId: string, name: string, password: string, scope: string, from: Origin): Promise<LoginReply> {
  const user = await findUserByLogin(tenantId, name);
  const actor: Actor = user
    ? { tenantId, userId: user.id, username: user.username, realname: user.realname ?? "", deptCodes: user.deptCodes ?? [] }
    : { tenantId, userId: 0, username: name.trim() };
  const address = await takeAddressPlace(from.ip);
  if (!address.ok) {
    // Not logged one by one: refusing costs nothing, so an address past its limit could flood the
    // log. The failure that filled the window was logged (below); this goes to the error log only.
    logLine("warn", { msg: "sign-in refused: address limit", tenantId, ip: from.ip });
    throw new DomainError(MSG.addressLimited, "429");
  }
  /** Logs a failed attempt (and, when it filled its address's window, that lock too) and gives the answer. */
  const failed = async (desc: string, code: string, detail: string, event: "signInFailed" | "lockout" = "signInFailed") => {
    await Promise.all([
      recordEvent(actor, event, { route: LOGIN_ROUTE, ip: from.ip, detail }),
      recordLogin({ ...actor, ip: from.ip, agent: from.agent, result: "fail", reason: detail }),
    ]);
    if (address.fills) await recordEvent(actor, "lockout", { route: LOGIN_ROUTE, ip: from.ip, detail: "该地址15分钟内登录失败30次" });
    return new DomainError(desc, code);
  };
  const attempt = await takeAttempt(tenantId, user ? accountSubject(user.id) : nameSubject(loginKey(name)));
  if (!attempt) throw await failed(MSG.locked, "423", "账号已锁定");

  // An unknown name is checked against a dummy hash: the same work, always wrong.
  const right = await verifyPassword(password, user?.passwordHash ?? "");
  if (!right || !user) {
    if (locksOnFailure(attempt)) throw await failed(MSG.locked, "423", "连续5次密码错误，锁定15分钟", "lockout");
    throw await failed(MSG.badLogin, "401", user ? "密码错误" : "用户不存在");
  }
  // Others may have filled the run while this password was being checked: then the account is locked.
  if (!(await clearAttempts(attempt))) throw await failed(MSG.locked, "423", "账号已锁定");
  await giveBackAddressPlace(address.place);
  if (user.status !== 1) throw await failed(MSG.userOff, "403", "账号已停用");

  await upgradeHash(user, password);
  // A second factor due: no session yet, a challenge to answer with the code (secondFactor below).
  const need = await secondStep(user);
  if (need !== "none") return challenge(user, need);
  const [reply] = await Promise.all([
    openSession(user, scope, nowMs(), from),
    recordEvent(actor, "signIn", { route: LOGIN_ROUTE, ip: from.ip }),
    recordLogin({ ...actor, ip: from.ip, agent: from.agent, result: "ok" }),
  ]);
  return user.mustChangePassword === 1 ? { ...reply, mustChangePassword: 1 } : reply;
}

/**
 * A hash made at an older cost is written again at today's, now that the password is known.
 * Conditional on the stored hash, so a password changed meanwhile is never overwritten; a
 * failure only postpones the upgrade to the next sign-in.
 */
async function upgradeHash(user: UserItem, password: string): Promise<void> {
  if (!needsRehash(user.passwordHash)) return;
  try {
    const passwordHash = await hashPassword(password);
    await User.patch({ tenantId: user.tenantId, id: user.id })
      .set({ passwordHash })
      .where(({ passwordHash: h }, { eq }) => eq(h, user.passwordHash))
      .go({ response: "none" });
  } catch (e) {
    logLine("warn", { msg: "password hash not upgraded", tenantId: user.tenantId, userId: user.id, error: errorText(e) });
  }
}

/**
 * Swaps a live session for a fresh one that picks up the user's current roles and departments.
 * The new session keeps the old one's start, so the 7-day limit cannot be stretched; a locked,
 * disabled or deleted account gets no new session.
 */
async function reLogin(tenantId: string, token: string, scope: string, from: Origin): Promise<TokenReply> {
  const refuse = () => new DomainError(MSG.reLoginFailed, "401");
  const session = await sessionOfToken(token, tenantId);
  if (!session) throw refuse();
  // Consumed before anything else: only the call whose conditional delete removed it goes on.
  if (!(await consumeSession(tenantId, session.userId, session.sessionId))) throw refuse();
  const user = await getUser(tenantId, session.userId);
  if (!user || user.status !== 1) throw refuse();
  if (await isLocked(tenantId, accountSubject(user.id))) throw refuse();
  const startedAt = session.startedAt ?? 0;
  if (nowMs() - startedAt >= ABSOLUTE_MS) throw refuse();
  const reply = await openSession(user, scope, startedAt, from);
  return user.mustChangePassword === 1 ? { ...reply, mustChangePassword: 1 } : reply;
}

/** The password step's answer when a code is due: a signed challenge naming the user (not a session: `sid` names none). */
async function challenge(user: UserItem, need: "verify" | "enrol"): Promise<TwoFactorChallenge> {
  const token = await signToken({ tid: user.tenantId, uid: user.id, sid: `${CHALLENGE_PREFIX}${randomUUID()}` }, CHALLENGE_SECONDS);
  const out: TwoFactorChallenge = { twoFactor: need, challenge: token, expires_in: CHALLENGE_SECONDS };
  return need === "enrol" ? { ...out, ...(await startEnrolment(user)) } : out;
}

/**
 * The totp grant: the challenge of a right password, and a code. Wrong codes are counted before the
 * code is checked, like passwords (five per 15 minutes, then the lock message), on a run only a right
 * code clears. A user enrolling at sign-in (a role requires it) gets the recovery codes with the token.
 */
async function secondFactor(tenantId: string, token: string, code: string, scope: string, from: Origin): Promise<TokenReply> {
  const claims = token ? await readToken(token) : null;
  if (!claims || claims.tid !== tenantId || !claims.sid.startsWith(CHALLENGE_PREFIX)) throw new DomainError(MSG.challengeOver, "401");
  if (!code.trim()) throw new DomainError(TOTP_MSG.codeMissing, "400");
  const user = await getUser(tenantId, claims.uid);
  if (!user || user.status !== 1) throw new DomainError(MSG.challengeOver, "401");
  const actor: Actor = { tenantId, userId: user.id, username: user.username, realname: user.realname ?? "", deptCodes: user.deptCodes ?? [] };
  const failed = async (desc: string, code: string, detail: string, event: "signInFailed" | "lockout" = "signInFailed") => {
    await Promise.all([
      recordEvent(actor, event, { route: LOGIN_ROUTE, ip: from.ip, detail }),
      recordLogin({ ...actor, ip: from.ip, agent: from.agent, result: "fail", reason: detail }),
    ]);
    return new DomainError(desc, code);
  };
  const attempt = await takeAttempt(tenantId, codeSubject(user.id));
  if (!attempt) throw await failed(MSG.locked, "423", "验证码错误次数过多，已锁定");
  const tf = await readTwoFactor(tenantId, user.id);
  let recoveryCodes: string[] | undefined;
  let right: boolean;
  if (tf?.enabled === 1) right = await useCode(tf, code);
  else {
    try {
      recoveryCodes = await finishEnrolment(tenantId, user.id, code);
      right = true;
    } catch (e) {
      if (!(e instanceof DomainError) || e.desc !== TOTP_MSG.codeWrong) throw e;
      right = false;
    }
  }
  if (!right) {
    if (locksOnFailure(attempt)) throw await failed(MSG.locked, "423", "连续5次验证码错误，锁定15分钟", "lockout");
    throw await failed(TOTP_MSG.codeWrong, "401", "验证码错误");
  }
  await clearAttempts(attempt);
  const [reply] = await Promise.all([
    openSession(user, scope, nowMs(), from),
    recordEvent(actor, "signIn", { route: LOGIN_ROUTE, ip: from.ip, detail: "两步验证" }),
    recordLogin({ ...actor, ip: from.ip, agent: from.agent, result: "ok", reason: "" }),
  ]);
  const out: TokenReply = user.mustChangePassword === 1 ? { ...reply, mustChangePassword: 1 } : reply;
  return recoveryCodes ? { ...out, recoveryCodes } : out;
}
