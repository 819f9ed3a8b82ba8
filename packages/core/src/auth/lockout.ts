import { SignInGuard } from "./entities.ts";
import { conditional, REFUSED } from "../kernel/tx.ts";
import { nowMs } from "../kernel/clock.ts";
import { allOf, anyOf } from "../kernel/filter.ts";

/**
 * Five wrong passwords in a row lock an account for 15 minutes (docs/decisions.md).
 *
 * Every attempt takes a numbered place BEFORE its password is checked, with a conditional update
 * that refuses a sixth place; so however many attempts arrive at once, at most MAX_FAILED_LOGINS
 * of them are ever checked, and the one that takes the last place locks the account if it is
 * wrong too. A right password gives the places back, unless others locked the account meanwhile.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60 * 1000;
const KEEP_S = 24 * 3600; // a guard outlives its run by a day, then DynamoDB's TTL takes it

export const accountSubject = (userId: number) => `user#${userId}`;
export const nameSubject = (login: string) => `name#${login}`;
/** Wrong TOTP codes of one account: a run of their own, cleared only by a right code (a right password does not). */
export const codeSubject = (userId: number) => `totp#${userId}`;

export type Attempt = { tenantId: string; subject: string; place: number };

const key = (tenantId: string, subject: string) => ({ tenantId, subject });

/** Takes the next place of the current run, or starts a new run when the last one went quiet; null when locked. */
export async function takeAttempt(tenantId: string, subject: string): Promise<Attempt | null> {
  for (let round = 0; round < 3; round++) {
    const now = nowMs();
    const until = now + LOCK_MS;
    const expiresAt = Math.floor(until / 1000) + KEEP_S;
    // A run in progress: one more place, while places remain.
    const next = await conditional(
      SignInGuard.update(key(tenantId, subject))
        .add({ failures: 1 })
        .set({ until, expiresAt })
        .where(({ failures, until: u }, { lt, gt }) => allOf(lt(failures, MAX_FAILED_LOGINS), gt(u, now)))
        .go({ response: "all_new" }),
    );
    if (next !== REFUSED) return { tenantId, subject, place: next.data.failures ?? 1 };
    // No run, or the last one (a lock included) has been quiet for LOCK_MS: this attempt is the first of a new one.
    const first = await conditional(
      SignInGuard.update(key(tenantId, subject))
        .set({ failures: 1, until, expiresAt })
        .where(({ until: u }, { notExists, lte }) => anyOf(notExists(u), lte(u, now)))
        .go(),
    );
    if (first !== REFUSED) return { tenantId, subject, place: 1 };
    // Neither: either the run is full (locked), or another attempt started a run between our two tries.
    if (await isLocked(tenantId, subject)) return null;
  }
  return null;
}

/** Whether the subject is locked now (reLogin asks too). */
export async function isLocked(tenantId: string, subject: string): Promise<boolean> {
  const { data } = await SignInGuard.get(key(tenantId, subject)).go({ attributes: ["failures", "until"] });
  return !!data && (data.failures ?? 0) >= MAX_FAILED_LOGINS && (data.until ?? 0) > nowMs();
}

/** Whether this attempt, if its password is wrong, is the one that locks. */
export const locksOnFailure = (a: Attempt): boolean => a.place >= MAX_FAILED_LOGINS;

/**
 * A right password: the run starts again. Refused (false) when other attempts filled the run while
 * this one was being checked — the account is locked and no token may be given — unless this
 * attempt itself took the last place (the fifth attempt may be right).
 */
export async function clearAttempts(a: Attempt): Promise<boolean> {
  const cleared = await conditional(
    SignInGuard.update(key(a.tenantId, a.subject))
      .set({ failures: 0, until: 0 })
      .where(({ failures }, { lt, eq }) => anyOf(lt(failures, MAX_FAILED_LOGINS), eq(failures, a.place)))
      .go(),
  );
  return cleared !== REFUSED;
}
