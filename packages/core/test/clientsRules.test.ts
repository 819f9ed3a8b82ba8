import { describe, it, expect } from "vitest";
import { planDeduction, previewDeduction, restoreDeltas, takeDeltas, NOT_ENOUGH_WEEKS, WEEKDAY_NIGHTS, WEEKEND_NIGHTS } from "../src/clients/ledger/plan.ts";
import { planKeyword, nameTerms, normaliseMobile, workOrderStatusName } from "../src/clients/rules.ts";
import { shopPrefixes } from "../src/clients/scope.ts";
import { channelFinder, checkRow, readHeader, sexOf } from "../src/clients/import/columns.ts";
import { splitCap, minimumPrice, checkProductMoney, checkModifiedPrice } from "../src/products/rules.ts";
import { seal, open } from "../src/clients/secretBox.ts";

const lot = (id: number, remaining: number, expiry = "2099-12-31 23:59:59", first = 0, second = 0) => ({
  id,
  shipDuration: expiry,
  remainingCount: remaining,
  remainingFirstHaltCount: first,
  remainingSecondHaltCount: second,
});
const NOW = "2025-06-01 12:00:00";

describe("planning a deduction", () => {
  type Lot = ReturnType<typeof lot> & { usedCount: number; usedFirstHaltCount: number; usedSecondHaltCount: number; storeCount: number };
  const stored = (l: ReturnType<typeof lot>): Lot => ({ ...l, storeCount: l.remainingCount, usedCount: 0, usedFirstHaltCount: 0, usedSecondHaltCount: 0 });
  type Take = ReturnType<typeof planDeduction>[number];
  /** Applies takes to the lots, as the ledger's writes would. */
  const apply = (lots: Lot[], takes: Take[], deltas: typeof takeDeltas) => {
    for (const t of takes) {
      const l = lots.find((x) => x.id === t.lotId)!;
      for (const [k, v] of Object.entries(deltas(t))) l[k as keyof ReturnType<typeof takeDeltas>] += v;
    }
    return takes;
  };
  const deduct = (lots: Lot[], amount: Parameters<typeof planDeduction>[1]) => apply(lots, planDeduction(lots, amount, NOW), takeDeltas);
  /** storeCount = whole left + whole used + broken, each broken week being 5 weekday + 2 weekend nights, used or loose. */
  const assertLedgerShape = (l: Lot) => {
    const broken = l.storeCount - l.remainingCount - l.usedCount;
    expect(l.usedFirstHaltCount + l.remainingFirstHaltCount).toBe(WEEKDAY_NIGHTS * broken);
    expect(l.usedSecondHaltCount + l.remainingSecondHaltCount).toBe(WEEKEND_NIGHTS * broken);
    for (const v of Object.values(l)) if (typeof v === "number") expect(v).toBeGreaterThanOrEqual(0);
  };

  it("takes whole weeks from the lot that expires first, skipping expired lots", () => {
    const takes = planDeduction([lot(1, 5, "2030-01-01 23:59:59"), lot(2, 5, "2026-01-01 23:59:59"), lot(3, 9, "2024-01-01 23:59:59")], { weeks: 7 }, NOW);
    expect(takes.map((t) => [t.lotId, t.weeks])).toEqual([
      [2, 5],
      [1, 2],
    ]);
  });

  it("takes one weekend night from a fresh week, leaving 5 weekday and 1 weekend night loose", () => {
    const l = stored(lot(1, 1));
    expect(deduct([l], { weekendNights: 1 })).toEqual([{ lotId: 1, weeks: 0, breaks: 1, weekdayNights: 0, weekendNights: 1 }]);
    expect(l).toMatchObject({ remainingCount: 0, usedCount: 0, remainingFirstHaltCount: 5, usedFirstHaltCount: 0, remainingSecondHaltCount: 1, usedSecondHaltCount: 1 });
    assertLedgerShape(l);
  });

  it("uses the loose nights of a broken week before breaking the next one", () => {
    const l = stored(lot(1, 2));
    expect(deduct([l], { weekdayNights: 3 })).toMatchObject([{ breaks: 1, weekdayNights: 3 }]);
    expect(l).toMatchObject({ remainingCount: 1, remainingFirstHaltCount: 2, remainingSecondHaltCount: 2 });
    expect(deduct([l], { weekdayNights: 2 })).toMatchObject([{ breaks: 0, weekdayNights: 2 }]);
    expect(l).toMatchObject({ remainingCount: 1, remainingFirstHaltCount: 0, remainingSecondHaltCount: 2 });
    // No weekday night is loose any more: the second week is broken.
    expect(deduct([l], { weekdayNights: 1 })).toMatchObject([{ breaks: 1, weekdayNights: 1 }]);
    expect(l).toMatchObject({ remainingCount: 0, usedCount: 0, remainingFirstHaltCount: 4, usedFirstHaltCount: 6, remainingSecondHaltCount: 4, usedSecondHaltCount: 0 });
    assertLedgerShape(l);
  });

  it("counts 5 weekday and 2 weekend nights of a whole week as that week used", () => {
    const l = stored(lot(1, 3));
    expect(deduct([l], { weekdayNights: 5, weekendNights: 2 })).toEqual([{ lotId: 1, weeks: 1, breaks: 0, weekdayNights: 0, weekendNights: 0 }]);
    expect(l).toMatchObject({ remainingCount: 2, usedCount: 1, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0 });
    // 7 + 2: one whole week, and 2 weekday nights from a broken one.
    expect(deduct([l], { weekdayNights: 7, weekendNights: 2 })).toEqual([{ lotId: 1, weeks: 1, breaks: 1, weekdayNights: 2, weekendNights: 0 }]);
    expect(l).toMatchObject({ remainingCount: 0, usedCount: 2, remainingFirstHaltCount: 3, usedFirstHaltCount: 2, remainingSecondHaltCount: 2 });
    assertLedgerShape(l);
  });

  it("uses loose nights of any lot before breaking a week, the earliest expiry first", () => {
    const lots = [stored(lot(1, 3, "2026-01-01 23:59:59")), stored(lot(2, 3, "2030-01-01 23:59:59", 1, 1)), stored(lot(3, 0, "2028-01-01 23:59:59", 2, 0))];
    const takes = deduct(lots, { weekdayNights: 2, weekendNights: 1 });
    // Lot 3 expires before lot 2, so its loose weekday nights go first; lot 1 is not broken.
    expect(takes).toEqual([
      { lotId: 3, weeks: 0, breaks: 0, weekdayNights: 2, weekendNights: 0 },
      { lotId: 2, weeks: 0, breaks: 0, weekdayNights: 0, weekendNights: 1 },
    ]);
    // With the loose nights gone, the week broken is the one of the earliest lot.
    expect(deduct(lots, { weekdayNights: 2 })).toEqual([
      { lotId: 1, weeks: 0, breaks: 1, weekdayNights: 1, weekendNights: 0 },
      { lotId: 2, weeks: 0, breaks: 0, weekdayNights: 1, weekendNights: 0 },
    ]);
    expect(lots[0]).toMatchObject({ remainingCount: 2, remainingFirstHaltCount: 4, remainingSecondHaltCount: 2 });
  });

  it("takes nothing from an expired lot, whole or loose", () => {
    const expired = lot(1, 5, "2025-06-01 11:59:59", 5, 2);
    expect(() => planDeduction([expired], { weekendNights: 1 }, NOW)).toThrow(NOT_ENOUGH_WEEKS);
    expect(planDeduction([expired, lot(2, 1)], { weekendNights: 1 }, NOW)).toEqual([{ lotId: 2, weeks: 0, breaks: 1, weekdayNights: 0, weekendNights: 1 }]);
  });

  it("refuses when one side is short even though the other is covered", () => {
    // 5 loose weekday nights, no weekend night, no whole week.
    expect(() => planDeduction([lot(1, 0, undefined, 5, 0)], { weekdayNights: 1, weekendNights: 1 }, NOW)).toThrow(NOT_ENOUGH_WEEKS);
    // One whole week covers 5 weekday nights but not a third weekend night.
    expect(() => planDeduction([lot(1, 1)], { weekdayNights: 1, weekendNights: 3 }, NOW)).toThrow(NOT_ENOUGH_WEEKS);
    expect(() => planDeduction([lot(1, 1)], { weekdayNights: 6 }, NOW)).toThrow(NOT_ENOUGH_WEEKS);
    expect(() => planDeduction([lot(1, 1), lot(2, 5, "2020-01-01 00:00:00")], { weeks: 2 }, NOW)).toThrow(NOT_ENOUGH_WEEKS);
  });

  it("refuses an empty or malformed amount", () => {
    expect(() => planDeduction([lot(1, 1)], { weeks: 0 }, NOW)).toThrow("周次数量不正确");
    expect(() => planDeduction([lot(1, 1)], { weeks: -1 }, NOW)).toThrow("周次数量不正确");
    expect(() => planDeduction([lot(1, 1)], { weekdayNights: 1.5 }, NOW)).toThrow("周次数量不正确");
  });

  it("takes exactly what was asked and keeps every lot consistent, deduction after deduction, restores included", () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const lots = [stored(lot(1, 6, "2027-01-01 23:59:59")), stored(lot(2, 4, "2026-01-01 23:59:59")), stored(lot(3, 9))];
    const kept: Take[][] = [];
    let refused = 0;
    let taken = 0;
    for (let i = 0; i < 200; i++) {
      const want = { weeks: rand(4) === 0 ? 1 : 0, weekdayNights: rand(8), weekendNights: rand(4) };
      if (want.weeks + want.weekdayNights + want.weekendNights === 0) continue;
      const before = structuredClone(lots);
      let takes: Take[];
      try {
        takes = deduct(lots, want);
      } catch (e) {
        expect((e as Error).message).toBe(NOT_ENOUGH_WEEKS);
        expect(lots).toEqual(before);
        refused++;
        // Give back an earlier booking, so the run goes on.
        apply(lots, kept.shift() ?? [], restoreDeltas);
        lots.forEach(assertLedgerShape);
        continue;
      }
      kept.push(takes);
      taken++;
      const sum = (f: (t: (typeof takes)[number]) => number) => takes.reduce((s, t) => s + f(t), 0);
      const shares = sum((t) => t.weeks) - want.weeks;
      expect(shares).toBeGreaterThanOrEqual(0);
      expect(WEEKDAY_NIGHTS * shares + sum((t) => t.weekdayNights)).toBe(want.weekdayNights);
      expect(WEEKEND_NIGHTS * shares + sum((t) => t.weekendNights)).toBe(want.weekendNights);
      lots.forEach(assertLedgerShape);
    }
    // The run went through both paths many times.
    expect(Math.min(taken, refused)).toBeGreaterThan(20);
  });
});

