import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { transact } from "@xiangyu/core/kernel/tx";
import { reserveRooms } from "@xiangyu/core/hotels/availability";
import { writeCells } from "@xiangyu/core/hotels/days";
import { HotelInput } from "@xiangyu/core/hotels/schemas";
import { editOf } from "./editForm.ts";
import { HotelRooms } from "@xiangyu/core/hotels/entities";

/** Hotel list, edit form, enable switch, delete and options (R070–R094). */
let t: Awaited<ReturnType<typeof testTenant>>;
const CLUB = 1601; // 会员酒店, hotelType=1
const DISCOUNT = 1602; // 折扣酒店, hotelType=2
const ORDERS = 1701; // 全部订单, module orders
const GIFT_VOUCHERS = 1802; // 赠送房券列表, module vouchers
const ORG = 1201; // 组织架构, module org

beforeAll(async () => {
  t = await testTenant();
});

type Form = Record<string, string | number>;
const base = (over: Form = {}): Form => ({ hotelType: 1, hotelName: "享域度假酒店", address: "广州市天河区体育西路1号", memberLevel: "1", ...over });
/** As the console's form sends it: an edit carries every field of the hotel (blank where the test gives none). */
const save = (form: Form, functionId = CLUB, token = t.adminToken) =>
  post("/xiangyu/api/hotel/hotelsave", { token, functionId, form: form.id ? editOf(HotelInput, {}, form) : form });
const view = (id: number, functionId = CLUB, token = t.adminToken) => get("/xiangyu/api/hotel/hotelview", { token, functionId, query: { id } });
const list = (form: Form, functionId = CLUB, token = t.adminToken) => post("/xiangyu/api/hotel/hotellist", { token, functionId, form });
const created = async (form: Form, functionId = CLUB) => {
  const r = await save(form, functionId);
  expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
  return r.body.data;
};
const pics = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `/uploader/files/${t.clientId}/p${i}.jpg`));

