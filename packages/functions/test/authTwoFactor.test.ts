import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { base32Encode, hotp, matchStep, totpAt, STEP_SECONDS } from "@xiangyu/core/auth/totp";
import { Role } from "@xiangyu/core/users/entities";
import { forgetRoles } from "@xiangyu/core/auth/rolesCache";
import { nowMs, setClockOffset } from "@xiangyu/core/kernel/clock";
import { FN, as } from "./usersHelpers.ts";

const STEP = STEP_SECONDS * 1000;
let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});
afterEach(() => {
  setClockOffset(0);
  delete process.env.XY_SUPER_TOTP;
  process.env.XY_SUPER_TOTP = "0";
});

const password = (username: string, pw: string) =>
  post("/gateway/oauth/login", { form: { grant_type: "password", client_id: t.clientId, client_secret: t.clientSecret, username, password: pw, scope: "all" } });
const totp = (challenge: string, code: string) =>
  post("/gateway/oauth/login", { form: { grant_type: "totp", client_id: t.clientId, client_secret: t.clientSecret, challenge, code, scope: "all" } });
const own = (token: string) => ({
  status: () => get("/gateway/api/manage/users/totp/status", { token }),
  setup: () => post("/gateway/api/manage/users/totp/setup", { token }),
  enable: (code: string) => post("/gateway/api/manage/users/totp/enable", { token, form: { code } }),
  disable: (code: string) => post("/gateway/api/manage/users/totp/disable", { token, form: { code } }),
});
/** The code of the next time step: moves the clock on, so a code is never the one used last. */
let shift = 0;
function nextCode(secret: string): string {
  shift += STEP;
  setClockOffset(shift);
  return totpAt(secret, nowMs());
}

/** A user with two-factor on: returns the secret and the recovery codes. */
async function enrolled() {
  const u = await t.userWith({});
  const setup = (await own(u.token).setup()).body;
  expect(setup.data.otpauth).toBe(
    `otpauth://totp/${encodeURIComponent(`享域:${u.username}`)}?secret=${setup.data.secret}&issuer=${encodeURIComponent("享域")}&algorithm=SHA1&digits=6&period=30`,
  );
  expect((await own(u.token).enable("000000")).body).toEqual({ code: "400", desc: "动态验证码错误" });
  const on = await own(u.token).enable(totpAt(setup.data.secret, nowMs()));
  expect(on.body.code).toBe("200");
  return { ...u, secret: setup.data.secret as string, recovery: on.body.data.recoveryCodes as string[] };
}

describe("TOTP (RFC 6238)", () => {
  it("gives RFC 6238's SHA-1 test values", () => {
    const secret = base32Encode(Buffer.from("12345678901234567890"));
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    // Appendix B, 8 digits 94287082 / 07081804 / 14050471: we use the last six.
    expect(hotp(secret, Math.floor(59 / 30))).toBe("287082");
    expect(totpAt(secret, 1111111109_000)).toBe("081804");
    expect(totpAt(secret, 1111111111_000)).toBe("050471");
    // One step either side is accepted, two are not.
    expect(matchStep(secret, "081804", 1111111109_000 + 30_000)).toBe(Math.floor(1111111109 / 30));
    expect(matchStep(secret, "081804", 1111111109_000 + 90_000)).toBeNull();
    expect(matchStep(secret, "08180", 1111111109_000)).toBeNull();
  });
});

