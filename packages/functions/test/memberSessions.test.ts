import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { MobileUser, MobileUserKey } from "@xiangyu/core/users/entities";
import { Tenant } from "@xiangyu/core/platform/entities";
import { MEMBER_TTL_SECONDS } from "@xiangyu/core/auth/memberAuth";
import { MEMBER_MSG } from "@xiangyu/core/auth/schemas";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { get, post, testTenant, memberToken } from "./harness.ts";

/**
 * Mini-program members (core auth/member.ts): the sandbox sign-in, the member token on member
 * routes only, and access ending with the mobile user or the tenant.
 */
const LOGIN = "/xiangyu/api/mp/login";
const ME = "/xiangyu/api/mp/me";
let t: Awaited<ReturnType<typeof testTenant>>;
let staffToken = "";

beforeAll(async () => {
  t = await testTenant();
  staffToken = t.adminToken;
}, 60_000);

afterEach(() => {
  setClockOffset(0);
  process.env.XY_SANDBOX = "1";
});

const signIn = (code: string, tenant = t.clientId) => post(LOGIN, { form: { tenant, code } });

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

    await MobileUser.patch({ tenantId: t.clientId, id }).set({ displayornot: 0 }).go();
    expect((await get(ME, { token })).status).toBe(401);
    expect((await signIn("sandbox:openid-ends")).body.desc).toBe(MEMBER_MSG.disabled);
    await MobileUser.patch({ tenantId: t.clientId, id }).set({ displayornot: 1 }).go();
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
    await MobileUser.delete({ tenantId: t.clientId, id }).go();
    expect((await get(ME, { token })).status).toBe(401);
  });
});
