import { signHs256 } from "../kernel/hs256.ts";
import { MobileUser, MobileUserKey } from "../users/entities.ts";
import { MEMBER_AUDIENCE, MEMBER_TTL_SECONDS, memberKey, tenantOpen } from "./memberAuth.ts";
import { registerMobileUsers } from "../users/mobile.ts";
import { wechat, type WechatPort } from "../platform/oa/wechatPort.ts";
import { joinMiniProgram, signInProgram } from "../platform/mp/members.ts";
import { open } from "../clients/secretBox.ts";
import { nowSeconds } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { MEMBER_MSG, type MemberLoginInput } from "./schemas.ts";

/** Who a member route serves (checked per request in memberAuth.ts, which the adapter loads). */
export type { Member } from "./memberAuth.ts";

/** A member token: the tenant and the mobile user, for the member audience only. */
export async function signMemberToken(tenantId: string, mobileUserId: number): Promise<string> {
  const now = nowSeconds();
  return signHs256({ tid: tenantId, mu: mobileUserId, aud: MEMBER_AUDIENCE, iat: now, exp: now + MEMBER_TTL_SECONDS }, await memberKey());
}

/** A member token for a mobile user that exists and is enabled (tests, seeds, the sign-in below). */
export async function openMemberSession(tenantId: string, mobileUserId: number): Promise<{ access_token: string; expires_in: number; clientId: number }> {
  const { data: u } = await MobileUser.get({ tenantId, id: mobileUserId }).go();
  if (!u) throw new DomainError(MEMBER_MSG.badCode, "401");
  if (u.displayornot !== 1) throw new DomainError(MEMBER_MSG.disabled, "403");
  return { access_token: await signMemberToken(tenantId, mobileUserId), expires_in: MEMBER_TTL_SECONDS, clientId: u.clientId ?? 0 };
}

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
 * `POST /xiangyu/api/mp/login`: the wx.login code goes through the WeChat port's code2session
 * (platform/oa/wechatPort.ts; its sandbox adapter, `XY_SANDBOX=1` only, takes `sandbox:<openid>`)
 * with the AppId and the opened AppSecret of the tenant's mini-program the sign-in names, or its
 * only enabled one (platform/mp/rules.ts `signInApp`). The openid is the mobile user's `userId`; a
 * first sign-in registers the mobile user (unbound; staff bind it to a client, R389). Every sign-in
 * records the user as a member of that mini-program, which the OPENID lookup reads (R501–R503).
 */
export async function memberSignIn(input: MemberLoginInput, port: Pick<WechatPort, "code2session"> = wechat()): Promise<MemberLoginReply> {
  const tenantId = input.tenant;
  if (!(await tenantOpen(tenantId))) throw new DomainError(MEMBER_MSG.noTenant, "404");
  const app = await signInProgram(tenantId, input.appId);
  const who = await port.code2session(app.appId, open(app.secret, tenantId), input.code);
  if (!who) throw new DomainError(MEMBER_MSG.badCode, "401");
  const mobileUserId = await mobileUserOf(tenantId, who.openId);
  const session = await openMemberSession(tenantId, mobileUserId);
  await joinMiniProgram(tenantId, app.appId, mobileUserId, who.openId);
  return { ...session, mobileUserId };
}
