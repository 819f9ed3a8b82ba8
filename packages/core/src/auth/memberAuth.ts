import { jwtVerify } from "jose";
import { MobileUser } from "../users/entities.ts";
import { Tenant } from "../platform/entities.ts";
import { secrets } from "../kernel/config.ts";
import { nowMs } from "../kernel/clock.ts";
import { SessionError } from "../kernel/errors.ts";

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

/** The signing key: the staff tokens' (auth/tokens.ts), members' tokens told apart by their audience. */
export const memberKey = async () => new TextEncoder().encode((await secrets()).jwtSecret);

async function readMemberToken(token: string): Promise<{ tid: string; mu: number } | null> {
  const k = await memberKey();
  try {
    const { payload } = await jwtVerify(token, k, { algorithms: ["HS256"], audience: MEMBER_AUDIENCE, currentDate: new Date(nowMs()) });
    return typeof payload.tid === "string" && typeof payload.mu === "number" ? { tid: payload.tid, mu: payload.mu } : null;
  } catch {
    return null;
  }
}

export async function tenantOpen(tenantId: string): Promise<boolean> {
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
