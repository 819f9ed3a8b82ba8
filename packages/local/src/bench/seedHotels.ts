import * as v from "valibot";
import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { HolidayInput } from "@xiangyu/core/hotels/schemas";
import { saveHoliday } from "@xiangyu/core/hotels/holidays";
import { HotelDay } from "@xiangyu/core/hotels/entities";
import { cellNames, dayKey, writeCells, type CellChange } from "@xiangyu/core/hotels/days";
import { advanceLastDate } from "@xiangyu/core/hotels/statusWrites";
import { addDays, datesFrom, isoWeekday } from "@xiangyu/core/hotels/nights";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { today } from "@xiangyu/core/kernel/clock";
import { holidaysOf } from "../seed/hotels.ts";
import { pool } from "./timing.ts";
import { BATCH, putBatch } from "./batchWrite.ts";
import { createCatalog, type SeededHotel } from "./seedHotelsCatalog.ts";

/**
 * The hotels bench's dataset: hotels of both types in the demo stores, rooms on each
 * (seedHotelsCatalog.ts), and a year of room status. Core writes a status day room by room (one
 * conditional update per cell — 3.65 million for the full dataset), so the seed puts whole day items in batches of 25, built from core's key and attribute names, and
 * `checkDayShape` proves once per run that such an item equals what core's own write leaves.
 */
export type { SeededHotel };
export type HotelSeed = { hotels: SeededHotel[]; first: string; last: string };
export type SeedSize = { hotels: number; rooms: number; days: number };

const IN_FLIGHT = 16; // as seedOplog: DynamoDB Local's write rate tops out around here on 2 cores

/** What staff would have set for one room on one day: fewer rooms and dearer nights at weekends (Fri, Sat). */
function plannedCell(hotelType: 1 | 2, roomNo: number, weekend: boolean): { roomCount: number; inPrice?: number } {
  const rooms = 4 + (roomNo % 7);
  const price = 29_800 + (roomNo % 5) * 6_000;
  return { roomCount: weekend ? rooms - 2 : rooms, ...(hotelType === 2 ? { inPrice: weekend ? Math.round((price * 1.3) / 100) * 100 : price } : {}) };
}

const isWeekend = (inDate: string) => [5, 6].includes(isoWeekday(inDate));

/**
 * One stored day of a hotel as a whole item: the HotelDay keys plus each room's four numbers, as
 * core's cell update leaves them on a new day (nothing booked: u = 0, f = c; no price → 0).
 */
function dayItem(tenantId: string, h: SeededHotel, inDate: string, weekend: boolean): Record<string, unknown> {
  const { Item } = HotelDay.put({ tenantId, hotelId: h.id, inDate }).params();
  const item: Record<string, unknown> = { ...Item };
  h.roomIds.forEach((roomId, no) => {
    const n = cellNames(roomId);
    const c = plannedCell(h.hotelType, no, weekend);
    Object.assign(item, { [n.count]: c.roomCount, [n.used]: 0, [n.free]: c.roomCount, [n.price]: c.inPrice ?? 0 });
  });
  return item;
}

export async function seedHotelStatus(tenantId: string, size: SeedSize, log: (s: string) => void): Promise<HotelSeed> {
  const t0 = Date.now();
  const year = Number(today().slice(0, 4));
  for (const h of [...holidaysOf(year), ...holidaysOf(year + 1)]) await saveHoliday(tenantId, v.parse(HolidayInput, h));
  const roomCount = Array.from({ length: size.rooms }, (_, r) => plannedCell(1, r, false).roomCount).reduce((a, b) => a + b, 0);
  const hotels = await createCatalog(tenantId, size.hotels, size.rooms, roomCount, log);
  log(`  ${size.hotels} hotels × ${size.rooms} rooms in ${((Date.now() - t0) / 1000).toFixed(1)} s; status…`);

  const first = today();
  const dates = datesFrom(first, addDays(first, size.days - 1));
  const last = dates[dates.length - 1]!;
  // One calendar computation per date, not per room and hotel.
  const weekends = new Set(dates.filter(isWeekend));
  const t1 = Date.now();
  const perHotel = Math.ceil(dates.length / BATCH);
  const batches = hotels.length * perHotel;
  // Day items written so far (a hotel's last batch is part-filled when its days do not divide by BATCH).
  let written = 0;
  await pool(batches, IN_FLIGHT, async (b) => {
    const h = hotels[Math.floor(b / perHotel)]!;
    const slice = dates.slice((b % perHotel) * BATCH, ((b % perHotel) + 1) * BATCH);
    await putBatch(
      slice.map((d) => dayItem(tenantId, h, d, weekends.has(d))),
      "hotel status seed",
      5,
    );
    written += slice.length;
    if ((b + 1) % 1000 === 0)
      log(`  status ${written.toLocaleString("en")} / ${(hotels.length * dates.length).toLocaleString("en")} days (${Math.round(written / ((Date.now() - t1) / 1000))} items/s)`);
  });
  // The status list shows each hotel's last stored day: moved as every status save moves it.
  await pool(hotels.length, 8, (i) => advanceLastDate(tenantId, hotels[i]!.id, last));
  log(`  status: ${(hotels.length * dates.length).toLocaleString("en")} day items in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await checkDayShape(tenantId, hotels.find((h) => h.hotelType === 2) ?? hotels[0]!, first);
  return { hotels, first, last };
}

const sorted = (o: Record<string, unknown> | undefined) => JSON.stringify(Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The bulk-written day must be the item core's own status write leaves: the seeded day is read,
 * deleted, written again room by room through `writeCells` (what a status save does), and both
 * must be equal. A change of the item's shape in core fails the bench instead of measuring
 * something else.
 */
async function checkDayShape(tenantId: string, h: SeededHotel, inDate: string): Promise<void> {
  const Key = dayKey({ tenantId, hotelId: h.id, inDate });
  const read = async () => (await dynamo().send(new GetCommand({ TableName: config.table, Key, ConsistentRead: true }))).Item;
  const seeded = await read();
  await dynamo().send(new DeleteCommand({ TableName: config.table, Key }));
  const changes: CellChange[] = h.roomIds.map((roomId, no) => ({ tenantId, hotelId: h.id, roomId, inDate, ...plannedCell(h.hotelType, no, isWeekend(inDate)) }));
  const refused = await writeCells(changes);
  const written = await read();
  if (refused.length || sorted(seeded) !== sorted(written)) {
    throw new Error(`hotel status seed: the bulk-written day differs from core's write\n seeded: ${sorted(seeded)}\n core:   ${sorted(written)}`);
  }
}