describe("previewing a deduction from the summary", () => {
  it("says whether the balance covers it, what it would take and what stays", () => {
    expect(previewDeduction({ remainingCount: 1, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0 }, { weekendNights: 1 })).toEqual({
      ok: true,
      weeks: 0,
      breaks: 1,
      weekdayNights: 0,
      weekendNights: 1,
      short: { weeks: 0, weekdayNights: 0, weekendNights: 0 },
      after: { remainingCount: 0, remainingFirstHaltCount: 5, remainingSecondHaltCount: 1 },
    });
    expect(previewDeduction({ remainingCount: 2, remainingFirstHaltCount: 1, remainingSecondHaltCount: 0 }, { weekdayNights: 6, weekendNights: 2 })).toMatchObject({
      ok: true,
      weeks: 1,
      breaks: 0,
      weekdayNights: 1,
      after: { remainingCount: 1, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0 },
    });
  });

  it("names the side that is short", () => {
    const p = previewDeduction({ remainingCount: 0, remainingFirstHaltCount: 5, remainingSecondHaltCount: 1 }, { weekdayNights: 3, weekendNights: 2 });
    expect(p).toMatchObject({ ok: false, short: { weeks: 0, weekdayNights: 0, weekendNights: 1 } });
    expect(previewDeduction({ remainingCount: 0, remainingFirstHaltCount: 0, remainingSecondHaltCount: 0 }, {})).toMatchObject({ ok: true, breaks: 0 });
    // A summary that never had nights taken may lack the night counts.
    expect(previewDeduction({ remainingCount: 1 }, { weekdayNights: 6 })).toMatchObject({ ok: false, short: { weekdayNights: 1 }, after: { remainingFirstHaltCount: 0 } });
  });
});

