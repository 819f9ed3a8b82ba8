import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { MobileUser, MobileUserKey } from "@xiangyu/core/users/entities";
import { Tenant } from "@xiangyu/core/platform/entities";
import { MEMBER_TTL_SECONDS } from "@xiangyu/core/auth/memberAuth";
import { MEMBER_MSG } from "@xiangyu/core/auth/schemas";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { memberSignIn } from "@xiangyu/core/auth/member";
import { MpMember } from "@xiangyu/core/platform/mp/entities";
import { SIGN_IN_MSG } from "@xiangyu/core/platform/mp/rules";
import { randomBytes } from "node:crypto";
import { get, post, testTenant, memberToken } from "./harness.ts";

/**
 * Mini-program members (core auth/member.ts): the sign-in through the WeChat port's code2session
 * with the tenant's enabled mini-program (its sandbox adapter here), the membership it records,
 * the member token on member routes only, and access ending with the mobile user or the tenant.
 */
const LOGIN = "/xiangyu/api/mp/login";
const ME = "/xiangyu/api/mp/me";
const MP = "/xiangyu/api/mpconfig";
const MOBILE_USERS = "/gateway/api/manage/users/m";
let t: Awaited<ReturnType<typeof testTenant>>;
let staffToken = "";
let mpAppId = "";

const newAppId = () => `wx${randomBytes(8).toString("hex")}`;

/** A mini-program of the tenant saved on 小程序管理 (enabled), its AppSecret set when given. */
async function miniProgram(token: string, appId = newAppId(), secret = ""): Promise<{ id: number; appId: string }> {
  const saved = await post(`${MP}/saveMpconfig`, { token, functionId: 1108, form: { appId, mpName: "会员小程序", shop: "001", menuCode: "home" } });
  expect(saved.body.code, saved.body.desc).toBe("200");
  if (secret) {
    // The account configuration is saved whole (every field; blank ones stay blank).
    const blank = Object.fromEntries(
      [
        "mchId",
        "mchName",
        "secretNumber",
        "apiV3Key",
        "certPath",
        "publickeyId",
        "publicKeyPath",
        ...["group", "agent", "channel"].flatMap((p) => [`${p}Type`, `${p}Name`, `${p}Account`]),
      ].map((k) => [k, ""]),
    );
    const pay = await post(`${MP}/savePayconfig`, { token, functionId: 1108, form: { ...blank, id: saved.body.data.id, secret } });
    expect(pay.body.code, pay.body.desc).toBe("200");
  }
  return { id: saved.body.data.id, appId };
}

const enable = (token: string, id: number, idisplay: 0 | 1) => post(`${MP}/passedMpconfig`, { token, functionId: 1108, form: { id, idisplay } });

beforeAll(async () => {
  t = await testTenant();
  staffToken = t.adminToken;
  mpAppId = (await miniProgram(staffToken)).appId;
}, 60_000);

afterEach(() => {
  setClockOffset(0);
  process.env.XY_SANDBOX = "1";
});

const signIn = (code: string, tenant = t.clientId, appId = "") => post(LOGIN, { form: { tenant, code, ...(appId ? { appId } : {}) } });
const membership = async (tenantId: string, appId: string, mobileUserId: number) => (await MpMember.get({ tenantId, appId, mobileUserId }).go()).data;

describe("member sign-in", () => {
  it("registers a mobile user at its first sign-in and finds it again at the next", async () => {
    const first = await signIn("sandbox:openid-first");
    expect(first.body.code, JSON.stringify(first.body)).toBe("200");
    const again = await signIn("sandbox:openid-first");
    expect(again.body.data.mobileUserId).toBe(first.body.data.mobileUserId);
    const { data: u } = await MobileUser.get({ tenantId: t.clientId, id: first.body.data.mobileUserId }).go();
    expect(u?.userId).toBe("openid-first");
    const me = await get(ME, { token: again.body.data.access_token });
    expect(me.body.data).toMatchObject({ mobileUserId: first.body.data.mobileUserId, userId: "openid-first", clientId: 0 });
    expect(me.body.data.tenantId).toBeUndefined();
    // The sign-in came through the tenant's mini-program: the user is its member, under the openid code2session gave.
    expect(await membership(t.clientId, mpAppId, first.body.data.mobileUserId)).toMatchObject({ openId: "openid-first" });
  });

  it("registers one mobile user when 20 first sign-ins of one openid arrive at once", async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => signIn("sandbox:openid-race")));
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill("200"));
    expect(new Set(replies.map((r) => r.body.data.mobileUserId)).size).toBe(1);
    const { data: keys } = await MobileUserKey.query.byKey({ tenantId: t.clientId, key: "u:openid-race" }).go();
    expect(keys).toHaveLength(1);
  });

  it("refuses a code the port does not know, an unknown tenant, and every code when the sandbox is off", async () => {
    expect((await signIn("wx-real-code")).body.desc).toBe(MEMBER_MSG.badCode);
    expect((await signIn("sandbox:bad openid!")).body.desc).toBe(MEMBER_MSG.badCode);
    expect((await signIn("sandbox:x", "no-such-tenant")).body.desc).toBe(MEMBER_MSG.noTenant);
    expect((await post(LOGIN, { form: { tenant: t.clientId } })).body.desc).toBe(MEMBER_MSG.badCode);
    process.env.XY_SANDBOX = "0";
    expect((await signIn("sandbox:openid-first")).body.desc).toBe(MEMBER_MSG.badCode);
  });
});

