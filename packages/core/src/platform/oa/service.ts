import { randomBytes } from "node:crypto";
import { OaBindingKey, type OaBindingKeyItem } from "./entities.ts";
import { OA_MSG } from "./schemas.ts";
import { followQrcode, wechat } from "./wechatPort.ts";
import { User } from "../../users/entities.ts";
import { formatDateTime, nowMs } from "../../kernel/clock.ts";
import { DomainError } from "../../kernel/errors.ts";
import { transact, txUpdate } from "../../kernel/tx.ts";
import type { Caller } from "../../kernel/context.ts";
import { allOf } from "../../kernel/filter.ts";

/**
 * Official-account binding (R504–R510). The binding page asks for a key (initOaBindingInfo), shows
 * the follow QR and then the authorise QR — the landing page's address with the key — and polls
 * checkOaBinding every 3 s. Scanned in WeChat, the landing page goes through WeChat's OAuth
 * (base scope) and posts the code with the key (oaBinding): the port turns the code into the openid
 * and one transaction marks the key used and writes the openid on the staff user (`oaOpenId`,
 * which message push reads). Then the page refreshes the login (the reLogin grant).
 *
 * The key is the credential of oaBinding: 128 random bits, valid 10 minutes, used once, naming the
 * staff member who asked for it. The authorise QR therefore carries no session token (the spec's
 * landing page reads `token`; a session token in a picture on screen would be a credential anyone
 * near the screen could photograph).
 */
export const OA_KEY_MS = 10 * 60_000;

const keyParts = (key: string) => {
  const dot = key.indexOf(".");
  return { tenantId: key.slice(0, dot), key };
};

async function keyItem(key: string): Promise<OaBindingKeyItem | null> {
  const { data } = await OaBindingKey.get(keyParts(key)).go();
  return data;
}

export type OaBindingInfo = { key: string; appId: string; qrcode: string; followQrcode: string; expiresIn: number };

/**
 * initOaBindingInfo: a new key for the caller. `qrcode` is what the authorise QR encodes — the
 * landing page's address relative to the console (`#/weixinauth?…`), which the console resolves
 * against its own origin; `followQrcode` the official account's follow QR content. `rebind` first
 * clears the caller's current openid (R505).
 */
export async function initOaBinding(caller: Caller, rebind: boolean): Promise<OaBindingInfo> {
  const account = await wechat().officialAccount(caller.tenantId);
  if (!account) throw new DomainError(OA_MSG.noAccount, "400");
  if (rebind && (await User.get({ tenantId: caller.tenantId, id: caller.userId }).go()).data?.oaOpenId)
    await User.patch({ tenantId: caller.tenantId, id: caller.userId }).set({ oaOpenId: "" }).add({ rev: 1 }).go({ response: "none" });
  const key = `${caller.tenantId}.${randomBytes(16).toString("hex")}`;
  const now = nowMs();
  await OaBindingKey.create({
    tenantId: caller.tenantId,
    key,
    userId: caller.userId,
    appId: account.appId,
    validUntil: now + OA_KEY_MS,
    status: "waiting",
    createTime: formatDateTime(now),
    expiresAt: Math.ceil((now + OA_KEY_MS) / 1000) + 86_400,
  }).go({ response: "none" });
  const qrcode = `#/weixinauth?${new URLSearchParams({ bindingKey: key, weixinAppId: account.appId })}`;
  return { key, appId: account.appId, qrcode, followQrcode: followQrcode(account), expiresIn: OA_KEY_MS / 1000 };
}

/** checkOaBinding: 0 waiting, 1 bound (with the openid), 2 expired — only for the key's own staff member. */
export async function checkOaBinding(caller: Caller, key: string): Promise<{ state: 0 | 1 | 2; oaOpenId: string }> {
  const item = key.startsWith(`${caller.tenantId}.`) ? await keyItem(key) : null;
  if (!item || item.userId !== caller.userId) throw new DomainError(OA_MSG.keyMissing, "404");
  if (item.status === "bound") return { state: 1, oaOpenId: item.openId ?? "" };
  return { state: item.validUntil > nowMs() ? 0 : 2, oaOpenId: "" };
}

/** oaAuthorizeUrl: where the landing page without a code goes (R509) — WeChat's OAuth, or the sandbox's scan page. */
export async function oaAuthorizeUrl(bindingKey: string, redirectUri: string, state: string): Promise<string> {
  const item = await keyItem(bindingKey);
  if (!item || item.status !== "waiting" || item.validUntil <= nowMs()) throw new DomainError(OA_MSG.failed, "400");
  return wechat().authorizeUrl(item.appId, redirectUri, state || bindingKey);
}

/**
 * oaBinding: the code becomes the openid and, in one transaction, the key moves waiting → bound
 * (conditioned on waiting and unexpired: single use) and the staff user takes the openid (its rev
 * moves, so a staff edit read before is refused rather than writing the old openid back). Any
 * refusal — unknown, used or expired key, a code WeChat refuses — is 绑定公众号失败 (R507).
 */
export async function oaBind(key: string, jsCode: string): Promise<{ tenantId: string; userId: number; openId: string }> {
  const fail = () => new DomainError(OA_MSG.failed, "400");
  const item = await keyItem(key);
  if (!item || item.status !== "waiting" || item.validUntil <= nowMs()) throw fail();
  const port = wechat();
  const account = await port.officialAccount(item.tenantId);
  if (!account || account.appId !== item.appId) throw fail();
  const openId = await port.openIdOfCode(account, jsCode);
  if (!openId) throw fail();
  const now = nowMs();
  await transact([
    txUpdate(
      OaBindingKey.patch({ tenantId: item.tenantId, key })
        .set({ status: "bound", openId, boundTime: formatDateTime(now) })
        .where(({ status, validUntil }, { eq, gt }) => allOf(eq(status, "waiting"), gt(validUntil, now))),
      OA_MSG.failed,
    ),
    txUpdate(User.patch({ tenantId: item.tenantId, id: item.userId }).set({ oaOpenId: openId }).add({ rev: 1 }), OA_MSG.failed),
  ]);
  return { tenantId: item.tenantId, userId: item.userId, openId };
}