describe("client keywords and departments", () => {
  it("reads an 11-digit number as a mobile and anything else as a name or member code", () => {
    expect(planKeyword(" 138 0013 8000 ")).toEqual({ kind: "mobile", mobile: "13800138000" });
    expect(planKeyword("+8613800138000")).toEqual({ kind: "mobile", mobile: "13800138000" });
    expect(planKeyword("王")).toMatchObject({ kind: "text", nameKind: "n1", nameTerm: "王" });
    expect(planKeyword("王小明")).toMatchObject({ kind: "text", nameKind: "n2", nameTerm: "王小", namePrefix: "王小明", code: "王小明" });
    expect(planKeyword("Vip")).toMatchObject({ nameTerm: "vi", namePrefix: "vip", code: "VIP" });
    expect(planKeyword("vip001")).toMatchObject({ code: "VIP001" });
    expect(planKeyword("  ")).toBeNull();
    expect(nameTerms("𠀋一")).toEqual({ n1: "𠀋", n2: "𠀋一" });
    expect(normaliseMobile("138-0013-8000")).toBe("13800138000");
  });

  it("limits shops to the caller's departments; a branch above them means their stores in it", () => {
    expect(shopPrefixes({ deptCodes: [""] })).toEqual([""]);
    expect(shopPrefixes({ deptCodes: [""] }, "001")).toEqual(["001"]);
    expect(shopPrefixes({ deptCodes: ["001002", "001"] })).toEqual(["001"]);
    expect(shopPrefixes({ deptCodes: ["001002"] }, "001")).toEqual(["001002"]);
    expect(shopPrefixes({ deptCodes: ["001002"] }, "001002")).toEqual(["001002"]);
    expect(() => shopPrefixes({ deptCodes: ["001002"] }, "002")).toThrow("你没有该部门的操作权限");
    expect(() => shopPrefixes({ deptCodes: ["001002"] }, "001003")).toThrow("你没有该部门的操作权限");
  });

  it("names the work-order status, never-invited and unknown codes included (R306, R324)", () => {
    const names = new Map([["1122", "已应邀待到场"]]);
    expect(workOrderStatusName("", names)).toBe("未电邀");
    expect(workOrderStatusName("1122", names)).toBe("已应邀待到场");
    expect(workOrderStatusName("9999", names)).toBe("暂不明确");
  });
});

