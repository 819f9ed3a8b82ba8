import { MpMember } from "./entities.ts";
import { miniProgramsOf } from "./receivers.ts";
import { signInApp } from "./rules.ts";
import { MobileUser } from "../../users/entities.ts";
import { formatDateTime } from "../../kernel/clock.ts";
import { DomainError } from "../../kernel/errors.ts";

/**
 * What the member sign-in (auth/member.ts) needs of the mini-programs, kept apart from the service
 * so the auth Lambda bundles the entities and the rules only, not the sealing and the uploads.
 */

/** The enabled mini-program a sign-in goes through (rules.ts `signInApp`): its AppId and sealed AppSecret. */
export async function signInProgram(tenantId: string, appId: string): Promise<{ appId: string; secret: string }> {
  const mp = signInApp(await miniProgramsOf(tenantId), appId);
  if ("refused" in mp) throw new DomainError(mp.refused, "403");
  return { appId: mp.appId, secret: mp.secret ?? "" };
}

/**
 * A mobile user signed in through a mini-program of the tenant: WeChat's code2session gave the
 * openid (platform/oa/wechatPort.ts). Idempotent, and a repeated sign-in writes nothing; the user
 * must exist. The OPENID lookup (service.ts `mpOpenId`, R501–R503) reads these items.
 */
export async function joinMiniProgram(tenantId: string, appId: string, mobileUserId: number, openId: string): Promise<void> {
  const [{ data: user }, { data: member }] = await Promise.all([
    MobileUser.get({ tenantId, id: mobileUserId }).go({ attributes: ["id"] }),
    MpMember.get({ tenantId, appId, mobileUserId }).go(),
  ]);
  if (!user) throw new DomainError("小程序用户不存在或已被删除", "404");
  if (member?.openId === openId) return;
  await MpMember.put({ tenantId, appId, mobileUserId, openId, joinTime: formatDateTime() }).go({ response: "none" });
}
