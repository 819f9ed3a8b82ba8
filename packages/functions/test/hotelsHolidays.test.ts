import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";

/** Holiday settings and the holiday days of a range (R116–R121). */
let t: Awaited<ReturnType<typeof testTenant>>;
const HOLIDAYS = 1605; // 节假日设置
const ORDERS = 1701;

beforeAll(async () => {
  t = await testTenant();
});

type Form = Record<string, string | number>;
const save = (form: Form, token = t.adminToken) => post("/xiangyu/api/holiday/save", { token, functionId: HOLIDAYS, form });
const list = async (query: Form = {}) => (await get("/xiangyu/api/holiday/list", { token: t.adminToken, functionId: HOLIDAYS, query })).body;
const del = (holidayDate: string, token = t.adminToken) => post("/xiangyu/api/holiday/delete", { token, functionId: HOLIDAYS, form: { holidayDate } });
const days = async (startDate: string, endDate: string, functionId = HOLIDAYS) =>
  (await get("/xiangyu/api/order/getholidaylist", { token: t.adminToken, functionId, query: { startDate, endDate } })).body;

describe("holiday settings", () => {
  it("saves a named range sent at 00:00:00 and lists it latest first (R117, R120)", async () => {
    expect((await save({ holidayName: "劳动节", holidayDate: "2027-05-01 00:00:00", holidayEnddate: "2027-05-05 00:00:00" })).body).toMatchObject({
      code: "200",
      desc: "保存成功",
    });
    expect((await save({ holidayName: "元旦", holidayDate: "2027-01-01 00:00:00", holidayEnddate: "2027-01-01 00:00:00" })).body.code).toBe("200");
    expect((await save({ holidayName: "国庆节", holidayDate: "2027-10-01", holidayEnddate: "2027-10-07" })).body.code).toBe("200");
    const r = await list();
    expect(r.dataList.map((h: any) => [h.holidayName, h.holidayDate, h.holidayEnddate])).toEqual([
      ["国庆节", "2027-10-01 00:00:00", "2027-10-07 00:00:00"],
      ["劳动节", "2027-05-01 00:00:00", "2027-05-05 00:00:00"],
      ["元旦", "2027-01-01 00:00:00", "2027-01-01 00:00:00"],
    ]);
    expect(r.pageParams).toMatchObject({ maxCount: 3, currentPage: 1, pageSize: 20 });
    const page2 = await list({ pageSize: 2, currentPage: 2 });
    expect(page2.dataList.map((h: any) => h.holidayName)).toEqual(["元旦"]);
    expect(page2.pageParams).toMatchObject({ maxCount: 3, maxPage: 2 });
  });

  it("answers the form's messages (R118, R119)", async () => {
    const desc = async (form: Form) => (await save(form)).body.desc;
    expect(await desc({ holidayDate: "2027-06-01", holidayEnddate: "2027-06-01" })).toBe("节日名称不能为空");
    expect(await desc({ holidayName: "  ", holidayDate: "2027-06-01", holidayEnddate: "2027-06-01" })).toBe("节日名称不能为空");
    expect(await desc({ holidayName: "六个字的节日", holidayDate: "2027-06-01", holidayEnddate: "2027-06-01" })).toBe("节日名称不能超过5个字");
    expect((await save({ holidayName: "五个字节日", holidayDate: "2027-06-01", holidayEnddate: "2027-06-01" })).body.code).toBe("200");
    expect(await desc({ holidayName: "端午节" })).toBe("日期不能为空");
    expect(await desc({ holidayName: "端午节", holidayDate: "2027-06-09" })).toBe("日期不能为空");
    expect(await desc({ holidayName: "端午节", holidayDate: "2027/06/09", holidayEnddate: "2027-06-11" })).toBe("日期格式不正确");
    expect(await desc({ holidayName: "端午节", holidayDate: "2027-06-11", holidayEnddate: "2027-06-09" })).toBe("结束日期不能早于开始日期");
  });

  it("replaces the holiday starting on the same day instead of adding a second one", async () => {
    const before = (await list()).pageParams.maxCount;
    expect((await save({ holidayName: "春节", holidayDate: "2027-02-06", holidayEnddate: "2027-02-12" })).body.code).toBe("200");
    expect((await save({ holidayName: "春节假期", holidayDate: "2027-02-06", holidayEnddate: "2027-02-14" })).body.code).toBe("200");
    const r = await list();
    expect(r.pageParams.maxCount).toBe(before + 1);
    expect(r.dataList.filter((h: any) => h.holidayDate.startsWith("2027-02-06"))).toEqual([
      expect.objectContaining({ holidayName: "春节假期", holidayEnddate: "2027-02-14 00:00:00" }),
    ]);
  });

  it("deletes by start date (R121)", async () => {
    await save({ holidayName: "清明节", holidayDate: "2027-04-03", holidayEnddate: "2027-04-05" });
    const before = (await list()).pageParams.maxCount;
    expect((await del("2027-04-03 00:00:00")).body).toEqual({ code: "200", desc: "删除成功" });
    expect((await list()).dataList.map((h: any) => h.holidayName)).not.toContain("清明节");
    expect((await list()).pageParams.maxCount).toBe(before - 1);
    expect((await del("2027-04-03")).body).toEqual({ code: "404", desc: "并没有删除信息" });
    expect((await del("")).body).toEqual({ code: "400", desc: "日期不能为空" });
    expect((await del("明天")).body.desc).toBe("日期格式不正确");
  });
});

describe("holiday days of a range (order/getholidaylist)", () => {
  it("expands every holiday day inside the range, overlapping holidays once", async () => {
    await save({ holidayName: "中秋节", holidayDate: "2027-09-28", holidayEnddate: "2027-10-02" });
    const r = await days("2027-09-30", "2027-10-03 00:00:00");
    expect(r.code).toBe("200");
    expect(r.dataList).toEqual([
      { holidayDate: "2027-09-30", holidayName: "中秋节" },
      { holidayDate: "2027-10-01", holidayName: "中秋节" },
      { holidayDate: "2027-10-02", holidayName: "中秋节" },
      { holidayDate: "2027-10-03", holidayName: "国庆节" },
    ]);
    // The order screens ask too (hotel order creation counts weekend nights with it).
    expect((await days("2027-04-30", "2027-05-02", ORDERS)).dataList.map((x: any) => x.holidayDate)).toEqual(["2027-05-01", "2027-05-02"]);
    expect((await days("2027-07-01", "2027-07-31")).dataList).toEqual([]);
  });

  it("validates the range", async () => {
    expect((await days("", "2027-01-01")).desc).toBe("日期不能为空");
    expect((await days("2027-02-01", "2027-01-01")).desc).toBe("结束日期不能早于开始日期");
  });
});