describe("hotel edit form", () => {
  it("saves and shows every field: money in yuan, pictures as a JSON list, rich text, defaults", async () => {
    const store = t.depts.get("广州天河店")!;
    const hotel = await created(
      base({
        province: "440000",
        city: "440100",
        area: "440106",
        lat: "23.13",
        lng: "113.32",
        hotelLevel: "五星",
        openDate: "2015",
        fixDate: "2023",
        roomCount: 120,
        tel: "020-88888888",
        services: "免费停车、接机",
        cleaningFees: "88.5",
        inoutTime: "14:00后入住，12:00前退房",
        content: "<p>酒店<strong>介绍</strong></p>",
        picJson: pics(3),
        shop: store.code,
        franchiseStore: 1,
        useTicket: 1,
        bookingNotice: "需提前一天预订",
        memberPrivilege: "免费早餐",
        bookingInstructions: "凭会员卡入住",
        petPolicy: "不可携带宠物",
      }),
    );
    const shown = (await view(hotel.id)).body.data;
    expect(shown).toMatchObject({
      id: hotel.id,
      hotelType: 1,
      hotelName: "享域度假酒店",
      province: "440000",
      hotelLevel: "五星",
      openDate: "2015",
      roomCount: 120,
      cleaningFees: 88.5,
      content: "<p>酒店<strong>介绍</strong></p>",
      shop: store.code,
      idisplay: 1,
      sortOrder: 9999999,
      franchiseStore: 1,
      useTicket: 0, // room vouchers belong to discount hotels (R081)
      memberLevel: "1",
    });
    expect(JSON.parse(shown.picJson)).toHaveLength(3);
    expect(shown.tenantId).toBeUndefined();

    const plain = (await view((await created(base({ hotelName: "默认值酒店" }))).id)).body.data;
    expect(plain).toMatchObject({ hotelLevel: "无", idisplay: 1, sortOrder: 9999999, useTicket: 0, franchiseStore: 0, cleaningFees: 0, picJson: "[]", content: "" });
  });

  it("keeps cleaning fees for club hotels only and room vouchers for discount hotels only (R080, R081)", async () => {
    const discount = await created(base({ hotelType: 2, hotelName: "折扣商务酒店", cleaningFees: "50", useTicket: 1 }), DISCOUNT);
    expect((await view(discount.id, DISCOUNT)).body.data).toMatchObject({ hotelType: 2, cleaningFees: 0, useTicket: 1 });
  });

  it("edits in place", async () => {
    const hotel = await created(base({ hotelName: "待修改酒店", sortOrder: 50 }));
    const edited = await save(base({ id: hotel.id, hotelName: "已修改酒店", address: "新地址", sortOrder: 3, cleaningFees: "12" }));
    expect(edited.body).toMatchObject({ code: "200", desc: "保存成功", data: { id: hotel.id, hotelName: "已修改酒店" } });
    expect((await view(hotel.id)).body.data).toMatchObject({ hotelName: "已修改酒店", address: "新地址", sortOrder: 3, cleaningFees: 12 });
    expect((await save(base({ id: 999999, hotelName: "不存在" }))).body).toEqual({ code: "404", desc: "酒店不存在或已被删除" });
  });

  it("answers the spec's messages for required fields and limits (R089–R093, R078)", async () => {
    const desc = async (form: Form) => (await save(form)).body.desc;
    expect(await desc({ hotelName: "x", address: "y", memberLevel: "1" })).toBe("酒店类型不能为空");
    expect(await desc(base({ hotelType: "" }))).toBe("酒店类型不能为空");
    expect(await desc(base({ hotelName: "" }))).toBe("酒店名称不能为空");
    expect(await desc(base({ hotelName: "   " }))).toBe("酒店名称不能为空");
    expect(await desc(base({ address: "" }))).toBe("酒店地址不能为空");
    expect(await desc(base({ memberLevel: "" }))).toBe("未指定会员等级");
    expect(await desc({ hotelType: 1 })).toBe("酒店名称不能为空");
    expect(await desc(base({ hotelName: "名".repeat(51) }))).toBe("酒店名称不能超过50个字");
    expect((await save(base({ hotelName: "名".repeat(50) }))).body.code).toBe("200");
    expect(await desc(base({ services: "服".repeat(101) }))).toBe("酒店服务不能超过100个字");
    expect(await desc(base({ bookingInstructions: "说".repeat(201) }))).toBe("预订说明不能超过200个字");
    expect(await desc(base({ memberPrivilege: "特".repeat(201) }))).toBe("会员特权不能超过200个字");
    expect(await desc(base({ bookingNotice: "须".repeat(301) }))).toBe("预订须知不能超过300个字");
    expect(
      (await save(base({ services: "服".repeat(100), bookingInstructions: "说".repeat(200), memberPrivilege: "特".repeat(200), bookingNotice: "须".repeat(300) }))).body.code,
    ).toBe("200");
    expect(await desc(base({ picJson: pics(21) }))).toBe("最多只能上传20张图片");
    expect((await save(base({ picJson: pics(20) }))).body.code).toBe("200");
    expect(await desc(base({ picJson: "not json" }))).toBe("图片数据格式不正确");
    expect(await desc(base({ hotelType: 3 }))).toBe("酒店类型不正确");
    expect(await desc(base({ hotelLevel: "六星" }))).toBe("酒店星级不正确");
    expect(await desc(base({ openDate: "15" }))).toBe("开业年份格式不正确");
    expect(await desc(base({ cleaningFees: "1.234" }))).toBe("清洁费格式不正确");
    expect(await desc(base({ cleaningFees: "-5" }))).toBe("清洁费格式不正确");
    expect(await desc(base({ sortOrder: "abc" }))).toBe("排序必须是不小于0的整数");
    expect(await desc(base({ idisplay: 2 }))).toBe("状态不正确");
  });

  it("accepts JSON bodies with numbers and picture lists", async () => {
    const r = await post("/xiangyu/api/hotel/hotelsave", {
      token: t.adminToken,
      functionId: CLUB,
      json: { hotelType: 1, hotelName: "JSON酒店", address: "地址", memberLevel: 2, cleaningFees: 30.25, picJson: ["/uploader/files/a.png"] },
    });
    expect(r.body.code).toBe("200");
    expect((await view(r.body.data.id)).body.data).toMatchObject({ cleaningFees: 30.25, memberLevel: "2", picJson: '["/uploader/files/a.png"]' });
  });

  it("locks the type its screen presets (R077): 会员酒店 neither creates, edits nor opens discount hotels", async () => {
    expect((await save(base({ hotelType: 2 }), CLUB)).body).toEqual({ code: "403", desc: "酒店类型不能修改" });
    const discount = await created(base({ hotelType: 2, hotelName: "只属于折扣" }), DISCOUNT);
    expect((await view(discount.id, CLUB)).body.code).toBe("404");
    expect((await save(base({ id: discount.id, hotelType: 1 }), CLUB)).body.code).toBe("404");
    expect((await save(base({ id: discount.id, hotelType: 1 }), DISCOUNT)).body).toEqual({ code: "403", desc: "酒店类型不能修改" });
    expect((await list({ hotelType: 2 }, CLUB)).body).toEqual({ code: "403", desc: "酒店类型不正确" });
  });
});

