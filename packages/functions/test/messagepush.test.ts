import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testTenant } from "./harness.ts";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";
import { as, code, newClient, workOrderForm } from "./clientsHelpers.ts";
import { editOf } from "./editForm.ts";
import { quickUser } from "./usersHelpers.ts";
import { createRole } from "@xiangyu/core/users/service";
import { User } from "@xiangyu/core/users/entities";
import { addDays } from "@xiangyu/core/hotels/nights";
import { setClockOffset } from "@xiangyu/core/kernel/clock";
import { readPaging } from "@xiangyu/core/kernel/paging";
import { transact } from "@xiangyu/core/kernel/tx";
import { settleDueRefunds, SANDBOX_DELAY_MS } from "@xiangyu/core/orders/payments";
import { PushMessage } from "@xiangyu/core/platform/push/entities";
import { sandboxSends } from "@xiangyu/core/platform/push/messages";
import { pushItems } from "@xiangyu/core/platform/push/enqueue";
import { setSandboxPushRule } from "@xiangyu/core/platform/push/ports";
import { backoffMs } from "@xiangyu/core/platform/push/rules";
import { PUSH_MSG, PushTemplateInput } from "@xiangyu/core/platform/push/schemas";
import { runMessagePush } from "../src/jobs/messagePush.ts";

/** Message push (R511–R514): templates, events enqueueing in the business transaction, the push job through the sandbox ports. */
const FN = { list: 1110, templates: 1111 } as const;
const P = "/gateway/api/messagepush";

let w: World;
const admin = (fn: number) => as(w.t.adminToken, fn);
const tenantId = () => w.t.clientId;

beforeAll(async () => {
  w = await orderWorld();
});
afterEach(() => {
  setSandboxPushRule(null);
  setClockOffset(0);
});

const sends = async (tenant = tenantId()) => (await sandboxSends({ tenantId: tenant }, readPaging({ pageSize: 100 }))).dataList!;
const message = async (id: number) => (await PushMessage.get({ tenantId: tenantId(), id }).go({ consistent: true })).data!;
const messages = async (query: Record<string, string | number> = {}) => (await admin(FN.list).get(`${P}/list`, { pageSize: 100, ...query })).body;

async function template(form: Record<string, string | number>) {
  const r = await admin(FN.templates).post(`${P}/config/save`, { tempId: "TPL-001", tempName: "模板", ...form });
  expect(r.body).toMatchObject({ code: "200" });
  return r.body.data;
}

/** `n` queued messages to given recipients, each enqueued in its own transaction as a business write would. */
async function enqueue(n: number, event: "orderReviewed" | "orderRefunded" | "workOrderAppointed" = "orderReviewed") {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const items = await pushItems(tenantId(), event, {
      to: { recipient: { name: `收件人${i}`, openid: "", mobile: `1370000${String(i).padStart(4, "0")}` } },
      address: `地址${i}`,
    });
    expect(items.length).toBeGreaterThan(0);
    await transact(items);
    ids.push(Number((items[0]!.Put!.Item as any).id));
  }
  return ids;
}

