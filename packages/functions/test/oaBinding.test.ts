import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { getUser } from "@xiangyu/core/users/read";
import { sandboxCode, SANDBOX_APP_ID, SANDBOX_SCAN_PATH } from "@xiangyu/core/platform/oa/wechatPort";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { get, post, testTenant } from "./harness.ts";

/** Official-account binding (R504–R510) through the sandbox WeChat port: key, poll, landing, single use, expiry, reLogin. */
const FN = 1109;
const W = "/gateway/api/weixinservice";

let t: Awaited<ReturnType<typeof testTenant>>;
const init = (token: string, rebind = 0) => post(`${W}/initOaBindingInfo`, { token, functionId: FN, form: { rebind } });
const check = (token: string, key: string) => get(`${W}/checkOaBinding`, { token, functionId: FN, query: { key } });
const bind = (key: string, jsCode: string) => post(`${W}/oaBinding`, { form: { key, jsCode } });

beforeAll(async () => {
  t = await testTenant();
});
afterEach(() => setClockOffset(0));

describe("binding through the sandbox", () => {
  it("init gives a key, the sandbox account and the landing address; the landing binds; the poll and the user see the openid", async () => {
    const staff = await t.userWith({ [FN]: "" });
    const r = await init(staff.token);
    expect(r.body.code, r.body.desc).toBe("200");
    const { key, appId, qrcode, followQrcode } = r.body.data;
    expect(key).toMatch(new RegExp(`^${t.clientId}\\.[0-9a-f]{32}$`));
    expect(appId).toBe(SANDBOX_APP_ID);
    expect(qrcode).toBe(`#/weixinauth?bindingKey=${encodeURIComponent(key)}&weixinAppId=${appId}`);
    expect(followQrcode).toContain(SANDBOX_SCAN_PATH);
    expect((await check(staff.token, key)).body.data).toEqual({ state: 0, oaOpenId: "" });

    // The landing page without a code: the OAuth address (the sandbox's scan page), returning to the landing page with state = key.
    const landing = `http://127.0.0.1:3000/#/weixinauth?bindingKey=${key}`;
    const url = (await get(`${W}/oaAuthorizeUrl`, { query: { bindingKey: key, redirectUri: landing } })).body.data.url as string;
    const u = new URL(url, "http://127.0.0.1:3000/");
    expect(u.pathname).toBe(SANDBOX_SCAN_PATH);
    expect(Object.fromEntries(u.searchParams)).toEqual({ appid: appId, redirect_uri: landing, state: key });

    const done = await bind(key, sandboxCode(appId, "oStaffOpenId0001"));
    expect(done.body).toMatchObject({ code: "200", desc: "已成功绑定微信公众号", data: { oaOpenId: "oStaffOpenId0001" } });
    expect((await check(staff.token, key)).body.data).toEqual({ state: 1, oaOpenId: "oStaffOpenId0001" });
    expect((await getUser(t.clientId, staff.user.id))!.oaOpenId).toBe("oStaffOpenId0001");

    // The reLogin grant refreshes the session; users/info shows the bound id.
    const re = await post("/gateway/oauth/login", {
      form: { grant_type: "reLogin", client_id: t.clientId, client_secret: t.clientSecret, scope: "all", access_token: staff.token, appId: t.clientId },
    });
    expect(re.body.code, re.body.desc).toBe("200");
    const info = await get("/gateway/api/manage/users/info", { token: re.body.data.access_token });
    expect(info.body.data.oaOpenId).toBe("oStaffOpenId0001");
  });

  it("a code WeChat refuses, a code of another app, an unknown key: 绑定公众号失败, nothing bound", async () => {
    const staff = await t.userWith({ [FN]: "" });
    const { key, appId } = (await init(staff.token)).body.data;
    expect((await bind(key, "not-a-code")).body).toMatchObject({ code: "400", desc: "绑定公众号失败" });
    expect((await bind(key, sandboxCode("wxother", "oStaff0002"))).body.desc).toBe("绑定公众号失败");
    expect((await bind(`${t.clientId}.${"0".repeat(32)}`, sandboxCode(appId, "oStaff0002"))).body.desc).toBe("绑定公众号失败");
    expect((await bind("garbage", sandboxCode(appId, "oStaff0002"))).body.code).not.toBe("200");
    expect((await getUser(t.clientId, staff.user.id))!.oaOpenId ?? "").toBe("");
  });

  it("a key binds once: 20 concurrent oaBinding with one key bind exactly one openid", async () => {
    const staff = await t.userWith({ [FN]: "" });
    const { key, appId } = (await init(staff.token)).body.data;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => bind(key, sandboxCode(appId, `oRacer${String(i).padStart(4, "0")}`))));
    const won = replies.filter((r) => r.body.code === "200");
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(r.body.desc).toBe("绑定公众号失败");
    const openId = won[0]!.body.data.oaOpenId;
    expect((await getUser(t.clientId, staff.user.id))!.oaOpenId).toBe(openId);
    expect((await check(staff.token, key)).body.data).toEqual({ state: 1, oaOpenId: openId });
    // Used: later calls fail too.
    expect((await bind(key, sandboxCode(appId, "oLate000001"))).body.desc).toBe("绑定公众号失败");
  });

  it("a key expires after 10 minutes: the poll says so and the landing fails", async () => {
    const staff = await t.userWith({ [FN]: "" });
    const { key, appId } = (await init(staff.token)).body.data;
    setClockOffset(10 * 60_000 + 1_000);
    expect((await bind(key, sandboxCode(appId, "oLate000002"))).body.desc).toBe("绑定公众号失败");
    expect((await get(`${W}/oaAuthorizeUrl`, { query: { bindingKey: key, redirectUri: "http://x/#/weixinauth" } })).body.desc).toBe("绑定公众号失败");
    setClockOffset(0);
    expect((await check(staff.token, key)).body.data.state).toBe(0);
    setClockOffset(10 * 60_000 + 1_000);
    const t2 = await t.token(staff.username, staff.password);
    expect((await check(t2, key)).body.data).toEqual({ state: 2, oaOpenId: "" });
  });

  it("rebind clears the bound openid first; a key is polled only by its own staff member; the screen is needed", async () => {
    const staff = await t.userWith({ [FN]: "" });
    const first = (await init(staff.token)).body.data;
    await bind(first.key, sandboxCode(first.appId, "oFirst00001"));
    expect((await getUser(t.clientId, staff.user.id))!.oaOpenId).toBe("oFirst00001");
    const again = await init(staff.token, 1);
    expect(again.body.code).toBe("200");
    expect((await getUser(t.clientId, staff.user.id))!.oaOpenId).toBe("");
    const someone = await t.userWith({ [FN]: "" });
    expect((await check(someone.token, again.body.data.key)).body.desc).toBe("绑定信息不存在或已过期");
    const outsider = await t.userWith({ 1201: "AEDPRS" });
    expect((await post(`${W}/initOaBindingInfo`, { token: outsider.token, functionId: 1201, form: {} })).status).toBe(403);
  });
});
