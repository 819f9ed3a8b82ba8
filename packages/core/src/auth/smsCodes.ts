import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { SmsCode, SmsQuota } from "./smsEntities.ts";
import { MEMBER_ACCOUNT_MSG as MSG } from "./memberMessages.ts";
import { pushPort, type PushPort } from "../platform/push/ports.ts";
import { config, secrets } from "../kernel/config.ts";
import { formatDate, nowMs } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { allOf, anyOf } from "../kernel/filter.ts";
import { conditional, REFUSED, transact, txDelete, txPut, txUpdate, type TxItem } from "../kernel/tx.ts";
import type { Member } from "./memberAuth.ts";

/**
 * SMS verification codes of mini-program members (issue 34): sending one (rate-limited) and checking
 * one. The code goes out through the message-push SMS port (platform/push/ports.ts; its sandbox
 * records the text as every other send). Only an HMAC of the code is stored, with its expiry and a
 * count of checks.
 *
 * Limits, each a conditional write in the send's one transaction (no read before the write, so
 * concurrent sends cannot both pass): per mobile and per member, one send per RESEND_SECONDS and at
 * most DAILY_SENDS a business day (Asia/Shanghai). A code is good for CODE_MINUTES and MAX_ATTEMPTS
 * checks; a new send replaces the member's previous code. Where the sandbox is on (`XY_SANDBOX=1`,
 * kernel/config.ts), SANDBOX_CODE is accepted too, with or without a send.
 */
export const RESEND_SECONDS = 60;
export const DAILY_SENDS = 10;
export const CODE_MINUTES = 5;
export const MAX_ATTEMPTS = 5;
export const SANDBOX_CODE = "123456";

export type SmsSent = { mobile: string; expiresIn: number; resendIn: number };

const subjects = (member: Pick<Member, "mobileUserId">, mobile: string) => [`m:${mobile}`, `u:${member.mobileUserId}`];

async function hashOf(tenantId: string, mobileUserId: number, mobile: string, code: string): Promise<string> {
  const key = (await secrets()).dataKey;
  return createHmac("sha256", `sms-code|${key}`).update(`${tenantId}|${mobileUserId}|${mobile}|${code}`).digest("hex");
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The quota moves of one send: the day's count under the cap, then the last send at least a minute ago. */
function quotaItems(tenantId: string, subject: string, now: number): TxItem[] {
  const day = formatDate(now);
  const dayEnds = Math.floor(now / 1000) + 2 * 86_400;
  return [
    txUpdate(
      SmsQuota.update({ tenantId, subject, slot: day })
        .add({ n: 1 })
        .set({ expiresAt: dayEnds })
        .where((a, op) => anyOf(op.notExists(a.n), op.lt(a.n, DAILY_SENDS))),
      MSG.dailyCap,
    ),
    txUpdate(
      SmsQuota.update({ tenantId, subject, slot: "recent" })
        .set({ lastAt: now, expiresAt: Math.floor(now / 1000) + RESEND_SECONDS + 60 })
        .where((a, op) => anyOf(op.notExists(a.lastAt), op.lte(a.lastAt, now - RESEND_SECONDS * 1000))),
      MSG.tooSoon,
    ),
  ];
}

/**
 * `POST /xiangyu/api/mp/sms/send`: a new code for `mobile`, sent by SMS. The day counts come before
 * the minute in the transaction, so a member past the daily cap is told so rather than to wait.
 */
export async function sendSmsCode(member: Member, mobile: string, port: Pick<PushPort, "sendSms"> = pushPort(member.tenantId)): Promise<SmsSent> {
  const { tenantId, mobileUserId } = member;
  const now = nowMs();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const [dayItems, minuteItems] = subjects(member, mobile)
    .map((s) => quotaItems(tenantId, s, now))
    .reduce<[TxItem[], TxItem[]]>(
      ([d, m], [day, minute]) => [
        [...d, day!],
        [...m, minute!],
      ],
      [[], []],
    );
  const validUntil = now + CODE_MINUTES * 60_000;
  await transact([
    ...dayItems,
    ...minuteItems,
    txPut(
      SmsCode.put({
        tenantId,
        mobileUserId,
        mobile,
        hash: await hashOf(tenantId, mobileUserId, mobile, code),
        validUntil,
        attempts: 0,
        sentAt: now,
        expiresAt: Math.ceil(validUntil / 1000) + 3600,
      }),
    ),
  ]);
  const sent = await port.sendSms(mobile, `您的验证码为${code}，${CODE_MINUTES}分钟内有效，请勿泄露给他人。`);
  if (!sent.ok) {
    await SmsCode.delete({ tenantId, mobileUserId })
      .where((a, op) => op.eq(a.sentAt, now))
      .go()
      .catch(() => undefined);
    throw new DomainError(MSG.sendFailed, "502");
  }
  return { mobile, expiresIn: CODE_MINUTES * 60, resendIn: RESEND_SECONDS };
}

/**
 * Checks a member's code for `mobile`; answers the transaction item that uses it up (put in the
 * transaction of what the code allows, so a code serves once), or none for the sandbox code. Each
 * check spends one attempt first, by a conditional write on an unexpired code for that mobile with
 * attempts left; a wrong code answers 验证码错误或已过期, and once MAX_ATTEMPTS are spent the code is dead.
 */
export async function checkSmsCode(member: Member, mobile: string, code: string): Promise<TxItem | null> {
  if (config.sandbox && code === SANDBOX_CODE) return null;
  const { tenantId, mobileUserId } = member;
  const now = nowMs();
  const spent = await conditional(
    SmsCode.patch({ tenantId, mobileUserId })
      .add({ attempts: 1 })
      .where((a, op) => allOf(op.eq(a.mobile, mobile), op.gt(a.validUntil, now), op.lt(a.attempts, MAX_ATTEMPTS)))
      .go({ response: "all_new" }),
  );
  if (spent === REFUSED) throw new DomainError(await whyRefused(tenantId, mobileUserId, mobile, now), "400");
  const stored = { hash: spent.data.hash!, attempts: spent.data.attempts! };
  if (!sameHash(stored.hash, await hashOf(tenantId, mobileUserId, mobile, code))) {
    throw new DomainError(stored.attempts >= MAX_ATTEMPTS ? MSG.tooManyTries : MSG.codeBad, "400");
  }
  return txDelete(
    SmsCode.delete({ tenantId, mobileUserId }).where((a, op) => op.eq(a.hash, stored.hash)),
    MSG.codeBad,
  );
}

/** A refused check's reason: a live code for that mobile with its attempts spent, or no such code (none, expired, another mobile). */
async function whyRefused(tenantId: string, mobileUserId: number, mobile: string, now: number): Promise<string> {
  const { data } = await SmsCode.get({ tenantId, mobileUserId }).go({ consistent: true });
  return data && data.mobile === mobile && data.validUntil > now && data.attempts >= MAX_ATTEMPTS ? MSG.tooManyTries : MSG.codeBad;
}
