import { describe, it, expect, beforeAll, afterEach } from "vitest";
import { randomBytes } from "node:crypto";
import { get, post, testTenant, memberToken } from "./harness.ts";
import { asAdmin, code, mobile as freshMobile, newClient, newProduct } from "./clientsHelpers.ts";
import { registerMobileUsers } from "@xiangyu/core/users/mobile";
import { MobileUser, MobileUserKey } from "@xiangyu/core/users/entities";
import { getClient } from "@xiangyu/core/clients/visible";
import { ClientMobile } from "@xiangyu/core/clients/entities";
import { PushSandboxSend } from "@xiangyu/core/platform/push/entities";
import { SmsCode } from "@xiangyu/core/auth/smsEntities";
import { MEMBER_ACCOUNT_MSG as MSG } from "@xiangyu/core/auth/memberMessages";
import { addWeeksNow, deductWeeksNow } from "@xiangyu/core/clients/ledger/ledger";
import { issueVouchersNow } from "@xiangyu/core/vouchers/ledger/ledger";
import { formatDate, setClockOffset } from "@xiangyu/core/kernel/clock";

/**
 * The member's own account (issue 34): the SMS code (port, hash, expiry, attempts, the sandbox code),
 * its rate limits as conditional writes (20 sends at once: one passes), binding the mobile to the
 * tenant's client of it or to a new client in the default store, and the membership with the
 * staff's memberstore figures.
 */
const SEND = "/xiangyu/api/mp/sms/send";
const BIND = "/xiangyu/api/mp/bind";
const ME = "/xiangyu/api/mp/me";
const MEMBERSHIP = "/xiangyu/api/mp/membership";

let t: Awaited<ReturnType<typeof testTenant>>;
let weeksTypeId = 0;

beforeAll(async () => {
  t = await testTenant();
  weeksTypeId = (await newProduct(t)).type.id;
}, 60_000);

afterEach(() => {
  setClockOffset(0);
  process.env.XY_SANDBOX = "1";
});

/** A signed-in member of the tenant (a mobile user not yet bound). */
async function member(tenantId = t.clientId, more: { realname?: string; mobile?: string } = {}) {
  const [id] = await registerMobileUsers(tenantId, [{ userId: `wx-${randomBytes(6).toString("hex")}`, ...more }]);
  return { id: id!, token: await memberToken(tenantId, id!) };
}

const send = (token: string, mobile: string) => post(SEND, { token, form: { mobile } });
const bind = (token: string, mobile: string, smsCode: string) => post(BIND, { token, form: { mobile, smsCode } });

/** The code the sandbox SMS port recorded last for the mobile. */
async function sentCode(mobile: string, tenantId = t.clientId): Promise<string> {
  const { data } = await PushSandboxSend.query.byTime({ tenantId }).go({ order: "desc", limit: 200 });
  const sms = data.find((s) => s.channel === "sms" && s.to === mobile);
  return /(\d{6})/.exec(sms?.body ?? "")?.[1] ?? "";
}
const smsCount = async (mobile: string) => (await PushSandboxSend.query.byTime({ tenantId: t.clientId }).go({ pages: "all" })).data.filter((s) => s.to === mobile).length;
/** A six-digit code that is neither the one sent nor the sandbox's. */
const wrong = (right: string) => ["000000", "000001"].find((c) => c !== right)!;

/** Moves the clock to noon (Shanghai) `days` days ahead, so a run of sends stays within one business day. */
function noonIn(days: number) {
  const noon = Date.parse(`${formatDate()}T12:00:00+08:00`) + days * 86_400_000;
  setClockOffset(noon - Date.now());
}