describe("hotel list", () => {
  let u: Awaited<ReturnType<typeof testTenant>>;
  const names = (r: any) => r.body.dataList.map((h: any) => h.hotelName);
  beforeAll(async () => {
    u = await testTenant();
    const mk = (form: Form, fid = CLUB) => post("/xiangyu/api/hotel/hotelsave", { token: u.adminToken, functionId: fid, form: base(form) });
    // Created in this order: ties on sortOrder show the newest first.
    for (const f of [{ hotelName: "甲酒店", sortOrder: 5 }, { hotelName: "乙酒店" }, { hotelName: "丙度假村" }, { hotelName: "丁酒店", sortOrder: 1 }] as Form[])
      expect((await mk(f)).body.code).toBe("200");
    expect((await mk({ hotelName: "戊折扣酒店", hotelType: 2 }, DISCOUNT)).body.code).toBe("200");
  });
  const ulist = (form: Form, fid = CLUB) => post("/xiangyu/api/hotel/hotellist", { token: u.adminToken, functionId: fid, form });

  it("orders by sortOrder ascending, then newest first, for the screen's type (R086)", async () => {
    const r = await ulist({ hotelType: 1 });
    expect(names(r)).toEqual(["丁酒店", "甲酒店", "丙度假村", "乙酒店"]);
    expect(r.body.pageParams).toMatchObject({ maxCount: 4, currentPage: 1, pageSize: 20, maxPage: 1, sort: "sortOrder", order: "asc" });
    // No hotelType in the request: the function's preset applies (R071).
    expect(names(await ulist({}))).toEqual(["丁酒店", "甲酒店", "丙度假村", "乙酒店"]);
    expect(names(await ulist({}, DISCOUNT))).toEqual(["戊折扣酒店"]);
    // hotelType=0 is R071's default: the same as none.
    expect(names(await ulist({ hotelType: 0 }))).toEqual(["丁酒店", "甲酒店", "丙度假村", "乙酒店"]);
    expect(names(await ulist({ hotelType: "0" }, DISCOUNT))).toEqual(["戊折扣酒店"]);
    expect((await ulist({ hotelType: 3 })).body).toEqual({ code: "400", desc: "酒店类型不正确" });
    expect((await ulist({ hotelType: -1 })).body).toEqual({ code: "400", desc: "酒店类型不正确" });
    const row = r.body.dataList[0];
    for (const col of ["hotelName", "address", "franchiseStore", "roomCount", "idisplay", "useTicket"]) expect(row).toHaveProperty(col);
  });

  it("pages with the total of the list", async () => {
    const p2 = await ulist({ pageSize: 2, currentPage: 2 } as Form);
    expect(names(p2)).toEqual(["丙度假村", "乙酒店"]);
    expect(p2.body.pageParams).toMatchObject({ maxCount: 4, maxPage: 2, currentPage: 2 });
    expect(names(await ulist({ pageSize: 2, currentPage: 3 } as Form))).toEqual([]);
  });

  it("searches the hotel name (R072) and counts what matches", async () => {
    const r = await ulist({ keyword: "酒店" });
    expect(names(r)).toEqual(["丁酒店", "甲酒店", "乙酒店"]);
    expect(r.body.pageParams).toMatchObject({ maxCount: 3, keyword: "酒店" });
    const page2 = await ulist({ keyword: "酒店", pageSize: 2, currentPage: 2 } as Form);
    expect(names(page2)).toEqual(["乙酒店"]);
    expect((await ulist({ keyword: "不存在" })).body.pageParams.maxCount).toBe(0);
  });
});

