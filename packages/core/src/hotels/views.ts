import { fenToYuan } from "../kernel/money.ts";
import type { HolidayItem, HotelItem, RoomItem } from "./entities.ts";
import type { Cell } from "./days.ts";
import { weekName } from "./nights.ts";

/**
 * What the wire shows of the stored items: money in yuan, picture lists as JSON text (picJson),
 * no tenant or sort keys.
 */

export type HotelView = ReturnType<typeof hotelView>;

export function hotelView(h: HotelItem, content?: string) {
  const { tenantId: _t, rank: _r, pictures, cleaningFees, ...rest } = h;
  return {
    ...rest,
    idisplay: h.idisplay ?? 1,
    cleaningFees: fenToYuan(cleaningFees ?? 0),
    picJson: JSON.stringify(pictures ?? []),
    ...(content === undefined ? {} : { content }),
  };
}

export type RoomView = ReturnType<typeof roomView>;

export function roomView(r: RoomItem) {
  const { tenantId: _t, rank: _r, pictures, ...rest } = r;
  return { ...rest, idisplay: r.idisplay ?? 1, hasWindow: r.hasWindow ?? 1, hasDelete: r.hasDelete ?? 0, picJson: JSON.stringify(pictures ?? []) };
}

/** One room on one day, money in yuan. */
export const cellView = (c: Cell) => ({ inDate: c.inDate, roomCount: c.roomCount, usedRoomCount: c.usedRoomCount, freeCount: c.freeCount, inPrice: fenToYuan(c.inPrice) });
export type CellView = ReturnType<typeof cellView>;

/** A row of the room status editor. The row id names the room and the day: days have no ids of their own. */
export function statusView(c: Cell, roomName = "") {
  return { id: `${c.roomId}_${c.inDate}`, roomId: c.roomId, roomName, week: weekName(c.inDate), ...cellView(c) };
}
export type StatusView = ReturnType<typeof statusView>;

/** Holidays travel with their 00:00:00 times, as the form sends them (R120). */
export type HolidayView = ReturnType<typeof holidayView>;
export const holidayView = (h: HolidayItem) => ({
  holidayName: h.holidayName,
  holidayDate: `${h.holidayDate} 00:00:00`,
  holidayEnddate: `${h.holidayEnddate} 00:00:00`,
  createTime: h.createTime ?? "",
});
