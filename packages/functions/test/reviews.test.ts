import { describe, it, expect, beforeAll } from "vitest";
import { testTenant } from "./harness.ts";
import { FN as CLIENT_FN, asAdmin, as, code, newClient, newProduct, newPurchase } from "./clientsHelpers.ts";
import { quickUser } from "./usersHelpers.ts";
import type { NewPurchase } from "@xiangyu/core/finance/purchase/create";
import { Purchase } from "@xiangyu/core/finance/purchase/entity";
import { stageTotal } from "@xiangyu/core/finance/purchase/status";
import { Counter } from "@xiangyu/core/kernel/counters";
import { deriveMemberLevel, memberLevelOf } from "@xiangyu/core/finance/purchase/rules";
import { MembershipAccount, MembershipLot } from "@xiangyu/core/clients/ledger/entities";
import { Client } from "@xiangyu/core/clients/entities";
import { membershipExpiry } from "@xiangyu/core/products/purchase";
import { saveStyleAttr, styleList } from "@xiangyu/core/platform/styleParams";
import { formatDateTime, today } from "@xiangyu/core/kernel/clock";

/** The three-stage purchase review (R260–R276) and the membership credit of its last pass. */
const FN = { cashier: 1905, finance: 1906, ms: 1907 } as const;
const F = "/xiangyu/api/finance";
const PASS = { cashier: `${F}/buypassedbycashier`, finance: `${F}/buypassedbyfinance`, ms: `${F}/buypassedbyms` } as const;
const LIST = { cashier: `${F}/buylistbycashier`, finance: `${F}/buylistbyfinance`, ms: `${F}/buylistbyms` } as const;
type Stage = keyof typeof FN;

let t: Awaited<ReturnType<typeof testTenant>>;
let type: any;
let product: any;

beforeAll(async () => {
  t = await testTenant();
  ({ type, product } = await newProduct(t, { productName: "十年会籍", duration: 10, proCount: 3, amount: "100000.00" }));
});

/** A purchase at the cashier's stage for a real client and product. */
const purchase = (client: any, fields: Partial<NewPurchase> = {}) => newPurchase(t.clientId, client, product, type.id, fields);

const review = (stage: Stage, form: Record<string, string | number>, fn: number = FN[stage]) => asAdmin(t, fn).post(PASS[stage], form);
const listOf = async (stage: Stage, query: Record<string, string | number> = {}) => (await asAdmin(t, FN[stage]).get(LIST[stage], { pageSize: 100, ...query })).body;
const stored = async (id: number) => (await Purchase.get({ tenantId: t.clientId, id }).go()).data!;
const lotsOf = async (clientId: number) => (await MembershipLot.query.byClient({ tenantId: t.clientId, clientId }).go()).data;
const clientOf = async (id: number) => (await asAdmin(t, CLIENT_FN.clients).get("/xiangyu/api/client/clientview", { id })).body.data;

