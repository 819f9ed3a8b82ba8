import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { asAdmin, as, code, newClient, newProduct, workOrderForm } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import { createRole } from "@xiangyu/core/users/service";
import { Client } from "@xiangyu/core/clients/entities";
import { Purchase } from "@xiangyu/core/finance/purchase/entity";
import { WorkOrder } from "@xiangyu/core/workorders/entities";

/** A new work order's whole form: every question sent, blank where unanswered (a work-order save is always a whole record). */
const NEW_WORK_ORDER = workOrderForm({});
import { today } from "@xiangyu/core/kernel/clock";

/** Work orders (2101), tasks (2102): assignment, the state machine through the routes, scope, the lock, final payment. */
const FN = { workOrders: 2101, tasks: 2102 } as const;
const W = "/xiangyu/api/client/workorder";
const C = "/xiangyu/api/client";

let t: Awaited<ReturnType<typeof testTenant>>;
let product: any;
let tianhe: string;
let nanshan: string;
type Who = { token: string; user: { id: number } };
let inviter: Who, inviter2: Who, manager: Who, farManager: Who, reader: Who;

const APPT = { isAppointment: 1, appointmentTime: "2026-12-01 10:00:00", appointmentAdrress: "天河展厅" };
const PRESENT = { ...APPT, bePresent: 1, isQualified: 1 };

beforeAll(async () => {
  t = await testTenant();
  ({ product } = await newProduct(t));
  tianhe = code(t, "广州天河店");
  nanshan = code(t, "深圳南山店");
  const inviterRole = await createRole(t.clientId, "电邀员", { [FN.workOrders]: "AER", [FN.tasks]: "R" }, "inviter", "self");
  inviter = await quickUser(t.clientId, {}, { roleIds: [inviterRole], deptCodes: [tianhe], realname: "邀约甲" });
  inviter2 = await quickUser(t.clientId, {}, { roleIds: [inviterRole], deptCodes: [tianhe], realname: "邀约乙" });
  manager = await quickUser(t.clientId, { [FN.workOrders]: "ADEPR", [FN.tasks]: "ADER" }, { deptCodes: [tianhe], realname: "店长" });
  farManager = await quickUser(t.clientId, { [FN.workOrders]: "ADEPR", [FN.tasks]: "ADER" }, { deptCodes: [nanshan], realname: "南山店长" });
  reader = await quickUser(t.clientId, { [FN.workOrders]: "R" }, { deptCodes: [tianhe] });
});

const client = async (id: number) => (await Client.get({ tenantId: t.clientId, id }).go()).data!;
const purchasesOf = async (clientId: number) => (await Purchase.query.byClient({ tenantId: t.clientId, clientId }).go()).data;

async function assign(clientIds: number[], who: Who = inviter) {
  const r = await as(manager.token, FN.tasks).post(`${C}/savebookingclient`, { shop: tianhe, bookingUser: who.user.id, bookingstoreclient: clientIds.join(",") });
  expect(r.body).toMatchObject({ code: "200" });
  return r.body.data;
}

/** A client of 天河 assigned to the inviter and walked to presence (2112). */
async function presentClient(name: string) {
  const c = await newClient(t, { clientName: name, shop: tianhe });
  await assign([c.id]);
  const inv = as(inviter.token, FN.workOrders);
  const a = await inv.post(`${W}/workordersave`, { ...NEW_WORK_ORDER, clientId: c.id, ...APPT, recordType: "接通", recordRemark: "约了周六" });
  expect(a.body).toMatchObject({ code: "200" });
  // An edit sends the whole work order (a whole-record save): its fields as the first save left them, then the presence.
  const p = await inv.post(`${W}/workordersave`, { ...workOrderForm(a.body.data), clientId: c.id, id: a.body.data.id, ...PRESENT });
  expect(p.body.data).toMatchObject({ code: "2112", statusName: "到场未购买" });
  return { c, wo: p.body.data };
}