describe("import rows", () => {
  const row = (o: Partial<Record<string, string>>) => ({ clientName: "", mobile: "", sex: "", age: "", idCard: "", address: "", clientSource: "", remark: "", ...o });
  const channelOf = channelFinder([
    { code: "walkin", name: "到店咨询" },
    { code: "online", name: "线上推广" },
  ]);
  const check = (o: Partial<Record<string, string>>) => checkRow(row(o), "001001", channelOf);
  it("finds columns by header and checks each row with the form's messages", () => {
    expect(readHeader(["", "备注", "手机号", "姓名"])).toMatchObject({ remark: 1, mobile: 2, clientName: 3, sex: 0 });
    expect(readHeader(["", "名字", "电话"])).toBeNull();
    expect(check({ mobile: "13800138000" })).toEqual({ ok: false, reason: "客户姓名不能为空" });
    expect(check({ clientName: "张三" })).toEqual({ ok: false, reason: "手机号码不能为空" });
    expect(check({ clientName: "张三", mobile: "2380013800" })).toEqual({ ok: false, reason: "输入的手机号不正确" });
    expect(check({ clientName: "张三", mobile: "12800138000" })).toEqual({ ok: false, reason: "输入的手机号不正确" });
    expect(check({ clientName: "张三", mobile: "13800138000", age: "三十" })).toEqual({ ok: false, reason: "年龄必须是0到150之间的整数" });
    expect(check({ clientName: "张三", mobile: "13800138000", age: "151" })).toEqual({ ok: false, reason: "年龄必须是0到150之间的整数" });
    expect(check({ clientName: "张三", mobile: "13800138000", idCard: "11010519491231002Y" })).toEqual({ ok: false, reason: "身份证号码必须是18位（最后一位可为X）" });
    expect(check({ clientName: "张三", mobile: "13800138000", idCard: "110105194912310021" })).toEqual({ ok: false, reason: "身份证号码校验位不正确" });
    expect(check({ clientName: "张".repeat(51), mobile: "13800138000" })).toEqual({ ok: false, reason: "客户姓名不能超过50个字" });
    expect(check({ clientName: "张三", mobile: "138 0013 8000", idCard: "11010519491231002x" })).toMatchObject({
      ok: true,
      client: { mobile: "13800138000", idCard: "11010519491231002X", status: 1, shop: "001001", memberLevel: "" },
    });
  });

  it("maps 性别 to the form's values and refuses a word it has none for", () => {
    expect(["男", "男性", "M", "male", "先生"].map(sexOf)).toEqual(["男", "男", "男", "男", "男"]);
    expect(["女", "女性", "F", "Female", "女士"].map(sexOf)).toEqual(["女", "女", "女", "女", "女"]);
    expect(["", "未知", "保密", " 不详 "].map(sexOf)).toEqual(["", "", "", ""]);
    expect(sexOf("男女")).toBeNull();
    expect(check({ clientName: "张三", mobile: "13800138000", sex: "男性" })).toMatchObject({ ok: true, client: { sex: "男" } });
    expect(check({ clientName: "张三", mobile: "13800138000", sex: "未知" })).toMatchObject({ ok: true, client: { sex: "" } });
    expect(check({ clientName: "张三", mobile: "13800138000", sex: "中" })).toEqual({ ok: false, reason: "性别只能填写男、女或未知" });
  });

  it("maps 客户来源 to a channel code by code or name and refuses an unknown one with the reason", () => {
    expect(check({ clientName: "张三", mobile: "13800138000", clientSource: "WALKIN" })).toMatchObject({ ok: true, client: { clientSource: "walkin" } });
    expect(check({ clientName: "张三", mobile: "13800138000", clientSource: "线上推广" })).toMatchObject({ ok: true, client: { clientSource: "online" } });
    expect(check({ clientName: "张三", mobile: "13800138000", clientSource: "" })).toMatchObject({ ok: true, client: { clientSource: "" } });
    expect(check({ clientName: "张三", mobile: "13800138000", clientSource: "电视广告" })).toEqual({ ok: false, reason: "客户来源“电视广告”不是已有的渠道，请填写渠道编码或名称" });
  });
});

