import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN as CLIENT_FN, asAdmin, as, code, newClient, newProduct } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import { addWeeksNow } from "@xiangyu/core/clients/ledger/ledger";
import { MembershipAccount, MembershipLot } from "@xiangyu/core/clients/ledger/entities";
import { today, formatDate, nowMs } from "@xiangyu/core/kernel/clock";

/** Gift weeks (1804), RCI list (1805) and wizard (1806), and the balance history. */
const FN = { giftWeeks: 1804, rciList: 1805, rci: 1806 } as const;
const G = "/xiangyu/api/order/giftweek";
const R = "/xiangyu/api/order/rci";
const HISTORY = "/xiangyu/api/client/membershiphistory";

let t: Awaited<ReturnType<typeof testTenant>>;
let type: any;
const later = (days: number) => formatDate(nowMs() + days * 86_400_000);

beforeAll(async () => {
  t = await testTenant();
  ({ type } = await newProduct(t));
});

const account = async (clientId: number) => (await MembershipAccount.get({ tenantId: t.clientId, clientId, productTypeId: type.id }).go()).data;

async function gift(clientId: number, fields: Record<string, string | number> = {}) {
  const r = await asAdmin(t, FN.giftWeeks).post(`${G}/save`, { clientId, giftCount: 2, giftDuration: later(365), remark: "周年礼", ...fields });
  expect(r.body).toMatchObject({ code: "200", desc: "赠送完成" });
  return r.body.data;
}