describe("tasks and assignment (R312–R319)", () => {
  it("the form's messages; clients outside the store are dropped; inviters are the store's holders of the inviter role", async () => {
    const mine = await newClient(t, { clientName: "分配甲", shop: tianhe });
    const far = await newClient(t, { clientName: "南山客户", shop: nanshan });
    const m = as(manager.token, FN.tasks);
    expect((await m.post(`${C}/savebookingclient`, { bookingUser: inviter.user.id, bookingstoreclient: mine.id })).body.desc).toBe("门店不能为空");
    expect((await m.post(`${C}/savebookingclient`, { shop: tianhe, bookingstoreclient: mine.id })).body.desc).toBe("请选择电邀员");
    expect((await m.post(`${C}/savebookingclient`, { shop: tianhe, bookingUser: manager.user.id, bookingstoreclient: mine.id })).body.desc).toBe("请选择电邀员");
    expect((await m.post(`${C}/savebookingclient`, { shop: tianhe, bookingUser: inviter.user.id })).body.desc).toBe("请选择客户");
    expect((await m.post(`${C}/savebookingclient`, { shop: tianhe, bookingUser: inviter.user.id, bookingstoreclient: far.id })).body.desc).toBe("请选择客户");
    const men = await m.get(`${C}/getbusinessmanlist`, { userRole: "inviter", shop: tianhe });
    expect(men.body.dataList.map((u: any) => u.id).sort()).toEqual([inviter.user.id, inviter2.user.id].sort());
    expect((await m.get(`${C}/getbusinessmanlist`, { userRole: "inviter", shop: nanshan })).body.code).toBe("403");

    const before = await m.get(`${C}/bookingclientlist`, { shop: tianhe });
    expect(before.body.dataList.find((c: any) => c.id === mine.id)).toMatchObject({ apTime: "", apTimeText: "从未电邀" });
    const task = await assign([mine.id, far.id]);
    expect(task).toMatchObject({ bookingtotal: 1, booked: 0, bookingUserName: "邀约甲" });
    expect((await m.get(`${C}/bookingclientview`, { id: task.id })).body.data.bookingstoreclient).toEqual([mine.id]);
    const tasks = await as(inviter.token, FN.tasks).get(`${C}/bookingstorelist`);
    expect(tasks.body.dataList.map((x: any) => x.id)).toContain(task.id);
    expect((await as(inviter2.token, FN.tasks).get(`${C}/bookingstorelist`)).body.dataList.map((x: any) => x.id)).not.toContain(task.id);
    expect((await as(farManager.token, FN.tasks).get(`${C}/bookingclientview`, { id: task.id })).body.code).toBe("404");

    // The inviter's own list; the invitation stamps the assignment and the task's booked count.
    const own = await as(inviter.token, FN.workOrders).get(`${W}/mybookingclientlist`);
    expect(own.body.dataList.map((a: any) => a.clientId)).toContain(mine.id);
    const saved = await as(inviter.token, FN.workOrders).post(`${W}/workordersave`, {
      ...NEW_WORK_ORDER,
      clientId: mine.id,
      isAppointment: 3,
      recordType: "考虑中",
      recordRemark: "下周再打",
    });
    expect(saved.body.data).toMatchObject({ code: "1300", statusName: "考虑中" });
    expect(saved.body.data.remarkInfo).toEqual([expect.objectContaining({ remarkType: 1, recordType: "考虑中", remark: "下周再打", userName: "邀约甲" })]);
    expect((await m.get(`${C}/bookingclientview`, { id: task.id })).body.data).toMatchObject({ booked: 1, bookingtotal: 1, completed: 1 });
    expect((await m.get(`${C}/bookingstorelist`, { status: 1 })).body.dataList.map((x: any) => x.id)).toContain(task.id);
    expect((await m.get(`${C}/bookingstorelist`, { status: 2 })).body.dataList.map((x: any) => x.id)).not.toContain(task.id);
    const after = await m.get(`${C}/bookingclientlist`, { shop: tianhe, id: task.id });
    expect(after.body.dataList.find((c: any) => c.id === mine.id).apTime).toBe(today());
    const rows = await m.get(`${C}/userbookingstorelist`, { storeId: task.id });
    expect(rows.body.dataList).toEqual([expect.objectContaining({ clientId: mine.id, status: 1, statusText: "已电邀" })]);
    // Re-invite: a second record on the same work order; the count does not move again.
    const again = await as(inviter.token, FN.workOrders).post(`${W}/workordersave`, { ...NEW_WORK_ORDER, clientId: mine.id, isAppointment: 3, recordType: "未接通" });
    expect(again.body.data.id).toBe(saved.body.data.id);
    expect(again.body.data.remarkInfo).toHaveLength(2);
    expect((await m.get(`${C}/bookingclientview`, { id: task.id })).body.data.booked).toBe(1);
    // Reassigning to another inviter moves the client and the counts.
    const task2 = await assign([mine.id], inviter2);
    expect((await m.get(`${C}/bookingclientview`, { id: task.id })).body.data).toMatchObject({ bookingtotal: 0, booked: 0 });
    expect(task2.bookingtotal).toBe(1);
    expect((await as(inviter.token, FN.workOrders).post(`${W}/workordersave`, { ...NEW_WORK_ORDER, clientId: mine.id, isAppointment: 0 })).body.desc).toBe("该客户未分配给你");
    expect((await m.post(`${C}/bookingclientdelete`, { ids: `${task.id},${task2.id}` })).body.code).toBe("200");
    expect((await m.get(`${C}/bookingclientview`, { id: task2.id })).body.code).toBe("404");
  });
});

