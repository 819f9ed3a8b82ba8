import { describe, it, expect, beforeAll } from "vitest";
import { call, get, post, testTenant } from "./harness.ts";
import { routes as catalogueRoutes } from "../src/hotels/routes.ts";
import { routes as dayRoutes } from "../src/hotelDays/routes.ts";

/** The hotels module's routes: the catalogue's Lambda and the days' (hotelDays). */
const routes = { ...catalogueRoutes, ...dayRoutes };
import { today } from "@xiangyu/core/kernel/clock";
import { addDays } from "@xiangyu/core/hotels/nights";
import { HotelInput, RoomInput } from "@xiangyu/core/hotels/schemas";
import { editOf } from "./editForm.ts";
import { quickUser } from "./usersHelpers.ts";

/** Who may do what in the hotels area: right letters, modules, tenants and departments. */
let t: Awaited<ReturnType<typeof testTenant>>;
let other: Awaited<ReturnType<typeof testTenant>>;
const CLUB = 1601;
const CLUB_STATUS = 1603;
const HOLIDAYS = 1605;
const ORG = 1201;
const tomorrow = addDays(today(), 1);

type Form = Record<string, string | number>;
const hotelForm = (over: Form = {}): Form => ({ hotelType: 1, hotelName: "权限酒店", address: "地址", memberLevel: "1", ...over });

/**
 * The whole form of a hotel or room edit (hotelsave and roomsave are whole-record saves): the
 * record's view as its tenant's admin reads it, with `changes` over it.
 */
async function editForm(tenant: typeof t, kind: "hotel" | "room", id: number, changes: Form = {}): Promise<Form> {
  const view = await get(`/xiangyu/api/hotel/${kind}view`, { token: tenant.adminToken, functionId: CLUB, query: { id } });
  expect(view.body.code).toBe("200");
  return editOf(kind === "hotel" ? HotelInput : RoomInput, view.body.data, { id, ...changes });
}

async function hotelIn(tenant: typeof t, form: Form = {}) {
  const h = await post("/xiangyu/api/hotel/hotelsave", { token: tenant.adminToken, functionId: CLUB, form: hotelForm(form) });
  expect(h.body.code).toBe("200");
  const r = await post("/xiangyu/api/hotel/roomsave", { token: tenant.adminToken, functionId: CLUB, form: { hotelId: h.body.data.id, roomName: "大床房" } });
  const s = await post("/xiangyu/api/hotel/roomstatussave", {
    token: tenant.adminToken,
    functionId: CLUB_STATUS,
    form: { id: r.body.data.id, statusList: JSON.stringify([{ inDate: tomorrow, roomCount: 2 }]) },
  });
  expect(s.body.code).toBe("200");
  return { hotelId: h.body.data.id as number, roomId: r.body.data.id as number };
}

beforeAll(async () => {
  [t, other] = await Promise.all([testTenant(), testTenant()]);
});