describe("push templates (R512–R514)", () => {
  it("require tempName and tempId, refuse unknown placeholders by name, list, view, edit and delete", async () => {
    const t = admin(FN.templates);
    expect((await t.post(`${P}/config/save`, { tempId: "X1" })).body).toMatchObject({ code: "400", desc: PUSH_MSG.tempName });
    expect((await t.post(`${P}/config/save`, { tempName: "审核通知" })).body).toMatchObject({ code: "400", desc: PUSH_MSG.tempId });
    const bad = await t.post(`${P}/config/save`, { tempName: "审核通知", tempId: "X1", smsTemp: "尊敬的${touser}，${hotel}订单已审核${name}" });
    expect(bad.body.desc).toBe("短信模板中有未知的占位符：${hotel}、${name}（可用：${touser}、${msgTime}、${address}）");
    expect((await t.post(`${P}/config/save`, { tempName: "审核通知", tempId: "X1", weixinTemp: "${foo}" })).body.desc).toContain("微信模板中有未知的占位符：${foo}");
    expect((await t.post(`${P}/config/save`, { tempName: "审核通知", tempId: "X1", event: "bogus" })).body.desc).toBe(PUSH_MSG.event);
    expect((await t.post(`${P}/config/save`, { tempName: "审核通知", tempId: "X1", clientId: "another" })).body.desc).toBe(PUSH_MSG.clientId);

    const before = (await t.get(`${P}/config/list`)).body.pageParams.maxCount;
    const saved = await template({ tempName: "临时模板", tempId: "TMP-1", brandId: 3, smsTemp: "${touser}您好，${address}，${msgTime}" });
    expect(saved).toMatchObject({ tempName: "临时模板", tempId: "TMP-1", brandId: 3, clientId: tenantId(), event: "", eventName: "" });
    const list = (await t.get(`${P}/config/list`)).body;
    expect(list.pageParams.maxCount).toBe(before + 1);
    expect(list.dataList[0]).toMatchObject({ id: saved.id, tempName: "临时模板" });
    expect((await t.get(`${P}/config/list`, { keyword: "TMP-1" })).body.dataList.map((x: any) => x.id)).toEqual([saved.id]);
    // The whole template (a whole-record save); the SMS body sent blank clears it.
    const edited = await template(editOf(PushTemplateInput, saved, { id: saved.id, tempName: "临时模板二", tempId: "TMP-2", smsTemp: "" }));
    expect((await t.get(`${P}/config/view`, { id: saved.id })).body.data).toMatchObject({ id: saved.id, tempName: "临时模板二", tempId: "TMP-2", smsTemp: "" });
    expect(edited.id).toBe(saved.id);

    expect((await t.post(`${P}/config/delete`, { ids: String(saved.id) })).body.desc).toBe("删除成功");
    expect((await t.get(`${P}/config/view`, { id: saved.id })).body.desc).toBe(PUSH_MSG.missing);
    expect((await t.post(`${P}/config/delete`, { ids: String(saved.id) })).body.desc).toBe("并没有删除信息");
    expect((await t.get(`${P}/config/list`)).body.pageParams.maxCount).toBe(before);
  });

  it("need the letters: A to add, E to edit, D to delete; a reader only reads; another tenant sees none", async () => {
    const saved = await template({ tempName: "权限模板", tempId: "R-1" });
    const reader = await quickUser(tenantId(), { [FN.templates]: "R", [FN.list]: "" });
    const r = as(reader.token, FN.templates);
    expect((await r.get(`${P}/config/list`)).body.dataList.map((x: any) => x.id)).toContain(saved.id);
    expect((await r.post(`${P}/config/save`, { tempName: "新", tempId: "N" })).body).toMatchObject({ code: "403", desc: "你没有新增权限" });
    expect((await r.post(`${P}/config/save`, editOf(PushTemplateInput, saved, { id: saved.id, tempName: "改", tempId: "N" }))).body).toMatchObject({
      code: "403",
      desc: "你没有修改权限",
    });
    expect((await r.post(`${P}/config/delete`, { ids: String(saved.id) })).body).toMatchObject({ code: "403", desc: "你没有删除权限" });
    expect((await as(reader.token, FN.list).get(`${P}/list`)).body.code).toBe("200");

    const other = await testTenant();
    const o = as(other.adminToken, FN.templates);
    expect((await o.get(`${P}/config/list`)).body.dataList).toEqual([]);
    expect((await o.get(`${P}/config/view`, { id: saved.id })).body.desc).toBe(PUSH_MSG.missing);
    expect((await o.post(`${P}/config/delete`, { ids: String(saved.id) })).body.desc).toBe("并没有删除信息");
    expect((await as(other.adminToken, FN.list).get(`${P}/list`)).body.dataList).toEqual([]);
    await admin(FN.templates).post(`${P}/config/delete`, { ids: String(saved.id) });
  });
});