/** The present client's work order bought in instalments (30,000 yuan, 10,000 first), the whole form. */
const instalmentBuy = (clientId: number, wo: Record<string, unknown>) => ({
  ...workOrderForm(wo),
  clientId,
  id: wo.id as number,
  ...PRESENT,
  isBuy: 1,
  productId: product.id,
  payType: "1",
  isInstallment: 1,
  payAmount: "30000",
  firstPayAmount: "10000",
});

describe("work orders through the routes", () => {
  it("walks invited → appointed → present → bought in instalments; the client's status follows; the lock holds; final payment", async () => {
    const { c, wo } = await presentClient("流程客户");
    expect((await client(c.id)).workOrderStatus).toBe("2112");
    const inv = as(inviter.token, FN.workOrders);
    expect((await inv.post(`${W}/workordersave`, { ...workOrderForm(wo), clientId: c.id, id: wo.id, ...PRESENT })).body.desc).toBe("未确定是否购买");
    const buy = instalmentBuy(c.id, wo);
    expect((await inv.post(`${W}/workordersave`, { ...buy, productId: "" })).body.desc).toBe("未选择产品");
    expect((await inv.post(`${W}/workordersave`, { ...buy, payType: "" })).body.desc).toBe("未选择支付方式");
    expect((await inv.post(`${W}/workordersave`, { ...buy, isInstallment: "" })).body.desc).toBe("未选择是否分期");
    expect((await inv.post(`${W}/workordersave`, { ...buy, payAmount: "" })).body.desc).toBe("未输入支付金额");
    expect((await inv.post(`${W}/workordersave`, { ...buy, firstPayAmount: "" })).body.desc).toBe("未输入首次支付金额");
    const bought = await inv.post(`${W}/workordersave`, buy);
    expect(bought.body).toMatchObject({ code: "200", data: { code: "3111", statusName: "已购买", locked: 1, canSave: 0 } });
    expect(bought.body.data.buyInfo).toMatchObject({ status: 1, payAmount: 30000, firstPayAmount: 10000, isInstallment: 1, productName: product.productName, workOrderId: wo.id });
    expect((await client(c.id)).workOrderStatus).toBe("3111");
    expect((await inv.post(`${W}/workordersave`, { ...buy, isBuy: 2, notBuyReason: "x" })).body).toMatchObject({ code: "423", desc: "该工单已提交购买，不能再保存" });
    expect(await purchasesOf(c.id)).toHaveLength(1);

    // Final payment (R274): required amount, right, once.
    const pid = bought.body.data.buylistId;
    expect((await as(manager.token, FN.workOrders).post(`${W}/savefinalpayamount`, { id: pid })).body.desc).toBe("未填写金额");
    expect((await as(manager.token, FN.workOrders).post(`${W}/savefinalpayamount`, { id: pid, finalPayAmount: "abc" })).body.desc).toBe("未填写金额");
    expect((await as(reader.token, FN.workOrders).post(`${W}/savefinalpayamount`, { id: pid, finalPayAmount: "20000" })).body).toMatchObject({ code: "403", desc: "你无操作权限" });
    expect((await as(farManager.token, FN.workOrders).post(`${W}/savefinalpayamount`, { id: pid, finalPayAmount: "20000" })).body.desc).toBe("无效的购买ID");
    const paid = await as(manager.token, FN.workOrders).post(`${W}/savefinalpayamount`, { id: pid, finalPayAmount: "19999.50" });
    expect(paid.body).toMatchObject({ code: "200", desc: "处理完成", data: { finalPayAmount: 19999.5 } });
    expect((await as(manager.token, FN.workOrders).post(`${W}/savefinalpayamount`, { id: pid, finalPayAmount: "1" })).body.desc).toBe("尾款已登记，请勿重复操作");

    // A failed review unlocks: the next buy creates a new purchase.
    const stored = (await Purchase.get({ tenantId: t.clientId, id: pid }).go()).data!;
    await Purchase.put({ ...stored, status: 5, reason: "金额不符" }).go();
    const view = await inv.get(`${W}/workorderview`, { clientId: c.id });
    expect(view.body.data).toMatchObject({ canSave: 1, buyInfo: { status: 5, reason: "金额不符" } });
    const again = await inv.post(`${W}/workordersave`, { ...buy, isInstallment: 0, payAmount: "28000", firstPayAmount: "" });
    expect(again.body.data.buyInfo).toMatchObject({ status: 1, payAmount: 28000, isInstallment: 0 });
    expect(again.body.data.buylistId).not.toBe(pid);
    expect(await purchasesOf(c.id)).toHaveLength(2);
    const byClient = await as(manager.token, FN.workOrders).get(`${W}/workorderlistbyclient`, { clientId: c.id });
    expect(byClient.body.dataList).toHaveLength(1);
  });

  it("20 saves with isBuy = 1 at once create exactly one purchase (R330)", async () => {
    const { c, wo } = await presentClient("并发客户");
    const buy = { ...workOrderForm(wo), clientId: c.id, id: wo.id, ...PRESENT, isBuy: 1, productId: product.id, payType: "2", isInstallment: 0, payAmount: "30000" };
    const replies = await Promise.all(Array.from({ length: 20 }, () => as(inviter.token, FN.workOrders).post(`${W}/workordersave`, buy)));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== "200"))
      expect(["工单已被他人修改，请刷新后重试", "操作冲突，请重试", "该工单已提交购买，不能再保存"]).toContain(r.body.desc);
    expect(await purchasesOf(c.id)).toHaveLength(1);
    expect((await WorkOrder.get({ tenantId: t.clientId, id: wo.id }).go()).data).toMatchObject({ locked: 1, code: "3111" });
  });

  it("bad input answers the spec's message and stores nothing", async () => {
    const { c, wo } = await presentClient("坏输入客户");
    const inv = as(inviter.token, FN.workOrders);
    const buy = instalmentBuy(c.id, wo);
    expect((await inv.post(`${W}/workordersave`, { ...buy, productId: 99999999 })).body.desc).toBe("无效的产品记录，请重选");
    expect((await inv.post(`${W}/workordersave`, { ...buy, payAmount: "-1" })).body.desc).toBe("支付金额格式不正确");
    expect((await inv.post(`${W}/workordersave`, { ...buy, payAmount: "三万" })).body.desc).toBe("支付金额格式不正确");
    expect((await inv.post(`${W}/workordersave`, { ...buy, firstPayAmount: "-5" })).body.desc).toBe("首次支付金额格式不正确");
    expect((await inv.post(`${W}/workordersave`, { ...buy, firstPayAmount: "30000.01" })).body.desc).toBe("首次支付金额不能大于支付金额");
    const other = await testTenant();
    const foreign = await newClient(other, { clientName: "他租户客户" });
    expect((await as(manager.token, FN.workOrders).post(`${W}/workordersave`, { ...NEW_WORK_ORDER, clientId: foreign.id + 100000, ...APPT })).body.desc).toBe("无效的客户信息");
    expect((await asAdmin(t, FN.workOrders).post(`${W}/workordersave`, { ...NEW_WORK_ORDER, clientId: 99999999, ...APPT })).body.desc).toBe("无效的客户信息");
    expect(await purchasesOf(c.id)).toHaveLength(0);
    expect((await WorkOrder.get({ tenantId: t.clientId, id: wo.id }).go()).data).toMatchObject({ code: "2112", locked: 0, buylistId: 0 });
    expect((await WorkOrder.query.byClient({ tenantId: other.clientId, clientId: foreign.id }).go()).data).toHaveLength(0);
  });

  it("scope: an inviter sees theirs, a store manager their store, head office all; the list filters by store and status", async () => {
    const { c, wo } = await presentClient("范围客户");
    const list = async (who: string | Who, q: Record<string, string | number> = {}) =>
      (await (typeof who === "string" ? asAdmin(t, FN.workOrders) : as(who.token, FN.workOrders)).get(`${W}/workorderlist`, q)).body;
    expect((await list(inviter)).dataList.map((r: any) => r.id)).toContain(wo.id);
    expect((await list(inviter2)).dataList.map((r: any) => r.id)).not.toContain(wo.id);
    expect((await list(manager, { shop: tianhe, status: "2112" })).dataList.map((r: any) => r.id)).toContain(wo.id);
    expect((await list(farManager)).dataList.map((r: any) => r.id)).not.toContain(wo.id);
    expect((await list(farManager, { shop: tianhe })).code).toBe("403");
    expect((await list("admin", { status: "2112" })).dataList.map((r: any) => r.id)).toContain(wo.id);
    expect((await list("admin", { status: "1122" })).dataList.map((r: any) => r.id)).not.toContain(wo.id);
    const row = (await list("admin", { keyword: "范围" })).dataList.find((r: any) => r.id === wo.id);
    expect(row).toMatchObject({ clientName: "范围客户", workorderStatus: "2112", statusName: "到场未购买", createUser: "邀约甲" });
    const admin = await list("admin", { shop: tianhe });
    expect(admin.pageParams.maxCount).toBe(admin.dataList.length);
    expect((await as(inviter2.token, FN.workOrders).get(`${W}/workorderview`, { id: wo.id })).body.code).toBe("404");
    expect((await as(farManager.token, FN.workOrders).get(`${W}/workorderview`, { id: wo.id })).body.code).toBe("404");
    expect((await as(inviter2.token, FN.workOrders).post(`${W}/workordersave`, { ...workOrderForm(wo), clientId: c.id, id: wo.id, ...PRESENT })).body.desc).toBe(
      "该客户未分配给你",
    );
    expect((await as(farManager.token, FN.workOrders).post(`${W}/workordersave`, { ...workOrderForm(wo), clientId: c.id, id: wo.id, ...PRESENT })).body.desc).toBe(
      "无效的客户信息",
    );
    expect((await as(reader.token, FN.workOrders).post(`${W}/workordersave`, { ...workOrderForm(wo), clientId: c.id, id: wo.id, ...PRESENT })).body.desc).toBe("你没有修改权限");
    // The clients screens read the records (电邀记录).
    const fromClients = await asAdmin(t, 2001).get(`${W}/workorderview`, { clientId: c.id });
    expect(fromClients.body.data.remarkInfo[0]).toMatchObject({ remarkType: 1, recordType: "接通", remark: "约了周六" });
    // Client status (R332) and delete.
    expect((await as(manager.token, FN.workOrders).post(`${W}/saveclientstatus`, { clientId: c.id, jobType: "1", maritalStatus: "2" })).body.code).toBe("200");
    expect(await client(c.id)).toMatchObject({ jobType: "1", maritalStatus: "2" });
    const before = (await list("admin", { shop: tianhe, status: "2112" })).pageParams.maxCount;
    // Out of the far manager's reach: nothing to delete for them (R055), and nothing deleted.
    expect((await as(farManager.token, FN.workOrders).post(`${W}/workorderdelete`, { ids: wo.id })).body).toEqual({ code: "404", desc: "并没有删除信息" });
    expect((await WorkOrder.get({ tenantId: t.clientId, id: wo.id }).go()).data).not.toBeNull();
    expect((await as(manager.token, FN.workOrders).post(`${W}/workorderdelete`, { ids: wo.id })).body.code).toBe("200");
    expect((await list("admin", { shop: tianhe, status: "2112" })).pageParams.maxCount).toBe(before - 1);
    expect((await client(c.id)).workOrderStatus).toBe("");
  });

  it("the funnel counts each step once per work order", async () => {
    const day = today();
    const f0 = (await as(manager.token, FN.workOrders).get(`${W}/funnel`, { from: day, to: day })).body.dataList.find((r: any) => r.bookingUser === inviter.user.id) ?? {};
    await presentClient("漏斗客户");
    const f1 = (await as(manager.token, FN.workOrders).get(`${W}/funnel`, { from: day, to: day })).body.dataList.find((r: any) => r.bookingUser === inviter.user.id);
    expect(f1.invited - (f0.invited ?? 0)).toBe(1);
    expect(f1.appointed - (f0.appointed ?? 0)).toBe(1);
    expect(f1.present - (f0.present ?? 0)).toBe(1);
    expect(f1.bookingUserName).toBe("邀约甲");
    expect((await as(inviter2.token, FN.workOrders).get(`${W}/funnel`, { from: day, to: day })).body.dataList.every((r: any) => r.bookingUser === inviter2.user.id)).toBe(true);
  });
});
