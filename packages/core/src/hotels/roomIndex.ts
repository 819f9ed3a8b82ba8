import { Hotel, type HotelItem, type RoomIndexEntry, type RoomItem } from "./entities.ts";
import { config } from "../kernel/config.ts";
import type { TxItem } from "../kernel/tx.ts";

/**
 * The compact copy of a hotel's rooms on the hotel item (roomIndex). Every room write moves it in
 * the same transaction, one map entry per room, so concurrent edits of two rooms do not clash.
 */

export const indexEntry = (r: Pick<RoomItem, "id" | "roomName" | "idisplay" | "sortOrder" | "rank">): RoomIndexEntry => ({
  id: r.id,
  roomName: r.roomName,
  idisplay: r.idisplay ?? 1,
  sortOrder: r.sortOrder,
  rank: r.rank,
});

const hotelKey = (tenantId: string, hotelId: number) => Hotel.get({ tenantId, id: hotelId }).params().Key;

/** Sets a room's entry; fails when the hotel is gone. */
export const putIndexEntry = (tenantId: string, hotelId: number, entry: RoomIndexEntry): TxItem => ({
  Update: {
    TableName: config.table,
    Key: hotelKey(tenantId, hotelId),
    UpdateExpression: "SET #index.#room = :entry",
    ConditionExpression: "attribute_exists(#index)",
    ExpressionAttributeNames: { "#index": "roomIndex", "#room": String(entry.id) },
    ExpressionAttributeValues: { ":entry": entry },
  },
  failMessage: "酒店不存在或已被删除",
});

export const dropIndexEntry = (tenantId: string, hotelId: number, roomId: number): TxItem => ({
  Update: {
    TableName: config.table,
    Key: hotelKey(tenantId, hotelId),
    UpdateExpression: "REMOVE #index.#room",
    ConditionExpression: "attribute_exists(#index)",
    ExpressionAttributeNames: { "#index": "roomIndex", "#room": String(roomId) },
  },
});

/** A hotel's rooms in list order: sortOrder ascending, newest first. */
export function indexedRooms(hotel: Pick<HotelItem, "roomIndex">): RoomIndexEntry[] {
  const map = (hotel.roomIndex ?? {}) as Record<string, RoomIndexEntry>;
  return Object.values(map).sort((a, b) => a.sortOrder - b.sortOrder || a.rank - b.rank);
}