describe("events enqueue in the business transaction, the job sends", () => {
  it("a reviewed order pushes to the client's bound mini-program account (WeChat); an unbound client gets the SMS", async () => {
    const tpl = await template({
      tempName: "订单审核通知",
      tempId: "WX-REVIEW",
      event: "orderReviewed",
      weixinTemp: JSON.stringify({ first: "${touser}，您的订单已审核", keyword1: "${address}", keyword2: "${msgTime}" }),
      smsTemp: "${touser}您好，您在${address}的订单已审核。",
    });
    expect(tpl).toMatchObject({ event: "orderReviewed", eventName: "酒店订单审核" });
    const mon = monday(3);
    const bound = await w.member({ weeks: 2 });
    const unbound = await w.member({ weeks: 2 });
    const a = (await w.clubStay(bound.id, mon, addDays(mon, 1))).body.data.id;
    const b = (await w.clubStay(unbound.id, mon, addDays(mon, 1))).body.data.id;
    // A client unbound after booking: the review's message goes by SMS.
    const { bindMiniProgramUser } = await import("@xiangyu/core/clients/service");
    await bindMiniProgramUser(tenantId(), unbound.id, "");
    const queuedBefore = (await messages({ status: 0 })).pageParams.maxCount;

    expect((await w.handle(a, 1, 1)).body.desc).toBe("办理成功");
    expect((await w.handle(b, 1, 2)).body.desc).toBe("办理成功");
    const queued = (await messages({ status: 0 })).dataList.filter((m: any) => m.event === "orderReviewed");
    expect((await messages({ status: 0 })).pageParams.maxCount).toBe(queuedBefore + 2);
    const wx = queued.find((m: any) => m.touser === `wx-${bound.id}`);
    const sms = queued.find((m: any) => m.pushType === 2);
    expect(wx).toMatchObject({ pushType: 1, status: 0, templateId: "WX-REVIEW", realname: "订房客户", attempts: 0 });
    expect(JSON.parse(wx.data)).toMatchObject({ first: { value: "订房客户，您的订单已审核" }, keyword1: { value: "会员度假酒店" } });
    expect(sms).toMatchObject({ status: 0, realname: "订房客户", data: "订房客户您好，您在会员度假酒店的订单已审核。" });

    const run = await runMessagePush();
    expect(run.sent).toBeGreaterThanOrEqual(2);
    expect(await message(wx.id)).toMatchObject({ status: 1, attempts: 1, reason: "" });
    expect((await message(wx.id)).pushTime).not.toBe("");
    expect(await message(sms.id)).toMatchObject({ status: 1, attempts: 1 });
    const out = await sends();
    expect(out.find((s) => s.channel === "wechat" && s.to === `wx-${bound.id}`)).toMatchObject({ templateId: "WX-REVIEW", ok: 1 });
    expect(out.find((s) => s.channel === "sms" && s.body === sms.data)).toMatchObject({ to: sms.touser, ok: 1 });
    // The list as the console reads it: sent, by type.
    expect((await messages({ status: 1, pushType: 1 })).dataList.map((m: any) => m.id)).toContain(wx.id);
    expect((await messages({ status: 1, pushType: 2 })).dataList.map((m: any) => m.id)).not.toContain(wx.id);
    expect((await messages({ keyword: `wx-${bound.id}` })).dataList.map((m: any) => m.id)).toEqual([wx.id]);
  });

  it("twenty reviews of one order at once: one review wins, one message", async () => {
    const mon = monday(6);
    const c = await w.member({ weeks: 2 });
    const id = (await w.clubStay(c.id, mon, addDays(mon, 1))).body.data.id;
    const before = (await messages({ keyword: `wx-${c.id}` })).dataList.length;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => w.handle(id, 1, i % 2 === 0 ? 1 : 2)));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    const mine = (await messages({ keyword: `wx-${c.id}` })).dataList;
    expect(mine.length - before).toBe(1);
    await runMessagePush();
    expect(await message(mine[0].id)).toMatchObject({ status: 1, attempts: 1 });
  });

  it("a tenant without a template for the event pushes nothing, and the order moves as before", async () => {
    const mon = monday(4);
    const c = await w.member({ weeks: 2 });
    const id = (await w.clubStay(c.id, mon, addDays(mon, 1))).body.data.id;
    const before = (await messages()).pageParams.maxCount;
    expect(await pushItems(tenantId(), "orderRefunded", { to: { client: c.id }, address: "x" })).toEqual([]);
    // orderReviewed has a template (above); a complete move is no review and pushes nothing.
    expect((await w.handle(id, 1, 1)).body.desc).toBe("办理成功");
    expect((await messages()).pageParams.maxCount).toBe(before + 1);
    expect((await w.handle(id, 3, 1)).body.desc).toBe("办理成功");
    expect((await messages()).pageParams.maxCount).toBe(before + 1);
  });

  it("a refund settled pushes orderRefunded in the settlement's transaction", async () => {
    await template({ tempName: "退款通知", tempId: "WX-REFUND", event: "orderRefunded", weixinTemp: "${touser}，${address}订单已退款" });
    const c = await w.member();
    const mon = monday(5);
    const id = (await w.discountStay(c.id, addDays(mon, 1), addDays(mon, 2), 1, { totalPrice: 300 })).body.data.id;
    expect((await w.handle(id, 1, 2)).body.desc).toBe("办理成功");
    expect((await messages()).dataList.filter((m: any) => m.event === "orderRefunded")).toEqual([]);
    setClockOffset(SANDBOX_DELAY_MS + 1000);
    expect(await settleDueRefunds()).toBeGreaterThanOrEqual(1);
    const refunded = (await messages()).dataList.filter((m: any) => m.event === "orderRefunded");
    expect(refunded).toMatchObject([{ pushType: 1, touser: `wx-${c.id}`, templateId: "WX-REFUND", status: 0 }]);
    expect(JSON.parse(refunded[0].data)).toEqual({ content: { value: "订房客户，折扣商务酒店订单已退款" } });
    // Queued at the moved clock's time: sent while the clock is still there.
    await runMessagePush();
    expect(await message(refunded[0].id)).toMatchObject({ status: 1, attempts: 1 });
  });

  it("a work-order appointment pushes to the inviter: their official account when bound, else their mobile", async () => {
    await template({
      tempName: "预约通知",
      tempId: "WX-APPT",
      event: "workOrderAppointed",
      weixinTemp: "${touser}：客户已预约 ${msgTime} ${address}",
      smsTemp: "${touser}：客户已预约${msgTime}到${address}",
    });
    const tianhe = code(w.t as any, "广州天河店");
    const inviterRole = await createRole(tenantId(), "电邀员", { 2101: "AER", 2102: "R" }, "inviter", "self");
    const manager = await quickUser(tenantId(), { 2101: "ADEPR", 2102: "ADER" }, { deptCodes: [tianhe], realname: "店长" });
    const bound = await quickUser(tenantId(), {}, { roleIds: [inviterRole], deptCodes: [tianhe], realname: "邀约甲" });
    const plain = await quickUser(tenantId(), {}, { roleIds: [inviterRole], deptCodes: [tianhe], realname: "邀约乙", mobile: "13712345678" });
    await User.patch({ tenantId: tenantId(), id: bound.user.id }).set({ oaOpenId: "oa-openid-jia" }).go();
    const appoint = async (who: typeof bound, name: string) => {
      const c = await newClient(w.t as any, { clientName: name, shop: tianhe });
      const r = await as(manager.token, 2102).post("/xiangyu/api/client/savebookingclient", { shop: tianhe, bookingUser: who.user.id, bookingstoreclient: c.id });
      expect(r.body.code).toBe("200");
      // A new work order is a whole record too: every question sent, blank where unanswered.
      const s = await as(who.token, 2101).post("/xiangyu/api/client/workorder/workordersave", {
        ...workOrderForm({}),
        clientId: c.id,
        isAppointment: 1,
        appointmentTime: "2026-12-01 10:00:00",
        appointmentAdrress: "天河展厅",
        recordType: "接通",
      });
      expect(s.body.code).toBe("200");
      return { wo: s.body.data.id as number, clientId: c.id as number, view: s.body.data };
    };
    const before = (await messages({ keyword: "天河展厅" })).dataList.length;
    const wo = await appoint(bound, "预约客户甲");
    await appoint(plain, "预约客户乙");
    const got = (await messages({ keyword: "天河展厅" })).dataList;
    expect(got.length).toBe(before + 2);
    expect(got.find((m: any) => m.touser === "oa-openid-jia")).toMatchObject({ pushType: 1, realname: "邀约甲", event: "workOrderAppointed" });
    expect(JSON.parse(got.find((m: any) => m.touser === "oa-openid-jia").data)).toEqual({ content: { value: "邀约甲：客户已预约 2026-12-01 10:00:00 天河展厅" } });
    expect(got.find((m: any) => m.touser === "13712345678")).toMatchObject({ pushType: 2, data: "邀约乙：客户已预约2026-12-01 10:00:00到天河展厅" });
    // The next save (the client came) keeps the same appointment: no new message.
    const again = await as(bound.token, 2101).post("/xiangyu/api/client/workorder/workordersave", {
      ...workOrderForm(wo.view),
      id: wo.wo,
      clientId: wo.clientId,
      isAppointment: 1,
      appointmentTime: "2026-12-01 10:00:00",
      appointmentAdrress: "天河展厅",
      bePresent: 1,
      isQualified: 1,
    });
    expect(again.body).toMatchObject({ code: "200" });
    expect((await messages({ keyword: "天河展厅" })).dataList.length).toBe(before + 2);
  });
});

