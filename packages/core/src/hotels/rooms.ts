import { mapLimit } from "../kernel/batch.ts";
import { Room, newestFirst, type HotelItem, type RoomItem } from "./entities.ts";
import type { RoomInput } from "./schemas.ts";
import { assertInScope, foundInScope, type HotelScope } from "./scope.ts";
import { getHotel, getRoom, roomsOf } from "./hotelQueries.ts";
import { roomView, type RoomView } from "./views.ts";
import { dropIndexEntry, indexEntry, putIndexEntry } from "./roomIndex.ts";
import { forgetRoom } from "./days.ts";
import { nextId } from "../kernel/counters.ts";
import { formatDateTime } from "../kernel/clock.ts";
import { DomainError, notFound, nothingDeleted } from "../kernel/errors.ts";
import { transact, txDelete, txPut, txUpdate } from "../kernel/tx.ts";

/** Rooms of a hotel (spec 000 §2 room list and edit form; R101–R109). */

export const ROOM_IN_USE = "该客房已被使用，不能删除";

/** A room and its hotel, both inside the screen's scope; a room outside it does not exist for the caller. */
export async function roomInScope(scope: HotelScope, id: number): Promise<{ room: RoomItem; hotel: HotelItem }> {
  const { tenantId } = scope.caller;
  const room = await getRoom(tenantId, id);
  if (!room) throw notFound("客房");
  const hotel = assertInScope(scope, await getHotel(tenantId, room.hotelId), "客房");
  return { room, hotel };
}

export async function listRooms(scope: HotelScope, hotelId: number): Promise<RoomView[]> {
  const { tenantId } = scope.caller;
  assertInScope(scope, await getHotel(tenantId, hotelId));
  return (await roomsOf(tenantId, hotelId)).map(roomView);
}

export async function viewRoom(scope: HotelScope, id: number): Promise<RoomView> {
  return roomView((await roomInScope(scope, id)).room);
}

export async function saveRoom(scope: HotelScope, input: RoomInput): Promise<RoomView> {
  const { tenantId } = scope.caller;
  assertInScope(scope, await getHotel(tenantId, input.hotelId));
  const { id: _id, picJson, ...fields } = input;
  const values = { ...fields, pictures: picJson };
  if (input.id) {
    const { room } = await roomInScope(scope, input.id);
    if (room.hotelId !== input.hotelId) throw notFound("客房");
    const saved = { ...room, ...values };
    await transact([
      txUpdate(Room.patch({ tenantId, id: room.id }).set({ ...values, rank: room.rank }), "客房不存在或已被删除"),
      putIndexEntry(tenantId, room.hotelId, indexEntry(saved)),
    ]);
    return roomView(saved);
  }
  const id = await nextId(tenantId, "room");
  const item = { tenantId, id, ...values, rank: newestFirst(id), hasDelete: 0, createTime: formatDateTime() };
  await transact([txPut(Room.create(item), "客房编号冲突，请重试"), putIndexEntry(tenantId, input.hotelId, indexEntry(item))]);
  return roomView(item as RoomItem);
}

export async function toggleRoom(scope: HotelScope, id: number): Promise<{ id: number; idisplay: number }> {
  const { tenantId } = scope.caller;
  const { room } = await roomInScope(scope, id);
  const idisplay = room.idisplay === 1 ? 0 : 1;
  await transact([
    txUpdate(
      Room.patch({ tenantId, id })
        .set({ idisplay })
        .where((a, op) => op.eq(a.idisplay, room.idisplay ?? 1)),
      "数据已被修改，请刷新后重试",
    ),
    putIndexEntry(tenantId, room.hotelId, indexEntry({ ...room, idisplay })),
  ]);
  return { id, idisplay };
}

/**
 * Deletes rooms and their status. A booked room (hasDelete = 1) stays (R106); the delete is
 * conditional so that a booking landing meanwhile wins.
 */
export async function deleteRooms(scope: HotelScope, ids: number[]): Promise<number[]> {
  const { tenantId } = scope.caller;
  const found = (
    await mapLimit(ids, async (id) => {
      const room = await getRoom(tenantId, id);
      const hotel = room && foundInScope(scope, await getHotel(tenantId, room.hotelId));
      return room && hotel ? { room, hotel } : null;
    })
  ).filter((f) => f !== null);
  if (!found.length) throw nothingDeleted();
  if (found.some(({ room }) => room.hasDelete === 1)) throw new DomainError(ROOM_IN_USE, "409");
  for (const { room } of found) {
    await transact([
      txDelete(
        Room.remove({ tenantId, id: room.id }).where((a, op) => op.ne(a.hasDelete, 1)),
        ROOM_IN_USE,
      ),
      dropIndexEntry(tenantId, room.hotelId, room.id),
    ]);
    await forgetRoom(tenantId, room.hotelId, room.id);
  }
  return found.map(({ room }) => room.id);
}
