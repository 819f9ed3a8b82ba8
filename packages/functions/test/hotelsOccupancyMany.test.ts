import { describe, it, expect, beforeAll } from "vitest";
import { get, testTenant } from "./harness.ts";
import { CLUB, DISCOUNT } from "./hotelsHelpers.ts";
import { seedHotelStatus, type HotelSeed } from "../../local/src/bench/seedHotels.ts";
import { seedCaller } from "../../local/src/bench/seedHotelsCatalog.ts";
import { today } from "@xiangyu/core/kernel/clock";
import { transact } from "@xiangyu/core/kernel/tx";
import { addDays } from "@xiangyu/core/hotels/nights";
import { daysOf } from "@xiangyu/core/hotels/days";
import { reserveRooms } from "@xiangyu/core/hotels/availability";
import { dayTotals, occupancyOf } from "@xiangyu/core/hotels/occupancy";
import { rollUpOccupancy } from "@xiangyu/core/hotels/occupancyRollup";

/**
 * hotel/occupancy beyond 100 hotels (docs/decisions.md "Occupancy: a roll-up"): every enabled
 * hotel of a type up to the cap is added, a booking in the last one included, and past the cap the
 * reply says so.
 */
let t: Awaited<ReturnType<typeof testTenant>>;
let seed: HotelSeed;
const d0 = today();

/** Each day's rooms added over the seeded hotels of a type, read hotel by hotel. */
async function expected(hotelType: 1 | 2) {
  const sums = new Map<string, { taken: number; total: number }>();
  for (const h of seed.hotels.filter((x) => x.hotelType === hotelType)) {
    for (const day of await daysOf(t.clientId, h.id, d0, addDays(d0, 2))) {
      const s = sums.get(day.inDate) ?? { taken: 0, total: 0 };
      const add = dayTotals(day);
      sums.set(day.inDate, { taken: s.taken + add.taken, total: s.total + add.total });
    }
  }
  return [0, 1, 2].map((n) => ({ date: addDays(d0, n), ...sums.get(addDays(d0, n)) }));
}

beforeAll(async () => {
  t = await testTenant();
  seed = await seedHotelStatus(t.clientId, { hotels: 250, rooms: 1, days: 3 }, () => undefined);
  const last = seed.hotels.filter((h) => h.hotelType === 1).at(-1)!;
  await transact(reserveRooms({ tenantId: t.clientId, hotelId: last.id, roomId: last.roomIds[0]! }, [d0], 2));
}, 300_000);

describe("hotel/occupancy with more than 100 hotels of a type", () => {
  it("adds every hotel's rooms, the last one's booking included", async () => {
    for (const [fid, hotelType] of [
      [CLUB, 1],
      [DISCOUNT, 2],
    ] as const) {
      const r = await get("/xiangyu/api/hotel/occupancy", { token: t.adminToken, functionId: fid, query: { days: 3 } });
      expect(r.body.code).toBe("200");
      expect(r.body.data).toMatchObject({ hotelsCapped: false, types: [{ hotelType, hotels: 125 }] });
      const want = await expected(hotelType);
      expect(r.body.data.types[0].days).toMatchObject(want);
      if (hotelType === 1) expect(want[0]!.taken).toBe(2);
    }
  });

  it("past the cap, adds the first hotels and says so", async () => {
    const caller = seedCaller(t.clientId);
    const o = occupancyOf(await rollUpOccupancy(t.clientId, { maxHotels: 100 }), caller, [1, 2], d0, 3);
    expect(o.hotelsCapped).toBe(true);
    expect(o.types.map((x) => [x.hotelType, x.hotels])).toEqual([
      [1, 100],
      [2, 100],
    ]);
    const all = occupancyOf(await rollUpOccupancy(t.clientId), caller, [1, 2], d0, 3);
    expect(all.hotelsCapped).toBe(false);
    expect(all.types.map((x) => x.hotels)).toEqual([125, 125]);
  });
});