describe("gift weeks", () => {
  it("refuses bad input with the spec's messages and stores nothing (R216–R219)", async () => {
    const c = await newClient(t, { clientName: "赠周甲" });
    const post = (f: Record<string, string | number>) => asAdmin(t, FN.giftWeeks).post(`${G}/save`, f);
    expect((await post({ giftCount: 1, giftDuration: later(10) })).body).toMatchObject({ code: "400", desc: "客户不能为空" });
    expect((await post({ clientId: c.id, giftDuration: later(10) })).body.desc).toBe("赠送数量不能为空");
    expect((await post({ clientId: c.id, giftCount: 1 })).body.desc).toBe("有效期限不能为空");
    expect((await post({ clientId: c.id, giftCount: "二", giftDuration: later(10) })).body.desc).toBe("赠送数量必须是正整数");
    expect((await post({ clientId: c.id, giftCount: 0, giftDuration: later(10) })).body.desc).toBe("赠送数量必须是正整数");
    expect((await post({ clientId: c.id, giftCount: 1, giftDuration: later(-1) })).body.desc).toBe("有效期限不能早于今天");
    expect((await post({ clientId: 99999999, giftCount: 1, giftDuration: later(10) })).body.code).not.toBe("200");
    const list = await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { clientId: c.id });
    expect(list.body.dataList).toEqual([]);
  });

  it("passing adds the weeks until the gift's expiry once, failing deletes (R220–R223)", async () => {
    const c = await newClient(t, { clientName: "赠周乙" });
    const g = await gift(c.id, { giftCount: 3 });
    expect(g).toMatchObject({ status: 0, delay: 0, statusText: "待审核", giftDuration: `${later(365)} 23:59:59`, productTypeId: type.id });
    expect((await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g.id })).body.desc).toBe("请选择审核状态！");
    expect((await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: 99999999, status: 1 })).body.desc).toBe("无效的周次！");
    expect((await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g.id, status: 1 })).body.code).toBe("200");
    expect(await account(c.id)).toMatchObject({ storeCount: 3, remainingCount: 3 });
    const lots = (await MembershipLot.query.byClient({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }).go()).data;
    expect(lots).toEqual([expect.objectContaining({ storeCount: 3, shipDuration: `${later(365)} 23:59:59`, source: "giftWeek", sourceId: String(g.id) })]);
    const again = await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g.id, status: 1 });
    expect(again.body).toMatchObject({ code: "409", desc: "该记录已审核，请勿重复操作" });
    expect(await account(c.id)).toMatchObject({ storeCount: 3 });

    const g2 = await gift(c.id);
    expect((await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g2.id, status: 2 })).body.code).toBe("200");
    const rows = (await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { clientId: c.id })).body.dataList;
    expect(rows.map((r: any) => r.id)).toEqual([g.id]);
    expect(rows[0]).toMatchObject({ status: 1, statusText: "已审核" });
  });

  it("20 reviewers at once add the weeks exactly once", async () => {
    const c = await newClient(t, { clientName: "赠周并发" });
    const g = await gift(c.id, { giftCount: 4 });
    const replies = await Promise.all(Array.from({ length: 20 }, () => asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g.id, status: 1 })));
    const okCount = replies.filter((r) => r.body.code === "200").length;
    expect(okCount).toBe(1);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(["该记录已审核，请勿重复操作", "操作冲突，请重试"]).toContain(r.body.desc);
    expect(await account(c.id)).toMatchObject({ storeCount: 4, remainingCount: 4 });
    const lots = (await MembershipLot.query.byClient({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }).go()).data;
    expect(lots).toHaveLength(1);
    const history = (await asAdmin(t).get(HISTORY, { clientId: c.id })).body.dataList;
    expect(history).toHaveLength(1);
  });

  it("delay only on a reviewed gift with delay 0; passing moves exactly that lot's expiry, 3 refuses (R224–R226)", async () => {
    const c = await newClient(t, { clientName: "赠周延期" });
    const other = await addWeeksNow({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }, { weeks: 5, shipDuration: later(30) });
    const g = await gift(c.id, { giftDuration: later(60) });
    const delay = (f: Record<string, string | number>) => asAdmin(t, FN.giftWeeks).post(`${G}/delay`, { id: g.id, delayDuration: later(120), delayReason: "客户出国", ...f });
    expect((await delay({})).body.desc).toBe("只有已审核且未申请延期的记录才能申请延期");
    await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g.id, status: 1 });
    expect((await delay({ delayReason: "" })).body.desc).toBe("延期原因不能为空");
    expect((await delay({ delayDuration: later(10) })).body.desc).toBe("延期期限必须晚于原有效期限");
    expect((await delay({})).body.code).toBe("200");
    expect((await delay({})).body.desc).toBe("只有已审核且未申请延期的记录才能申请延期");
    const rows1 = (await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { clientId: c.id })).body.dataList;
    expect(rows1[0]).toMatchObject({ delay: 2, delayText: "延期审核中", delayDuration: `${later(120)} 23:59:59` });
    expect((await asAdmin(t, FN.giftWeeks).post(`${G}/delaypassed`, { id: g.id, delay: 2 })).body.desc).toBe("请选择审核状态！");
    const passes = await Promise.all(Array.from({ length: 20 }, () => asAdmin(t, FN.giftWeeks).post(`${G}/delaypassed`, { id: g.id, delay: 1 })));
    expect(passes.filter((r) => r.body.code === "200")).toHaveLength(1);
    const lots = (await MembershipLot.query.byClient({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }).go()).data;
    const byId = new Map(lots.map((l) => [l.id, l.shipDuration]));
    expect(byId.get(other)).toBe(`${later(30)} 23:59:59`);
    expect([...byId.values()]).toContain(`${later(120)} 23:59:59`);
    const rows2 = (await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { clientId: c.id })).body.dataList;
    expect(rows2[0]).toMatchObject({ delay: 1, delayText: "已延期", giftDuration: `${later(120)} 23:59:59` });
    expect((await asAdmin(t, FN.giftWeeks).post(`${G}/delaypassed`, { id: g.id, delay: 3 })).body.desc).toBe("该延期申请已审核，请勿重复操作");

    const g2 = await gift(c.id, { giftDuration: later(60) });
    await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g2.id, status: 1 });
    await asAdmin(t, FN.giftWeeks).post(`${G}/delay`, { id: g2.id, delayDuration: later(200), delayReason: "再延" });
    expect((await asAdmin(t, FN.giftWeeks).post(`${G}/delaypassed`, { id: g2.id, delay: 3 })).body.code).toBe("200");
    const rows3 = (await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { clientId: c.id })).body.dataList;
    expect(rows3[0]).toMatchObject({ id: g2.id, delay: 3, delayText: "延期不通过", giftDuration: `${later(60)} 23:59:59` });
  });

  it("rights: create A, review and delay review P (你没有审核权限), delay E", async () => {
    const c = await newClient(t, { clientName: "赠周权限" });
    const g = await gift(c.id);
    const onlyA = (await quickUser(t.clientId, { [FN.giftWeeks]: "A" })).token;
    const onlyE = (await quickUser(t.clientId, { [FN.giftWeeks]: "E" })).token;
    expect((await as(onlyE, FN.giftWeeks).post(`${G}/save`, { clientId: c.id, giftCount: 1, giftDuration: later(9) })).body).toMatchObject({ code: "403", desc: "你没有新增权限" });
    expect((await as(onlyA, FN.giftWeeks).post(`${G}/passed`, { id: g.id, status: 1 })).body).toMatchObject({ code: "403", desc: "你没有审核权限" });
    expect((await as(onlyA, FN.giftWeeks).post(`${G}/delaypassed`, { id: g.id, delay: 1 })).body).toMatchObject({ code: "403", desc: "你没有审核权限" });
    expect((await as(onlyA, FN.giftWeeks).post(`${G}/delay`, { id: g.id, delayDuration: later(900), delayReason: "x" })).body).toMatchObject({
      code: "403",
      desc: "你没有修改权限",
    });
    expect(await account(c.id)).toBeNull();
  });

  it("lists with paging totals and a keyword on client name or mobile", async () => {
    const c = await newClient(t, { clientName: "关键词客户" });
    await gift(c.id);
    const all = (await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { pageSize: 20 })).body;
    expect(all.pageParams.maxCount).toBeGreaterThanOrEqual(all.dataList.length);
    const kw = (await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { keyword: "关键词" })).body;
    expect(kw.dataList.map((r: any) => r.clientName)).toEqual(["关键词客户"]);
    expect(kw.pageParams.maxCount).toBe(1);
    const bym = (await asAdmin(t, FN.giftWeeks).get(`${G}/list`, { keyword: c.mobile })).body;
    expect(bym.dataList).toHaveLength(1);
  });

  it("a store's staff see and review only their store's gifts", async () => {
    const c = await newClient(t, { clientName: "他店客户", shop: code(t, "深圳南山店") });
    const g = await gift(c.id);
    const store = (await quickUser(t.clientId, { [FN.giftWeeks]: "AEP" }, { deptCodes: [code(t, "广州天河店")] })).token;
    expect((await as(store, FN.giftWeeks).post(`${G}/passed`, { id: g.id, status: 1 })).body.desc).toBe("无效的周次！");
    const rows = (await as(store, FN.giftWeeks).get(`${G}/list`, {})).body.dataList;
    expect(rows.some((r: any) => r.id === g.id)).toBe(false);
  });
});