describe("the mini-program a sign-in goes through", () => {
  it("none enabled is refused; one is taken without naming it; several must be named; a disabled or unknown one is refused", async () => {
    const own = await testTenant();
    const login = (code: string, appId = "") => signIn(code, own.clientId, appId);
    expect((await login("sandbox:oNone0001")).body).toMatchObject({ code: "403", desc: SIGN_IN_MSG.none });

    const a = await miniProgram(own.adminToken);
    const first = await login("sandbox:oOne0001");
    expect(first.body.code, first.body.desc).toBe("200");
    const user = first.body.data.mobileUserId as number;
    expect(await membership(own.clientId, a.appId, user)).toMatchObject({ openId: "oOne0001" });

    const b = await miniProgram(own.adminToken);
    expect((await login("sandbox:oOne0001")).body.desc).toBe(SIGN_IN_MSG.which);
    expect((await login("sandbox:oOne0001", newAppId())).body.desc).toBe(SIGN_IN_MSG.unknown);
    // Another tenant's mini-program is not this tenant's.
    expect((await login("sandbox:oOne0001", mpAppId)).body.desc).toBe(SIGN_IN_MSG.unknown);
    const viaB = await login("sandbox:oOne0001", b.appId);
    expect(viaB.body.data.mobileUserId).toBe(user);
    expect(await membership(own.clientId, b.appId, user)).toMatchObject({ openId: "oOne0001" });

    // A disabled mini-program signs nobody in; the one left enabled is taken again without naming it.
    expect((await enable(own.adminToken, a.id, 0)).body.code).toBe("200");
    expect((await login("sandbox:oOne0001", a.appId)).body.desc).toBe(SIGN_IN_MSG.unknown);
    expect((await login("sandbox:oTwo0001")).body.code).toBe("200");
    expect((await enable(own.adminToken, b.id, 0)).body.code).toBe("200");
    expect((await login("sandbox:oOne0001")).body.desc).toBe(SIGN_IN_MSG.none);
  });

  it("asks the port's code2session with the mini-program's AppId and its AppSecret opened", async () => {
    const own = await testTenant();
    const mp = await miniProgram(own.adminToken, newAppId(), "app-secret-0001");
    const asked: { appId: string; secret: string; jsCode: string }[] = [];
    const port = {
      code2session: async (appId: string, secret: string, jsCode: string) => {
        asked.push({ appId, secret, jsCode });
        return jsCode === "wx-good" ? { openId: "oPort0001" } : null;
      },
    };
    const r = await memberSignIn({ tenant: own.clientId, code: "wx-good", appId: "" }, port);
    expect(asked).toEqual([{ appId: mp.appId, secret: "app-secret-0001", jsCode: "wx-good" }]);
    expect(await membership(own.clientId, mp.appId, r.mobileUserId)).toMatchObject({ openId: "oPort0001" });
    await expect(memberSignIn({ tenant: own.clientId, code: "wx-bad", appId: "" }, port)).rejects.toThrow(MEMBER_MSG.badCode);
  });
});

describe("member routes", () => {
  it("take a member token only, and staff routes refuse a member token", async () => {
    const { body } = await signIn("sandbox:openid-routes");
    const member = body.data.access_token as string;
    expect((await get(ME, { token: staffToken })).status).toBe(401);
    expect((await get(ME)).status).toBe(401);
    expect((await get("/gateway/api/manage/users/info", { token: member })).status).toBe(401);
    expect((await get("/gateway/api/manage/users/info", { token: staffToken })).status).toBe(200);
  });

  it("end when the mobile user is disabled or deleted, when the tenant is disabled, and when the token expires", async () => {
    const { body } = await signIn("sandbox:openid-ends");
    const id = body.data.mobileUserId as number;
    const token = await memberToken(t.clientId, id);
    expect((await get(ME, { token })).status).toBe(200);

    // Through the staff's 启禁用 (users/mobile.ts), which moves the tenant's session version (auth/memberAuth.ts).
    const flip = async () => expect((await post(`${MOBILE_USERS}/passed`, { token: staffToken, functionId: 2303, form: { ids: String(id) } })).body.code).toBe("200");
    await flip();
    expect((await get(ME, { token })).status).toBe(401);
    expect((await signIn("sandbox:openid-ends")).body.desc).toBe(MEMBER_MSG.disabled);
    await flip();
    expect((await get(ME, { token })).status).toBe(200);

    setClockOffset((MEMBER_TTL_SECONDS + 60) * 1000);
    expect((await get(ME, { token })).status).toBe(401);
    setClockOffset(0);

    await Tenant.patch({ clientId: t.clientId }).set({ idisplay: 0 }).go();
    try {
      expect((await get(ME, { token })).status).toBe(401);
    } finally {
      await Tenant.patch({ clientId: t.clientId }).set({ idisplay: 1 }).go();
    }
    expect((await post(`${MOBILE_USERS}/delete`, { token: staffToken, functionId: 2303, form: { ids: String(id) } })).body.code).toBe("200");
    expect((await get(ME, { token })).status).toBe(401);
  });
});
