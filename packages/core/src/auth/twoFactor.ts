import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { TwoFactor } from "./entities.ts";
import { matchStep, newRecoveryCodes, newSecret, normalRecovery, otpauthUri, isRecoveryShape } from "./totp.ts";
import { Role, type UserItem } from "../users/entities.ts";
import { SUPER_CODE } from "../users/rules.ts";
import { config, secrets } from "../kernel/config.ts";
import { formatDateTime, nowMs } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { conditional, REFUSED } from "../kernel/tx.ts";
import { allOf } from "../kernel/filter.ts";

/**
 * TOTP two-factor sign-in (RFC 6238): optional for any user, required for holders of a role marked
 * `twoFactor`, and for super-administrators unless the stage turns it off (config.superTwoFactor).
 * A code is good once (each use moves `lastStep` forward, conditionally); a recovery code once (its
 * hash leaves the set in the same conditional update). Wrong codes are counted like wrong passwords
 * (signIn.ts, on a subject of their own that only a right code clears).
 */
export const TOTP_MSG = {
  codeMissing: "请输入动态验证码",
  codeWrong: "动态验证码错误",
  notPending: "请先生成两步验证密钥",
  alreadyOn: "两步验证已开启",
  notOn: "两步验证未开启",
  required: "你的角色要求两步验证，不能关闭",
} as const;

export type TwoFactorItem = NonNullable<Awaited<ReturnType<typeof readTwoFactor>>>;

/** The issuer an authenticator app shows beside the account. */
export const ISSUER = "享域";

// The secret is sealed like clients/secretBox.ts (AES-256-GCM, the tenant as associated data, "v1."),
// but awaits the key here: secretBox reads it with a top-level await, which would run in every
// Lambda's start, since every Lambda authenticates through this area.
const VERSION = "v1.";
async function key(): Promise<Buffer> {
  const k = Buffer.from((await secrets()).dataKey, "hex");
  if (k.length !== 32) throw new Error("XY_DATA_KEY must be 32 bytes of hex");
  return k;
}
async function seal(plain: string, tenantId: string): Promise<string> {
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", await key(), iv);
  c.setAAD(Buffer.from(tenantId));
  const body = Buffer.concat([c.update(plain, "utf8"), c.final()]);
  return VERSION + Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url");
}
async function unseal(sealed: string, tenantId: string): Promise<string> {
  if (!sealed.startsWith(VERSION)) throw new Error("unknown sealed format");
  const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
  const d = createDecipheriv("aes-256-gcm", await key(), raw.subarray(0, 12));
  d.setAAD(Buffer.from(tenantId));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString("utf8");
}

/** Recovery codes carry 50 random bits: a plain SHA-256 with the user's key is enough to keep them unreadable. */
const recoveryHash = (tenantId: string, userId: number, code: string) =>
  createHash("sha256")
    .update(`${tenantId}:${userId}:${normalRecovery(code)}`)
    .digest("base64url");

export async function readTwoFactor(tenantId: string, userId: number) {
  const { data } = await TwoFactor.get({ tenantId, userId }).go();
  return data;
}

/** Whether the user's roles require a second factor (a role marked so, or the super-administrator where the stage says). */
export async function rolesRequireTwoFactor(user: Pick<UserItem, "tenantId" | "roleIds">): Promise<boolean> {
  const ids = user.roleIds ?? [];
  if (!ids.length) return false;
  const { data } = await Role.get(ids.map((id) => ({ tenantId: user.tenantId, id }))).go({ attributes: ["code", "twoFactor"] });
  return data.some((r) => r.twoFactor === 1 || (r.code === SUPER_CODE && config.superTwoFactor));
}

/** What sign-in needs after the password: nothing, a code, or an enrolment first. */
export async function secondStep(user: UserItem): Promise<"none" | "verify" | "enrol"> {
  const [tf, required] = await Promise.all([readTwoFactor(user.tenantId, user.id), rolesRequireTwoFactor(user)]);
  if (tf?.enabled === 1) return "verify";
  return required ? "enrol" : "none";
}

/** Offers a new secret to enrol (kept pending until a code of it is verified); the URI is what the QR code holds. */
export async function startEnrolment(user: Pick<UserItem, "tenantId" | "id" | "username">): Promise<{ secret: string; otpauth: string }> {
  const tf = await readTwoFactor(user.tenantId, user.id);
  if (tf?.enabled === 1) throw new DomainError(TOTP_MSG.alreadyOn, "400");
  const secret = newSecret();
  await TwoFactor.upsert({ tenantId: user.tenantId, userId: user.id, pending: await seal(secret, user.tenantId) }).go({ response: "none" });
  return { secret, otpauth: otpauthUri(secret, ISSUER, user.username) };
}