describe("product money rules", () => {
  it("caps the split at floor(30 × (amount − groupAmount) / amount)", () => {
    expect(splitCap(1000000, 200000)).toBe(24);
    expect(splitCap(300, 1)).toBe(29);
    const base = { amount: 1000000, groupAmount: 200000, profitsharingAmount: 10, agentAmount: 8, channelAmount: 6 };
    expect(() => checkProductMoney(base)).not.toThrow();
    expect(() => checkProductMoney({ ...base, channelAmount: 6.5 })).toThrow("分账合计比例不能大于24");
    expect(() => checkProductMoney({ ...base, groupAmount: 1000000 })).toThrow("集团独立收款金额不能大于等于产品金额");
    expect(() => checkProductMoney({ ...base, amount: 0 })).toThrow("所有金额和比例都需为正数");
    expect(() => checkProductMoney({ ...base, agentAmount: -1 })).toThrow("所有金额和比例都需为正数");
  });

  it("computes the minimum price floor(30 × groupAmount / (30 − split sum)) only below 30", () => {
    const split = { profitsharingAmount: 10, agentAmount: 5, channelAmount: 5 };
    // 30 × 2000 / (30 − 20) = 6000 yuan
    expect(minimumPrice(200000, split)).toBe(6000);
    expect(minimumPrice(100050, { profitsharingAmount: 7, agentAmount: 0, channelAmount: 0 })).toBe(1305); // 30 × 1000.5 / 23 = 1305.0
    expect(minimumPrice(200000, { profitsharingAmount: 30, agentAmount: 0, channelAmount: 0 })).toBeNull();
    expect(() => checkModifiedPrice(599999, 200000, split)).toThrow("支付金额不能小于6000");
    expect(() => checkModifiedPrice(600000, 200000, split)).not.toThrow();
    expect(() => checkModifiedPrice(199999, 200000, { profitsharingAmount: 30, agentAmount: 0, channelAmount: 0 })).toThrow("支付金额不能小于集团独立收款金额");
    expect(() => checkModifiedPrice(200000, 200000, { profitsharingAmount: 30, agentAmount: 0, channelAmount: 0 })).not.toThrow();
  });
});

describe("sealed secrets", () => {
  it("opens only in the tenant it was sealed for, and never reads as plain text", () => {
    const s = seal("Rci#2024", "tenantA");
    expect(s).toMatch(/^v1\./);
    expect(s).not.toContain("Rci#2024");
    expect(seal("Rci#2024", "tenantA")).not.toBe(s);
    expect(open(s, "tenantA")).toBe("Rci#2024");
    expect(() => open(s, "tenantB")).toThrow();
    expect(seal("", "tenantA")).toBe("");
  });
});