describe("right letters", () => {
  // Two users per case, made the quick way (one shared password hash, a session opened without a
  // sign-in): the letters are what is tested here, and signing in 16 users cost ~25 s of scrypt.
  it("refuses each write without its letter with the spec's text, and lets it through with it", async () => {
    const { hotelId, roomId } = await hotelIn(t, { hotelName: "字母酒店" });
    const cases: Array<{ path: string; form: Form; letter: string; denial: string; fid?: number }> = [
      { path: "/xiangyu/api/hotel/hotelsave", form: hotelForm({ hotelName: "新增的" }), letter: "A", denial: "你没有新增权限" },
      { path: "/xiangyu/api/hotel/hotelsave", form: await editForm(t, "hotel", hotelId, { hotelName: "改名的" }), letter: "E", denial: "你没有修改权限" },
      { path: "/xiangyu/api/hotel/hotelpassed", form: { id: hotelId }, letter: "P", denial: "你没有启禁用权限" },
      { path: "/xiangyu/api/hotel/roomsave", form: { hotelId, roomName: "新房型" }, letter: "A", denial: "你没有新增权限" },
      { path: "/xiangyu/api/hotel/roomsave", form: await editForm(t, "room", roomId, { hotelId, roomName: "改房型" }), letter: "E", denial: "你没有修改权限" },
      { path: "/xiangyu/api/hotel/roompassed", form: { id: roomId }, letter: "P", denial: "你没有启禁用权限" },
      {
        path: "/xiangyu/api/holiday/save",
        form: { holidayName: "权限节", holidayDate: "2028-01-01", holidayEnddate: "2028-01-01" },
        letter: "A",
        denial: "你没有新增权限",
        fid: HOLIDAYS,
      },
      { path: "/xiangyu/api/holiday/delete", form: { holidayDate: "2028-01-01" }, letter: "D", denial: "你没有删除权限", fid: HOLIDAYS },
    ];
    for (const c of cases) {
      const fid = c.fid ?? CLUB;
      const [without, withIt] = await Promise.all([quickUser(t.clientId, { [fid]: "ADEPRS".replace(c.letter, "") }), quickUser(t.clientId, { [fid]: c.letter })]);
      expect((await post(c.path, { token: without.token, functionId: fid, form: c.form })).body, `${c.path} without ${c.letter}`).toEqual({ code: "403", desc: c.denial });
      expect((await post(c.path, { token: withIt.token, functionId: fid, form: c.form })).body.code, `${c.path} with ${c.letter}`).toBe("200");
    }
  });

  it("needs D to delete hotels and rooms", async () => {
    const { hotelId, roomId } = await hotelIn(t, { hotelName: "删除权限酒店" });
    const noD = await t.userWith({ [CLUB]: "AEPRS" });
    const d = await t.userWith({ [CLUB]: "D" });
    for (const [path, ids] of [
      ["/xiangyu/api/hotel/roomdelete", roomId],
      ["/xiangyu/api/hotel/hoteldelete", hotelId],
    ] as const) {
      expect((await post(path, { token: noD.token, functionId: CLUB, form: { ids } })).body).toEqual({ code: "403", desc: "你没有删除权限" });
      expect((await post(path, { token: d.token, functionId: CLUB, form: { ids } })).body).toEqual({ code: "200", desc: "删除成功" });
    }
  });

  it("lets a caller holding the function with no letter read every list and view", async () => {
    const { hotelId, roomId } = await hotelIn(t, { hotelName: "只读酒店" });
    const reader = await t.userWith({ [CLUB]: "", [CLUB_STATUS]: "", [HOLIDAYS]: "" });
    const reads: Array<[string, string, Form, number]> = [
      ["POST", "/xiangyu/api/hotel/hotellist", {}, CLUB],
      ["GET", "/xiangyu/api/hotel/hotelview", { id: hotelId }, CLUB],
      ["GET", "/xiangyu/api/hotel/allhotel", { hotelType: 1 }, CLUB],
      ["GET", "/xiangyu/api/hotel/roomlist", { hotelId }, CLUB],
      ["GET", "/xiangyu/api/hotel/roomview", { id: roomId }, CLUB],
      ["GET", "/xiangyu/api/hotel/hotelstatuslist", {}, CLUB_STATUS],
      ["GET", "/xiangyu/api/hotel/roomstatuslist", { roomId }, CLUB_STATUS],
      ["GET", "/xiangyu/api/hotel/roomcalendar", { hotelId }, CLUB_STATUS],
      ["GET", "/xiangyu/api/hotel/app/rooms", { hotelId, checkInDate: tomorrow, checkOutDate: addDays(tomorrow, 1) }, CLUB],
      ["GET", "/xiangyu/api/holiday/list", {}, HOLIDAYS],
      ["GET", "/xiangyu/api/order/getholidaylist", { startDate: tomorrow, endDate: tomorrow }, HOLIDAYS],
    ];
    for (const [method, path, input, fid] of reads) {
      const r = await call(method as "GET" | "POST", path, { token: reader.token, functionId: fid, ...(method === "GET" ? { query: input } : { form: input }) });
      expect(r.body.code, path).toBe("200");
    }
  });
});