describe("sending a code (mp/sms/send)", () => {
  it("sends through the SMS port and keeps only an HMAC of the code, valid 5 minutes", async () => {
    const m = await member();
    const mobile = freshMobile();
    const r = await send(m.token, mobile);
    expect(r.body).toMatchObject({ code: "200", desc: MSG.sent, data: { mobile, expiresIn: 300, resendIn: 60 } });
    const sent = await sentCode(mobile);
    expect(sent).toMatch(/^\d{6}$/);
    const { data: stored } = await SmsCode.get({ tenantId: t.clientId, mobileUserId: m.id }).go();
    expect(stored).toMatchObject({ mobile, attempts: 0 });
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(sent);
    expect(stored!.validUntil - stored!.sentAt).toBe(300_000);
  });

  it("refuses a missing or malformed mobile and code before anything is sent or spent", async () => {
    const m = await member();
    expect((await post(SEND, { token: m.token, form: {} })).body).toMatchObject({ code: "400", desc: MSG.mobileMissing });
    expect((await send(m.token, "1234")).body.desc).toBe("输入的手机号不正确");
    expect((await post(BIND, { token: m.token, form: { mobile: freshMobile() } })).body.desc).toBe(MSG.codeMissing);
    expect((await bind(m.token, freshMobile(), "12345")).body.desc).toBe(MSG.codeBad);
    expect((await bind(m.token, freshMobile(), "12a456")).body.desc).toBe(MSG.codeBad);
    expect((await bind(m.token, "", "123456")).body.desc).toBe(MSG.mobileMissing);
  });

  it("sends once a minute per mobile and per member, and 10 times a business day", async () => {
    noonIn(1);
    const at = (minutes: number) => setClockOffset(Date.parse(`${formatDate()}T12:00:00+08:00`) - Date.now() + minutes * 61_000);
    const [a, b] = [await member(), await member()];
    const [m1, m2] = [freshMobile(), freshMobile()];
    expect((await send(a.token, m1)).body.code).toBe("200");
    expect((await send(a.token, m1)).body).toMatchObject({ code: "409", desc: MSG.tooSoon });
    // The same mobile by another member, and another mobile by the same member, wait too.
    expect((await send(b.token, m1)).body.desc).toBe(MSG.tooSoon);
    expect((await send(a.token, m2)).body.desc).toBe(MSG.tooSoon);
    expect((await send(b.token, m2)).body.code).toBe("200");
    for (let i = 1; i <= 9; i++) {
      at(i);
      expect((await send(a.token, m1)).body.code, `send ${i + 1}`).toBe("200");
    }
    at(10);
    expect((await send(a.token, m1)).body).toMatchObject({ code: "409", desc: MSG.dailyCap });
    // The mobile has had its 10: another member is refused it; the member has had its 10: another mobile is refused too.
    expect((await send((await member()).token, m1)).body.desc).toBe(MSG.dailyCap);
    expect((await send(a.token, freshMobile())).body.desc).toBe(MSG.dailyCap);
    expect(await smsCount(m1)).toBe(10);
    // The next business day starts a new count.
    noonIn(2);
    expect((await send(await memberToken(t.clientId, a.id), m1)).body.code).toBe("200");
  });

  it("lets one of 20 simultaneous sends through, by one member or by 20 members to one mobile", async () => {
    const m = await member();
    const mobile = freshMobile();
    const replies = await Promise.all(Array.from({ length: 20 }, () => send(m.token, mobile)));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    expect(replies.filter((r) => r.body.desc === MSG.tooSoon)).toHaveLength(19);
    expect(await smsCount(mobile)).toBe(1);

    const many = await Promise.all(Array.from({ length: 20 }, () => member()));
    const other = freshMobile();
    const each = await Promise.all(many.map((x) => send(x.token, other)));
    expect(each.filter((r) => r.body.code === "200")).toHaveLength(1);
    expect(each.filter((r) => r.body.desc === MSG.tooSoon)).toHaveLength(19);
    expect(await smsCount(other)).toBe(1);
  });
});

