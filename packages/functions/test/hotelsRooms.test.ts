import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { transact } from "@xiangyu/core/kernel/tx";
import { reserveRooms } from "@xiangyu/core/hotels/availability";
import { RoomInput } from "@xiangyu/core/hotels/schemas";
import { editOf } from "./editForm.ts";
import { daysOf } from "@xiangyu/core/hotels/days";

/** Rooms of a hotel: list, edit form, enable switch, delete (R101–R109). */
let t: Awaited<ReturnType<typeof testTenant>>;
let hotelId: number;
let otherHotelId: number;
const CLUB = 1601;

beforeAll(async () => {
  t = await testTenant();
  const mk = async (hotelName: string) =>
    (await post("/xiangyu/api/hotel/hotelsave", { token: t.adminToken, functionId: CLUB, form: { hotelType: 1, hotelName, address: "地址", memberLevel: "1" } })).body.data.id;
  hotelId = await mk("客房测试酒店");
  otherHotelId = await mk("另一家酒店");
});

type Form = Record<string, string | number>;
/** As the console's form sends it: an edit carries every field of the room (blank where the test gives none). */
const save = (form: Form) => post("/xiangyu/api/hotel/roomsave", { token: t.adminToken, functionId: CLUB, form: form.id ? editOf(RoomInput, {}, form) : form });
const roomList = async (id = hotelId) => (await get("/xiangyu/api/hotel/roomlist", { token: t.adminToken, functionId: CLUB, query: { hotelId: id } })).body;
const view = (id: number) => get("/xiangyu/api/hotel/roomview", { token: t.adminToken, functionId: CLUB, query: { id } });
const created = async (form: Form) => {
  const r = await save({ hotelId, ...form });
  expect(r.body).toMatchObject({ code: "200", desc: "保存成功" });
  return r.body.data;
};

describe("room edit form", () => {
  it("saves every field with the spec's defaults (R102–R105)", async () => {
    const room = await created({
      roomName: "豪华大床房",
      roomArea: "35㎡",
      bedSpecifications: "1.8米大床",
      hasWindow: 2,
      banSmoking: 1,
      zaocan: "含双早",
      network: "免费WiFi",
      roomFacilities: "空调、浴缸",
      picJson: JSON.stringify(["/uploader/files/r1.jpg", "/uploader/files/r2.png"]),
    });
    expect((await view(room.id)).body.data).toMatchObject({
      id: room.id,
      hotelId,
      roomName: "豪华大床房",
      roomArea: "35㎡",
      bedSpecifications: "1.8米大床",
      hasWindow: 2,
      banSmoking: 1,
      zaocan: "含双早",
      network: "免费WiFi",
      roomFacilities: "空调、浴缸",
      picJson: '["/uploader/files/r1.jpg","/uploader/files/r2.png"]',
      idisplay: 1,
      sortOrder: 999,
      hasDelete: 0,
    });
    const plain = (await view((await created({ roomName: "标准间" })).id)).body.data;
    expect(plain).toMatchObject({ hasWindow: 1, banSmoking: 0, idisplay: 1, sortOrder: 999, picJson: "[]" });
  });

  it("reads any other window value as none (R102)", async () => {
    expect((await view((await created({ roomName: "无窗房", hasWindow: 7 })).id)).body.data.hasWindow).toBe(0);
    expect((await view((await created({ roomName: "无窗房二", hasWindow: 0 })).id)).body.data.hasWindow).toBe(0);
  });

  it("answers the spec's messages (R107–R109)", async () => {
    expect((await save({ hotelId, roomName: "" })).body).toEqual({ code: "400", desc: "名称不能为空" });
    expect((await save({ hotelId })).body.desc).toBe("名称不能为空");
    expect((await save({ roomName: "缺酒店" })).body.desc).toBe("部分必填项没填写");
    expect((await save({ hotelId, roomName: "图".repeat(3), picJson: JSON.stringify(Array.from({ length: 21 }, (_, i) => `/p${i}.gif`)) })).body.desc).toBe("最多只能上传20张图片");
    expect((await save({ hotelId, roomName: "名".repeat(51) })).body.desc).toBe("名称不能超过50个字");
    expect((await save({ hotelId: 987654, roomName: "酒店不存在" })).body).toEqual({ code: "404", desc: "酒店不存在或已被删除" });
  });

  it("edits a room of its own hotel only", async () => {
    const room = await created({ roomName: "待改房型", sortOrder: 5 });
    expect((await save({ id: room.id, hotelId, roomName: "已改房型", zaocan: "单早", sortOrder: 6 })).body.code).toBe("200");
    expect((await view(room.id)).body.data).toMatchObject({ id: room.id, roomName: "已改房型", zaocan: "单早", sortOrder: 6 });
    expect((await save({ id: room.id, hotelId: otherHotelId, roomName: "搬家" })).body).toEqual({ code: "404", desc: "客房不存在或已被删除" });
  });
});