describe("the push job", () => {
  beforeAll(async () => {
    // The newest template of the event is the one used: these messages go by SMS.
    await template({ tempName: "任务测试模板", tempId: "SMS-JOB", event: "orderReviewed", smsTemp: "${touser}：${address}" });
  });

  it("sends each queued message once when two runs race (20 messages)", async () => {
    await runMessagePush(); // what earlier tests left queued
    const ids = await enqueue(20);
    const sentBefore = (await sends()).length;
    const [a, b] = await Promise.all([runMessagePush(), runMessagePush()]);
    expect(a.sent + b.sent).toBe(20);
    expect(a.claimed + b.claimed).toBe(20);
    const after = await sends();
    expect(after.length - sentBefore).toBe(20);
    // Each recipient exactly once.
    const to = after.filter((s) => /^1370000\d{4}$/.test(s.to ?? "")).map((s) => s.to);
    expect(to).toHaveLength(20);
    expect(new Set(to).size).toBe(20);
    for (const id of ids) expect(await message(id)).toMatchObject({ status: 1, attempts: 1 });
    // Nothing of these is left to send: a third run sends none of them again.
    await runMessagePush();
    const mine = new Set(to);
    expect((await sends()).filter((s) => mine.has(s.to))).toHaveLength(20);
    for (const id of ids) expect(await message(id)).toMatchObject({ status: 1, attempts: 1 });
  });

  it("retries a failing message the configured number of times after a backoff, then marks it failed with the reason", async () => {
    await runMessagePush();
    const [id] = await enqueue(1);
    const failedBefore = (await messages({ status: 2 })).pageParams.maxCount;
    setSandboxPushRule(() => ({ ok: false, reason: "短信平台余额不足" }));
    const retries = 2;
    expect(await runMessagePush({ retries })).toMatchObject({ claimed: 1, retried: 1 });
    expect(await message(id!)).toMatchObject({ status: 0, attempts: 1, reason: "短信平台余额不足" });
    // Not due again before the backoff.
    expect((await runMessagePush({ retries })).claimed).toBe(0);
    let offset = 0;
    for (const attempt of [1, 2]) {
      offset += backoffMs(attempt) + 1000;
      setClockOffset(offset);
      expect((await runMessagePush({ retries })).claimed).toBe(1);
    }
    expect(await message(id!)).toMatchObject({ status: 2, attempts: 3, reason: "短信平台余额不足" });
    expect((await message(id!)).pushTime).not.toBe("");
    expect((await sends()).filter((s) => s.ok === 0 && s.to === "13700000000").length).toBeGreaterThanOrEqual(3);
    // Failed for good: later runs leave it alone; the list's failed total moved by one.
    setClockOffset(offset + 3_600_000);
    expect((await runMessagePush({ retries })).claimed).toBe(0);
    const failed = await messages({ status: 2 });
    expect(failed.pageParams.maxCount).toBe(failedBefore + 1);
    expect(failed.dataList[0]).toMatchObject({ id, status: 2, reason: "短信平台余额不足" });
  });

  it("a failure then a success: sent on the retry, the reason of the failed attempt cleared", async () => {
    await runMessagePush();
    const [id] = await enqueue(1);
    let n = 0;
    setSandboxPushRule(() => (n++ === 0 ? { ok: false, reason: "网络超时" } : { ok: true }));
    await runMessagePush();
    expect(await message(id!)).toMatchObject({ status: 0, attempts: 1, reason: "网络超时" });
    setClockOffset(backoffMs(1) + 1000);
    await runMessagePush();
    expect(await message(id!)).toMatchObject({ status: 1, attempts: 2, reason: "" });
  });
});