describe("enable switch, options and delete", () => {
  it("flips idisplay 1 ↔ 0 and reports the new value (R085, R094); disabled hotels leave the options", async () => {
    const hotel = await created(base({ hotelName: "开关酒店" }));
    const off = await post("/xiangyu/api/hotel/hotelpassed", { token: t.adminToken, functionId: CLUB, form: { id: hotel.id } });
    expect(off.body).toMatchObject({ code: "200", data: { id: hotel.id, idisplay: 0 } });
    expect((await view(hotel.id)).body.data.idisplay).toBe(0);
    const options = async (fid: number) => (await get("/xiangyu/api/hotel/allhotel", { token: t.adminToken, functionId: fid, query: { hotelType: 1 } })).body.dataList;
    expect((await options(CLUB)).map((h: any) => h.id)).not.toContain(hotel.id);
    const on = await post("/xiangyu/api/hotel/hotelpassed", { token: t.adminToken, functionId: CLUB, form: { id: hotel.id } });
    expect(on.body.data.idisplay).toBe(1);
    // The options serve the order and voucher screens too (binding hotels).
    for (const fid of [CLUB, ORDERS, GIFT_VOUCHERS])
      expect((await options(fid)).find((h: any) => h.id === hotel.id)).toEqual({ id: hotel.id, hotelName: "开关酒店", hotelType: 1 });
    expect((await get("/xiangyu/api/hotel/allhotel", { token: t.adminToken, functionId: ORG, query: { hotelType: 1 } })).status).toBe(403);
    const all = await get("/xiangyu/api/hotel/allhotel", { token: t.adminToken, functionId: ORDERS });
    expect(all.body.dataList.some((h: any) => h.hotelType === 2)).toBe(true);
    const zero = await get("/xiangyu/api/hotel/allhotel", { token: t.adminToken, functionId: ORDERS, query: { hotelType: 0 } });
    expect(zero.body.dataList.map((h: any) => h.id)).toEqual(all.body.dataList.map((h: any) => h.id));
    expect((await post("/xiangyu/api/hotel/hotelpassed", { token: t.adminToken, functionId: CLUB, form: {} })).body.desc).toBe("并没有选择审核项");
  });

  it("deletes selected hotels with their rooms and keeps the list total right", async () => {
    const u = await testTenant();
    const mk = async (name: string) => (await post("/xiangyu/api/hotel/hotelsave", { token: u.adminToken, functionId: CLUB, form: base({ hotelName: name }) })).body.data;
    const [a, b, c] = [await mk("删一"), await mk("删二"), await mk("留下")];
    const room = (await post("/xiangyu/api/hotel/roomsave", { token: u.adminToken, functionId: CLUB, form: { hotelId: a.id, roomName: "大床房" } })).body.data;
    const del = await post("/xiangyu/api/hotel/hoteldelete", { token: u.adminToken, functionId: CLUB, form: { ids: `${a.id},${b.id}` } });
    expect(del.body).toEqual({ code: "200", desc: "删除成功" });
    for (const id of [a.id, b.id]) expect((await get("/xiangyu/api/hotel/hotelview", { token: u.adminToken, functionId: CLUB, query: { id } })).body.code).toBe("404");
    expect((await get("/xiangyu/api/hotel/roomview", { token: u.adminToken, functionId: CLUB, query: { id: room.id } })).body.code).toBe("404");
    // The hotel's room index goes with it; the one kept still lists nothing.
    expect((await HotelRooms.get({ tenantId: u.clientId, hotelId: a.id }).go()).data).toBeNull();
    expect((await HotelRooms.get({ tenantId: u.clientId, hotelId: c.id }).go()).data?.rooms).toEqual({});
    const left = await post("/xiangyu/api/hotel/hotellist", { token: u.adminToken, functionId: CLUB, form: {} });
    expect(left.body.dataList.map((h: any) => h.id)).toEqual([c.id]);
    expect(left.body.pageParams.maxCount).toBe(1);
    expect((await post("/xiangyu/api/hotel/hoteldelete", { token: u.adminToken, functionId: CLUB, form: { ids: "" } })).body.desc).toBe("并没有选择删除项");
  });

  it("refuses to delete a hotel one of whose rooms has been booked", async () => {
    const hotel = await created(base({ hotelName: "有订单酒店" }));
    const room = (await post("/xiangyu/api/hotel/roomsave", { token: t.adminToken, functionId: CLUB, form: { hotelId: hotel.id, roomName: "双床房" } })).body.data;
    const ref = { tenantId: t.clientId, hotelId: hotel.id, roomId: room.id };
    await writeCells([{ ...ref, inDate: "2030-01-01", roomCount: 2 }]);
    await transact(reserveRooms(ref, ["2030-01-01"], 1));
    const del = await post("/xiangyu/api/hotel/hoteldelete", { token: t.adminToken, functionId: CLUB, form: { ids: String(hotel.id) } });
    expect(del.body).toEqual({ code: "409", desc: "该酒店已有订单，不能删除" });
    expect((await view(hotel.id)).body.code).toBe("200");
  });
});
