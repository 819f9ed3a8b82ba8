import { MAX_STATUS_DAYS, type RoomStatusInput } from "./schemas.ts";
import type { HotelScope } from "./scope.ts";
import { roomInScope } from "./rooms.ts";
import { applyStatus } from "./statusWrites.ts";
import { cellOf, daysOf, type Cell } from "./days.ts";
import { addDays, daysBetween } from "./nights.ts";
import { statusView, type StatusView } from "./views.ts";
import { today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";

/** The room status editor (spec 000 §2; R110–R115): one room's days, read and saved. */

export const PAST_DAYS = "不能设置今天之前的房态";
/** Without stored days the editor opens on today to a week later (R110). */
export const DEFAULT_SPAN_DAYS = 7;

export type RoomStatusPage = {
  rows: StatusView[];
  /** The range read, which the editor takes as its default range. */
  range: { startDate: string; endDate: string; lastDate: string; hotelType: number; roomName: string };
};

/**
 * Stored days of a room from `startDate` (today) to `endDate` (the hotel's last stored day, or a
 * week later): one Query of the hotel's days, reading this room's numbers only.
 */
export async function roomStatusList(scope: HotelScope, roomId: number, q: { startDate?: string; endDate?: string } = {}): Promise<RoomStatusPage> {
  const { room, hotel } = await roomInScope(scope, roomId);
  const startDate = q.startDate ?? today();
  const lastDate = hotel.lastDate ?? "";
  const endDate = q.endDate ?? (lastDate > startDate ? lastDate : addDays(startDate, DEFAULT_SPAN_DAYS));
  if (endDate < startDate) throw new DomainError("结束日期不能早于开始日期", "400");
  if (daysBetween(startDate, endDate) >= MAX_STATUS_DAYS) throw new DomainError(`日期范围不能超过${MAX_STATUS_DAYS}天`, "400");
  const days = await daysOf(scope.caller.tenantId, hotel.id, startDate, endDate, room.id);
  const rows = days.map((d) => cellOf(d, room.id)).filter((c): c is Cell => !!c);
  return {
    rows: rows.map((c) => statusView(c, room.roomName)),
    range: { startDate, endDate, lastDate: rows[rows.length - 1]?.inDate ?? "", hotelType: hotel.hotelType, roomName: room.roomName },
  };
}

/**
 * Saves the edited days of one room (R112–R114). Prices are kept for discount hotels only
 * (R100); days before today are refused, and so is offering fewer rooms than are booked.
 */
export async function saveRoomStatus(scope: HotelScope, input: RoomStatusInput): Promise<number> {
  const { tenantId } = scope.caller;
  const { room, hotel } = await roomInScope(scope, input.id);
  const rows = [...input.statusList].sort((a, b) => a.inDate.localeCompare(b.inDate));
  if (rows[0]!.inDate < today()) throw new DomainError(PAST_DAYS, "400");
  const discount = hotel.hotelType === 2;
  const changes = rows.map((r) => ({ tenantId, hotelId: hotel.id, roomId: room.id, inDate: r.inDate, roomCount: r.roomCount, inPrice: discount ? r.inPrice : undefined }));
  const stored = await daysOf(tenantId, hotel.id, rows[0]!.inDate, rows[rows.length - 1]!.inDate, room.id);
  await applyStatus(changes, stored);
  return changes.length;
}
