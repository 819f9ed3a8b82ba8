import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { DISCOUNT, hotelWithRooms } from "./hotelsHelpers.ts";
import { today } from "@xiangyu/core/kernel/clock";
import { addDays, datesFrom, isoWeekday } from "@xiangyu/core/hotels/nights";
import { transact } from "@xiangyu/core/kernel/tx";
import { reserveRooms } from "@xiangyu/core/hotels/availability";

/** Daily room status: the editor, the status tree table, the month calendar and the stay rooms (R095–R115). */
let t: Awaited<ReturnType<typeof testTenant>>;
const CLUB_STATUS = 1603;
const DISCOUNT_STATUS = 1604;
const ORDERS = 1701;
const d0 = today();
const d = (n: number) => addDays(d0, n);

let club: { id: number; rooms: number[] };
let discount: { id: number; rooms: number[] };

type Form = Record<string, string | number>;

const saveStatus = (fid: number, id: number, rows: unknown, token = t.adminToken) =>
  post("/xiangyu/api/hotel/roomstatussave", { token, functionId: fid, form: { id, statusList: typeof rows === "string" ? rows : JSON.stringify(rows) } });
const readStatus = (fid: number, roomId: number, query: Form = {}) =>
  get("/xiangyu/api/hotel/roomstatuslist", { token: t.adminToken, functionId: fid, query: { roomId, ...query } });

beforeAll(async () => {
  t = await testTenant();
  club = await hotelWithRooms(t.adminToken, 1, "会员度假酒店", ["大床房", "双床房"]);
  discount = await hotelWithRooms(t.adminToken, 2, "折扣商务酒店", ["商务大床", "商务双床", "套房"]);
});

