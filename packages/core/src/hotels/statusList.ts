import type { HotelItem } from "./entities.ts";
import { typeOfRequest, type HotelScope } from "./scope.ts";
import { hotelPage, type HotelFilter } from "./hotelQueries.ts";
import { indexedRooms, roomIndexKey } from "./roomIndex.ts";
import { batchGet } from "./batchGet.ts";
import { cellOf, dayKey, toStoredDay, type Cell, type Day } from "./days.ts";
import type { RoomIndexEntry } from "./entities.ts";
import { addDays } from "./nights.ts";
import { cellView, type CellView } from "./views.ts";
import { today } from "../kernel/clock.ts";
import { okList, type Envelope } from "../kernel/envelope.ts";
import { pageParams, type Paging } from "../kernel/paging.ts";

/**
 * The hotel status tree table (hotelstatuslist; R095–R100): a page of hotels, each with its rooms,
 * and availability today, tomorrow, the day after and on the hotel's last stored day.
 *
 * Reads per page, whatever is stored: one Query for the hotels ∥ the list total (a later page
 * starts from a remembered cursor, kernel/pageStarts.ts), then one batch get of each hotel's room index
 * and its ≤ 4 days (≤ 100 items for 20 hotels).
 */

const keyText = (k: Record<string, unknown>) => `${String(k.pk)}\u0000${String(k.sk)}`;

/** A hotel's cell of a day: the sum of its rooms, and the lowest price among them. */
function sumCells(inDate: string, cells: CellView[]): CellView | null {
  if (cells.length === 0) return null;
  return {
    inDate,
    roomCount: cells.reduce((n, c) => n + c.roomCount, 0),
    usedRoomCount: cells.reduce((n, c) => n + c.usedRoomCount, 0),
    freeCount: cells.reduce((n, c) => n + c.freeCount, 0),
    inPrice: Math.min(...cells.map((c) => c.inPrice)),
  };
}

/** A hotel of the status list: its rooms as children, each with its days. */
export type HotelStatusRow = ReturnType<typeof hotelRow>;

export async function hotelStatusList(scope: HotelScope, p: Paging, f: HotelFilter): Promise<Envelope<never, HotelStatusRow>> {
  const { tenantId } = scope.caller;
  const hotelType = typeOfRequest(scope, f.hotelType);
  const { rows: hotels, total } = await hotelPage(scope, p, { ...f, hotelType });
  const first = today();
  const near = [first, addDays(first, 1), addDays(first, 2)];
  const datesOf = (h: HotelItem) => [...new Set([...near, ...(h.lastDate ? [h.lastDate] : [])])];
  const dayKeys = hotels.flatMap((h) => datesOf(h).map((inDate) => dayKey({ tenantId, hotelId: h.id, inDate })));
  const indexKeys = hotels.map((h) => roomIndexKey(tenantId, h.id));
  // The batch answers days and room indexes mixed: a room index is told apart by its key.
  const indexOf = new Map(indexKeys.map((k, i) => [keyText(k), hotels[i]!.id]));
  const items = await batchGet([...dayKeys, ...indexKeys]);
  const byKey = new Map<string, Day>();
  const roomsOf = new Map<number, RoomIndexEntry[]>();
  for (const item of items) {
    const hotelId = indexOf.get(keyText(item));
    if (hotelId !== undefined) roomsOf.set(hotelId, indexedRooms(item));
    else {
      const d = toStoredDay(item);
      byKey.set(`${d.hotelId}_${d.inDate}`, d);
    }
  }
  return okList(
    hotels.map((h) => hotelRow(h, roomsOf.get(h.id) ?? [], near, datesOf(h), byKey)),
    pageParams(p, total),
  );
}

function hotelRow(hotel: HotelItem, rooms: RoomIndexEntry[], near: string[], dates: string[], byKey: Map<string, Day>) {
  const [firstDate, secondDate, thirdDate] = near as [string, string, string];
  const lastDate = hotel.lastDate ?? "";
  const base = { hotelId: hotel.id, hotelName: hotel.hotelName, hotelType: hotel.hotelType, address: hotel.address ?? "", firstDate, secondDate, thirdDate, lastDate };
  const days = dates.map((d) => byKey.get(`${hotel.id}_${d}`)).filter((d): d is Day => !!d);
  const children = rooms.map((r) => ({
    ...base,
    id: r.id,
    roomId: r.id,
    roomName: r.roomName,
    idisplay: r.idisplay,
    roomStatusList: days
      .map((d) => cellOf(d, r.id))
      .filter((c): c is Cell => !!c)
      .map(cellView),
  }));
  const roomStatusList = dates
    .map((d) =>
      sumCells(
        d,
        children.flatMap((c) => c.roomStatusList.filter((s) => s.inDate === d)),
      ),
    )
    .filter((c): c is CellView => !!c);
  return { ...base, id: hotel.id, roomId: 0, roomName: "", idisplay: hotel.idisplay ?? 1, roomStatusList, children };
}