/**
 * Verifies a code of the pending secret and turns two-factor on: the secret becomes the user's,
 * that code's step is used, and ten recovery codes are made — returned this once, stored hashed.
 * Conditional on the same pending secret still being there, so two enrolments cannot both win.
 */
export async function finishEnrolment(tenantId: string, userId: number, code: string): Promise<string[]> {
  const tf = await readTwoFactor(tenantId, userId);
  if (tf?.enabled === 1) throw new DomainError(TOTP_MSG.alreadyOn, "400");
  if (!tf?.pending) throw new DomainError(TOTP_MSG.notPending, "400");
  const secret = await unseal(tf.pending, tenantId);
  const step = matchStep(secret, code, nowMs());
  if (step === null) throw new DomainError(TOTP_MSG.codeWrong, "400");
  const codes = newRecoveryCodes();
  await conditional(
    TwoFactor.patch({ tenantId, userId })
      .set({ enabled: 1, secret: tf.pending, pending: "", lastStep: step, enabledAt: formatDateTime(), recovery: codes.map((c) => recoveryHash(tenantId, userId, c)) })
      .where(({ pending, enabled }, { eq }) => allOf(eq(pending, tf.pending), eq(enabled, 0)))
      .go({ response: "none" }),
    new DomainError(TOTP_MSG.alreadyOn, "400"),
  );
  return codes;
}

/**
 * Uses a code (six digits) or a recovery code: true when it was good and is now spent. A TOTP code
 * moves `lastStep` to its step only if that is later (so the same code, or an older one, is refused
 * the second time, even when both arrive at once); a recovery code leaves the set only if it is
 * still in it.
 */
export async function useCode(tf: TwoFactorItem, code: string): Promise<boolean> {
  const { tenantId, userId } = tf;
  const typed = code.trim();
  if (isRecoveryShape(typed) && !/^\d+$/.test(typed)) {
    const h = recoveryHash(tenantId, userId, typed);
    if (!(tf.recovery ?? []).includes(h)) return false;
    const spent = await conditional(
      TwoFactor.update({ tenantId, userId })
        .delete({ recovery: [h] })
        .where(({ recovery, enabled }, { contains, eq }) => allOf(contains(recovery, h), eq(enabled, 1)))
        .go({ response: "none" }),
    );
    return spent !== REFUSED;
  }
  const step = matchStep(await unseal(tf.secret ?? "", tenantId), typed, nowMs());
  if (step === null || step <= (tf.lastStep ?? 0)) return false;
  const spent = await conditional(
    TwoFactor.patch({ tenantId, userId })
      .set({ lastStep: step })
      .where(({ lastStep, enabled }, { lt, eq }) => allOf(lt(lastStep, step), eq(enabled, 1)))
      .go({ response: "none" }),
  );
  return spent !== REFUSED;
}

export type TwoFactorStatus = { enabled: 0 | 1; required: 0 | 1; recoveryLeft: number };

export async function twoFactorStatus(user: Pick<UserItem, "tenantId" | "id" | "roleIds">): Promise<TwoFactorStatus> {
  const [tf, required] = await Promise.all([readTwoFactor(user.tenantId, user.id), rolesRequireTwoFactor({ tenantId: user.tenantId, roleIds: user.roleIds })]);
  return { enabled: tf?.enabled === 1 ? 1 : 0, required: required ? 1 : 0, recoveryLeft: tf?.enabled === 1 ? (tf.recovery ?? []).length : 0 };
}

/** Turns two-factor off with a good code (not when a role requires it). */
export async function disableTwoFactor(user: Pick<UserItem, "tenantId" | "id" | "roleIds">, code: string): Promise<void> {
  const tf = await readTwoFactor(user.tenantId, user.id);
  if (tf?.enabled !== 1) throw new DomainError(TOTP_MSG.notOn, "400");
  if (await rolesRequireTwoFactor({ tenantId: user.tenantId, roleIds: user.roleIds })) throw new DomainError(TOTP_MSG.required, "400");
  if (!(await useCode(tf, code))) throw new DomainError(TOTP_MSG.codeWrong, "400");
  await TwoFactor.delete({ tenantId: user.tenantId, userId: user.id }).go({ response: "none" });
}

/**
 * Forgets a user's second factor, enrolled or pending (an administrator's reset of a lost
 * authenticator, users/totp/reset): the next sign-in is the password alone, or an enrolment where a
 * role requires one. Returns whether there was anything to forget.
 */
export async function forgetTwoFactor(tenantId: string, userId: number): Promise<boolean> {
  const had = await readTwoFactor(tenantId, userId);
  if (had) await TwoFactor.delete({ tenantId, userId }).go({ response: "none" });
  return !!had;
}
