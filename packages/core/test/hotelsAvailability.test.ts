import { describe, it, expect } from "vitest";
import { Hotel, Room } from "../src/hotels/entities.ts";
import { reserveRooms, releaseRooms, type RoomRef } from "../src/hotels/availability.ts";
import { applyStatus } from "../src/hotels/statusWrites.ts";
import { cellOf, daysOf, writeCells, type Cell } from "../src/hotels/days.ts";
import { transact } from "../src/kernel/tx.ts";
import { DomainError } from "../src/kernel/errors.ts";

/** The availability port against DynamoDB Local: conditional writes, never below zero. */
const tenantId = "avail";
let nextRoom = 100;

/** Rooms of one hotel share its day items: each test's room is another attribute set of the same days. */
const hotelId = 7;
async function roomWith(days: Record<string, number>): Promise<RoomRef> {
  const roomId = ++nextRoom;
  await Room.create({ tenantId, id: roomId, hotelId, roomName: `客房${roomId}`, sortOrder: 999, rank: 1, hasDelete: 0 }).go();
  const refused = await writeCells(Object.entries(days).map(([inDate, roomCount]) => ({ tenantId, hotelId, roomId, inDate, roomCount })));
  expect(refused).toEqual([]);
  return { tenantId, hotelId, roomId, hasDelete: 0 };
}

const day = async (room: RoomRef, inDate: string): Promise<Cell> => {
  const [d] = await daysOf(tenantId, room.hotelId, inDate, inDate);
  return cellOf(d!, room.roomId)!;
};

describe("reserveRooms / releaseRooms", () => {
  it("lets exactly 3 of 20 simultaneous one-room bookings through when 3 rooms are free", async () => {
    const room = await roomWith({ "2027-03-05": 3 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => transact(reserveRooms({ ...room, hasDelete: 1 }, ["2027-03-05"], 1))));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(17);
    for (const l of lost) {
      expect(l.reason).toBeInstanceOf(DomainError);
      expect(l.reason.desc).toBe("2027-03-05 剩余客房不足");
    }
    expect(await day(room, "2027-03-05")).toMatchObject({ roomCount: 3, usedRoomCount: 3, freeCount: 0 });
  });

  it("takes every night of a stay or none: one full night refuses the whole booking", async () => {
    const room = await roomWith({ "2027-04-01": 2, "2027-04-02": 1, "2027-04-03": 2 });
    await expect(transact(reserveRooms(room, ["2027-04-01", "2027-04-02", "2027-04-03"], 2))).rejects.toMatchObject({ desc: "2027-04-02 剩余客房不足" });
    for (const d of ["2027-04-01", "2027-04-02", "2027-04-03"]) expect((await day(room, d)).usedRoomCount).toBe(0);
    // A night without a stored status has no rooms to take.
    await expect(transact(reserveRooms(room, ["2027-04-03", "2027-04-04"], 1))).rejects.toMatchObject({ desc: "2027-04-04 剩余客房不足" });

    await transact(reserveRooms(room, ["2027-04-01", "2027-04-02"], 1));
    expect(await day(room, "2027-04-02")).toMatchObject({ usedRoomCount: 1, freeCount: 0 });
    // The first booking marks the room used: it may no longer be deleted (R106).
    expect((await Room.get({ tenantId, id: room.roomId }).go()).data?.hasDelete).toBe(1);
  });

  it("gives rooms back, never below zero", async () => {
    const room = await roomWith({ "2027-05-01": 4 });
    await transact(reserveRooms(room, ["2027-05-01"], 3));
    await transact(releaseRooms(room, ["2027-05-01"], 2));
    expect(await day(room, "2027-05-01")).toMatchObject({ usedRoomCount: 1, freeCount: 3 });
    await expect(transact(releaseRooms(room, ["2027-05-01"], 2))).rejects.toMatchObject({ desc: "2027-05-01 房态数据异常，无法释放客房" });
    expect(await day(room, "2027-05-01")).toMatchObject({ usedRoomCount: 1, freeCount: 3 });
  });

  it("keeps free = offered − booked when staff change the count, and refuses offering fewer than booked", async () => {
    const room = await roomWith({ "2027-06-01": 5 });
    await transact(reserveRooms(room, ["2027-06-01"], 2));
    expect(await writeCells([{ ...room, inDate: "2027-06-01", roomCount: 8 }])).toEqual([]);
    expect(await day(room, "2027-06-01")).toMatchObject({ roomCount: 8, usedRoomCount: 2, freeCount: 6 });
    const refused = await writeCells([{ ...room, inDate: "2027-06-01", roomCount: 1 }]);
    expect(refused.map((c) => c.inDate)).toEqual(["2027-06-01"]);
    expect(await day(room, "2027-06-01")).toMatchObject({ roomCount: 8, usedRoomCount: 2, freeCount: 6 });
    // Checked before writing, with the refused days named.
    await Hotel.create({ tenantId, id: hotelId, hotelType: 2, hotelName: "可用房测试", sortOrder: 1, rank: 1 }).go();
    const stored = await daysOf(tenantId, hotelId, "2027-06-01", "2027-06-01");
    await expect(applyStatus([{ ...room, inDate: "2027-06-01", roomCount: 1 }], stored)).rejects.toMatchObject({ desc: "房间数不能少于已预订的房间数：2027-06-01" });
    // A price alone leaves the counts as they are; the hotel's last stored day moves forward only.
    await applyStatus([{ ...room, inDate: "2027-06-01", inPrice: 45600 }], stored);
    await applyStatus([{ ...room, inDate: "2027-05-01", inPrice: 100 }], []);
    expect((await Hotel.get({ tenantId, id: hotelId }).go()).data?.lastDate).toBe("2027-06-01");
    expect(await day(room, "2027-06-01")).toMatchObject({ roomCount: 8, usedRoomCount: 2, freeCount: 6, inPrice: 45600 });
  });

  it("keeps each room's numbers apart on a shared day", async () => {
    const a = await roomWith({ "2027-07-01": 2 });
    const b = await roomWith({ "2027-07-01": 5 });
    await transact(reserveRooms(a, ["2027-07-01"], 2));
    await expect(transact(reserveRooms(a, ["2027-07-01"], 1))).rejects.toMatchObject({ desc: "2027-07-01 剩余客房不足" });
    await transact(reserveRooms(b, ["2027-07-01"], 4));
    expect(await day(a, "2027-07-01")).toMatchObject({ roomCount: 2, usedRoomCount: 2, freeCount: 0 });
    expect(await day(b, "2027-07-01")).toMatchObject({ roomCount: 5, usedRoomCount: 4, freeCount: 1 });
  });

  it("refuses nonsense before any write", () => {
    const room = { tenantId, hotelId: 1, roomId: 1 };
    expect(() => reserveRooms(room, ["2027-01-01"], 0)).toThrow(RangeError);
    expect(() => reserveRooms(room, [], 1)).toThrow(RangeError);
    expect(() => reserveRooms(room, ["2027-01-01", "2027-01-01"], 1)).toThrow(RangeError);
    expect(() => releaseRooms(room, ["2027-02-30"], 1)).toThrow(RangeError);
  });
});
