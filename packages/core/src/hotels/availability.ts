import { Room } from "./entities.ts";
import { bookingUpdate } from "./days.ts";
import { isDate } from "./nights.ts";
import { txRawUpdate, txUpdate, type TxItem } from "../kernel/tx.ts";

/**
 * The port the orders area books rooms through. It builds transaction items, so that a booking
 * takes its rooms in the same transaction as its other writes (the order, weeks, vouchers):
 * either everything happens or nothing does.
 *
 *   await transact([...orderItems, ...reserveRooms(room, nights, 2)]);
 *
 * Each night is a conditional update: it takes `count` rooms only while at least `count` are
 * free, so two staff booking the last room at once cannot both succeed, and availability never
 * goes negative. A night without a stored status has no rooms to take.
 */

export type RoomRef = { tenantId: string; hotelId: number; roomId: number; /** as read: 1 skips re-marking the room used */ hasDelete?: number };

export const ROOMS_SHORT = (date: string) => `${date} 剩余客房不足`;
export const RELEASE_MISMATCH = (date: string) => `${date} 房态数据异常，无法释放客房`;

function checkNights(nights: string[], count: number): void {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`room count must be a positive integer, got ${count}`);
  if (nights.length === 0 || nights.some((d) => !isDate(d))) throw new RangeError(`nights must be dates: ${nights.join(",")}`);
  if (new Set(nights).size !== nights.length) throw new RangeError("nights repeat");
}

/**
 * Takes `count` rooms on each night. A room once booked may no longer be deleted (R106): the
 * first booking marks it, later ones (hasDelete already 1) leave the room item alone so that
 * bookings of one room do not all write the same item.
 */
export function reserveRooms(room: RoomRef, nights: string[], count: number): TxItem[] {
  checkNights(nights, count);
  const mark = room.hasDelete === 1 ? [] : [txUpdate(Room.patch({ tenantId: room.tenantId, id: room.roomId }).set({ hasDelete: 1 }), "客房不存在或已被删除")];
  return [...nights.map((inDate) => txRawUpdate(bookingUpdate({ ...room, inDate }, count), ROOMS_SHORT(inDate))), ...mark];
}

/** Gives back `count` rooms on each night (a cancelled or refused booking). */
export function releaseRooms(room: RoomRef, nights: string[], count: number): TxItem[] {
  checkNights(nights, count);
  return nights.map((inDate) => txRawUpdate(bookingUpdate({ ...room, inDate }, -count), RELEASE_MISMATCH(inDate)));
}
