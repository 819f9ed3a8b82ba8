import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant, ADMIN_PASSWORD } from "./harness.ts";
import { setClockOffset } from "@xiangyu/core/kernel/clock";

let t: Awaited<ReturnType<typeof testTenant>>;
beforeAll(async () => {
  t = await testTenant();
});

const info = (token: string) => get("/gateway/api/manage/users/info", { token });

describe("login", () => {
  it("gives a bearer token for the username or the mobile", async () => {
    for (const name of ["admin", "ADMIN", t.adminMobile]) {
      const r = await t.login(name, ADMIN_PASSWORD);
      expect(r.body.code).toBe("200");
      expect(r.body.data.token_type).toBe("bearer");
      expect(r.body.data.expires_in).toBeGreaterThan(3600);
      expect((await info(r.body.data.access_token)).body.data.username).toBe("admin");
    }
  });

  it("refuses a wrong password, an unknown user and a wrong client secret in Chinese", async () => {
    expect((await t.login("admin", "nope")).body).toEqual({ code: "401", desc: "用户名或密码错误" });
    expect((await t.login("nobody", ADMIN_PASSWORD)).body).toEqual({ code: "401", desc: "用户名或密码错误" });
    const badClient = await post("/gateway/oauth/login", {
      form: { grant_type: "password", client_id: t.clientId, client_secret: "x", username: "admin", password: ADMIN_PASSWORD },
    });
    expect(badClient.body).toEqual({ code: "401", desc: "客户端认证失败" });
    const missing = await post("/gateway/oauth/login", { form: { grant_type: "password", client_id: t.clientId, client_secret: t.clientSecret } });
    expect(missing.body).toEqual({ code: "400", desc: "请输入用户名和密码" });
    const grant = await post("/gateway/oauth/login", { form: { grant_type: "magic", client_id: t.clientId, client_secret: t.clientSecret } });
    expect(grant.body).toEqual({ code: "400", desc: "不支持的授权类型" });
  });

  it("locks an account for 15 minutes after five failures in a row", async () => {
    const u = await t.userWith({});
    for (let i = 0; i < 4; i++) expect((await t.login(u.username, "wrong")).body.desc).toBe("用户名或密码错误");
    expect((await t.login(u.username, "wrong")).body.desc).toBe("登录失败次数过多，账号已锁定，请15分钟后再试");
    // Even the right password is refused while locked.
    expect((await t.login(u.username, u.password)).body.desc).toBe("登录失败次数过多，账号已锁定，请15分钟后再试");
    setClockOffset(15 * 60 * 1000 + 1000);
    try {
      expect((await t.login(u.username, u.password)).body.code).toBe("200");
    } finally {
      setClockOffset(0);
    }
  });

  it("forgets earlier failures after a success", async () => {
    const u = await t.userWith({});
    for (let i = 0; i < 4; i++) await t.login(u.username, "wrong");
    expect((await t.login(u.username, u.password)).body.code).toBe("200");
    for (let i = 0; i < 4; i++) expect((await t.login(u.username, "wrong")).body.desc).toBe("用户名或密码错误");
  });
});

describe("sessions end on the server", () => {
  it("logout ends only that session", async () => {
    const a = await t.token("admin", ADMIN_PASSWORD);
    const b = await t.token("admin", ADMIN_PASSWORD);
    expect((await post("/gateway/oauth/logout", { token: a })).body.code).toBe("200");
    expect((await info(a)).status).toBe(401);
    expect((await info(b)).status).toBe(200);
    // Reads start before the session item is back; they still answer 401 and show nothing.
    const list = await get("/gateway/api/organization/list", { token: a, functionId: 1201, query: { orgType: "dept", parentId: 0 } });
    expect(list.status).toBe(401);
    expect(list.body.dataList).toBeUndefined();
    const forbidden = await get("/gateway/api/organization/list", { token: a, functionId: 1101, query: { orgType: "dept" } });
    expect(forbidden.status).toBe(401);
    const write = await post("/gateway/api/organization/save", { token: a, functionId: 1201, form: { parentId: 0, orgType: "dept", orgName: "登出后" } });
    expect(write.status).toBe(401);
    const names = (await get("/gateway/api/organization/list", { token: b, functionId: 1201, query: { orgType: "dept", parentId: 0 } })).body.dataList.map((n: any) => n.orgName);
    expect(names).not.toContain("登出后");
  });

  it("a password change ends every session of the user and the new password works", async () => {
    const u = await t.userWith({});
    const other = await t.token(u.username, u.password);
    const weak = await post("/gateway/api/manage/users/changepassword", { token: u.token, form: { oldPassword: u.password, newPassword: "short" } });
    expect(weak.body).toEqual({ code: "400", desc: "新密码至少8位，且须包含字母和数字" });
    const wrongOld = await post("/gateway/api/manage/users/changepassword", { token: u.token, form: { oldPassword: "x", newPassword: "NewPassw0rd" } });
    expect(wrongOld.body).toEqual({ code: "400", desc: "原密码不正确" });
    const r = await post("/gateway/api/manage/users/changepassword", { token: u.token, form: { oldPassword: u.password, newPassword: "NewPassw0rd" } });
    expect(r.body.code).toBe("200");
    expect((await info(u.token)).status).toBe(401);
    expect((await info(other)).status).toBe(401);
    expect((await t.login(u.username, u.password)).body.code).toBe("401");
    expect((await t.login(u.username, "NewPassw0rd")).body.code).toBe("200");
  });

  it("refuses forged, expired and malformed tokens with 401", async () => {
    const good = await t.token("admin", ADMIN_PASSWORD);
    const [h, p] = good.split(".");
    expect((await info(`${h}.${p}.forgedsignature`)).status).toBe(401);
    expect((await info("not-a-token")).status).toBe(401);
    setClockOffset(13 * 60 * 60 * 1000);
    try {
      expect((await info(good)).status).toBe(401);
    } finally {
      setClockOffset(0);
    }
  });

  it("reLogin swaps a live session for a new one and refuses a dead one", async () => {
    const old = await t.token("admin", ADMIN_PASSWORD);
    const form = { grant_type: "reLogin", client_id: t.clientId, client_secret: t.clientSecret, scope: "all", access_token: old, appId: t.clientId };
    const r = await post("/gateway/oauth/login", { form });
    expect(r.body.code).toBe("200");
    expect((await info(r.body.data.access_token)).status).toBe(200);
    expect((await info(old)).status).toBe(401);
    const again = await post("/gateway/oauth/login", { form });
    expect(again.body).toEqual({ code: "401", desc: "无法重置帐号信息，请退出重新登录。" });
  });

  it("tells who is calling", async () => {
    const store = t.depts.get("广州天河店")!;
    const u = await t.userWith({ "1201": "R" }, { deptCodes: [store.code] });
    const me = (await info(u.token)).body.data;
    expect(me).toMatchObject({ username: u.username, deptCodes: [store.code], deptid: store.code, managelevel: 3 });
    expect(me.roles).toHaveLength(1);
  });
});