describe("week exchange (RCI)", () => {
  async function client3(name: string, weeks = 3) {
    const c = await newClient(t, { clientName: name });
    await addWeeksNow({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }, { weeks, shipDuration: later(400) });
    return c;
  }

  it("refuses bad counts with the spec's messages (R235–R238)", async () => {
    const c = await client3("交换甲");
    const post = (f: Record<string, string | number>) => asAdmin(t, FN.rci).post(`${R}/exchange`, f);
    expect((await post({ exchangeCount: 1 })).body.desc).toBe("客户不能为空");
    expect((await post({ clientId: c.id })).body.desc).toBe("兑换数量不能为空");
    expect((await post({ clientId: c.id, exchangeCount: 0 })).body.desc).toBe("兑换数量必须大于或等于1周");
    expect((await post({ clientId: c.id, exchangeCount: 4 })).body.desc).toBe("兑换数量不能大于剩余数量");
    expect(await account(c.id)).toMatchObject({ remainingCount: 3, rciStoreCount: 0 });
  });

  it("moves weeks to the exchange service and back; the return writes the chargeback once (R228–R233)", async () => {
    const c = await client3("交换乙");
    const r = await asAdmin(t, FN.rci).post(`${R}/exchange`, { clientId: c.id, exchangeCount: 2, remark: "RCI泰国" });
    expect(r.body).toMatchObject({ code: "200", desc: "兑换完成" });
    expect(r.body.data).toMatchObject({ storeCount: 3, exchangeCount: 2, remainingCount: 1, rciStoreCount: 0, rciNowStoreCount: 2, backFlag: 0, backText: "兑换" });
    expect(await account(c.id)).toMatchObject({ remainingCount: 1, rciStoreCount: 2 });
    const noE = (await quickUser(t.clientId, { [FN.rciList]: "A" })).token;
    expect((await as(noE, FN.rciList).post(`${R}/backexchange`, { id: r.body.data.id })).body).toMatchObject({ code: "403", desc: "你没有退回权限" });
    const backs = await Promise.all(Array.from({ length: 20 }, () => asAdmin(t, FN.rciList).post(`${R}/backexchange`, { id: r.body.data.id })));
    expect(backs.filter((b) => b.body.code === "200")).toHaveLength(1);
    expect(backs.find((b) => b.body.code === "200")!.body.desc).toBe("退回成功");
    expect(await account(c.id)).toMatchObject({ remainingCount: 3, rciStoreCount: 0 });
    const rows = (await asAdmin(t, FN.rciList).get(`${R}/list`, { clientId: c.id })).body.dataList;
    expect(rows.map((x: any) => [x.backFlag, x.backText])).toEqual([
      [1, "退回"],
      [2, "已退回"],
    ]);
    expect((await asAdmin(t, FN.rciList).post(`${R}/backexchange`, { id: rows[0].id })).body.code).not.toBe("200");
  });

  it("20 exchanges of one week at once against 3 weeks: exactly 3 succeed", async () => {
    const c = await client3("交换并发");
    const replies = await Promise.all(Array.from({ length: 20 }, () => asAdmin(t, FN.rci).post(`${R}/exchange`, { clientId: c.id, exchangeCount: 1 })));
    const ok = replies.filter((r) => r.body.code === "200");
    expect(ok).toHaveLength(3);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(r.body.desc).toBe("兑换数量不能大于剩余数量");
    expect(await account(c.id)).toMatchObject({ remainingCount: 0, rciStoreCount: 3, storeCount: 3, usedCount: 3 });
    // Each record's before/after columns are exact: 3→2, 2→1, 1→0 in some order.
    expect(ok.map((r) => `${r.body.data.storeCount}>${r.body.data.remainingCount}`).sort()).toEqual(["1>0", "2>1", "3>2"]);
  }, 60_000);

  it("never spends an expired lot; the oldest-expiring lot goes first", async () => {
    const c = await newClient(t, { clientName: "交换过期" });
    const k = { tenantId: t.clientId, clientId: c.id, productTypeId: type.id };
    const late = await addWeeksNow(k, { weeks: 2, shipDuration: later(500) });
    const soon = await addWeeksNow(k, { weeks: 1, shipDuration: later(20) });
    await addWeeksNow(k, { weeks: 5, shipDuration: later(300) });
    // An expired lot: written straight (a gift cannot be given in the past).
    const { data: lots0 } = await MembershipLot.query.byClient(k).go();
    const expired = lots0.find((l) => l.id !== late && l.id !== soon && l.storeCount === 5)!;
    await MembershipLot.patch({ ...k, id: expired.id })
      .set({ shipDuration: `${later(-2)} 23:59:59` })
      .go();
    expect((await asAdmin(t, FN.rci).post(`${R}/exchange`, { clientId: c.id, exchangeCount: 2 })).body.code).toBe("200");
    const lots = new Map((await MembershipLot.query.byClient(k).go()).data.map((l) => [l.id, l.remainingCount]));
    expect([lots.get(soon), lots.get(late), lots.get(expired.id)]).toEqual([0, 1, 5]);
    expect((await asAdmin(t, FN.rci).post(`${R}/exchange`, { clientId: c.id, exchangeCount: 2 })).body.desc).toBe("兑换数量不能大于剩余数量");
  });
});