describe("the push list (R511)", () => {
  it("every filter's kept total equals its rows, and a keyword counts what it matches", async () => {
    const all = (await messages({ pageSize: 100 })).dataList as any[];
    expect(all.length).toBeGreaterThan(20);
    expect((await messages()).pageParams.maxCount).toBe(all.length);
    for (const status of [undefined, 0, 1, 2])
      for (const pushType of [undefined, 1, 2]) {
        const q = { ...(status === undefined ? {} : { status }), ...(pushType === undefined ? {} : { pushType }) };
        const r = await messages(q);
        const want = all.filter((m) => (status === undefined || m.status === status) && (pushType === undefined || m.pushType === pushType));
        expect([q, r.pageParams.maxCount]).toEqual([q, want.length]);
        expect(r.dataList.map((m: any) => m.id)).toEqual(want.map((m) => m.id));
      }
    const k = await messages({ keyword: "收件人1" });
    expect(k.dataList.every((m: any) => m.realname.includes("收件人1"))).toBe(true);
    expect(k.pageParams.maxCount).toBe(k.dataList.length);
    expect((await admin(FN.list).get(`${P}/list`, { status: 3 })).body.desc).toBe(PUSH_MSG.status);
    expect((await admin(FN.list).get(`${P}/list`, { pushType: 9 })).body.desc).toBe(PUSH_MSG.pushType);
    // Read-only: no write route exists for messages.
    expect((await admin(FN.list).post(`${P}/save`, { id: all[0].id })).status).toBe(404);
  });
});
