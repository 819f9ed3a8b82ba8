import { describe, it, expect } from "vitest";
import { readPaging, pageParams } from "../src/kernel/paging.ts";
import { yuanToFen, fenToYuan } from "../src/kernel/money.ts";
import { mergeRights, normaliseLetters, flagsOf } from "../src/kernel/rights.ts";
import { parseBusiness, formatDateTime, endOfDay } from "../src/kernel/clock.ts";
import { inDepartments, aboveDepartments } from "../src/kernel/context.ts";
import { childCode } from "../src/org/orgTree.ts";

describe("paging", () => {
  it("defaults to page 1 of 20 by id descending and accepts the spec's pagesize spelling", () => {
    expect(readPaging({})).toEqual({ currentPage: 1, pageSize: 20, sort: "id", order: "desc", keyword: "", keyValue: "" });
    expect(readPaging({ pagesize: "50", currentPage: "3", order: "ASC", keyword: " 张 " })).toMatchObject({ pageSize: 50, currentPage: 3, order: "asc", keyword: "张" });
  });
  it("refuses nonsense with a Chinese message", () => {
    expect(() => readPaging({ pageSize: "0" })).toThrow("每页条数不正确");
    expect(() => readPaging({ pageSize: "1001" })).toThrow("每页条数不正确");
    expect(() => readPaging({ currentPage: "x" })).toThrow("页码不正确");
    expect(() => readPaging({ order: "sideways" })).toThrow("排序方式不正确");
  });
  it("computes maxPage from the total", () => {
    const p = readPaging({ pageSize: 20 });
    expect(pageParams(p, 0).maxPage).toBe(1);
    expect(pageParams(p, 41)).toMatchObject({ maxCount: 41, maxPage: 3 });
  });
});

describe("money", () => {
  it("converts yuan with up to 2 decimals to integer fen and back", () => {
    expect(yuanToFen("12.5")).toBe(1250);
    expect(yuanToFen("0.07")).toBe(7);
    expect(yuanToFen(199)).toBe(19900);
    expect(yuanToFen("-3.1")).toBe(-310);
    expect(fenToYuan(1999)).toBe(19.99);
    expect(() => yuanToFen("1.234")).toThrow("金额格式不正确");
    expect(() => yuanToFen("abc")).toThrow("金额格式不正确");
  });
});

describe("rights", () => {
  it("unites the letters of several roles in a fixed order", () => {
    expect(mergeRights([{ 1: "ra" }, { 1: "DE", 2: "" }])).toEqual({ 1: "ADER", 2: "" });
    expect(normaliseLetters("sxpa")).toBe("APS");
    expect(flagsOf("AP")).toEqual({ a: true, d: false, e: false, p: true, r: false, s: false });
  });
});

describe("business time", () => {
  it("is Asia/Shanghai", () => {
    expect(formatDateTime(Date.UTC(2026, 0, 31, 16, 0, 0))).toBe("2026-02-01 00:00:00");
    expect(parseBusiness("2026-02-30")).toBeNull();
    expect(parseBusiness("2026-02-28")?.valueOf()).toBe(Date.UTC(2026, 1, 27, 16));
    expect(endOfDay("2026-12-31")).toBe("2026-12-31 23:59:59");
  });
});

describe("departments", () => {
  it("limits by 3-character code segments", () => {
    const c = { deptCodes: ["001002"] };
    expect(inDepartments(c, "001002")).toBe(true);
    expect(inDepartments(c, "001002005")).toBe(true);
    expect(inDepartments(c, "001003")).toBe(false);
    expect(aboveDepartments(c, "001")).toBe(true);
    expect(inDepartments({ deptCodes: [""] }, "009")).toBe(true);
    expect(childCode("001", 7)).toBe("001007");
    expect(() => childCode("001", 1000)).toThrow("同一级节点已达上限");
  });
});