describe("room status editor", () => {
  it("refuses an empty save with the spec's message (R112) and reads nothing before anything is saved", async () => {
    expect((await saveStatus(CLUB_STATUS, club.rooms[0]!, [])).body).toEqual({ code: "400", desc: "必须设置一个或以上的时间房态。" });
    expect((await saveStatus(CLUB_STATUS, club.rooms[0]!, "")).body.desc).toBe("必须设置一个或以上的时间房态。");
    const r = await readStatus(CLUB_STATUS, club.rooms[0]!);
    expect(r.body.dataList).toEqual([]);
    // Default range without stored days: today to a week later (R110).
    expect(r.body.data).toMatchObject({ startDate: d0, endDate: d(7), lastDate: "", hotelType: 1, roomName: "大床房" });
  });

  it("saves {id, statusList as JSON text} and reads the days back with week names (R113)", async () => {
    const room = club.rooms[0]!;
    const rows = [0, 1, 2, 10].map((n) => ({ inDate: `${d(n)} 00:00:00`, roomCount: 5 + n, inPrice: "999" }));
    const saved = await saveStatus(CLUB_STATUS, room, rows);
    expect(saved.body).toMatchObject({ code: "200", desc: "保存成功", data: { count: 4 } });
    const r = await readStatus(CLUB_STATUS, room);
    // The range now runs to the last stored day (R110).
    expect(r.body.data).toMatchObject({ startDate: d0, endDate: d(10), lastDate: d(10) });
    expect(r.body.dataList.map((s: any) => [s.inDate, s.roomCount, s.usedRoomCount, s.freeCount])).toEqual([
      [d(0), 5, 0, 5],
      [d(1), 6, 0, 6],
      [d(2), 7, 0, 7],
      [d(10), 15, 0, 15],
    ]);
    const first = r.body.dataList[0];
    expect(first).toMatchObject({ id: `${room}_${d0}`, roomId: room, roomName: "大床房", week: expect.stringMatching(/^星期[一二三四五六日]$/) });
    // Club hotels carry no price (R100).
    expect(first.inPrice).toBe(0);
    // A chosen range reads only its days.
    expect((await readStatus(CLUB_STATUS, room, { startDate: d(1), endDate: d(2) })).body.dataList.map((s: any) => s.inDate)).toEqual([d(1), d(2)]);
  });

  it("keeps prices in yuan for discount hotels (R100)", async () => {
    const room = discount.rooms[0]!;
    expect(
      (
        await saveStatus(DISCOUNT_STATUS, room, [
          { inDate: d(0), roomCount: 4, inPrice: "388.5" },
          { inDate: d(1), roomCount: 4, inPrice: 420 },
        ])
      ).body.code,
    ).toBe("200");
    expect((await readStatus(DISCOUNT_STATUS, room)).body.dataList.map((s: any) => s.inPrice)).toEqual([388.5, 420]);
    expect((await saveStatus(DISCOUNT_STATUS, room, [{ inDate: d(0), roomCount: 4, inPrice: "3.141" }])).body.desc).toBe("房价格式不正确");
  });

  it("refuses days before today, repeated days, bad counts and fewer rooms than are booked", async () => {
    const room = club.rooms[1]!;
    expect((await saveStatus(CLUB_STATUS, room, [{ inDate: d(-1), roomCount: 1 }])).body.desc).toBe("不能设置今天之前的房态");
    expect(
      (
        await saveStatus(CLUB_STATUS, room, [
          { inDate: d(1), roomCount: 1 },
          { inDate: d(1), roomCount: 2 },
        ])
      ).body.desc,
    ).toBe("房态日期不能重复");
    expect((await saveStatus(CLUB_STATUS, room, [{ inDate: d(1), roomCount: -1 }])).body.desc).toBe("房间数必须是不小于0的整数");
    expect((await saveStatus(CLUB_STATUS, room, [{ inDate: "2026-02-30", roomCount: 1 }])).body.desc).toBe("日期格式不正确");
    expect((await saveStatus(CLUB_STATUS, room, "[{")).body.desc).toBe("房态数据格式不正确");

    expect(
      (
        await saveStatus(CLUB_STATUS, room, [
          { inDate: d(3), roomCount: 3 },
          { inDate: d(4), roomCount: 3 },
        ])
      ).body.code,
    ).toBe("200");
    await transact(reserveRooms({ tenantId: t.clientId, hotelId: club.id, roomId: room }, [d(3), d(4)], 2));
    const refused = await saveStatus(CLUB_STATUS, room, [
      { inDate: d(3), roomCount: 1 },
      { inDate: d(4), roomCount: 5 },
    ]);
    expect(refused.body).toEqual({ code: "409", desc: `房间数不能少于已预订的房间数：${d(3)}` });
    // A refused save changes nothing (R114).
    const days = (await readStatus(CLUB_STATUS, room, { startDate: d(3), endDate: d(4) })).body.dataList;
    expect(days.map((s: any) => [s.roomCount, s.usedRoomCount, s.freeCount])).toEqual([
      [3, 2, 1],
      [3, 2, 1],
    ]);
    expect((await saveStatus(CLUB_STATUS, room, [{ inDate: d(3), roomCount: 2 }])).body.code).toBe("200");
  });

  it("refuses a room of the other hotel type through the preset screen", async () => {
    expect((await saveStatus(CLUB_STATUS, discount.rooms[0]!, [{ inDate: d(1), roomCount: 1 }])).body).toEqual({ code: "404", desc: "客房不存在或已被删除" });
    expect((await readStatus(CLUB_STATUS, discount.rooms[0]!)).body.code).toBe("404");
  });
});

