import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { CLUB, DISCOUNT, hotelWithRooms } from "./hotelsHelpers.ts";
import { today } from "@xiangyu/core/kernel/clock";
import { addDays } from "@xiangyu/core/hotels/nights";
import { transact } from "@xiangyu/core/kernel/tx";
import { reserveRooms } from "@xiangyu/core/hotels/availability";
import { HotelOccupancy, rollUpOccupancy, storedRuns } from "@xiangyu/core/hotels/occupancyRollup";
import { handler as occupancyJob } from "../src/jobs/hotelOccupancy.ts";

/** The next days' occupancy per hotel type (hotel/occupancy, issue 36): the workbench's 未来30天入住率. */
let t: Awaited<ReturnType<typeof testTenant>>;
const CLUB_STATUS = 1603;
const d0 = today();
const d = (n: number) => addDays(d0, n);

const setDays = (fid: number, hotelId: number, roomIds: number[], from: number, to: number, roomCount: number) =>
  post("/xiangyu/api/hotel/roomcalendarsave", {
    token: t.adminToken,
    functionId: fid,
    form: { hotelId, roomIds: roomIds.join(","), startDate: d(from), endDate: d(to), roomCount, ...(fid === DISCOUNT ? { inPrice: "300" } : {}) },
  });
const occupancy = (fid: number, query: Record<string, string | number> = {}) => get("/xiangyu/api/hotel/occupancy", { token: t.adminToken, functionId: fid, query });
type Day = { date: string; week: string; taken: number; total: number };

let club: { id: number; rooms: number[] };
let club2: { id: number; rooms: number[] };
let discount: { id: number; rooms: number[] };

beforeAll(async () => {
  t = await testTenant();
  club = await hotelWithRooms(t.adminToken, 1, "会员度假酒店", ["大床房", "双床房"]);
  club2 = await hotelWithRooms(t.adminToken, 1, "会员山景酒店", ["山景房"]);
  discount = await hotelWithRooms(t.adminToken, 2, "折扣商务酒店", ["商务大床"]);
  expect((await setDays(CLUB, club.id, club.rooms, 0, 9, 4)).body.code).toBe("200");
  expect((await setDays(CLUB, club2.id, club2.rooms, 5, 40, 2)).body.code).toBe("200");
  expect((await setDays(DISCOUNT, discount.id, discount.rooms, 0, 29, 10)).body.code).toBe("200");
  await transact(reserveRooms({ tenantId: t.clientId, hotelId: club.id, roomId: club.rooms[0]! }, [d(1), d(2)], 3));
  await transact(reserveRooms({ tenantId: t.clientId, hotelId: club2.id, roomId: club2.rooms[0]! }, [d(6)], 1));
  await transact(reserveRooms({ tenantId: t.clientId, hotelId: discount.id, roomId: discount.rooms[0]! }, [d(0)], 5));
});