describe("purchase review", () => {
  it("answers the spec's messages and changes nothing on bad input (R264–R268)", async () => {
    const c = await newClient(t, { clientName: "复核消息" });
    const p = await purchase(c);
    expect((await review("cashier", { id: p.id })).body).toMatchObject({ code: "400", desc: "请选择复核结果" });
    expect((await review("cashier", { id: p.id, isPassed: 3 })).body.desc).toBe("请选择复核结果");
    expect((await review("cashier", { id: p.id, isPassed: 2 })).body.desc).toBe("请填写不通过原因");
    expect((await review("cashier", { id: p.id, isPassed: 2, notPassReason: "   " })).body.desc).toBe("请填写不通过原因");
    expect((await review("cashier", { id: p.id, isPassed: 2, notPassReason: "因".repeat(201) })).body.desc).toBe("不通过原因不能超过200个字");
    expect((await review("cashier", { isPassed: 1 })).body.desc).toBe("无效的购买ID");
    expect((await review("cashier", { id: "abc", isPassed: 1 })).body.desc).toBe("无效的购买ID");
    expect((await review("cashier", { id: 99999999, isPassed: 1 })).body).toMatchObject({ code: "404", desc: "没有找到相关购买记录" });
    expect((await asAdmin(t, FN.cashier).get(`${F}/buylistdetail`, { id: "x" })).body.desc).toBe("无效的购买ID");
    expect((await asAdmin(t, FN.cashier).get(`${F}/buylistdetail`, { id: 99999999 })).body.desc).toBe("没有找到相关购买记录");
    expect((await stored(p.id)).status).toBe(1);
  });

  it("an unpaid instalment cannot pass at any stage but may fail; once paid it passes (R266, R270, R271)", async () => {
    const c = await newClient(t, { clientName: "分期客户" });
    const p = await purchase(c, { isInstallment: 1, firstPayAmount: 3_000_000 });
    const row = (await listOf("cashier")).dataList.find((r: any) => r.id === p.id);
    expect(row).toMatchObject({ isInstallment: 1, firstPayAmount: 30000, payAmount: 90000, amount: 100000, finalPayState: "unpaid", finalPayText: "未支付" });
    expect((await review("cashier", { id: p.id, isPassed: 1 })).body).toMatchObject({ code: "400", desc: "分期支付单还没支付尾款，不能选择复核通过" });
    expect((await stored(p.id)).status).toBe(1);
    // The final payment is registered by the work-order area; here written directly.
    await Purchase.patch({ tenantId: t.clientId, id: p.id }).set({ finalPayAmount: 6_000_000, finalPayTime: formatDateTime() }).go();
    const paid = (await listOf("cashier")).dataList.find((r: any) => r.id === p.id);
    expect(paid).toMatchObject({ finalPayState: "paid", finalPayText: "60000.00", finalPayAmount: 60000 });
    expect((await review("cashier", { id: p.id, isPassed: 1 })).body.code).toBe("200");

    const q = await purchase(c, { isInstallment: 1 });
    expect((await review("cashier", { id: q.id, isPassed: 2, notPassReason: "客户未付尾款" })).body).toMatchObject({ code: "200", desc: "已设为复核不通过" });
    const whole = (await listOf("cashier")).dataList.find((r: any) => r.id !== q.id && r.isInstallment === 0);
    expect(whole).toMatchObject({ finalPayState: "none", finalPayText: "无需付款" });
  });

  it("passes 1 → 2 → 3 → 4, each stage only from its own screen and only at its own status (R260–R263)", async () => {
    const c = await newClient(t, { clientName: "三审客户" });
    const p = await purchase(c);
    const totals = async () => Promise.all((["cashier", "finance", "ms"] as const).map(async (s) => (await listOf(s)).pageParams.maxCount));
    const before = await totals();
    expect((await listOf("cashier")).dataList.map((r: any) => r.id)).toContain(p.id);

    // Out of stage: finance and member service cannot act on a cashier-stage record.
    expect((await review("finance", { id: p.id, isPassed: 1 })).body).toMatchObject({ code: "409", desc: "该购买记录不在本环节复核，请刷新后重试" });
    expect((await review("ms", { id: p.id, isPassed: 2, notPassReason: "x" })).body.desc).toBe("该购买记录不在本环节复核，请刷新后重试");
    // A stage's route from another stage's screen (the cashier's function calling the member-service review).
    expect((await review("ms", { id: p.id, isPassed: 1 }, FN.cashier)).body).toMatchObject({ code: "403", desc: "请在对应的复核页面操作" });
    expect((await asAdmin(t, FN.cashier).get(LIST.finance)).body.desc).toBe("请在对应的复核页面操作");

    expect((await review("cashier", { id: p.id, isPassed: 1 })).body).toMatchObject({ code: "200", desc: "复核通过" });
    expect(await stored(p.id)).toMatchObject({ status: 2, cashier: "管理员" });
    expect((await listOf("cashier")).dataList.map((r: any) => r.id)).not.toContain(p.id);
    expect((await listOf("finance")).dataList.map((r: any) => r.id)).toContain(p.id);
    expect(await totals()).toEqual([before[0] - 1, before[1] + 1, before[2]]);
    expect((await review("cashier", { id: p.id, isPassed: 1 })).body.desc).toBe("该购买记录不在本环节复核，请刷新后重试");

    expect((await review("finance", { id: p.id, isPassed: 1 })).body.code).toBe("200");
    expect(await stored(p.id)).toMatchObject({ status: 3, financeStaff: "管理员" });
    expect(await totals()).toEqual([before[0] - 1, before[1], before[2] + 1]);
    expect((await review("finance", { id: p.id, isPassed: 2, notPassReason: "迟了" })).body.code).toBe("409");

    expect((await review("ms", { id: p.id, isPassed: 1 })).body.code).toBe("200");
    expect(await stored(p.id)).toMatchObject({ status: 4, msStaff: "管理员" });
    expect(await totals()).toEqual([before[0] - 1, before[1], before[2]]);
    const detail = (await asAdmin(t, FN.ms).get(`${F}/buylistdetail`, { id: p.id })).body.data;
    expect(detail).toMatchObject({ id: p.id, status: 4, statusText: "审核通过", clientName: "三审客户", amount: 100000 });
    expect((await review("ms", { id: p.id, isPassed: 1 })).body.code).toBe("409");
  });

  it("failing at any stage sets 5 with the reason and leaves the membership alone (R263, R265)", async () => {
    for (const stage of ["cashier", "finance", "ms"] as const) {
      const c = await newClient(t, { clientName: `不通过${stage}` });
      const p = await purchase(c);
      if (stage !== "cashier") await review("cashier", { id: p.id, isPassed: 1 });
      if (stage === "ms") await review("finance", { id: p.id, isPassed: 1 });
      expect((await review(stage, { id: p.id, isPassed: 2, notPassReason: "合同信息有误" })).body.code).toBe("200");
      expect(await stored(p.id)).toMatchObject({ status: 5, reason: "合同信息有误", lotId: 0 });
      expect(await lotsOf(c.id)).toEqual([]);
      expect((await clientOf(c.id)).status).toBe(1);
      for (const s of ["cashier", "finance", "ms"] as const) expect((await listOf(s)).dataList.map((r: any) => r.id)).not.toContain(p.id);
    }
  });

  it("the last pass credits the weeks, makes the client a member with the derived level, in one go (docs/gaps.md §5, §9)", async () => {
    const c = await newClient(t, { clientName: "入会客户" });
    expect(await clientOf(c.id)).toMatchObject({ status: 1, memberLevel: "" });
    const p = await purchase(c);
    for (const s of ["cashier", "finance", "ms"] as const) expect((await review(s, { id: p.id, isPassed: 1 })).body.code).toBe("200");
    const lots = await lotsOf(c.id);
    expect(lots).toEqual([
      expect.objectContaining({
        productTypeId: type.id,
        storeCount: 3,
        remainingCount: 3,
        shipDuration: `${membershipExpiry(today(), 10)} 23:59:59`,
        source: "buyInfo",
        sourceId: String(p.id),
      }),
    ]);
    expect((await MembershipAccount.get({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }).go()).data).toMatchObject({ storeCount: 3, remainingCount: 3 });
    // A membership type no level names gives the first level of the memberLevel list (普通会员).
    expect(await clientOf(c.id)).toMatchObject({ status: 2, memberLevel: "1" });
    expect(await stored(p.id)).toMatchObject({ status: 4, lotId: lots[0]!.id, memberLevel: "1" });
    // The client list's level column reads the stored, derived level.
    const row = (await asAdmin(t, CLIENT_FN.clients).get("/xiangyu/api/client/clientlist", { keyword: c.mobile })).body.dataList[0];
    expect(row).toMatchObject({ id: c.id, status: 2, memberLevel: "1" });
  });

  it("the level is the highest keyed to the client's active membership types", async () => {
    const { type: gold, product: goldProduct } = await newProduct(t, { productName: "金卡会籍", duration: 5, proCount: 2 }, { typeName: "金卡周次" });
    const levels = await styleList(t.clientId, "memberLevel", true);
    const goldLevel = levels.find((l) => l.stylename === "金卡")!;
    await saveStyleAttr(t.clientId, { ...goldLevel, pseudocode: String(gold.id) });
    const c = await newClient(t, { clientName: "金卡客户" });
    const first = await purchase(c);
    const second = await purchase(c, { productId: goldProduct.id, productName: "金卡会籍", productTypeId: gold.id, duration: 5, proCount: 2 });
    for (const s of ["cashier", "finance", "ms"] as const) await review(s, { id: second.id, isPassed: 1 });
    expect((await clientOf(c.id)).memberLevel).toBe(goldLevel.styleid);
    // A later ordinary purchase does not lower it while the gold lot is active.
    for (const s of ["cashier", "finance", "ms"] as const) await review(s, { id: first.id, isPassed: 1 });
    expect((await clientOf(c.id)).memberLevel).toBe(goldLevel.styleid);
    expect(await lotsOf(c.id)).toHaveLength(2);
  });

  it("the level follows an edited expiry in the same write, and lapses at the first read after its lots expire", async () => {
    const c = await newClient(t, { clientName: "到期客户" });
    const p = await purchase(c);
    for (const s of ["cashier", "finance", "ms"] as const) await review(s, { id: p.id, isPassed: 1 });
    const [lot] = await lotsOf(c.id);
    const stored = async () => (await Client.get({ tenantId: t.clientId, id: c.id }).go()).data!;
    expect(await stored()).toMatchObject({ memberLevel: "1", levelUntil: lot!.shipDuration });
    const edit = (shipDuration: string) => asAdmin(t, CLIENT_FN.clients).post("/xiangyu/api/client/shipdurationsave", { id: lot!.id, shipDuration });

    // 会员信息's 有效期 moved into the past: no active membership, no level — stored with the edit, not at a later read.
    expect((await edit("2020-01-01")).body.code).toBe("200");
    expect(await stored()).toMatchObject({ status: 2, memberLevel: "", levelUntil: "" });
    // And back: the level returns, held until the new expiry.
    expect((await edit("2035-06-30")).body.code).toBe("200");
    expect(await stored()).toMatchObject({ memberLevel: "1", levelUntil: "2035-06-30 23:59:59" });

    // Time passes: the lot expires with nobody editing it (written straight, as the calendar would).
    const key = { tenantId: t.clientId, clientId: c.id, productTypeId: type.id, id: lot!.id };
    await MembershipLot.patch(key).set({ shipDuration: "2021-03-01 23:59:59" }).go();
    await Client.patch({ tenantId: t.clientId, id: c.id }).set({ levelUntil: "2021-03-01 23:59:59" }).go();
    expect((await stored()).memberLevel).toBe("1");
    // The first read after levelUntil — the list here — derives it again and stores it.
    const row = (await asAdmin(t, CLIENT_FN.clients).get("/xiangyu/api/client/clientlist", { keyword: c.mobile })).body.dataList[0];
    expect(row).toMatchObject({ id: c.id, memberLevel: "" });
    expect(await stored()).toMatchObject({ memberLevel: "", levelUntil: "" });
    // The single-client read does the same.
    expect((await edit("2036-01-01")).body.code).toBe("200");
    expect((await stored()).memberLevel).toBe("1");
    await MembershipLot.patch(key).set({ shipDuration: "2021-03-01 23:59:59" }).go();
    await Client.patch({ tenantId: t.clientId, id: c.id }).set({ levelUntil: "2021-03-01 23:59:59" }).go();
    expect(await clientOf(c.id)).toMatchObject({ memberLevel: "" });
  });

  it("a level set by hand, with no lots giving one, stays when a lot is edited", async () => {
    const c = await newClient(t, { clientName: "手设等级" });
    await Client.patch({ tenantId: t.clientId, id: c.id }).set({ memberLevel: "3" }).go();
    const p = await purchase(c, { productTypeId: 999_999 });
    for (const s of ["cashier", "finance", "ms"] as const) await review(s, { id: p.id, isPassed: 1 });
    const [lot] = await lotsOf(c.id);
    expect((await asAdmin(t, CLIENT_FN.clients).post("/xiangyu/api/client/shipdurationsave", { id: lot!.id, shipDuration: "2031-01-01" })).body.code).toBe("200");
    expect((await Client.get({ tenantId: t.clientId, id: c.id }).go()).data).toMatchObject({ memberLevel: "3", levelUntil: "" });
  });

  it("derives levels by the rule (pure)", () => {
    const levels = [
      { styleid: "1", pseudocode: "", seq: 1 },
      { styleid: "2", pseudocode: "7", seq: 2 },
      { styleid: "4", pseudocode: "8, 9", seq: 4 },
    ];
    const now = "2026-06-01 00:00:00";
    const members = new Set([5, 7, 8]);
    expect(deriveMemberLevel([], members, levels, now)).toBe("");
    expect(deriveMemberLevel([{ productTypeId: 5, shipDuration: "2030-01-01 23:59:59" }], members, levels, now)).toBe("1");
    expect(deriveMemberLevel([{ productTypeId: 6, shipDuration: "2030-01-01 23:59:59" }], members, levels, now)).toBe("");
    expect(deriveMemberLevel([{ productTypeId: 8, shipDuration: "2020-01-01 23:59:59" }], members, levels, now)).toBe("");
    expect(
      deriveMemberLevel(
        [
          { productTypeId: 7, shipDuration: "2030-01-01 23:59:59" },
          { productTypeId: 8, shipDuration: "2030-01-01 23:59:59" },
        ],
        members,
        levels,
        now,
      ),
    ).toBe("4");
    // 9 is keyed but not a membership type (hasMemberLevel 0): it carries no level.
    expect(deriveMemberLevel([{ productTypeId: 9, shipDuration: "2030-01-01 23:59:59" }], members, levels, now)).toBe("");
    // How long it holds: the last expiry among the lots at the level held (a lower lot lasting longer does not count).
    const held = [
      { productTypeId: 8, shipDuration: "2028-01-01 23:59:59" },
      { productTypeId: 8, shipDuration: "2029-01-01 23:59:59" },
      { productTypeId: 5, shipDuration: "2040-01-01 23:59:59" },
    ];
    expect(memberLevelOf(held, members, levels, now)).toEqual({ memberLevel: "4", levelUntil: "2029-01-01 23:59:59" });
    expect(memberLevelOf(held, members, levels, "2029-06-01 00:00:00")).toEqual({ memberLevel: "1", levelUntil: "2040-01-01 23:59:59" });
    expect(memberLevelOf([], members, levels, now)).toEqual({ memberLevel: "", levelUntil: "" });
  });

  it("20 reviewers of one stage at once: one succeeds", async () => {
    const c = await newClient(t, { clientName: "并发收银" });
    const p = await purchase(c);
    const before = (await listOf("finance")).pageParams.maxCount;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => review("cashier", i % 2 ? { id: p.id, isPassed: 1 } : { id: p.id, isPassed: 2, notPassReason: "并发" })),
    );
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(["该购买记录不在本环节复核，请刷新后重试", "操作冲突，请重试"]).toContain(r.body.desc);
    const s = await stored(p.id);
    expect([2, 5]).toContain(s.status);
    expect((await listOf("finance")).pageParams.maxCount).toBe(before + (s.status === 2 ? 1 : 0));
  });

  it("20 final passes at once credit the weeks exactly once", async () => {
    const c = await newClient(t, { clientName: "并发入会" });
    const p = await purchase(c);
    await review("cashier", { id: p.id, isPassed: 1 });
    await review("finance", { id: p.id, isPassed: 1 });
    const replies = await Promise.all(Array.from({ length: 20 }, () => review("ms", { id: p.id, isPassed: 1 })));
    expect(replies.filter((r) => r.body.code === "200")).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== "200")) expect(["该购买记录不在本环节复核，请刷新后重试", "操作冲突，请重试"]).toContain(r.body.desc);
    expect(await lotsOf(c.id)).toHaveLength(1);
    expect((await MembershipAccount.get({ tenantId: t.clientId, clientId: c.id, productTypeId: type.id }).go()).data).toMatchObject({ storeCount: 3 });
    expect(await clientOf(c.id)).toMatchObject({ status: 2 });
  });

  it("rights: reviewing needs E on the stage's own function (你没有复核权限, R269)", async () => {
    const c = await newClient(t, { clientName: "权限客户" });
    const p = await purchase(c);
    const readOnly = (await quickUser(t.clientId, { [FN.cashier]: "R" })).token;
    const cashier = (await quickUser(t.clientId, { [FN.cashier]: "ER" })).token;
    expect((await as(readOnly, FN.cashier).post(PASS.cashier, { id: p.id, isPassed: 1 })).body).toMatchObject({ code: "403", desc: "你没有复核权限" });
    expect((await as(readOnly, FN.cashier).get(LIST.cashier)).body.code).toBe("200");
    // The cashier's function opens nothing of the member-service stage, and the member-service function is not theirs.
    expect((await as(cashier, FN.cashier).post(PASS.ms, { id: p.id, isPassed: 1 })).body.desc).toBe("请在对应的复核页面操作");
    expect((await as(cashier, FN.ms).post(PASS.ms, { id: p.id, isPassed: 1 })).status).toBe(403);
    expect((await as(cashier, FN.cashier).post(PASS.cashier, { id: p.id, isPassed: 1 })).body.code).toBe("200");
    expect((await stored(p.id)).status).toBe(2);
  });

  it("a store-level reviewer lists and reviews only the stores in reach, totals from the store tallies", async () => {
    const tianhe = code(t, "广州天河店");
    const nanshan = code(t, "深圳南山店");
    const a = await newClient(t, { clientName: "天河买家", shop: tianhe });
    const b = await newClient(t, { clientName: "南山买家", shop: nanshan });
    const pa = await purchase(a);
    const pb = await purchase(b);
    const store = (await quickUser(t.clientId, { [FN.cashier]: "ER" }, { deptCodes: [tianhe], dataScope: "dept" })).token;
    const branch = (await quickUser(t.clientId, { [FN.cashier]: "ER" }, { deptCodes: [tianhe.slice(0, 3)], dataScope: "deptTree" })).token;
    const mine = (await as(store, FN.cashier).get(LIST.cashier, { pageSize: 100 })).body;
    expect(mine.dataList.map((r: any) => r.id)).toContain(pa.id);
    expect(mine.dataList.map((r: any) => r.id)).not.toContain(pb.id);
    expect(mine.dataList.every((r: any) => r.shop === tianhe)).toBe(true);
    expect(mine.pageParams.maxCount).toBe(mine.dataList.length);
    const wide = (await as(branch, FN.cashier).get(LIST.cashier, { pageSize: 100 })).body;
    expect(wide.dataList.map((r: any) => r.id)).toEqual(expect.arrayContaining([pa.id, pb.id]));
    expect(wide.pageParams.maxCount).toBe(wide.dataList.length);
    // Newest first across the stores; pages follow each other, deep ones (past 100 rows) merged by id first.
    for (let i = 0; i < 110; i++) await purchase(i % 3 ? a : b);
    const pages = await Promise.all([1, 2, 3].map(async (n) => (await as(branch, FN.cashier).get(LIST.cashier, { pageSize: 50, currentPage: n })).body));
    const ids = pages.flatMap((pg) => pg.dataList.map((r: any) => r.id));
    expect(pages[0].pageParams.maxCount).toBe(wide.pageParams.maxCount + 110);
    expect(ids).toHaveLength(pages[0].pageParams.maxCount);
    expect(ids).toEqual([...new Set(ids)].sort((x: number, y: number) => y - x));
    expect(pages.flatMap((pg) => pg.dataList).every((r: any) => r.shop === tianhe || r.shop === nanshan)).toBe(true);
    expect((await as(store, FN.cashier).get(LIST.cashier, { keyword: "南山买家" })).body.dataList).toEqual([]);
    expect((await as(store, FN.cashier).post(PASS.cashier, { id: pb.id, isPassed: 1 })).body.desc).toBe("没有找到相关购买记录");
    expect((await as(store, FN.cashier).get(`${F}/buylistdetail`, { id: pb.id })).body.desc).toBe("没有找到相关购买记录");
    expect((await as(store, FN.cashier).post(PASS.cashier, { id: pa.id, isPassed: 1 })).body.code).toBe("200");
    const after = (await as(store, FN.cashier).get(LIST.cashier, { pageSize: 100 })).body;
    expect(after.pageParams.maxCount).toBe(mine.pageParams.maxCount + 73 - 1);
  });

  it("a store-level reviewer's deep page starts from the id remembered under the store totals, until a review moves them", async () => {
    const shop = code(t, "上海浦东店");
    const c = await newClient(t, { clientName: "浦东买家", shop });
    for (let i = 0; i < 130; i++) await purchase(c);
    const reviewer = (await quickUser(t.clientId, { [FN.cashier]: "ER" }, { deptCodes: [shop.slice(0, 3)], dataScope: "deptTree" })).token;
    // The totals moved long ago: a start walked within seconds of a move is never remembered (the index may lag).
    const { data } = await Counter.query
      .byName({ tenantId: t.clientId })
      .begins({ name: `total#${stageTotal(1)}#` })
      .go({ pages: "all", ignoreOwnership: true });
    for (const x of data)
      await Counter.patch({ tenantId: t.clientId, name: x.name })
        .set({ changedAt: Date.now() - 60_000 })
        .go({ ignoreOwnership: true });
    const page = async (n: number) => (await as(reviewer, FN.cashier).get(LIST.cashier, { pageSize: 20, currentPage: n })).body.dataList.map((r: any) => r.id);
    const inReach = async () =>
      (await Purchase.query.byStage({ tenantId: t.clientId, status: 1 }).go({ pages: "all", order: "desc" })).data
        .filter((p) => p.shop?.startsWith(shop.slice(0, 3)))
        .map((p) => p.id);
    const slice = (ids: number[], n: number) => ids.slice((n - 1) * 20, n * 20);
    const before = await inReach();
    expect(before.length).toBeGreaterThanOrEqual(130);
    expect(await page(6)).toEqual(slice(before, 6));
    expect(await page(7)).toEqual(slice(before, 7));
    // A purchase before page 6 removed behind the totals' back: the remembered start does not see it.
    await Purchase.delete({ tenantId: t.clientId, id: before[3]! }).go();
    expect(await page(6)).toEqual(slice(before, 6));
    // A review moves the purchase to the next stage and the totals with it: page 6 is merged anew.
    expect((await as(reviewer, FN.cashier).post(PASS.cashier, { id: before[1]!, isPassed: 1 })).body.code).toBe("200");
    const now = await inReach();
    expect(now.length).toBe(before.length - 2);
    expect(await page(6)).toEqual(slice(now, 6));
  });
});