describe("modules", () => {
  it("opens no hotels route with a function of another module, none without a function, none without a session", async () => {
    const orgOnly = await t.userWith({ [ORG]: "ADEPRS" });
    for (const key of Object.keys(routes)) {
      const [method, path] = key.split(" ") as ["GET" | "POST", string];
      expect((await call(method, path, { token: orgOnly.token, functionId: ORG, form: method === "POST" ? { id: 1 } : undefined })).status, key).toBe(403);
      expect((await call(method, path, { token: t.adminToken })).status, key).toBe(403);
      expect((await call(method, path, {})).status, key).toBe(401);
    }
  });

  it("refuses a hotels function the caller does not hold", async () => {
    const statusOnly = await t.userWith({ [CLUB_STATUS]: "ADEPRS" });
    expect((await post("/xiangyu/api/hotel/hotellist", { token: statusOnly.token, functionId: CLUB, form: {} })).status).toBe(403);
  });
});

describe("tenants", () => {
  it("never shows or changes another tenant's hotels, rooms, status or holidays", async () => {
    const { hotelId, roomId } = await hotelIn(t, { hotelName: "甲租户酒店" });
    await post("/xiangyu/api/holiday/save", {
      token: t.adminToken,
      functionId: HOLIDAYS,
      form: { holidayName: "甲的节", holidayDate: "2029-03-01", holidayEnddate: "2029-03-02" },
    });
    const tok = other.adminToken;
    // Whole records, as their owner's console would send them: the tenant check is what refuses them.
    const [hotelEdit, roomEdit] = await Promise.all([editForm(t, "hotel", hotelId, { hotelName: "抢来的" }), editForm(t, "room", roomId, { hotelId, roomName: "抢" })]);
    const codes = async (reqs: Array<Promise<{ body: any }>>) => (await Promise.all(reqs)).map((r) => r.body.code);
    expect(
      await codes([
        get("/xiangyu/api/hotel/hotelview", { token: tok, functionId: CLUB, query: { id: hotelId } }),
        post("/xiangyu/api/hotel/hotelsave", { token: tok, functionId: CLUB, form: hotelEdit }),
        post("/xiangyu/api/hotel/hotelpassed", { token: tok, functionId: CLUB, form: { id: hotelId } }),
        post("/xiangyu/api/hotel/hoteldelete", { token: tok, functionId: CLUB, form: { ids: hotelId } }),
        get("/xiangyu/api/hotel/roomlist", { token: tok, functionId: CLUB, query: { hotelId } }),
        get("/xiangyu/api/hotel/roomview", { token: tok, functionId: CLUB, query: { id: roomId } }),
        post("/xiangyu/api/hotel/roomsave", { token: tok, functionId: CLUB, form: roomEdit }),
        post("/xiangyu/api/hotel/roompassed", { token: tok, functionId: CLUB, form: { id: roomId } }),
        post("/xiangyu/api/hotel/roomdelete", { token: tok, functionId: CLUB, form: { ids: roomId } }),
        get("/xiangyu/api/hotel/roomstatuslist", { token: tok, functionId: CLUB_STATUS, query: { roomId } }),
        post("/xiangyu/api/hotel/roomstatussave", { token: tok, functionId: CLUB_STATUS, form: { id: roomId, statusList: JSON.stringify([{ inDate: tomorrow, roomCount: 9 }]) } }),
        get("/xiangyu/api/hotel/roomcalendar", { token: tok, functionId: CLUB_STATUS, query: { hotelId } }),
        post("/xiangyu/api/hotel/roomcalendarsave", {
          token: tok,
          functionId: CLUB_STATUS,
          form: { hotelId, roomIds: roomId, startDate: tomorrow, endDate: tomorrow, roomCount: 9 },
        }),
        get("/xiangyu/api/hotel/app/rooms", { token: tok, functionId: CLUB, query: { hotelId, checkInDate: tomorrow, checkOutDate: addDays(tomorrow, 1) } }),
        post("/xiangyu/api/holiday/delete", { token: tok, functionId: HOLIDAYS, form: { holidayDate: "2029-03-01" } }),
      ]),
    ).toEqual(Array(15).fill("404"));
    expect((await post("/xiangyu/api/hotel/hotellist", { token: tok, functionId: CLUB, form: {} })).body.dataList).toEqual([]);
    expect((await get("/xiangyu/api/hotel/hotelstatuslist", { token: tok, functionId: CLUB_STATUS })).body.dataList).toEqual([]);
    expect((await get("/xiangyu/api/hotel/allhotel", { token: tok, functionId: CLUB })).body.dataList).toEqual([]);
    expect((await get("/xiangyu/api/holiday/list", { token: tok, functionId: HOLIDAYS })).body.dataList).toEqual([]);
    expect((await get("/xiangyu/api/order/getholidaylist", { token: tok, functionId: HOLIDAYS, query: { startDate: "2029-03-01", endDate: "2029-03-02" } })).body.dataList).toEqual(
      [],
    );
    // Still intact for its owner.
    const mine = await get("/xiangyu/api/hotel/roomstatuslist", { token: t.adminToken, functionId: CLUB_STATUS, query: { roomId } });
    expect(mine.body.dataList.map((s: any) => s.roomCount)).toEqual([2]);
    expect((await get("/xiangyu/api/hotel/hotelview", { token: t.adminToken, functionId: CLUB, query: { id: hotelId } })).body.data.hotelName).toBe("甲租户酒店");
  });
});