describe("two-factor sign-in", () => {
  it("optional: enrolled with a code, then the password step asks for a code and a wrong one is refused", async () => {
    const u = await enrolled();
    expect(u.recovery).toHaveLength(10);
    expect(new Set(u.recovery).size).toBe(10);
    expect((await own(u.token).status()).body.data).toEqual({ enabled: 1, required: 0, recoveryLeft: 10 });
    const step1 = await password(u.username, u.password);
    expect(step1.body.code).toBe("200");
    expect(step1.body.data).toMatchObject({ twoFactor: "verify", expires_in: 300 });
    expect(step1.body.data.access_token).toBeUndefined();
    // The challenge is no session.
    expect((await get("/gateway/api/manage/users/info", { token: step1.body.data.challenge })).status).toBe(401);
    expect((await totp(step1.body.data.challenge, "")).body).toEqual({ code: "400", desc: "请输入动态验证码" });
    expect((await totp(step1.body.data.challenge, "123456")).body).toEqual({ code: "401", desc: "动态验证码错误" });
    const ok = await totp(step1.body.data.challenge, nextCode(u.secret));
    expect(ok.body.code).toBe("200");
    expect((await get("/gateway/api/manage/users/info", { token: ok.body.data.access_token })).status).toBe(200);
    // A session token is no challenge.
    expect((await totp(ok.body.data.access_token, nextCode(u.secret))).body).toEqual({ code: "401", desc: "验证已过期，请重新登录" });
  });

  it("a code is good once: replayed, or sent 20 times at once, it opens one session", async () => {
    const u = await enrolled();
    const { challenge } = (await password(u.username, u.password)).body.data;
    const code = nextCode(u.secret);
    expect((await totp(challenge, code)).body.code).toBe("200");
    expect((await totp(challenge, code)).body).toEqual({ code: "401", desc: "动态验证码错误" });
    // 20 at once with a fresh code (each attempt counted: four wrong ones would lock, so the run is cleared first by one success).
    const fresh = nextCode(u.secret);
    const replies = await Promise.all(Array.from({ length: 20 }, () => totp(challenge, fresh)));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
  });

  it("a recovery code is good once, whatever its case", async () => {
    const u = await enrolled();
    const { challenge } = (await password(u.username, u.password)).body.data;
    expect((await totp(challenge, u.recovery[3]!.toUpperCase())).body.code).toBe("200");
    expect((await totp(challenge, u.recovery[3]!)).body).toEqual({ code: "401", desc: "动态验证码错误" });
    expect((await own(u.token).status()).body.data.recoveryLeft).toBe(9);
  });

  it("wrong codes are counted: the fifth locks, and then even a right code is refused", async () => {
    const u = await enrolled();
    const { challenge } = (await password(u.username, u.password)).body.data;
    const descs = [];
    for (let i = 0; i < 5; i++) descs.push((await totp(challenge, `00000${i}`)).body.desc);
    expect(descs).toEqual([...Array(4).fill("动态验证码错误"), "登录失败次数过多，账号已锁定，请15分钟后再试"]);
    expect((await totp(challenge, nextCode(u.secret))).body).toEqual({ code: "423", desc: "登录失败次数过多，账号已锁定，请15分钟后再试" });
    // A right password does not clear the code run.
    const again = (await password(u.username, u.password)).body.data;
    expect((await totp(again.challenge, nextCode(u.secret))).body.code).toBe("423");
  });

  it("required by a role marked so: the password step enrols, the code step gives the token and the recovery codes once", async () => {
    const u = await t.userWith({});
    const roleId = (await Role.query.byId({ tenantId: t.clientId }).go({ pages: "all" })).data.find((r) => u.user.roleIds?.includes(r.id))!.id;
    await Role.patch({ tenantId: t.clientId, id: roleId }).set({ twoFactor: 1 }).go();
    forgetRoles(t.clientId);
    const step1 = (await password(u.username, u.password)).body.data;
    expect(step1).toMatchObject({ twoFactor: "enrol" });
    expect(step1.otpauth).toContain(`secret=${step1.secret}`);
    const ok = (await totp(step1.challenge, nextCode(step1.secret))).body;
    expect(ok.code).toBe("200");
    expect(ok.data.recoveryCodes).toHaveLength(10);
    const session = ok.data.access_token;
    expect((await own(session).status()).body.data).toEqual({ enabled: 1, required: 1, recoveryLeft: 10 });
    // Required: it cannot be turned off.
    expect((await own(session).disable(nextCode(step1.secret))).body).toEqual({ code: "400", desc: "你的角色要求两步验证，不能关闭" });
    // The next sign-in asks for a code, not an enrolment.
    expect((await password(u.username, u.password)).body.data.twoFactor).toBe("verify");
  });

  it("the role editor sets the flag (kept in the role, its before and after in the access log), and holders must enrol", async () => {
    const roles = as(t.adminToken, FN.roles);
    const saved = (await roles.post("/gateway/api/manage/role/save", { name: "需两步验证", rights: JSON.stringify({ [FN.staff]: "R" }), dataScope: "all", twoFactor: 1 })).body;
    expect(saved.code).toBe("200");
    expect(saved.data.twoFactor).toBe(1);
    expect((await roles.post("/gateway/api/manage/role/save", { name: "坏值", rights: "{}", dataScope: "all", twoFactor: 2 })).body).toEqual({
      code: "400",
      desc: "参数格式不正确",
    });
    const { createUser } = await import("@xiangyu/core/users/service");
    const user = await createUser(t.clientId, { username: "needs2fa", password: "Passw0rd!x", roleIds: [saved.data.id], deptCodes: [""], managelevel: 3 });
    expect((await password(user.username, "Passw0rd!x")).body.data.twoFactor).toBe("enrol");
    // Saved again with the flag off: the password alone signs in.
    const off = { id: saved.data.id, name: "需两步验证", rights: JSON.stringify({ [FN.staff]: "R" }), dataScope: "all", twoFactor: 0, remark: "", branchId: 0 };
    expect((await roles.post("/gateway/api/manage/role/save", off)).body.code).toBe("200");
    expect((await password(user.username, "Passw0rd!x")).body.data.access_token).toBeTruthy();
  });

  it("the super-administrator's is the stage's: off here, on where XY_SUPER_TOTP is not 0", async () => {
    expect((await password("admin", "Admin@12345")).body.data.access_token).toBeTruthy();
    process.env.XY_SUPER_TOTP = "1";
    expect((await password("admin", "Admin@12345")).body.data.twoFactor).toBe("enrol");
  });

  it("turned off with a good code; then sign-in is the password alone", async () => {
    const u = await enrolled();
    expect((await own(u.token).disable("111111")).body).toEqual({ code: "400", desc: "动态验证码错误" });
    expect((await own(u.token).disable(nextCode(u.secret))).body.code).toBe("200");
    expect((await own(u.token).status()).body.data).toEqual({ enabled: 0, required: 0, recoveryLeft: 0 });
    expect((await password(u.username, u.password)).body.data.access_token).toBeTruthy();
  });
});
