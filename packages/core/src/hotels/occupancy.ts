import { today } from "../kernel/clock.ts";
import { readPaging } from "../kernel/paging.ts";
import { hotelPage } from "./hotelQueries.ts";
import { typeOfRequest, type HotelScope } from "./scope.ts";
import { cellOf, daysOf, inBatches, roomsOfDay, type Day } from "./days.ts";
import { addDays, datesFrom, weekName } from "./nights.ts";
import { roomsTaken } from "./rules.ts";
import type { HotelType, OccupancyQuery } from "./schemas.ts";

/**
 * The occupancy of the days to come by hotel type (issue 36, the workbench's 未来30天入住率; docs/api.md
 * `hotel/occupancy`): per type and day, rooms taken (offered less free) over rooms offered, added over
 * the enabled hotels of the type within the caller's departments, as the room-status calendar adds a
 * hotel's rooms. The type is the screen's (会员酒店 1601 → club, 折扣酒店 1602 → discount), else both.
 *
 * Bounded: at most `MAX_OCCUPANCY_DAYS` (schemas.ts) days from today and the first `MAX_OCCUPANCY_HOTELS` hotels of
 * the list (the reply says when more were left out); one Query of ≤ 31 day items per hotel (the kept
 * HotelDay items), `OCCUPANCY_BATCH` at a time, after the one Query of the hotel list page.
 */
export const MAX_OCCUPANCY_HOTELS = 100;
const OCCUPANCY_BATCH = 25;

export type OccupancyDay = { date: string; week: string; taken: number; total: number };
export type TypeOccupancy = { hotelType: HotelType; hotels: number; days: OccupancyDay[] };
export type Occupancy = { startDate: string; endDate: string; hotelsCapped: boolean; types: TypeOccupancy[] };

/** A stored day's rooms added up: offered, and taken (offered less free, never below 0). */
export function dayTotals(day: Day): { taken: number; total: number } {
  let taken = 0;
  let total = 0;
  for (const roomId of roomsOfDay(day)) {
    const c = cellOf(day, roomId);
    if (!c) continue;
    total += c.roomCount;
    taken += roomsTaken(c);
  }
  return { taken, total };
}

export async function occupancyByType(scope: HotelScope, q: OccupancyQuery): Promise<Occupancy> {
  const { tenantId } = scope.caller;
  const hotelType = typeOfRequest(scope, q.hotelType);
  const startDate = today();
  const endDate = addDays(startDate, q.days - 1);
  const { rows, total } = await hotelPage(scope, readPaging({ currentPage: 1, pageSize: MAX_OCCUPANCY_HOTELS }), { hotelType });
  const listed = typeof total === "number" ? total : total.total;
  const hotels = rows.filter((h) => (h.idisplay ?? 1) === 1);
  const stored: Array<{ hotelType: number; days: Day[] }> = [];
  await inBatches(hotels, OCCUPANCY_BATCH, async (h) => {
    stored.push({ hotelType: h.hotelType, days: await daysOf(tenantId, h.id, startDate, endDate) });
  });
  const dates = datesFrom(startDate, endDate);
  const types: HotelType[] = hotelType ? [hotelType] : [1, 2];
  return {
    startDate,
    endDate,
    hotelsCapped: listed > rows.length || (typeof total !== "number" && total.capped),
    types: types.map((t) => {
      const sums = new Map(dates.map((d) => [d, { taken: 0, total: 0 }]));
      for (const s of stored) {
        if (s.hotelType !== t) continue;
        for (const day of s.days) {
          const sum = sums.get(day.inDate);
          if (!sum) continue;
          const add = dayTotals(day);
          sum.taken += add.taken;
          sum.total += add.total;
        }
      }
      return {
        hotelType: t,
        hotels: hotels.filter((h) => h.hotelType === t).length,
        days: dates.map((date) => ({ date, week: weekName(date), ...sums.get(date)! })),
      };
    }),
  };
}