describe("balance history", () => {
  it("lists every ledger move with why, which record, who and before/after", async () => {
    const c = await newClient(t, { clientName: "流水客户" });
    const g = await gift(c.id, { giftCount: 3 });
    await asAdmin(t, FN.giftWeeks).post(`${G}/passed`, { id: g.id, status: 1 });
    const ex = (await asAdmin(t, FN.rci).post(`${R}/exchange`, { clientId: c.id, exchangeCount: 2 })).body.data;
    await asAdmin(t, FN.rciList).post(`${R}/backexchange`, { id: ex.id });
    const h = await asAdmin(t, CLIENT_FN.clients).get(HISTORY, { clientId: c.id });
    expect(h.body.pageParams.maxCount).toBe(3);
    const rows = h.body.dataList;
    expect(rows.map((r: any) => [r.reason, r.before.remainingCount, r.after.remainingCount, r.before.rciStoreCount, r.after.rciStoreCount])).toEqual([
      ["RCI交换退回", 1, 3, 2, 0],
      ["RCI周次交换", 3, 1, 0, 2],
      ["赠送周次审核通过", 0, 3, 0, 0],
    ]);
    expect(rows[2]).toMatchObject({ source: "giftWeek", sourceId: String(g.id), productTypeName: "会员周次" });
    expect(rows[2].operator).not.toBe("");
    expect(rows[1]).toMatchObject({ source: "rciExchange", sourceId: String(ex.id) });
    expect(today()).toBe(rows[0].time.slice(0, 10));
    expect((await asAdmin(t, CLIENT_FN.clients).get(HISTORY, {})).body.desc).toBe("客户不能为空");
  });
});