describe("room list", () => {
  it("lists the rooms of one hotel by sortOrder, newest first on ties, with the list columns (R101)", async () => {
    const first = await created({ roomName: "排序一", sortOrder: 1 });
    const rooms = (await roomList()).dataList;
    expect(rooms[0].id).toBe(first.id);
    const defaults = rooms.filter((r: any) => r.sortOrder === 999).map((r: any) => r.id);
    expect(defaults).toEqual([...defaults].sort((a: number, b: number) => b - a));
    for (const col of ["roomName", "roomArea", "bedSpecifications", "hasWindow", "zaocan", "idisplay"]) expect(rooms[0]).toHaveProperty(col);
    expect((await roomList(otherHotelId)).dataList).toEqual([]);
    expect((await get("/xiangyu/api/hotel/roomlist", { token: t.adminToken, functionId: CLUB, query: {} })).body.code).toBe("400");
  });
});

describe("room switch and delete", () => {
  it("flips idisplay (R104, R094)", async () => {
    const room = await created({ roomName: "开关房" });
    const r = await post("/xiangyu/api/hotel/roompassed", { token: t.adminToken, functionId: CLUB, form: { id: room.id } });
    expect(r.body).toMatchObject({ code: "200", data: { id: room.id, idisplay: 0 } });
    expect((await view(room.id)).body.data.idisplay).toBe(0);
    expect((await post("/xiangyu/api/hotel/roompassed", { token: t.adminToken, functionId: CLUB, form: { id: room.id } })).body.data.idisplay).toBe(1);
  });

  it("deletes rooms with their status days", async () => {
    const a = await created({ roomName: "删除一" });
    const b = await created({ roomName: "删除二" });
    const day = "2031-01-01";
    const s = await post("/xiangyu/api/hotel/roomstatussave", {
      token: t.adminToken,
      functionId: CLUB,
      form: { id: a.id, statusList: JSON.stringify([{ inDate: day, roomCount: 3 }]) },
    });
    expect(s.body.code).toBe("200");
    const del = await post("/xiangyu/api/hotel/roomdelete", { token: t.adminToken, functionId: CLUB, form: { ids: `${a.id},${b.id}` } });
    expect(del.body).toEqual({ code: "200", desc: "删除成功" });
    expect((await view(a.id)).body.code).toBe("404");
    const [stored] = await daysOf(t.clientId, hotelId, day, day);
    expect(Object.keys(stored!.attrs).filter((k) => k.endsWith(`_${a.id}`))).toEqual([]);
    // The room list of the status screens forgets it too.
    const tree = await get("/xiangyu/api/hotel/hotelstatuslist", { token: t.adminToken, functionId: 1603 });
    expect(tree.body.dataList.find((h: any) => h.id === hotelId).children.map((c: any) => c.roomId)).not.toContain(a.id);
    expect((await post("/xiangyu/api/hotel/roomdelete", { token: t.adminToken, functionId: CLUB, form: {} })).body.desc).toBe("并没有选择删除项");
  });

  it("keeps a room once a booking used it (hasDelete, R106)", async () => {
    const used = await created({ roomName: "已订房" });
    const free = await created({ roomName: "空房" });
    const day = "2031-02-01";
    await post("/xiangyu/api/hotel/roomstatussave", { token: t.adminToken, functionId: CLUB, form: { id: used.id, statusList: JSON.stringify([{ inDate: day, roomCount: 1 }]) } });
    await transact(reserveRooms({ tenantId: t.clientId, hotelId, roomId: used.id }, [day], 1));
    expect((await view(used.id)).body.data.hasDelete).toBe(1);
    const del = await post("/xiangyu/api/hotel/roomdelete", { token: t.adminToken, functionId: CLUB, form: { ids: `${free.id},${used.id}` } });
    expect(del.body).toEqual({ code: "409", desc: "该客房已被使用，不能删除" });
    // Nothing of the selection was deleted.
    expect((await view(free.id)).body.code).toBe("200");
  });
});
