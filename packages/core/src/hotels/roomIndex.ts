import { HotelRooms, type RoomIndexEntry, type RoomItem } from "./entities.ts";
import { config } from "../kernel/config.ts";
import { txDelete, txPut, type TxItem } from "../kernel/tx.ts";

/**
 * The compact copy of a hotel's rooms (HotelRooms, one item per hotel). It is created and deleted
 * with its hotel, and every room write moves it in the same transaction, one map entry per room,
 * so concurrent edits of two rooms do not clash.
 */

export const indexEntry = (r: Pick<RoomItem, "id" | "roomName" | "idisplay" | "sortOrder" | "rank">): RoomIndexEntry => ({
  id: r.id,
  roomName: r.roomName,
  idisplay: r.idisplay ?? 1,
  sortOrder: r.sortOrder,
  rank: r.rank,
});

export const roomIndexKey = (tenantId: string, hotelId: number): Record<string, string> => HotelRooms.get({ tenantId, hotelId }).params().Key;

/** The empty index a new hotel starts with (same transaction as the hotel). */
export const createRoomIndex = (tenantId: string, hotelId: number): TxItem => txPut(HotelRooms.put({ tenantId, hotelId, rooms: {} }));

export const deleteRoomIndex = (tenantId: string, hotelId: number): TxItem => txDelete(HotelRooms.delete({ tenantId, hotelId }));

/** Sets a room's entry; fails when the hotel (and so its index) is gone. */
export const putIndexEntry = (tenantId: string, hotelId: number, entry: RoomIndexEntry): TxItem => ({
  Update: {
    TableName: config.table,
    Key: roomIndexKey(tenantId, hotelId),
    UpdateExpression: "SET #index.#room = :entry",
    ConditionExpression: "attribute_exists(#index)",
    ExpressionAttributeNames: { "#index": "rooms", "#room": String(entry.id) },
    ExpressionAttributeValues: { ":entry": entry },
  },
  failMessage: "酒店不存在或已被删除",
});

export const dropIndexEntry = (tenantId: string, hotelId: number, roomId: number): TxItem => ({
  Update: {
    TableName: config.table,
    Key: roomIndexKey(tenantId, hotelId),
    UpdateExpression: "REMOVE #index.#room",
    ConditionExpression: "attribute_exists(#index)",
    ExpressionAttributeNames: { "#index": "rooms", "#room": String(roomId) },
  },
});

/** A hotel's rooms in list order (sortOrder ascending, newest first), from its stored index item (raw or ElectroDB's). */
export function indexedRooms(index: { rooms?: unknown } | null | undefined): RoomIndexEntry[] {
  const map = (index?.rooms ?? {}) as Record<string, RoomIndexEntry>;
  return Object.values(map).sort((a, b) => a.sortOrder - b.sortOrder || a.rank - b.rank);
}

/** One hotel's rooms in list order (one GetItem). */
export async function roomIndexOf(tenantId: string, hotelId: number): Promise<RoomIndexEntry[]> {
  const { data } = await HotelRooms.get({ tenantId, hotelId }).go();
  return indexedRooms(data);
}
