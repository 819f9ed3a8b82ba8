import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderWorld, monday, type World } from "./ordersHelpers.ts";
import { as } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import { addDays } from "@xiangyu/core/hotels/nights";
import { today, setClockOffset, nowMs, formatDateTime } from "@xiangyu/core/kernel/clock";
import { MonthTally } from "@xiangyu/core/finance/tallies/entity";
import { readMonth } from "@xiangyu/core/finance/tallies/tally";
import { Client } from "@xiangyu/core/clients/entities";
import { saveStyleAttr } from "@xiangyu/core/platform/styleParams";
import { SplitMonthRun, SplitRow } from "@xiangyu/core/finance/splitBill/entities";
import { computeMonth } from "@xiangyu/core/finance/splitBill/service";
import { runMonthUnit } from "@xiangyu/core/finance/splitBill/monthJob";
import { monthTotal, previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { ProfitShare } from "@xiangyu/core/finance/profitSharing/entities";
import { profitSharingResult, settleDueShares } from "@xiangyu/core/finance/profitSharing/records";
import { setSandboxRule, SANDBOX_DELAY_MS } from "@xiangyu/core/finance/profitSharing/port";

/**
 * The finance area through its routes and its jobs: split-bill settings (R243–R247), the month job
 * and its summaries (R248–R251), profit sharing through the sandbox port (R252–R259); every right
 * and message, money tallied once per payment even when 20 arrive at once.
 */
const FN = { settings: 1901, split: 1902, stats: 1903, sharing: 1904, purchases: 1801, productOrders: 2202 } as const;
const API = "/xiangyu/api";
const F = `${API}/finance`;
let w: World;
const ym = () => ({ year: Number(today().slice(0, 4)), month: Number(today().slice(5, 7)) });
const settings = (list: Array<[number, number | string]>) => JSON.stringify(list.map(([splitbillType, proportion]) => ({ splitbillType, proportion })));

beforeAll(async () => {
  w = await orderWorld(25);
});
afterEach(() => {
  setClockOffset(0);
  setSandboxRule(null);
});

const admin = (fn: number) => as(w.t.adminToken, fn);
const tenant = () => w.t.clientId;

describe("split-bill settings", () => {
  it("lists every split type, refuses a total other than 100 and a caller without A or E, and saves", async () => {
    const list = (await admin(FN.settings).get(`${F}/splitbillsetlist`)).body;
    expect(list.dataList.map((r: any) => [r.splitbillType, r.typeName, r.proportion])).toEqual([
      [1, "集团", 0],
      [2, "门店", 0],
      [3, "代理", 0],
      [4, "渠道", 0],
    ]);
    const save = (token: string, l: string) => as(token, FN.settings).post(`${F}/splitbillsetsave`, { splitbillSetList: l });
    expect(
      (
        await save(
          w.t.adminToken,
          settings([
            [1, 40],
            [2, 30],
            [3, 20],
            [4, 9.99],
          ]),
        )
      ).body,
    ).toMatchObject({ code: "400", desc: "分账比例合计不等于100，请检查" });
    expect(
      (
        await save(
          w.t.adminToken,
          settings([
            [1, 40],
            [2, 30],
            [3, 20],
            [4, 10.01],
          ]),
        )
      ).body.desc,
    ).toBe("分账比例合计不等于100，请检查");
    expect((await save(w.t.adminToken, "not json")).body.desc).toBe("分账比例格式不正确");
    expect(
      (
        await save(
          w.t.adminToken,
          settings([
            [1, 50],
            [99, 50],
          ]),
        )
      ).body.desc,
    ).toBe("分账类型不正确");
    const viewer = (await quickUser(tenant(), { [FN.settings]: "DPRS" })).token;
    expect((await save(viewer, settings([[1, 100]]))).body).toMatchObject({ code: "403", desc: "你没有设置分账权限" });
    const editor = (await quickUser(tenant(), { [FN.settings]: "E" })).token;
    expect(
      (
        await save(
          editor,
          settings([
            [1, 40],
            [2, "33.33"],
            [3, 16.67],
            [4, 10],
          ]),
        )
      ).body,
    ).toMatchObject({ code: "200" });
    const after = (await admin(FN.settings).get(`${F}/splitbillsetlist`)).body.dataList;
    expect(after.map((r: any) => r.proportion)).toEqual([40, 33.33, 16.67, 10]);
  });
});

describe("tallies, the month job and the summaries", () => {
  it("each payment and refund moves the month's tallies once, 20 at once included", async () => {
    const before = monthTotal(await readMonth(tenant(), today().slice(0, 7)));
    const c = await w.member();
    const night = monday(2);
    // 20 desk-paid discount bookings at once (300 a weekday night each).
    const booked = await Promise.all(Array.from({ length: 20 }, () => w.discountStay(c.id, night, addDays(night, 1))));
    for (const b of booked) expect(b.body.code).toBe("200");
    // A room-voucher purchase paid, its notice 20 times at once.
    const tb = (
      await admin(FN.purchases).post(`${API}/hotel/product/ticketbuysave`, { clientId: c.id, ticketCount: 1, ticketDuration: addDays(today(), 100), payAmount: "199.99" })
    ).body.data;
    await Promise.all(Array.from({ length: 20 }, () => admin(FN.purchases).post(`${API}/pay/sandbox/pay`, { outTradeNo: tb.orderId, totalFee: "199.99" })));
    // One booking rejected: its money is refunded.
    const id = booked[0].body.data.id ?? booked[0].body.data.orderId;
    expect((await w.handle(id, 1, 2)).body.code).toBe("200");
    const after = monthTotal(await readMonth(tenant(), today().slice(0, 7)));
    expect(after.discountFen - before.discountFen).toBe(19 * 300_00);
    expect(after.onlineFen - before.onlineFen).toBe(199_99);
  });

  it("runs a month on demand (A), idempotent, keeps split-done and the month's own ratios; the summaries read its rows", async () => {
    const { year, month } = ym();
    const run = (token = w.t.adminToken) => as(token, FN.split).post(`${F}/splitbillrun`, { year, month });
    const noA = (await quickUser(tenant(), { [FN.split]: "E" })).token;
    expect((await run(noA)).body).toMatchObject({ code: "403", desc: "你没有新增权限" });
    const first = (await run()).body;
    expect(first.code).toBe("200");
    const rows = async (type: number) => (await admin(FN.split).get(`${F}/splitbilllist`, { splitbillType: type, year, month })).body.dataList;
    const stores = await rows(2);
    expect(stores.length).toBeGreaterThan(0);
    expect(stores[0]).toMatchObject({ splitbillYear: year, splitbillMonth: month, proportion: 33.33, isSplitbill: 0 });
    expect(stores[0].splitbillObjectName).not.toBe("");
    const agents = await rows(3);
    expect(agents.map((r: any) => r.splitbillObjectName)).toEqual([""]);
    // Every row of the month adds up to the month's total (fen for fen, in yuan).
    const all = (await Promise.all([1, 2, 3, 4].map(rows))).flat();
    const fen = (x: number) => Math.round(x * 100);
    expect(all.reduce((s: number, r: any) => s + fen(r.totalPrice), 0)).toBe(fen(first.data.monthTotal));

    // split-done after a confirmation (the console's): toggled by E, kept by a rerun.
    const toggler = (await quickUser(tenant(), { [FN.split]: "E" })).token;
    expect((await as(toggler, FN.split).post(`${F}/splitbillsave`, { id: stores[0].id })).body).toMatchObject({ code: "200", data: { isSplitbill: 1 } });
    expect((await as(toggler, FN.split).post(`${F}/splitbillsave`, { id: 99999999 })).body.desc).toBe("分账记录不存在");
    // 20 toggles at once: each one that succeeds flips the flag it read, so the flag ends as the count of successes says.
    const flips = await Promise.all(Array.from({ length: 20 }, () => as(toggler, FN.split).post(`${F}/splitbillsave`, { id: stores[1]?.id ?? stores[0].id })));
    const wins = flips.filter((r) => r.body.code === "200").length;
    expect(wins).toBeGreaterThanOrEqual(1);
    const flipped = (await rows(2)).find((r: any) => r.id === (stores[1]?.id ?? stores[0].id));
    expect(flipped.isSplitbill).toBe((stores[1] ? 0 : 1) ^ (wins % 2));
    if (wins % 2) await as(toggler, FN.split).post(`${F}/splitbillsave`, { id: stores[1]?.id ?? stores[0].id });
    const viewer = (await quickUser(tenant(), { [FN.split]: "R" })).token;
    expect((await as(viewer, FN.split).post(`${F}/splitbillsave`, { id: stores[0].id })).body.desc).toBe("你没有修改权限");

    // A changed setting applies from the next month: this month keeps 33.33 %.
    await admin(FN.settings).post(`${F}/splitbillsetsave`, {
      splitbillSetList: settings([
        [1, 50],
        [2, 50],
      ]),
    });
    const again = (await run()).body;
    expect(again.data.monthTotal).toBe(first.data.monthTotal);
    const stores2 = await rows(2);
    expect(stores2.map((r: any) => [r.id, r.proportion, r.totalPrice])).toEqual(stores.map((r: any) => [r.id, 33.33, r.totalPrice]));
    expect(stores2[0].isSplitbill).toBe(1);

    // Business summary: one row per store, the whole takings.
    const stats = (await admin(FN.stats).get(`${F}/statisticsforshop`, { year, month })).body.dataList;
    expect(stats.reduce((s: number, r: any) => s + fen(r.totalPrice), 0)).toBe(fen(first.data.monthTotal));
    // Month close: nothing flagged.
    const close = (await admin(FN.split).get(`${F}/splitbillclose`, { year, month })).body.data;
    expect(close.computed).toBe(true);
    expect(close.lines.at(-1)).toMatchObject({ typeName: "合计", difference: 0, flagged: 0 });
    expect((await admin(FN.split).get(`${F}/splitbilllist`, { splitbillType: 2, year, month: 13 })).body.desc).toBe("月份不正确");
  });

  it("the scheduled run does the previous month of every tenant once, resumes after a crash, never resets split-done", async () => {
    const prev = previousMonth(today());
    const key = `${prev.year}-${String(prev.month).padStart(2, "0")}`;
    // Last month's takings, written as the payment code writes them.
    await MonthTally.update({ tenantId: tenant(), month: key, dim: "store", object: "001001", shard: 0 }).add({ onlineFen: 1001, n: 1 }).go();
    await MonthTally.update({ tenantId: tenant(), month: key, dim: "agent", object: "", shard: 0 }).add({ onlineFen: 1001, n: 1 }).go();
    await MonthTally.update({ tenantId: tenant(), month: key, dim: "channel", object: "", shard: 0 }).add({ onlineFen: 1001, n: 1 }).go();
    // A run that crashed after its record and one row: not done.
    await SplitMonthRun.create({
      tenantId: tenant(),
      month: key,
      ratios: [
        { splitbillType: 1, bp: 7000 },
        { splitbillType: 2, bp: 3000 },
      ],
      done: 0,
      runs: 1,
    }).go();
    // The month job's unit of this tenant (the dispatcher's worker, core/finance/splitBill/monthJob.ts).
    const r1 = await runMonthUnit({ tenantId: tenant(), month: key });
    expect(r1).toMatchObject({ claimed: true, result: { month: key, skipped: false, monthTotal: 10.01 } });
    const rows1 = (await SplitRow.query.byMonth({ tenantId: tenant(), month: key }).go()).data;
    expect(rows1.map((r) => [r.splitbillType, r.totalFen, r.bp])).toEqual([
      [1, 1001 - 300, 7000],
      [2, 300, 3000],
    ]);
    await SplitRow.patch({ tenantId: tenant(), month: key, splitbillType: 2, object: "001001" }).set({ isSplitbill: 1 }).go();
    // Its unit is done: a second delivery leaves at once.
    expect(await runMonthUnit({ tenantId: tenant(), month: key })).toEqual({ claimed: false });
    await computeMonth(tenant(), prev.year, prev.month, { force: true });
    const rows2 = (await SplitRow.query.byMonth({ tenantId: tenant(), month: key }).go()).data;
    expect(rows2.map((r) => [r.id, r.totalFen, r.isSplitbill])).toEqual(rows1.map((r) => [r.id, r.totalFen, r.splitbillType === 2 ? 1 : 0]));
  });

  it("a payment and its refund count for the paying client's agent (销售员) and channel (客户来源), not under 其他", async () => {
    const key = today().slice(0, 7);
    await saveStyleAttr(tenant(), { styleen: "clientSource", styleid: "QD77", stylename: "携程渠道" });
    const c = await w.member();
    await Client.patch({ tenantId: tenant(), id: c.id }).set({ clientSource: "QD77", marketer: "张代理" }).go();
    const before = await readMonth(tenant(), key);
    const night = monday(3);
    const kept = await w.discountStay(c.id, night, addDays(night, 1));
    const refunded = await w.discountStay(c.id, night, addDays(night, 1));
    expect([kept.body.code, refunded.body.code]).toEqual(["200", "200"]);
    const tb = (await admin(FN.purchases).post(`${API}/hotel/product/ticketbuysave`, { clientId: c.id, ticketCount: 1, ticketDuration: addDays(today(), 100), payAmount: "88.88" }))
      .body.data;
    await admin(FN.purchases).post(`${API}/pay/sandbox/pay`, { outTradeNo: tb.orderId, totalFee: "88.88" });
    // The client's channel changes after paying: the refund still leaves the channel the payment was counted for.
    await Client.patch({ tenantId: tenant(), id: c.id }).set({ clientSource: "", marketer: "" }).go();
    expect((await w.handle(refunded.body.data.id ?? refunded.body.data.orderId, 1, 2)).body.code).toBe("200");

    const after = await readMonth(tenant(), key);
    const moved = (dim: "agent" | "channel", object: string) => {
      const [a, b] = [after[dim].get(object), before[dim].get(object)];
      return { discountFen: (a?.discountFen ?? 0) - (b?.discountFen ?? 0), onlineFen: (a?.onlineFen ?? 0) - (b?.onlineFen ?? 0) };
    };
    expect(moved("agent", "张代理")).toEqual({ discountFen: 300_00, onlineFen: 88_88 });
    expect(moved("channel", "QD77")).toEqual({ discountFen: 300_00, onlineFen: 88_88 });
    expect(moved("agent", "")).toEqual({ discountFen: 0, onlineFen: 0 });
    expect(moved("channel", "")).toEqual({ discountFen: 0, onlineFen: 0 });

    // The month's split rows name them: the agent as typed, the channel by its name.
    const { year, month } = ym();
    await admin(FN.settings).post(`${F}/splitbillsetsave`, {
      splitbillSetList: settings([
        [1, 40],
        [2, 30],
        [3, 20],
        [4, 10],
      ]),
    });
    expect((await admin(FN.split).post(`${F}/splitbillrun`, { year, month })).body.code).toBe("200");
    const rows = async (type: number) => (await admin(FN.split).get(`${F}/splitbilllist`, { splitbillType: type, year, month })).body.dataList as any[];
    expect((await rows(3)).map((r) => r.splitbillObjectName)).toContain("张代理");
    expect((await rows(4)).map((r) => r.splitbillObjectName)).toContain("携程渠道");
  });
});

describe("profit sharing", () => {
  const P = `${API}/order/profitsharingAmount`;
  async function paidPriceOrder(pay = "66666.67") {
    const c = await w.member();
    const product = (await as(w.t.adminToken, 2201).get(`${API}/hotel/product/alllist`, {})).body.dataList[0];
    const saved = await admin(FN.productOrders).post(`${API}/order/productprice/save`, { clientId: c.id, productId: product.id, payAmount: pay });
    expect(saved.body.code, saved.body.desc).toBe("200");
    const o = saved.body.data;
    const replies = await Promise.all(Array.from({ length: 20 }, () => admin(FN.productOrders).post(`${API}/pay/sandbox/pay`, { outTradeNo: o.orderId, totalFee: pay })));
    expect(replies.filter((x) => x.body.data?.completed)).toHaveLength(1);
    return o;
  }
  const records = async (orderId: string) => (await admin(FN.sharing).get(`${P}/list`, { keyword: orderId, pageSize: 20 })).body.dataList;
  /** The job submits what is due; the sandbox's answers come SANDBOX_DELAY_MS later (the clock is moved past them). */
  const settle = async () => {
    while ((await settleDueShares()) > 0);
    setClockOffset(nowMs() - Date.now() + SANDBOX_DELAY_MS + 1000);
    while ((await settleDueShares()) > 0);
  };

  it("a paid order with sharing makes one record per receiver, once, in cents adding up to the share", async () => {
    const o = await paidPriceOrder();
    const list = await records(o.orderId);
    expect(list.map((r: any) => r.accountType).sort()).toEqual(["agentAmount", "channelAmount", "profitsharingAmount"]);
    // 10 % + 5 % + 5 % of 66666.67 yuan (not a round number of cents), the group taking the odd one.
    expect(list.reduce((s: number, r: any) => s + r.profitsharingAmount, 0)).toBe(Math.floor((6666667 * 2000) / 10000));
    expect(list.find((r: any) => r.accountType === "agentAmount").profitsharingAmount).toBe(Math.floor((6666667 * 500) / 10000));
    expect(list.every((r: any) => r.status === 0 && r.appId === tenant() && r.payAmount === 66666.67)).toBe(true);
    expect((await admin(FN.sharing).get(`${P}/list`, { keyword: tenant() })).body.dataList.length).toBeGreaterThanOrEqual(3);
  });

  it("the sandbox answers asynchronously; only a failed record is re-requested, by A, once; duplicate answers change nothing", async () => {
    const o = await paidPriceOrder("60000");
    await settle();
    let list = await records(o.orderId);
    const byType = (t: string) => list.find((r: any) => r.accountType === t);
    expect(byType("profitsharingAmount")).toMatchObject({ status: 1, failReason: "" });
    expect(byType("channelAmount")).toMatchObject({ status: 3, failReason: "分账接收方账户异常" });
    const failed = byType("channelAmount");

    const noA = (await quickUser(tenant(), { [FN.sharing]: "EDPRS" })).token;
    expect((await as(noA, FN.sharing).post(`${P}/rebuild`, { id: failed.id })).body).toMatchObject({ code: "403", desc: "你没有启分账权限" });
    expect((await admin(FN.sharing).post(`${P}/rebuild`, { id: byType("agentAmount").id })).body.desc).toBe("只有分账失败的记录可以重新分账");
    const clicks = await Promise.all(Array.from({ length: 20 }, () => admin(FN.sharing).post(`${P}/rebuild`, { id: failed.id })));
    expect(clicks.filter((r) => r.body.code === "200")).toHaveLength(1);
    list = await records(o.orderId);
    expect(byType("channelAmount")).toMatchObject({ status: 2, attempt: 2 });

    // A late duplicate of the first attempt's failure is ignored.
    expect(await profitSharingResult(tenant(), failed.id, 1, { ok: false, failReason: "重复" })).toBe(false);
    await settle();
    list = await records(o.orderId);
    expect(byType("channelAmount")).toMatchObject({ status: 1, failReason: "" });
    expect(await profitSharingResult(tenant(), failed.id, 2, { ok: false, failReason: "重复" })).toBe(false);
    expect((await ProfitShare.get({ tenantId: tenant(), id: failed.id }).go()).data).toMatchObject({ status: 1 });
  });

  it("the sandbox's answers follow the test's configuration", async () => {
    setSandboxRule(() => ({ ok: false, failReason: "余额不足" }));
    const o = await paidPriceOrder("70000");
    await settle();
    expect((await records(o.orderId)).map((r: any) => [r.status, r.failReason])).toEqual([
      [3, "余额不足"],
      [3, "余额不足"],
      [3, "余额不足"],
    ]);
    expect(formatDateTime().length).toBe(19);
  });
});
