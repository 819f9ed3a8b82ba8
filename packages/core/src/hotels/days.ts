import { QueryCommand, UpdateCommand, type QueryCommandInput, type UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { HotelDay } from "./entities.ts";
import { dynamo } from "../kernel/aws.ts";
import { config } from "../kernel/config.ts";
import { conditional, REFUSED } from "../kernel/tx.ts";
import { anyOf } from "../kernel/filter.ts";

/**
 * Room status per day, stored one item per hotel and day (entities.ts, HotelDay) with each room's
 * numbers as attributes named by room. This module is the only one that knows those names: it
 * reads days into cells and builds the expressions that change them.
 */

/** One room on one day. Money in fen. */
export type Cell = { roomId: number; inDate: string; roomCount: number; usedRoomCount: number; freeCount: number; inPrice: number };
export type DayKey = { tenantId: string; hotelId: number; inDate: string };
/** A stored day: its date and its raw attributes. */
export type Day = { inDate: string; attrs: Record<string, unknown> };

export const cellNames = (roomId: number) => ({ count: `c_${roomId}`, used: `u_${roomId}`, free: `f_${roomId}`, price: `p_${roomId}` });

export const dayKey = (k: DayKey): Record<string, string> => HotelDay.get(k).params().Key;

/** A room's cell of a stored day, or null when the room has nothing stored that day. */
export function cellOf(day: Day, roomId: number): Cell | null {
  const n = cellNames(roomId);
  const count = day.attrs[n.count];
  if (count === undefined) return null;
  const num = (x: unknown) => Number(x ?? 0);
  return {
    roomId,
    inDate: day.inDate,
    roomCount: num(count),
    usedRoomCount: num(day.attrs[n.used]),
    freeCount: Math.max(0, num(day.attrs[n.free])),
    inPrice: num(day.attrs[n.price]),
  };
}

/** The room ids a day holds numbers for. */
export const roomsOfDay = (day: Day): number[] =>
  Object.keys(day.attrs)
    .filter((k) => k.startsWith("c_"))
    .map((k) => Number(k.slice(2)));

const toDay = (item: Record<string, unknown>): Day => ({ inDate: String(item.inDate), attrs: item });

/**
 * Stored days of a hotel in [from, to], oldest first: one Query (≤ 1 MB a page). Given a room,
 * only that room's attributes are read.
 */
export async function daysOf(tenantId: string, hotelId: number, from: string, to: string, roomId?: number): Promise<Day[]> {
  // The sort key holds the date only: between is inclusive at both ends.
  const params: QueryCommandInput = HotelDay.query.byHotel({ tenantId, hotelId }).between({ inDate: from }, { inDate: to }).params();
  if (roomId !== undefined) {
    const n = cellNames(roomId);
    params.ProjectionExpression = "#day, #c, #u, #f, #p";
    params.ExpressionAttributeNames = { ...params.ExpressionAttributeNames, "#day": "inDate", "#c": n.count, "#u": n.used, "#f": n.free, "#p": n.price };
  }
  const out: Day[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...params, ExclusiveStartKey }));
    for (const item of page.Items ?? []) out.push(toDay(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** A day read raw (the status list's batch get, mixed with other items): its hotel, date and attributes. */
export const toStoredDay = (item: Record<string, unknown>): Day & { hotelId: number } => ({ ...toDay(item), hotelId: Number(item.hotelId) });

/** What staff set on a day: rooms offered and/or the price (fen). */
export type CellChange = DayKey & { roomId: number; roomCount?: number; inPrice?: number };

/**
 * The update setting one room's count and/or price on a day, creating the day when missing.
 * Offering fewer rooms than are booked would make availability negative: the condition refuses it.
 * ElectroDB writes the day's keys and identity (an update of no schema attribute); the room's
 * numbers, whose names it does not know, are added to its SET.
 */
export function cellUpdate(c: CellChange): UpdateCommandInput {
  const base: UpdateCommandInput & { UpdateExpression: string } = HotelDay.update({ tenantId: c.tenantId, hotelId: c.hotelId, inDate: c.inDate })
    .data(() => {})
    .params();
  if (!base.UpdateExpression.startsWith("SET ") || /\b(ADD|REMOVE|DELETE)\b/.test(base.UpdateExpression)) {
    throw new Error(`unexpected HotelDay update: ${base.UpdateExpression}`);
  }
  const n = cellNames(c.roomId);
  const names: Record<string, string> = { "#c": n.count, "#u": n.used, "#f": n.free, "#p": n.price };
  const values: Record<string, unknown> = { ":zero": 0 };
  const sets: string[] = [];
  sets.push("#u = if_not_exists(#u, :zero)");
  let condition: string | undefined;
  if (c.roomCount !== undefined) {
    values[":rc"] = c.roomCount;
    sets.push("#c = :rc", "#f = :rc - if_not_exists(#u, :zero)");
    condition = anyOf("attribute_not_exists(#u)", "#u <= :rc");
  } else {
    sets.push("#c = if_not_exists(#c, :zero)", "#f = if_not_exists(#f, :zero)");
  }
  if (c.inPrice !== undefined) {
    values[":price"] = c.inPrice;
    sets.push("#p = :price");
  } else {
    sets.push("#p = if_not_exists(#p, :zero)");
  }
  return {
    ...base,
    UpdateExpression: `${base.UpdateExpression}, ${sets.join(", ")}`,
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...names },
    ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ...values },
  };
}

/**
 * A whole new day as `cellUpdate` leaves it when rooms are set on a day nothing was stored for
 * (u = 0, f = c, no price → 0): bulk loads (the demo seed) write it in batches instead of one
 * conditional update per room and day. Only for days not stored yet: it replaces the item whole.
 */
export function newDayItem(k: DayKey, cells: Array<{ roomId: number; roomCount: number; inPrice?: number }>): Record<string, unknown> {
  const item: Record<string, unknown> = { ...HotelDay.put(k).params().Item };
  for (const c of cells) {
    const n = cellNames(c.roomId);
    Object.assign(item, { [n.count]: c.roomCount, [n.used]: 0, [n.free]: c.roomCount, [n.price]: c.inPrice ?? 0 });
  }
  return item;
}

/** Moves `n` rooms of a day from free to booked (n > 0) or back (n < 0), only while the numbers allow. */
export function bookingUpdate(k: DayKey & { roomId: number }, n: number) {
  const names = cellNames(k.roomId);
  const take = n > 0;
  return {
    TableName: config.table,
    Key: dayKey(k),
    UpdateExpression: take ? "SET #u = #u + :n, #f = #f - :n" : "SET #u = #u - :n, #f = #f + :n",
    ConditionExpression: take ? "#f >= :n" : "#u >= :n",
    ExpressionAttributeNames: { "#u": names.used, "#f": names.free },
    ExpressionAttributeValues: { ":n": Math.abs(n) },
  };
}

/** Parallel writes, a bounded number at a time. */
export async function inBatches<T>(items: T[], size: number, run: (t: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** Applies cell changes, one conditional write each; returns those refused because more rooms are booked. */
export async function writeCells(changes: CellChange[]): Promise<CellChange[]> {
  const refused: CellChange[] = [];
  await inBatches(changes, 25, async (c) => {
    if ((await conditional(dynamo().send(new UpdateCommand(cellUpdate(c))))) === REFUSED) refused.push(c);
  });
  return refused;
}

/** Removes a room's numbers from every stored day of its hotel (the room is deleted). */
export async function forgetRoom(tenantId: string, hotelId: number, roomId: number, from = "0000-00-00", to = "9999-12-31"): Promise<void> {
  const n = cellNames(roomId);
  const days = (await daysOf(tenantId, hotelId, from, to, roomId)).filter((d) => d.attrs[n.count] !== undefined);
  await inBatches(days, 25, async (d) => {
    await dynamo().send(
      new UpdateCommand({
        TableName: config.table,
        Key: dayKey({ tenantId, hotelId, inDate: d.inDate }),
        UpdateExpression: "REMOVE #c, #u, #f, #p",
        ExpressionAttributeNames: { "#c": n.count, "#u": n.used, "#f": n.free, "#p": n.price },
      }),
    );
  });
}

/** Deletes every stored day of a hotel (the hotel is deleted). */
export async function forgetHotelDays(tenantId: string, hotelId: number): Promise<void> {
  const days = await daysOf(tenantId, hotelId, "0000-00-00", "9999-12-31", 0);
  for (let i = 0; i < days.length; i += 25) {
    await HotelDay.delete(days.slice(i, i + 25).map((d) => ({ tenantId, hotelId, inDate: d.inDate }))).go();
  }
}
