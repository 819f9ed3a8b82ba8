import { describe, it, expect, beforeAll } from "vitest";
import * as v from "valibot";
import { post, testTenant } from "./harness.ts";
import { FN, as, asAdmin, code, newClient, newProduct } from "./clientsHelpers.ts";
import { HolidayInput } from "@xiangyu/core/hotels/schemas";

/**
 * Validation that stops garbage (issue 12): coordinates, phone numbers, ID numbers, e-mail, ages,
 * quantities and date ranges are refused on the server with a message that says what is wrong,
 * and nothing over a length limit is cut to fit.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
const CLUB = 1601; // 会员酒店
const DEST = 1202; // 目的地 (organisation tree of destinations)

beforeAll(async () => {
  t = await testTenant();
});

type Form = Record<string, string | number>;

describe("hotels", () => {
  const hotel = (over: Form) =>
    post("/xiangyu/api/hotel/hotelsave", {
      token: t.adminToken,
      functionId: CLUB,
      form: { hotelType: 1, hotelName: "校验酒店", address: "广州市天河区体育西路1号", memberLevel: "1", shop: code(t, "广州天河店"), ...over },
    });

  it("refuses a longitude outside −180…180, a latitude outside −90…90 and a malformed telephone", async () => {
    expect((await hotel({ lng: "200", lat: "23.13" })).body).toEqual({ code: "400", desc: "经度必须是-180到180之间的数字" });
    expect((await hotel({ lng: "113.32", lat: "-95" })).body).toEqual({ code: "400", desc: "纬度必须是-90到90之间的数字" });
    expect((await hotel({ lng: "1e2" })).body.desc).toBe("经度必须是-180到180之间的数字");
    expect((await hotel({ tel: "8888" })).body).toEqual({ code: "400", desc: "电话号码格式不正确（区号-号码，可带分机号）" });
    expect((await hotel({ tel: "020-888888888888" })).body.desc).toBe("电话号码格式不正确（区号-号码，可带分机号）");
    // What staff type is kept as typed.
    const ok = await hotel({ lng: "113.331084", lat: "23.112223", tel: "020-88888888-123" });
    expect(ok.body.code).toBe("200");
    expect(ok.body.data).toMatchObject({ lng: "113.331084", lat: "23.112223", tel: "020-88888888-123" });
    expect((await hotel({ hotelName: "服务号酒店", tel: "400-800-8888" })).body.code).toBe("200");
  });

  it("refuses coordinates out of range on a destination node too", async () => {
    const save = (form: Form) =>
      post("/gateway/api/organization/save", { token: t.adminToken, functionId: DEST, form: { orgType: "destination", parentId: 0, orgName: "东京", ...form } });
    expect((await save({ lng: "239.69", lat: "35.68" })).body.desc).toBe("经度必须是-180到180之间的数字");
    expect((await save({ lng: "139.69", lat: "135.68" })).body.desc).toBe("纬度必须是-90到90之间的数字");
  });

  it("reports a reversed holiday range on its end day, even while the name is missing", async () => {
    // The console shows a field's message under it; a message on no field left only '部分必填项没填写'.
    const issues = (x: Form) => {
      const r = v.safeParse(HolidayInput, x);
      return r.success ? [] : r.issues.map((i) => [String(i.path?.[0]?.key ?? ""), i.message]);
    };
    expect(issues({ holidayName: "国庆", holidayDate: "2027-10-07", holidayEnddate: "2027-10-01" })).toEqual([["holidayEnddate", "结束日期不能早于开始日期"]]);
    expect(issues({ holidayName: "", holidayDate: "2027-10-07", holidayEnddate: "2027-10-01" })).toEqual([
      ["holidayName", "节日名称不能为空"],
      ["holidayEnddate", "结束日期不能早于开始日期"],
    ]);
    const r = await post("/xiangyu/api/holiday/save", {
      token: t.adminToken,
      functionId: 1605,
      form: { holidayName: "国庆", holidayDate: "2027-10-07", holidayEnddate: "2027-10-01" },
    });
    expect(r.body).toEqual({ code: "400", desc: "结束日期不能早于开始日期" });
  });
});

describe("clients", () => {
  const save = (over: Form) =>
    asAdmin(t).post("/xiangyu/api/client/clientsave", { clientName: "校验客户", mobile: "13712340000", status: 1, shop: code(t, "广州天河店"), ...over });

  it("refuses a mobile no network uses, a bad ID number, a malformed e-mail, an age above 150 and an unknown sex", async () => {
    expect((await save({ mobile: "12800138000" })).body).toEqual({ code: "400", desc: "输入的手机号不正确" });
    expect((await save({ mobile: "10000000000" })).body.desc).toBe("输入的手机号不正确");
    expect((await save({ idCard: "110105194912310021" })).body).toEqual({ code: "400", desc: "身份证号码校验位不正确" });
    expect((await save({ idCard: "110105194902300024" })).body.desc).toBe("身份证号码中的出生日期不正确");
    expect((await save({ idCard: "11010519491231" })).body.desc).toBe("身份证号码必须是18位（最后一位可为X）");
    expect((await save({ email: "zhang@" })).body).toEqual({ code: "400", desc: "邮箱格式不正确" });
    expect((await save({ email: "zhang san@qq.com" })).body.desc).toBe("邮箱格式不正确");
    expect((await save({ age: 151 })).body).toEqual({ code: "400", desc: "年龄必须是0到150之间的整数" });
    expect((await save({ age: "1.5" })).body.desc).toBe("年龄必须是0到150之间的整数");
    expect((await save({ sex: "中" })).body).toEqual({ code: "400", desc: "性别只能是男或女" });
  });

  it("saves well-formed values, the ID number's x upper-cased", async () => {
    const c = await newClient(t, { clientName: "格式正确", mobile: "19912345678", idCard: "11010519491231002x", email: "zhang.san@example.com", age: 150, sex: "女" });
    expect(c).toMatchObject({ mobile: "19912345678", idCard: "11010519491231002X", email: "zhang.san@example.com", age: 150, sex: "女" });
  });
});

describe("quantities", () => {
  it("says a product's count must be a positive integer (1.5, 0, −1); blank keeps 数量不能为空", async () => {
    const { type } = await newProduct(t);
    const save = (proCount: string | number) =>
      asAdmin(t, FN.products).post("/xiangyu/api/hotel/product/save", { productType: type.id, productName: "半周", proCount, amount: "50000", shop: "0" });
    expect((await save("1.5")).body).toEqual({ code: "400", desc: "数量必须是正整数" });
    expect((await save(-1)).body.desc).toBe("数量必须是正整数");
    expect((await save(0)).body.desc).toBe("数量必须是正整数");
    expect((await save("")).body.desc).toBe("数量不能为空");
    expect((await save(10000)).body.desc).toBe("数量不能超过9999");
    expect((await save(2)).body.code).toBe("200");
  });

  it("says a price order's count must be a positive integer", async () => {
    const { product } = await newProduct(t);
    const c = await newClient(t, { clientName: "改价客户" });
    const r = await asAdmin(t, FN.priceModification).post("/xiangyu/api/order/productprice/save", { clientId: c.id, productId: product.id, proCount: "2.5", payAmount: "100000" });
    expect(r.body).toEqual({ code: "400", desc: "数量必须是正整数" });
  });
});

describe("the booking wizard's occupants", () => {
  it("names what is wrong with an occupant, and refuses an over-long mobile instead of cutting it", async () => {
    const base = { clientId: 1, hotelId: 1, roomId: 1, checkInDate: "2030-01-01", checkOutDate: "2030-01-02", roomCount: 1 };
    const book = (occupants: unknown) => as(t.adminToken, 1704).post("/xiangyu/api/order/createhotelorder", { ...base, checkInClientJson: JSON.stringify(occupants) });
    expect((await book([{ name: "张三", mobile: "12800001111" }])).body).toEqual({ code: "400", desc: "入住人手机号不正确" });
    // 30 characters of spaces and the rest a mobile: cut at 30 it once read as 13800001111.
    expect((await book([{ name: "张三", mobile: `${" ".repeat(30)}13800001111` }])).body.desc).toBe("入住人手机号不正确");
    expect((await book([{ name: "", mobile: "13800001111" }])).body.desc).toBe("入住人姓名不能为空");
    expect((await book([{ name: "张".repeat(51), mobile: "13800001111" }])).body.desc).toBe("入住人姓名不能超过50个字");
  });
});