describe("hotel/occupancy", () => {
  it("adds up the club hotels' rooms per day for 会员酒店, from today for 30 days", async () => {
    const r = await occupancy(CLUB);
    expect(r.body.code).toBe("200");
    const o = r.body.data;
    expect(o).toMatchObject({ startDate: d0, endDate: d(29), hotelsCapped: false });
    expect(o.types).toHaveLength(1);
    expect(o.types[0]).toMatchObject({ hotelType: 1, hotels: 2 });
    const days: Day[] = o.types[0].days;
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ date: d0, taken: 0, total: 8 });
    expect(days[1]).toMatchObject({ date: d(1), taken: 3, total: 8 });
    expect(days[5]).toMatchObject({ taken: 0, total: 10 });
    expect(days[6]).toMatchObject({ taken: 1, total: 10 });
    expect(days[10]).toMatchObject({ taken: 0, total: 2 });
    expect(days[0]!.week).toMatch(/^星期/);
  });

  it("answers the discount hotels alone for 折扣酒店, and refuses the other type (R077)", async () => {
    const o = (await occupancy(DISCOUNT)).body.data;
    expect(o.types.map((x: { hotelType: number }) => x.hotelType)).toEqual([2]);
    expect(o.types[0].days[0]).toMatchObject({ taken: 5, total: 10 });
    expect(o.types[0].days[29]).toMatchObject({ taken: 0, total: 10 });
    expect((await occupancy(DISCOUNT, { hotelType: 1 })).body.code).toBe("403");
    expect((await occupancy(CLUB_STATUS)).body.data.types[0].hotelType).toBe(1);
  });

  it("is bounded: 1 to 31 days", async () => {
    expect((await occupancy(CLUB, { days: 7 })).body.data.types[0].days).toHaveLength(7);
    expect((await occupancy(CLUB, { days: 31 })).body.data.endDate).toBe(d(30));
    expect((await occupancy(CLUB, { days: 32 })).body).toMatchObject({ code: "400", desc: "天数须为1至31" });
    expect((await occupancy(CLUB, { days: 0 })).body.code).toBe("400");
    expect((await occupancy(CLUB, { hotelType: 3 })).body.code).toBe("400");
  });

  it("leaves out a disabled hotel", async () => {
    expect((await post("/xiangyu/api/hotel/hotelpassed", { token: t.adminToken, functionId: CLUB, form: { id: club2.id } })).body.code).toBe("200");
    const o = (await occupancy(CLUB)).body.data;
    expect(o.types[0]).toMatchObject({ hotels: 1 });
    expect(o.types[0].days[6]).toMatchObject({ taken: 0, total: 8 });
  });

  it("shows a room-status change after the next roll-up (the ten-minute job)", async () => {
    expect((await occupancy(DISCOUNT)).body.data.types[0].days[3]).toMatchObject({ total: 10 });
    expect((await setDays(DISCOUNT, discount.id, discount.rooms, 3, 3, 12)).body.code).toBe("200");
    const kept = (await occupancy(DISCOUNT)).body.data;
    expect(kept.types[0].days[3]).toMatchObject({ total: 10 });
    expect(await occupancyJob()).toMatchObject({ failed: 0 });
    const fresh = (await occupancy(DISCOUNT)).body.data;
    expect(fresh.types[0].days[3]).toMatchObject({ total: 12 });
    expect(fresh.updatedAt >= kept.updatedAt).toBe(true);
  });

  it("answers whole numbers while roll-ups are written at once, and keeps no more than the newest runs", async () => {
    const want = (await occupancy(CLUB)).body.data.types[0].days;
    const reads = Array.from({ length: 20 }, () => occupancy(CLUB));
    const runs = Array.from({ length: 6 }, () => rollUpOccupancy(t.clientId));
    const [answers] = await Promise.all([Promise.all(reads), Promise.all(runs)]);
    for (const r of answers) expect(r.body.data.types[0].days).toEqual(want);
    expect((await occupancy(CLUB)).body.data.types[0].days).toEqual(want);
    // Each run deletes the runs older than itself once whole: at most the runs that ended out of order remain.
    const left = new Set((await storedRuns(t.clientId)).map((i) => i.run));
    expect(left.size).toBeLessThanOrEqual(6);
    await rollUpOccupancy(t.clientId);
    expect(new Set((await storedRuns(t.clientId)).map((i) => i.run)).size).toBe(1);
  });

  it("leaves a tenant whose chart nobody opened for a day out of the job, until it is read again", async () => {
    const [mark] = (await storedRuns(t.clientId)).filter((i) => i.part === "");
    await HotelOccupancy.patch({ tenantId: t.clientId, run: mark!.run, part: "" })
      .set({ readAt: Date.now() - 25 * 3_600_000 })
      .go();
    expect(await occupancyJob()).toMatchObject({ rolledUp: 0, failed: 0 });
    expect((await storedRuns(t.clientId)).map((i) => i.run)).toContain(mark!.run);
    // A read notes it (the run is fresh, so it answers and marks itself read), and the job takes the tenant again.
    expect((await occupancy(CLUB)).body.code).toBe("200");
    expect(await occupancyJob()).toMatchObject({ rolledUp: 1, failed: 0 });
    expect((await storedRuns(t.clientId)).map((i) => i.run)).not.toContain(mark!.run);
  });

  it("needs a hotels function", async () => {
    expect((await get("/xiangyu/api/hotel/occupancy", { token: t.adminToken, functionId: 1902 })).body.code).not.toBe("200");
  });
});
