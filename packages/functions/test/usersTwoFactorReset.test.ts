import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { totpAt, STEP_SECONDS } from "@xiangyu/core/auth/totp";
import { Role } from "@xiangyu/core/users/entities";
import { OpLog } from "@xiangyu/core/auth/entities";
import { forgetRoles } from "@xiangyu/core/auth/rolesCache";
import { nowMs, setClockOffset } from "@xiangyu/core/kernel/clock";
import { FN, as, quickUser } from "./usersHelpers.ts";

/**
 * An administrator's reset of a user's lost authenticator (users/totp/reset): allowed within the
 * caller's reach with E on the staff list, refused outside it, for a wider user and for oneself; the
 * user then signs in with the password alone, or is asked to enrol again when a role requires it.
 */
const RESET = "/gateway/api/manage/users/totp/reset";
let t: Awaited<ReturnType<typeof testTenant>>;
const code = (name: string) => t.depts.get(name)!.code;
beforeAll(async () => {
  t = await testTenant();
});
afterEach(() => setClockOffset(0));

const password = (username: string, pw: string) =>
  post("/gateway/oauth/login", { form: { grant_type: "password", client_id: t.clientId, client_secret: t.clientSecret, username, password: pw, scope: "all" } });

/** A user in a shop with two-factor on (enrolled through their own routes). */
async function enrolled(deptCodes: string[]) {
  const u = await t.userWith({}, { deptCodes });
  const { secret } = (await post("/gateway/api/manage/users/totp/setup", { token: u.token })).body.data;
  expect((await post("/gateway/api/manage/users/totp/enable", { token: u.token, form: { code: totpAt(secret, nowMs()) } })).body.code).toBe("200");
  expect((await password(u.username, u.password)).body.data.twoFactor).toBe("verify");
  return u;
}

describe("users/totp/reset", () => {
  it("within reach: the user's sessions end, and the next sign-in is the password alone", async () => {
    const u = await enrolled([code("广州天河店")]);
    // The staff and merchant lists show who has it on (their 两步验证 column).
    const shown = async () => {
      const list = await as(t.adminToken, FN.staff).get("/gateway/api/manage/users/mgr/list", { keyword: u.user.mobile!, pageSize: 20 });
      return list.body.dataList.find((x: { id: number }) => x.id === u.user.id)?.twoFactor;
    };
    expect(await shown()).toBe(1);
    const r = await as(t.adminToken, FN.staff).post(RESET, { id: u.user.id });
    expect(r.body).toEqual({ code: "200", desc: "重置成功" });
    expect(await shown()).toBe(0);
    expect((await get("/gateway/api/manage/users/info", { token: u.token })).status).toBe(401);
    const signIn = (await password(u.username, u.password)).body.data;
    expect(signIn.twoFactor).toBeUndefined();
    expect(signIn.access_token).toBeTruthy();
    expect((await get("/gateway/api/manage/users/totp/status", { token: signIn.access_token })).body.data).toEqual({ enabled: 0, required: 0, recoveryLeft: 0 });
    // Nothing left to reset.
    expect((await as(t.adminToken, FN.staff).post(RESET, { id: u.user.id })).body).toEqual({ code: "400", desc: "该用户未开启两步验证" });
    const logs = (await OpLog.query.byModule({ tenantId: t.clientId, module: "users" }).go({ pages: "all" })).data;
    expect(logs.filter((l) => l.action === "重置两步验证" && l.ids === String(u.user.id))).toHaveLength(1);
  });

  it("a role that requires it: the password step asks for a new enrolment, and a new secret works", async () => {
    const u = await enrolled([code("广州天河店")]);
    const roleId = u.user.roleIds![0]!;
    await Role.patch({ tenantId: t.clientId, id: roleId }).set({ twoFactor: 1 }).go();
    forgetRoles(t.clientId);
    expect((await as(t.adminToken, FN.staff).post(RESET, { id: u.user.id })).body.code).toBe("200");
    const step1 = (await password(u.username, u.password)).body.data;
    expect(step1).toMatchObject({ twoFactor: "enrol" });
    setClockOffset(STEP_SECONDS * 1000);
    const ok = (
      await post("/gateway/oauth/login", {
        form: { grant_type: "totp", client_id: t.clientId, client_secret: t.clientSecret, challenge: step1.challenge, code: totpAt(step1.secret, nowMs()), scope: "all" },
      })
    ).body;
    expect(ok.code).toBe("200");
    expect(ok.data.recoveryCodes).toHaveLength(10);
  });

  it("clears the wrong-code lock: a user locked at the code step enrols again at once where a role requires it", async () => {
    const u = await enrolled([code("广州天河店")]);
    const roleId = u.user.roleIds![0]!;
    await Role.patch({ tenantId: t.clientId, id: roleId }).set({ twoFactor: 1 }).go();
    forgetRoles(t.clientId);
    const totp = (challenge: string, c: string) =>
      post("/gateway/oauth/login", { form: { grant_type: "totp", client_id: t.clientId, client_secret: t.clientSecret, challenge, code: c, scope: "all" } });
    const verify = (await password(u.username, u.password)).body.data;
    for (let i = 0; i < 5; i++) await totp(verify.challenge, "000000");
    expect((await totp(verify.challenge, "000000")).body.desc).toMatch(/锁定/);
    expect((await as(t.adminToken, FN.staff).post(RESET, { id: u.user.id })).body.code).toBe("200");
    const step1 = (await password(u.username, u.password)).body.data;
    expect(step1).toMatchObject({ twoFactor: "enrol" });
    const ok = (await totp(step1.challenge, totpAt(step1.secret, nowMs()))).body;
    expect(ok.code, JSON.stringify(ok)).toBe("200");
  });

  it("refused: outside the caller's departments, a super-administrator by a non-super, oneself, and without E", async () => {
    const u = await enrolled([code("广州天河店")]);
    const east = await quickUser(t.clientId, { [FN.staff]: "ER" }, { dataScope: "deptTree", deptCodes: [code("上海浦东店")] });
    expect((await as(east.token, FN.staff).post(RESET, { id: u.user.id })).body).toEqual({ code: "403", desc: "不能操作超出自己范围的用户" });
    const readOnly = await quickUser(t.clientId, { [FN.staff]: "R" }, { dataScope: "all" });
    expect((await as(readOnly.token, FN.staff).post(RESET, { id: u.user.id })).body.code).toBe("403");
    const wide = await quickUser(t.clientId, { [FN.staff]: "ER" }, { dataScope: "all" });
    const admin = (await get("/gateway/api/manage/users/info", { token: t.adminToken })).body.data;
    expect((await as(wide.token, FN.staff).post(RESET, { id: admin.userId })).body).toEqual({ code: "403", desc: "只有超级管理员可以修改超级管理员" });
    expect((await as(wide.token, FN.staff).post(RESET, { id: wide.user.id })).body).toEqual({ code: "400", desc: "不能重置自己的两步验证" });
    // Still on after every refusal.
    expect((await password(u.username, u.password)).body.data.twoFactor).toBe("verify");
    // In reach, it goes through.
    const west = await quickUser(t.clientId, { [FN.staff]: "ER" }, { dataScope: "deptTree", deptCodes: [code("广州天河店")] });
    expect((await as(west.token, FN.staff).post(RESET, { id: u.user.id })).body.code).toBe("200");
  });
});
