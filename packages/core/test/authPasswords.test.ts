import { describe, it, expect, vi } from "vitest";
import { randomBytes, scryptSync } from "node:crypto";
import { hashPassword, verifyPassword, needsRehash, OWASP_COST, SCRYPT_COST } from "../src/auth/passwords.ts";
import { newPasswordProblem, isCommonPassword, isStrongPassword, PASSWORD_RULE, PASSWORD_COMMON, PASSWORD_HAS_MOBILE } from "../src/auth/passwordPolicy.ts";
import { COMMON_PASSWORDS } from "../src/auth/commonPasswords.ts";

/** A hash as the first version wrote it: scrypt N=16384, r=8, p=1, `scrypt$N$salt$hash`. */
const oldFormatHash = (password: string) => {
  const salt = randomBytes(16);
  return `scrypt$16384$${salt.toString("base64")}$${scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 }).toString("base64")}`;
};

describe("password hashes", () => {
  it("are scrypt at N=2^17, r=8, p=1, written with their parameters, salted", async () => {
    expect(OWASP_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const a = await hashPassword("Tea-house-7", OWASP_COST);
    const b = await hashPassword("Tea-house-7", OWASP_COST);
    expect(a).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Tea-house-7", a)).toBe(true);
    expect(await verifyPassword("tea-house-7", a)).toBe(false);
  }, 60_000);

  it("use OWASP's cost unless the test runs ask for theirs, and a hash at another cost asks to be written again", async () => {
    expect(process.env.XY_PASSWORD_COST).toBe("test");
    expect(SCRYPT_COST).toEqual({ N: 1024, r: 8, p: 1 });
    expect(needsRehash(await hashPassword("Tea-house-7"))).toBe(false);
    expect(needsRehash(await hashPassword("Tea-house-7", OWASP_COST))).toBe(true);
    vi.resetModules();
    vi.stubEnv("XY_PASSWORD_COST", undefined);
    try {
      const fresh = await import("../src/auth/passwords.ts");
      expect(fresh.SCRYPT_COST).toEqual(OWASP_COST);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);

  it("of the first format still verify, and ask to be written again", async () => {
    const old = oldFormatHash("Admin@12345");
    expect(await verifyPassword("Admin@12345", old)).toBe(true);
    expect(await verifyPassword("Admin@12346", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  }, 60_000);

  it("that are malformed verify as wrong, never throw", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$N=1,r=8$a$b")).toBe(false);
  }, 60_000);
});

describe("new passwords", () => {
  it("keep the spec's rule: at least 8 characters, a letter and a digit", async () => {
    for (const pw of ["short1", "abcdefgh", "12345678", "x".repeat(60) + "12345"]) expect(await newPasswordProblem(pw)).toBe(PASSWORD_RULE);
    expect(PASSWORD_RULE).toBe("新密码至少8位，且须包含字母和数字");
    expect(await newPasswordProblem("Tea-house-7")).toBeNull();
  });

  it("are refused when among the 10,000 commonest, whatever the case", async () => {
    // The list keeps only what the rule would accept: every entry passes it, and the commonest the
    // rule refuses anyway ("123456", "password", "qwerty") are still refused, by the rule.
    const kept = COMMON_PASSWORDS.split("\n");
    expect(kept).toHaveLength(823);
    expect(kept.every((pw) => isStrongPassword(pw))).toBe(true);
    for (const pw of ["123456", "password", "qwerty", "iloveyou"]) expect(await newPasswordProblem(pw)).toBe(PASSWORD_RULE);
    for (const pw of ["password1", "Password1", "QWERTY123", "abc12345", "passw0rd"]) {
      expect(await isCommonPassword(pw)).toBe(true);
      expect(await newPasswordProblem(pw)).toBe(PASSWORD_COMMON);
    }
  });

  it("are refused when they contain the user's mobile", async () => {
    expect(await newPasswordProblem("Ab13912345678", { mobile: "13912345678" })).toBe(PASSWORD_HAS_MOBILE);
    expect(await newPasswordProblem("Ab13912345678", { mobile: "13800000000" })).toBeNull();
    expect(await newPasswordProblem("Ab13912345678")).toBeNull();
  });
});
