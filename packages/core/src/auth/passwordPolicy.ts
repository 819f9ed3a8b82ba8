import { DomainError } from "../kernel/errors.ts";

/**
 * What a new password must be (ASVS 2.1): at least 8 characters with a letter and a digit (the
 * spec's rule and message), at most 64, not one of the 10,000 commonest passwords, and not
 * containing the user's own mobile number — the first things a guesser tries.
 */
export const PASSWORD_RULE = "新密码至少8位，且须包含字母和数字";
export const PASSWORD_COMMON = "新密码过于常见，请换一个";
export const PASSWORD_HAS_MOBILE = "新密码不能包含手机号";

export const isStrongPassword = (pw: string): boolean => pw.length >= 8 && pw.length <= 64 && /[A-Za-z]/.test(pw) && /\d/.test(pw);

let common: Promise<Set<string>> | undefined;

/** The list is 80 kB: loaded on the first check, so only a Lambda that sets passwords ever parses it. */
const commonPasswords = (): Promise<Set<string>> => (common ??= import("./commonPasswords.ts").then((m) => new Set(m.COMMON_PASSWORDS.split("\n"))));

export async function isCommonPassword(pw: string): Promise<boolean> {
  return (await commonPasswords()).has(pw.toLowerCase());
}

/** Why a new password is refused, in the words shown to the user; null when it may be used. */
export async function newPasswordProblem(pw: string, who: { mobile?: string } = {}): Promise<string | null> {
  if (!isStrongPassword(pw)) return PASSWORD_RULE;
  const mobile = who.mobile?.trim();
  if (mobile && mobile.length >= 6 && pw.includes(mobile)) return PASSWORD_HAS_MOBILE;
  if (await isCommonPassword(pw)) return PASSWORD_COMMON;
  return null;
}

/** Refuses a new password that breaks the policy (code 400, the message above). */
export async function checkNewPassword(pw: string, who: { mobile?: string } = {}): Promise<void> {
  const problem = await newPasswordProblem(pw, who);
  if (problem) throw new DomainError(problem, "400");
}