describe("departments (a hotel's shop)", () => {
  let mine: { hotelId: number; roomId: number };
  let theirs: { hotelId: number; roomId: number };
  let u: Awaited<ReturnType<typeof testTenant>>;
  let store: Awaited<ReturnType<typeof t.userWith>>;
  let south: Awaited<ReturnType<typeof t.userWith>>;
  beforeAll(async () => {
    u = await testTenant(); // a tenant of its own, so its lists hold only these hotels
    const tianhe = u.depts.get("广州天河店")!;
    const pudong = u.depts.get("上海浦东店")!;
    mine = await hotelIn(u, { hotelName: "天河店酒店", shop: tianhe.code });
    theirs = await hotelIn(u, { hotelName: "浦东店酒店", shop: pudong.code });
    await hotelIn(u, { hotelName: "总部酒店" });
    store = await u.userWith({ [CLUB]: "ADEPRS", [CLUB_STATUS]: "ADEPRS" }, { deptCodes: [tianhe.code] });
    south = await u.userWith({ [CLUB]: "ADEPRS" }, { deptCodes: [u.depts.get("华南分公司")!.code] });
  });

  it("lists only the hotels of the caller's departments; the super admin sees all", async () => {
    const names = async (token: string) => (await post("/xiangyu/api/hotel/hotellist", { token, functionId: CLUB, form: {} })).body;
    const s = await names(store.token);
    expect(s.dataList.map((h: any) => h.hotelName)).toEqual(["天河店酒店"]);
    expect(s.pageParams.maxCount).toBe(1);
    expect((await names(south.token)).dataList.map((h: any) => h.hotelName)).toEqual(["天河店酒店"]);
    expect((await names(u.adminToken)).dataList.map((h: any) => h.hotelName).sort()).toEqual(["天河店酒店", "总部酒店", "浦东店酒店"].sort());
    const status = await get("/xiangyu/api/hotel/hotelstatuslist", { token: store.token, functionId: CLUB_STATUS });
    expect(status.body.dataList.map((h: any) => h.hotelName)).toEqual(["天河店酒店"]);
  });

  it("refuses to open or change a hotel of another department", async () => {
    const OUT = { code: "403", desc: "你没有该部门的操作权限" };
    const { hotelId, roomId } = theirs;
    const tok = store.token;
    expect((await get("/xiangyu/api/hotel/hotelview", { token: tok, functionId: CLUB, query: { id: hotelId } })).body).toEqual(OUT);
    const moved = await editForm(u, "hotel", hotelId, { shop: u.depts.get("广州天河店")!.code });
    expect((await post("/xiangyu/api/hotel/hotelsave", { token: tok, functionId: CLUB, form: moved })).body).toEqual(OUT);
    expect((await post("/xiangyu/api/hotel/hotelpassed", { token: tok, functionId: CLUB, form: { id: hotelId } })).body).toEqual(OUT);
    expect((await post("/xiangyu/api/hotel/hoteldelete", { token: tok, functionId: CLUB, form: { ids: hotelId } })).body).toEqual(OUT);
    expect((await get("/xiangyu/api/hotel/roomlist", { token: tok, functionId: CLUB, query: { hotelId } })).body).toEqual(OUT);
    expect((await post("/xiangyu/api/hotel/roomsave", { token: tok, functionId: CLUB, form: { hotelId, roomName: "越界" } })).body).toEqual(OUT);
    expect((await post("/xiangyu/api/hotel/roomdelete", { token: tok, functionId: CLUB, form: { ids: roomId } })).body).toEqual(OUT);
    expect((await post("/xiangyu/api/hotel/roompassed", { token: tok, functionId: CLUB, form: { id: roomId } })).body).toEqual(OUT);
    expect((await get("/xiangyu/api/hotel/roomstatuslist", { token: tok, functionId: CLUB_STATUS, query: { roomId } })).body).toEqual(OUT);
    expect(
      (
        await post("/xiangyu/api/hotel/roomstatussave", {
          token: tok,
          functionId: CLUB_STATUS,
          form: { id: roomId, statusList: JSON.stringify([{ inDate: tomorrow, roomCount: 1 }]) },
        })
      ).body,
    ).toEqual(OUT);
    expect((await get("/xiangyu/api/hotel/roomcalendar", { token: tok, functionId: CLUB_STATUS, query: { hotelId } })).body).toEqual(OUT);
    expect(
      (
        await post("/xiangyu/api/hotel/roomcalendarsave", {
          token: tok,
          functionId: CLUB_STATUS,
          form: { hotelId, roomIds: roomId, startDate: tomorrow, endDate: tomorrow, roomCount: 1 },
        })
      ).body,
    ).toEqual(OUT);
    // Its own hotel works.
    expect((await get("/xiangyu/api/hotel/hotelview", { token: tok, functionId: CLUB, query: { id: mine.hotelId } })).body.code).toBe("200");
    expect((await post("/xiangyu/api/hotel/roomsave", { token: tok, functionId: CLUB, form: { hotelId: mine.hotelId, roomName: "本店新房型" } })).body.code).toBe("200");
  });

  it("creates hotels only in the caller's departments", async () => {
    const tok = store.token;
    const save = (form: Form) => post("/xiangyu/api/hotel/hotelsave", { token: tok, functionId: CLUB, form: hotelForm(form) });
    expect((await save({ shop: u.depts.get("上海浦东店")!.code })).body).toEqual({ code: "403", desc: "你没有该部门的操作权限" });
    expect((await save({})).body).toEqual({ code: "400", desc: "请选择所属门店" });
    expect((await save({ shop: `${u.depts.get("广州天河店")!.code}999` })).body).toEqual({ code: "400", desc: "所属门店不存在" });
    expect((await save({ hotelName: "天河新酒店", shop: u.depts.get("广州天河店")!.code })).body.code).toBe("200");
    // The super admin may leave the shop empty (a head-office hotel).
    expect((await post("/xiangyu/api/hotel/hotelsave", { token: u.adminToken, functionId: CLUB, form: hotelForm({ hotelName: "无门店酒店" }) })).body.code).toBe("200");
  });
});