describe("hotel status list (tree table)", () => {
  it("shows hotels of the screen's type with room children: today, tomorrow, the day after and the last day (R095–R098)", async () => {
    const r = await get("/xiangyu/api/hotel/hotelstatuslist", { token: t.adminToken, functionId: CLUB_STATUS, query: { hotelType: 1 } });
    expect(r.body.code).toBe("200");
    expect(r.body.dataList.map((h: any) => h.hotelName)).toEqual(["会员度假酒店"]);
    expect(r.body.pageParams.maxCount).toBe(1);
    const hotel = r.body.dataList[0];
    expect(hotel).toMatchObject({ id: club.id, hotelId: club.id, roomId: 0, address: "会员度假酒店地址", firstDate: d0, secondDate: d(1), thirdDate: d(2), lastDate: d(10) });
    // Rooms newest first; every row shows the hotel's last stored day.
    const [twin, big] = hotel.children;
    expect(big).toMatchObject({ roomId: club.rooms[0], roomName: "大床房", hotelName: "会员度假酒店", lastDate: d(10) });
    expect(twin).toMatchObject({ roomId: club.rooms[1], roomName: "双床房", lastDate: d(10) });
    const cells = (row: any) => Object.fromEntries(row.roomStatusList.map((c: any) => [c.inDate, c.freeCount]));
    expect(cells(big)).toEqual({ [d0]: 5, [d(1)]: 6, [d(2)]: 7, [d(10)]: 15 });
    // The second room has days d(3) and d(4) only: none of the four shown.
    expect(cells(twin)).toEqual({});
    // The hotel row adds its rooms up.
    expect(cells(hotel)).toEqual({ [d0]: 5, [d(1)]: 6, [d(2)]: 7, [d(10)]: 15 });
    await saveStatus(CLUB_STATUS, club.rooms[1]!, [{ inDate: d(1), roomCount: 4 }]);
    const again = (await get("/xiangyu/api/hotel/hotelstatuslist", { token: t.adminToken, functionId: CLUB_STATUS })).body.dataList[0];
    expect(again.roomStatusList.find((c: any) => c.inDate === d(1))).toEqual({ inDate: d(1), roomCount: 10, usedRoomCount: 0, freeCount: 10, inPrice: 0 });
  });

  it("shows prices of discount hotels and sums the hotel's rooms (R098)", async () => {
    await saveStatus(DISCOUNT_STATUS, discount.rooms[1]!, [{ inDate: d(0), roomCount: 2, inPrice: "299" }]);
    const r = await get("/xiangyu/api/hotel/hotelstatuslist", { token: t.adminToken, functionId: DISCOUNT_STATUS, query: {} });
    const hotel = r.body.dataList[0];
    expect(hotel.hotelName).toBe("折扣商务酒店");
    expect(hotel.roomStatusList.find((c: any) => c.inDate === d0)).toEqual({ inDate: d0, roomCount: 6, usedRoomCount: 0, freeCount: 6, inPrice: 299 });
    expect(hotel.children.map((c: any) => c.roomName)).toEqual(["套房", "商务双床", "商务大床"]);
    expect((await get("/xiangyu/api/hotel/hotelstatuslist", { token: t.adminToken, functionId: CLUB_STATUS, query: { hotelType: 2 } })).body.desc).toBe("酒店类型不正确");
  });

  it("needs E or A to edit status (R099)", async () => {
    const viewer = await t.userWith({ [CLUB_STATUS]: "R" });
    const passer = await t.userWith({ [CLUB_STATUS]: "PD" });
    const adder = await t.userWith({ [CLUB_STATUS]: "A" });
    const editor = await t.userWith({ [CLUB_STATUS]: "E" });
    const rows = [{ inDate: d(20), roomCount: 2 }];
    expect((await saveStatus(CLUB_STATUS, club.rooms[0]!, rows, viewer.token)).body).toEqual({ code: "403", desc: "你没有修改权限" });
    expect((await saveStatus(CLUB_STATUS, club.rooms[0]!, rows, passer.token)).body).toEqual({ code: "403", desc: "你没有修改权限" });
    expect((await saveStatus(CLUB_STATUS, club.rooms[0]!, rows, adder.token)).body.code).toBe("200");
    expect((await saveStatus(CLUB_STATUS, club.rooms[0]!, rows, editor.token)).body.code).toBe("200");
    // Reading needs no letter.
    expect((await get("/xiangyu/api/hotel/hotelstatuslist", { token: viewer.token, functionId: CLUB_STATUS })).body.code).toBe("200");
  });
});