describe("binding the mobile (mp/bind)", () => {
  it("binds the member to the tenant's client of that mobile: the client is bound to the mini-program, /me shows it", async () => {
    const mobile = freshMobile();
    const c = await newClient(t, { clientName: "王五", mobile, status: 2 });
    const m = await member();
    expect((await get(ME, { token: m.token })).body.data).toMatchObject({ clientId: 0, mobile: "", realname: "" });
    await send(m.token, mobile);
    const right = await sentCode(mobile);
    expect((await bind(m.token, mobile, wrong(right))).body).toMatchObject({ code: "400", desc: MSG.codeBad });
    const r = await bind(m.token, mobile, right);
    expect(r.body).toMatchObject({ code: "200", desc: MSG.bound, data: { mobileUserId: m.id, clientId: c.id, clientName: "王五", mobile, realname: "王五", created: false } });
    expect((await get(ME, { token: m.token })).body.data).toMatchObject({ mobileUserId: m.id, clientId: c.id, mobile, realname: "王五" });
    const { data: u } = await MobileUser.get({ tenantId: t.clientId, id: m.id }).go();
    expect((await getClient(t.clientId, c.id))?.globalId).toBe(u!.userId);
    // What the staff see: the client bound to the mini-program (R165), the mobile user's key by mobile.
    const staffView = await asAdmin(t).get("/xiangyu/api/client/clientlist", { keyword: mobile });
    expect(staffView.body.dataList).toEqual([expect.objectContaining({ id: c.id, boundMiniProgram: 1 })]);
    expect((await MobileUserKey.query.byKey({ tenantId: t.clientId, key: `m:${mobile}` }).go()).data.map((k) => k.mobileUserId)).toEqual([m.id]);
    // The code served once.
    expect((await bind(m.token, mobile, right)).body.desc).toBe(MSG.codeBad);
  });

  it("registers a new client in the tenant's first store when no client has the mobile, and moves a later bind", async () => {
    const m = await member(t.clientId, { realname: "赵六" });
    const mobile = freshMobile();
    await send(m.token, mobile);
    const r = await bind(m.token, mobile, await sentCode(mobile));
    expect(r.body).toMatchObject({ code: "200", data: { created: true, clientName: "赵六", mobile } });
    const c = (await getClient(t.clientId, r.body.data.clientId))!;
    // The default store: the first store of the department tree in code order (华南分公司's 广州天河店).
    expect(c).toMatchObject({ shop: code(t, "广州天河店"), status: 1, mobile, clientName: "赵六" });
    expect(c.globalId).toMatch(/^wx-/);
    expect((await ClientMobile.query.byMobile({ tenantId: t.clientId, mobile }).go()).data.map((k) => k.clientId)).toEqual([c.id]);

    // Binding another mobile later: the new client is bound, the old one let go, the mobile's key moved.
    const next = freshMobile();
    const other = await newClient(t, { clientName: "赵六", mobile: next, status: 2, shop: code(t, "上海浦东店") });
    noonIn(1);
    const again = await memberToken(t.clientId, m.id);
    await send(again, next);
    expect((await bind(again, next, await sentCode(next))).body.data).toMatchObject({ clientId: other.id, created: false });
    expect((await getClient(t.clientId, c.id))?.globalId).toBe("");
    expect((await getClient(t.clientId, other.id))?.globalId).toBe(c.globalId);
    expect((await MobileUserKey.query.byKey({ tenantId: t.clientId, key: `m:${mobile}` }).go()).data).toEqual([]);
    expect((await get(ME, { token: again })).body.data).toMatchObject({ clientId: other.id, mobile: next });
  });

  it("refuses a mobile another member has bound, and a code sent to another mobile, expired or tried too often", async () => {
    const mobile = freshMobile();
    const first = await member();
    expect((await bind(first.token, mobile, "123456")).body.code).toBe("200");
    const second = await member();
    expect((await bind(second.token, mobile, "123456")).body).toMatchObject({ code: "409", desc: MSG.boundElsewhere });

    const m = await member();
    const [a, b] = [freshMobile(), freshMobile()];
    await send(m.token, a);
    const codeA = await sentCode(a);
    expect((await bind(m.token, b, codeA)).body.desc).toBe(MSG.codeBad);
    // Five checks per code: the fifth wrong one says so, and then even the right code is refused.
    for (let i = 1; i <= 4; i++) expect((await bind(m.token, a, wrong(codeA))).body.desc).toBe(MSG.codeBad);
    expect((await bind(m.token, a, wrong(codeA))).body.desc).toBe(MSG.tooManyTries);
    expect((await bind(m.token, a, codeA)).body.desc).toBe(MSG.tooManyTries);
    // A new code (a minute later) replaces it; past its 5 minutes it is refused.
    setClockOffset(61_000);
    await send(m.token, a);
    const codeB = await sentCode(a);
    setClockOffset(61_000 + 5 * 60_000 + 1_000);
    expect((await bind(await memberToken(t.clientId, m.id), a, codeB)).body.desc).toBe(MSG.codeBad);
  });

  it("accepts the sandbox code 123456 only when XY_SANDBOX is 1", async () => {
    const m = await member();
    const mobile = freshMobile();
    process.env.XY_SANDBOX = "0";
    expect((await bind(m.token, mobile, "123456")).body.desc).toBe(MSG.codeBad);
    process.env.XY_SANDBOX = "";
    expect((await bind(m.token, mobile, "123456")).body.desc).toBe(MSG.codeBad);
    process.env.XY_SANDBOX = "1";
    expect((await bind(m.token, mobile, "123456")).body).toMatchObject({ code: "200", data: { mobile, created: true } });
  });
});

