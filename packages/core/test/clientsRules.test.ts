import { describe, it, expect } from "vitest";
import { planDeduction, takeDeltas, NOT_ENOUGH_WEEKS } from "../src/clients/ledger/plan.ts";
import { planKeyword, nameTerms, normaliseMobile, workOrderStatusName } from "../src/clients/rules.ts";
import { shopPrefixes } from "../src/clients/scope.ts";
import { checkRow, readHeader } from "../src/clients/import/columns.ts";
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
  it("takes whole weeks from the lot that expires first, skipping expired lots", () => {
    const takes = planDeduction([lot(1, 5, "2030-01-01 23:59:59"), lot(2, 5, "2026-01-01 23:59:59"), lot(3, 9, "2024-01-01 23:59:59")], { weeks: 7 }, NOW);
    expect(takes.map((t) => [t.lotId, t.weeks])).toEqual([
      [2, 5],
      [1, 2],
    ]);
  });

  it("uses a loose half before breaking a week, and breaking leaves the other half loose", () => {
    const [loose] = planDeduction([lot(1, 3, undefined, 1, 0)], { weekdayHalves: 1 }, NOW);
    expect(loose).toMatchObject({ firstLoose: 1, firstBreak: 0 });
    const [broken] = planDeduction([lot(1, 3)], { weekdayHalves: 1 }, NOW);
    expect(broken).toMatchObject({ firstBreak: 1, weeks: 0 });
    expect(takeDeltas(broken!)).toEqual({
      remainingCount: -1,
      usedCount: 0,
      remainingFirstHaltCount: 0,
      usedFirstHaltCount: 1,
      remainingSecondHaltCount: 1,
      usedSecondHaltCount: 0,
    });
  });

  it("counts a weekday and a weekend half of the same week as one whole week", () => {
    const [t] = planDeduction([lot(1, 2)], { weekdayHalves: 1, weekendHalves: 1 }, NOW);
    expect(t).toMatchObject({ weeks: 1, firstBreak: 0, secondBreak: 0 });
  });

  it("refuses what the unexpired lots cannot cover", () => {
    expect(() => planDeduction([lot(1, 1), lot(2, 5, "2020-01-01 00:00:00")], { weeks: 2 }, NOW)).toThrow(NOT_ENOUGH_WEEKS);
    expect(() => planDeduction([lot(1, 1)], { weeks: 0 }, NOW)).toThrow("周次数量不正确");
    expect(() => planDeduction([lot(1, 1)], { weeks: -1 }, NOW)).toThrow("周次数量不正确");
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
  it("finds columns by header and checks each row with the form's messages", () => {
    expect(readHeader(["", "备注", "手机号", "姓名"])).toMatchObject({ remark: 1, mobile: 2, clientName: 3, sex: 0 });
    expect(readHeader(["", "名字", "电话"])).toBeNull();
    expect(checkRow(row({ mobile: "13800138000" }))).toEqual({ ok: false, reason: "客户姓名不能为空" });
    expect(checkRow(row({ clientName: "张三" }))).toEqual({ ok: false, reason: "手机号码不能为空" });
    expect(checkRow(row({ clientName: "张三", mobile: "2380013800" }))).toEqual({ ok: false, reason: "输入的手机号不正确" });
    expect(checkRow(row({ clientName: "张三", mobile: "13800138000", age: "三十" }))).toEqual({ ok: false, reason: "年龄必须是数字" });
    expect(checkRow(row({ clientName: "张三", mobile: "138 0013 8000" }))).toMatchObject({ ok: true, row: { mobile: "13800138000" } });
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
