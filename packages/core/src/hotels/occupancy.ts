import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { today } from "../kernel/clock.ts";
import { dynamo } from "../kernel/aws.ts";
import { hotelSource } from "./hotelQueries.ts";
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
 * Bounded, not tallied (docs/decisions.md "Occupancy: a bounded read"): at most `MAX_OCCUPANCY_DAYS`
 * (schemas.ts) days from today over the first `MAX_OCCUPANCY_HOTELS` hotels of each type (the reply
 * says when more were left out). Each type's hotels are one Query of their ids (a projection, so a
 * 1 MB page holds thousands; at most `MAX_HOTELS_READ` evaluated for a department-limited caller),
 * the types in parallel; then one Query of ≤ 31 day items per hotel, `OCCUPANCY_BATCH` at a time.
 */
export const MAX_OCCUPANCY_HOTELS = 1_000;
/** Hotel items a department-limited caller's filtered read may evaluate per type before it says "capped". */
export const MAX_HOTELS_READ = 20_000;
const OCCUPANCY_BATCH = 50;

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

type Listed = { id: number; hotelType: number };

/** The enabled hotels of a type in the caller's reach, up to `max`; `capped` when more may exist. */
async function enabledHotels(scope: HotelScope, hotelType: HotelType, max: number): Promise<{ hotels: Listed[]; capped: boolean }> {
  const params = hotelSource(scope, { hotelType }).params("asc");
  const names = { ...params.ExpressionAttributeNames, "#oid": "id", "#otype": "hotelType", "#oshow": "idisplay" };
  const hotels: Listed[] = [];
  let evaluated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...params, ProjectionExpression: "#oid, #otype, #oshow", ExpressionAttributeNames: names, ExclusiveStartKey: start }));
    evaluated += out.ScannedCount ?? 0;
    for (const h of out.Items ?? []) if (Number(h.idisplay ?? 1) === 1) hotels.push({ id: Number(h.id), hotelType: Number(h.hotelType) });
    start = out.LastEvaluatedKey;
  } while (start && hotels.length <= max && evaluated < MAX_HOTELS_READ);
  return { hotels: hotels.slice(0, max), capped: hotels.length > max || !!start };
}

export async function occupancyByType(scope: HotelScope, q: OccupancyQuery, o: { maxHotels?: number } = {}): Promise<Occupancy> {
  const { tenantId } = scope.caller;
  const hotelType = typeOfRequest(scope, q.hotelType);
  const startDate = today();
  const endDate = addDays(startDate, q.days - 1);
  const dates = datesFrom(startDate, endDate);
  const types: HotelType[] = hotelType ? [hotelType] : [1, 2];
  const read = await Promise.all(
    types.map(async (t) => {
      const { hotels, capped } = await enabledHotels(scope, t, o.maxHotels ?? MAX_OCCUPANCY_HOTELS);
      const sums = new Map(dates.map((d) => [d, { taken: 0, total: 0 }]));
      await inBatches(hotels, OCCUPANCY_BATCH, async (h) => {
        for (const day of await daysOf(tenantId, h.id, startDate, endDate)) {
          const sum = sums.get(day.inDate);
          if (!sum) continue;
          const add = dayTotals(day);
          sum.taken += add.taken;
          sum.total += add.total;
        }
      });
      return { capped, type: { hotelType: t, hotels: hotels.length, days: dates.map((date) => ({ date, week: weekName(date), ...sums.get(date)! })) } };
    }),
  );
  return { startDate, endDate, hotelsCapped: read.some((r) => r.capped), types: read.map((r) => r.type) };
}