describe("my membership (mp/membership)", () => {
  it("is refused before a mobile is bound", async () => {
    expect((await get(MEMBERSHIP, { token: (await member()).token })).body).toMatchObject({ code: "409", desc: MSG.notBound });
  });

  it("shows the staff's memberstore figures of my client, each lot and batch with its expiry, and my newest ledger moves", async () => {
    const mobile = freshMobile();
    const c = await newClient(t, { clientName: "孙七", mobile, status: 2 });
    const key = { tenantId: t.clientId, clientId: c.id, productTypeId: weeksTypeId };
    await addWeeksNow(key, { weeks: 5, shipDuration: "2030-12-31" });
    await addWeeksNow(key, { weeks: 2, shipDuration: "2029-06-30" });
    await deductWeeksNow(key, { weeks: 1, weekdayNights: 2 });
    await issueVouchersNow({ tenantId: t.clientId, clientId: c.id }, { ticketCount: 3, ticketDuration: "2030-12-31" });
    await issueVouchersNow({ tenantId: t.clientId, clientId: c.id }, { ticketCount: 2, ticketDuration: "2030-06-30", priceType: 2, useScope: 2 });
    await issueVouchersNow({ tenantId: t.clientId, clientId: c.id }, { ticketCount: 1, ticketDuration: "2030-12-31", ticketType: 1 });
    const m = await member();
    expect((await bind(m.token, mobile, "123456")).body.data.clientId).toBe(c.id);

    const mine = (await get(MEMBERSHIP, { token: m.token })).body;
    const staff = (await asAdmin(t, 1701).get("/xiangyu/api/client/memberstore", { clientId: c.id })).body;
    expect(staff.code).toBe("200");
    expect(mine.code).toBe("200");
    for (const k of ["clientId", "clientName", "bound", "membership", "ticketClassCount", "ticketClass1Count", "hotelBound"]) expect(mine.data[k], k).toEqual(staff.data[k]);
    expect(mine.data.membership).toMatchObject({ productTypeId: weeksTypeId, remainingCount: 5, remainingFirstHaltCount: 3 });
    expect(mine.data.ticketClassCount).toMatchObject({ total: 5, allall: 3, halfend: 2 });

    expect(mine.data.weekLots.map((l: any) => l.shipDuration).sort()).toEqual(["2029-06-30 23:59:59", "2030-12-31 23:59:59"]);
    expect(mine.data.weekLots.every((l: any) => l.productTypeName === "会员周次" && l.expired === false)).toBe(true);
    expect(mine.data.voucherBatches.map((b: any) => [b.ticketCount, b.ticketDuration])).toEqual([
      [1, "2030-12-31 23:59:59"],
      [2, "2030-06-30 23:59:59"],
      [3, "2030-12-31 23:59:59"],
    ]);
    expect(mine.data.weekHistory.map((h: any) => h.kind)).toEqual(["deduct", "add", "add"]);
    expect(mine.data.weekHistory[0]).toMatchObject({ productTypeName: "会员周次", before: { remainingCount: 7 }, after: { remainingCount: 5, remainingFirstHaltCount: 3 } });
    expect(mine.data).toMatchObject({ weekLotsMore: false, voucherBatchesMore: false, weekHistoryMore: false });
  });
});

describe("who may call", () => {
  it("member routes refuse staff tokens and no token; staff routes refuse a member token", async () => {
    const m = await member();
    for (const [method, path] of [
      ["POST", SEND],
      ["POST", BIND],
      ["GET", MEMBERSHIP],
    ] as const) {
      expect((await (method === "GET" ? get : post)(path, { token: t.adminToken })).status, path).toBe(401);
      expect((await (method === "GET" ? get : post)(path, {})).status, path).toBe(401);
    }
    expect((await get("/xiangyu/api/client/memberstore", { token: m.token, functionId: 1701, query: { clientId: 1 } })).status).toBe(401);
    expect((await get("/xiangyu/api/client/clientlist", { token: m.token, functionId: 2001 })).status).toBe(401);
  });

  it("binds within the member's own tenant only: another tenant's client of the mobile is not theirs", async () => {
    const other = await testTenant();
    const mobile = freshMobile();
    const theirs = await newClient(other, { clientName: "外租户客户", mobile, status: 2 });
    const m = await member();
    const r = await bind(m.token, mobile, "123456");
    expect(r.body.data.created).toBe(true);
    expect((await getClient(other.clientId, theirs.id))?.globalId).toBe("");
    expect((await getClient(t.clientId, r.body.data.clientId))?.mobile).toBe(mobile);
  }, 60_000);
});