describe("availability and price calendar", () => {
  // The month after next: the tests above write days up to d(10), which reach next month near a month's end.
  const monthAfterNext = () => {
    const [y, m] = d0.split("-").map(Number) as [number, number];
    const n = y * 12 + m + 1; // months since year 0, zero-based, two ahead
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, "0")}`;
  };
  const calendar = (hotelId: number, month: string, fid = DISCOUNT_STATUS) =>
    get("/xiangyu/api/hotel/roomcalendar", { token: t.adminToken, functionId: fid, query: { hotelId, month } });
  const setCal = (form: Form, fid = DISCOUNT_STATUS, token = t.adminToken) => post("/xiangyu/api/hotel/roomcalendarsave", { token, functionId: fid, form });

  it("sets count and price on every Friday and Saturday of a month for chosen rooms in one action", async () => {
    const month = monthAfterNext();
    const first = `${month}-01`;
    const days = datesFrom(first, addDays(addDays(first, 40).slice(0, 7) + "-01", -1));
    const fridaysSaturdays = days.filter((x) => [5, 6].includes(isoWeekday(x)));
    const [a, b, c] = discount.rooms as [number, number, number];
    const r = await setCal({ hotelId: discount.id, roomIds: `${a},${b}`, startDate: first, endDate: days[days.length - 1]!, weekdays: "5,6", roomCount: 8, inPrice: "688" });
    expect(r.body).toMatchObject({ code: "200", desc: "保存成功", data: { count: fridaysSaturdays.length * 2 } });

    const cal = (await calendar(discount.id, month)).body.data;
    expect(cal).toMatchObject({ hotelId: discount.id, hotelName: "折扣商务酒店", hotelType: 2, month });
    expect(cal.days).toHaveLength(days.length);
    expect(cal.days.filter((x: any) => x.kind === "weekend").length).toBeGreaterThanOrEqual(fridaysSaturdays.length);
    const row = (roomId: number) => cal.rooms.find((x: any) => x.roomId === roomId);
    expect(row(a).cells).toHaveLength(days.length);
    days.forEach((day, i) => {
      const cell = row(a).cells[i];
      if (fridaysSaturdays.includes(day)) expect(cell).toEqual({ inDate: day, roomCount: 8, usedRoomCount: 0, freeCount: 8, inPrice: 688 });
      else expect(cell).toBeNull();
    });
    expect(row(c).cells.every((x: any) => x === null)).toBe(true);

    // A price alone leaves the counts.
    await setCal({ hotelId: discount.id, roomIds: String(a), startDate: fridaysSaturdays[0]!, endDate: fridaysSaturdays[0]!, inPrice: "500" });
    const again = (await calendar(discount.id, month)).body.data;
    expect(again.rooms.find((x: any) => x.roomId === a).cells[days.indexOf(fridaysSaturdays[0]!)]).toMatchObject({ roomCount: 8, inPrice: 500 });
    // The room's status editor sees the same days.
    const editor = await readStatus(DISCOUNT_STATUS, b, { startDate: first, endDate: days[days.length - 1]! });
    expect(editor.body.dataList.map((s: any) => s.inDate)).toEqual(fridaysSaturdays);
  });

  it("marks weekends (Friday to Sunday) and holidays", async () => {
    const month = monthAfterNext();
    const h = await post("/xiangyu/api/holiday/save", {
      token: t.adminToken,
      functionId: 1605,
      form: { holidayName: "测试节", holidayDate: `${month}-10 00:00:00`, holidayEnddate: `${month}-11 00:00:00` },
    });
    expect(h.body.code).toBe("200");
    const cal = (await calendar(discount.id, month)).body.data;
    const tenth = cal.days.find((x: any) => x.date === `${month}-10`);
    expect(tenth).toMatchObject({ kind: "weekend", holiday: "测试节" });
    for (const x of cal.days.filter((y: any) => !y.holiday)) expect(x.kind).toBe(x.weekday >= 5 ? "weekend" : "weekday");
  });

  it("validates the calendar write", async () => {
    const [a] = discount.rooms as [number];
    const form = { hotelId: discount.id, roomIds: String(a), startDate: d(1), endDate: d(7), roomCount: 3 };
    expect((await setCal({ ...form, roomIds: "" })).body.desc).toBe("请选择客房");
    expect((await setCal({ ...form, roomCount: "", inPrice: "" })).body.desc).toBe("请填写房间数或房价");
    expect((await setCal({ ...form, endDate: d(0) })).body.desc).toBe("结束日期不能早于开始日期");
    expect((await setCal({ ...form, startDate: d(-1) })).body.desc).toBe("不能设置今天之前的房态");
    expect((await setCal({ ...form, weekdays: "8" })).body.desc).toBe("星期选择不正确");
    expect((await setCal({ ...form, startDate: d(1), endDate: d(400) })).body.desc).toBe("日期范围不能超过366天");
    expect((await setCal({ ...form, roomIds: String(club.rooms[0]) })).body).toEqual({ code: "404", desc: "客房不存在或已被删除" });
    expect((await setCal({ hotelId: club.id, roomIds: String(club.rooms[0]), startDate: d(1), endDate: d(2), inPrice: "10" }, CLUB_STATUS)).body.desc).toBe(
      "会员酒店不设置房价，请填写房间数",
    );
    expect((await calendar(discount.id, "2026-13")).body.desc).toBe("月份格式不正确");
    expect((await calendar(discount.id, "2026-11", CLUB_STATUS)).body.code).toBe("404");
    const viewer = await t.userWith({ [DISCOUNT_STATUS]: "R" });
    expect((await setCal(form, DISCOUNT_STATUS, viewer.token)).body).toEqual({ code: "403", desc: "你没有修改权限" });
  });

  it("refuses to offer fewer rooms than are booked on any chosen day", async () => {
    const [, , suite] = discount.rooms as [number, number, number];
    expect((await setCal({ hotelId: discount.id, roomIds: String(suite), startDate: d(30), endDate: d(31), roomCount: 2 })).body.code).toBe("200");
    await transact(reserveRooms({ tenantId: t.clientId, hotelId: discount.id, roomId: suite }, [d(31)], 2));
    const r = await setCal({ hotelId: discount.id, roomIds: String(suite), startDate: d(30), endDate: d(31), roomCount: 1 });
    expect(r.body).toEqual({ code: "409", desc: `房间数不能少于已预订的房间数：${d(31)}` });
  });
});

describe("rooms for a stay (hotel/app/rooms)", () => {
  it("gives each enabled room its free count and price per night, the bookable count and the stay's price", async () => {
    const [a, b, c] = discount.rooms as [number, number, number];
    // Beyond the calendar tests' month (the month after next ends by d(92)).
    const start = d(100);
    await saveStatus(
      DISCOUNT_STATUS,
      a,
      [0, 1, 2].map((n) => ({ inDate: addDays(start, n), roomCount: 5 - n, inPrice: 100 + n * 10 })),
    );
    await saveStatus(DISCOUNT_STATUS, b, [{ inDate: start, roomCount: 4, inPrice: "50.5" }]);
    await post("/xiangyu/api/hotel/roompassed", { token: t.adminToken, functionId: DISCOUNT, form: { id: c } });
    const r = await get("/xiangyu/api/hotel/app/rooms", {
      token: t.adminToken,
      functionId: ORDERS,
      query: { hotelId: discount.id, checkInDate: start, checkOutDate: addDays(start, 3) },
    });
    expect(r.body.code).toBe("200");
    const rooms = r.body.dataList;
    expect(rooms.map((x: any) => x.id).sort()).toEqual([a, b].sort());
    const ra = rooms.find((x: any) => x.id === a);
    expect(ra).toMatchObject({ roomName: "商务大床", hotelType: 2, freeCount: 3, totalPrice: 330 });
    expect(ra.nights.map((n: any) => [n.inDate, n.freeCount, n.inPrice])).toEqual([
      [start, 5, 100],
      [addDays(start, 1), 4, 110],
      [addDays(start, 2), 3, 120],
    ]);
    // A night without status has no rooms: the room cannot be booked for the whole stay.
    expect(rooms.find((x: any) => x.id === b)).toMatchObject({ freeCount: 0, totalPrice: 50.5 });
    expect(r.body.data.weekdayNights + r.body.data.weekendNights).toBe(3);
    expect(ra.weekendNights).toBe(r.body.data.weekendNights);
    await post("/xiangyu/api/hotel/roompassed", { token: t.adminToken, functionId: DISCOUNT, form: { id: c } });
  });

  it("validates the stay", async () => {
    const q = (query: Form) => get("/xiangyu/api/hotel/app/rooms", { token: t.adminToken, functionId: ORDERS, query });
    expect((await q({ hotelId: discount.id, checkInDate: d(1) })).body.desc).toBe("入离日期不能为空");
    expect((await q({ hotelId: discount.id, checkInDate: d(2), checkOutDate: d(2) })).body.desc).toBe("离店日期必须晚于入住日期");
    expect((await q({ checkInDate: d(1), checkOutDate: d(2) })).body.desc).toBe("酒店不能为空");
    expect((await q({ hotelId: 424242, checkInDate: d(1), checkOutDate: d(2) })).body.code).toBe("404");
  });
});
