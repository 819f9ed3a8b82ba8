import { SignJWT, jwtVerify } from "jose";
import { MobileUser, MobileUserKey } from "../users/entities.ts";
import { registerMobileUsers } from "../users/mobile.ts";
import { Tenant } from "../platform/entities.ts";
import { config, secrets } from "../kernel/config.ts";
import { nowMs } from "../kernel/clock.ts";
import { DomainError, SessionError } from "../kernel/errors.ts";
import { MEMBER_MSG, type MemberLoginInput } from "./schemas.ts";

/**
 * Mini-program members: a mobile user (users area) signed in through the mini-program. Member
 * routes (`memberRoute` in functions' http/define.ts) get a `Member`, never a staff `Caller`: a
 * member token is refused on every staff route and a staff token on every member route (the two
 * are signed for different audiences).
 *
 * There is no session item: every member request reads the mobile user itself (one GetItem beside
 * the tenant's), so disabling or deleting the user, or disabling the tenant, ends its access at
 * once, and the client it is bound to is always the current one.
 */
export type Member = { tenantId: string; mobileUserId: number; userId: string; clientId: number; realname: string; mobile: string };

export const MEMBER_AUDIENCE = "xiangyu-member";
export const MEMBER_TTL_SECONDS = 24 * 3600;

const key = async () => new TextEncoder().encode((await secrets()).jwtSecret);

/** A member token: the tenant and the mobile user, for the member audience only. */
export async function signMemberToken(tenantId: string, mobileUserId: number): Promise<string> {
  const now = Math.floor(nowMs() / 1000);
  return new SignJWT({ tid: tenantId, mu: mobileUserId })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(MEMBER_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + MEMBER_TTL_SECONDS)
    .sign(await key());
}

async function readMemberToken(token: string): Promise<{ tid: string; mu: number } | null> {
  const k = await key();
  try {
    const { payload } = await jwtVerify(token, k, { algorithms: ["HS256"], audience: MEMBER_AUDIENCE, currentDate: new Date(nowMs()) });
    return typeof payload.tid === "string" && typeof payload.mu === "number" ? { tid: payload.tid, mu: payload.mu } : null;
  } catch {
    return null;
  }
}

async function tenantOpen(tenantId: string): Promise<boolean> {
  const { data: t } = await Tenant.get({ clientId: tenantId }).go({ attributes: ["idisplay", "deleting"] });
  return !!t && t.idisplay === 1 && t.deleting !== 1;
}

/** The member behind a bearer token, or SessionError (bad or expired token, user gone or disabled, tenant closed). */
export async function authenticateMember(authorization: string | undefined): Promise<Member> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const claims = token ? await readMemberToken(token) : null;
  if (!claims) throw new SessionError();
  const [{ data: u }, open] = await Promise.all([MobileUser.get({ tenantId: claims.tid, id: claims.mu }).go(), tenantOpen(claims.tid)]);
  if (!u || !open || u.displayornot !== 1) throw new SessionError();
  return { tenantId: u.tenantId, mobileUserId: u.id, userId: u.userId, clientId: u.clientId ?? 0, realname: u.realname ?? "", mobile: u.mobile ?? "" };
}

/** A member token for a mobile user that exists and is enabled (tests, seeds, the sign-in below). */
export async function openMemberSession(tenantId: string, mobileUserId: number): Promise<{ access_token: string; expires_in: number }> {
  const { data: u } = await MobileUser.get({ tenantId, id: mobileUserId }).go();
  if (!u) throw new DomainError(MEMBER_MSG.badCode, "401");
  if (u.displayornot !== 1) throw new DomainError(MEMBER_MSG.disabled, "403");
  return { access_token: await signMemberToken(tenantId, mobileUserId), expires_in: MEMBER_TTL_SECONDS };
}

/**
 * The mini-program's sign-in port: a `wx.login` code becomes the user's openid. Only the sandbox
 * adapter exists (one machine, the tests, `XY_SANDBOX=1`): a code `sandbox:<openid>` names the
 * openid itself. A deployed stage (no XY_SANDBOX) accepts no code until the WeChat adapter
 * (jscode2session with the mini-program's AppSecret, platform mpconfig) is written.
 */
export type MiniProgramSignIn = (tenantId: string, code: string) => Promise<{ openid: string } | null>;
const SANDBOX_CODE = /^sandbox:([A-Za-z0-9_-]{1,64})$/;
export const sandboxSignIn: MiniProgramSignIn = async (_tenantId, code) => {
  const m = config.sandbox ? SANDBOX_CODE.exec(code) : null;
  return m ? { openid: m[1]! } : null;
};

export type MemberLoginReply = { access_token: string; expires_in: number; mobileUserId: number; clientId: number };

const userIdOf = async (tenantId: string, openid: string) => (await MobileUserKey.query.byKey({ tenantId, key: `u:${openid}` }).go({ limit: 1 })).data[0]?.mobileUserId;

/**
 * The mobile user of an openid, registered at its first sign-in. Two first sign-ins at once must
 * not register two users: the first claims the openid with a conditional create ("o:" key), the
 * other waits for the user it registers.
 */
async function mobileUserOf(tenantId: string, openid: string): Promise<number> {
  const known = await userIdOf(tenantId, openid);
  if (known) return known;
  const claimed = await MobileUserKey.create({ tenantId, key: `o:${openid}`, mobileUserId: 0 })
    .go()
    .then(
      () => true,
      () => false,
    );
  if (claimed) return (await registerMobileUsers(tenantId, [{ userId: openid }]))[0]!;
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const id = await userIdOf(tenantId, openid);
    if (id) return id;
  }
  throw new DomainError(MEMBER_MSG.badCode, "409");
}

/**
 * `POST /xiangyu/api/mp/login`: the code's openid is the mobile user's `userId`; a first sign-in
 * registers the mobile user (unbound; staff bind it to a client, R389).
 */
export async function memberSignIn(input: MemberLoginInput, port: MiniProgramSignIn = sandboxSignIn): Promise<MemberLoginReply> {
  const tenantId = input.tenant;
  if (!(await tenantOpen(tenantId))) throw new DomainError(MEMBER_MSG.noTenant, "404");
  const who = await port(tenantId, input.code);
  if (!who) throw new DomainError(MEMBER_MSG.badCode, "401");
  const mobileUserId = await mobileUserOf(tenantId, who.openid);
  const { data: u } = await MobileUser.get({ tenantId, id: mobileUserId }).go();
  const session = await openMemberSession(tenantId, mobileUserId);
  return { ...session, mobileUserId, clientId: u?.clientId ?? 0 };
}
