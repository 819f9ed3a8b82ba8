import * as v from "valibot";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { HotelInput, RoomInput } from "@xiangyu/core/hotels/schemas";
import { saveHotel } from "@xiangyu/core/hotels/hotels";
import { saveRoom } from "@xiangyu/core/hotels/rooms";
import { Hotel, HotelRooms, HotelText, Room, newestFirst } from "@xiangyu/core/hotels/entities";
import { indexEntry, roomIndexKey } from "@xiangyu/core/hotels/roomIndex";
import { hotelTotal } from "@xiangyu/core/hotels/hotelQueries";
import { touchHotelList } from "@xiangyu/core/hotels/listVersion";
import { createDepartments } from "@xiangyu/core/org/provision";
import { addTotal, nextIds } from "@xiangyu/core/kernel/counters";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { formatDateTime } from "@xiangyu/core/kernel/clock";
import { DEMO_DEPARTMENTS } from "../seed/demo.ts";
import { pool } from "./timing.ts";

/**
 * Hotels and their rooms for the hotels bench. Core's saves are one transaction each (a hotel
 * moves two list totals; a room moves its hotel's room index), about 3 per second per hotel
 * on this machine under load: 10,500 of them would take most of an hour. So the first hotel and
 * its rooms go through `saveHotel` / `saveRoom`, the others are the same items built the way those
 * saves build them (schema-parsed input, ids from the counters, each hotel's room index item, the
 * totals moved) and put in batches; `checkCatalogShape` proves the two kinds of item alike.
 */
export type SeededHotel = { id: number; hotelType: 1 | 2; roomIds: number[] };

const BATCH = 25;
const IN_FLIGHT = 8;
const STORES = DEMO_DEPARTMENTS.flatMap((b) => (b.children ?? []).map((c) => c.orgName));
const ROOM_KINDS = ["高级大床房", "高级双床房", "豪华大床房", "豪华双床房", "行政套房"];

/** A whole-tenant caller for core's saves (the seed acts as head office). */
export const seedCaller = (tenantId: string): Caller => headOffice(tenantId, { username: "bench", realname: "性能测试", sessionId: "bench" });

/** Club and discount hotels alternate, spread over the demo stores. */
const hotelTypeOf = (i: number): 1 | 2 => (i % 2 === 0 ? 1 : 2);

function hotelInput(i: number, shop: string, store: string, roomCount: number): v.InferOutput<typeof HotelInput> {
  const hotelType = hotelTypeOf(i);
  const city = store.slice(0, 2);
  return v.parse(HotelInput, {
    hotelType,
    hotelName: `享域${city}${hotelType === 1 ? "度假" : "商务"}酒店${i + 1}号`,
    address: `${city}市测试路${i + 1}号`,
    memberLevel: "1",
    province: "440000",
    city: "440100",
    area: "440106",
    hotelLevel: "四星",
    shop,
    roomCount,
    sortOrder: i % 10,
    tel: "400-800-8888",
    content: "<p>欢迎入住。</p>",
    services: "免费WiFi、停车场",
    inoutTime: "14:00后入住，12:00前退房",
  });
}

const roomInput = (hotelId: number, r: number) =>
  v.parse(RoomInput, {
    hotelId,
    roomName: `${ROOM_KINDS[r % ROOM_KINDS.length]}${Math.floor(r / ROOM_KINDS.length) + 1}`,
    sortOrder: r,
    roomArea: "35㎡",
    zaocan: "含双早",
    network: "免费WiFi",
  });

async function putAll(entity: { put: (items: any[]) => { go: () => Promise<{ unprocessed: unknown[] }> } }, items: unknown[], what: string): Promise<void> {
  await pool(Math.ceil(items.length / BATCH), IN_FLIGHT, async (b) => {
    const { unprocessed } = await entity.put(items.slice(b * BATCH, (b + 1) * BATCH)).go();
    if (unprocessed.length) throw new Error(`hotels seed: ${unprocessed.length} ${what} items not written`);
  });
}

export async function createCatalog(tenantId: string, count: number, roomsPerHotel: number, roomCount: number, log: (s: string) => void): Promise<SeededHotel[]> {
  const scope = { caller: seedCaller(tenantId) };
  const stores = await createDepartments(tenantId, DEMO_DEPARTMENTS);
  const shopOf = (i: number) => ({ store: STORES[i % STORES.length]!, shop: stores.get(STORES[i % STORES.length]!)!.code });

  // The reference hotel, through core.
  const { store, shop } = shopOf(0);
  const ref = await saveHotel(scope, hotelInput(0, shop, store, roomCount));
  const reference: SeededHotel = { id: ref.id, hotelType: hotelTypeOf(0), roomIds: [] };
  for (let r = 0; r < roomsPerHotel; r++) reference.roomIds.push((await saveRoom(scope, roomInput(ref.id, r))).id);

  // The others, in bulk.
  const bulk = count - 1;
  const firstHotel = await nextIds(tenantId, "hotel", bulk);
  const firstRoom = await nextIds(tenantId, "room", bulk * roomsPerHotel);
  const createTime = formatDateTime();
  const hotels: SeededHotel[] = [reference];
  const hotelItems: Record<string, unknown>[] = [];
  const texts: Record<string, unknown>[] = [];
  const roomItems: Record<string, unknown>[] = [];
  const indexItems: Record<string, unknown>[] = [];
  for (let k = 0; k < bulk; k++) {
    const i = k + 1;
    const id = firstHotel + k;
    const { store, shop } = shopOf(i);
    // As saveHotel: the input without id, picJson and content, pictures from picJson.
    const { id: _id, picJson, content, ...fields } = hotelInput(i, shop, store, roomCount);
    const seeded: SeededHotel = { id, hotelType: fields.hotelType, roomIds: [] };
    const roomIndex: Record<string, unknown> = {};
    for (let r = 0; r < roomsPerHotel; r++) {
      const roomId = firstRoom + k * roomsPerHotel + r;
      // As saveRoom.
      const { id: _rid, picJson: roomPics, ...roomFields } = roomInput(id, r);
      const room = { tenantId, id: roomId, ...roomFields, pictures: roomPics, rank: newestFirst(roomId), hasDelete: 0, createTime };
      roomItems.push(room);
      roomIndex[String(roomId)] = indexEntry(room);
      seeded.roomIds.push(roomId);
    }
    hotelItems.push({ tenantId, id, ...fields, pictures: picJson, rank: newestFirst(id), createTime });
    indexItems.push({ tenantId, hotelId: id, rooms: roomIndex });
    texts.push({ tenantId, hotelId: id, content });
    hotels.push(seeded);
  }
  await putAll(Hotel as any, hotelItems, "hotel");
  await putAll(HotelText as any, texts, "hotel text");
  await putAll(HotelRooms as any, indexItems, "room index");
  await putAll(Room as any, roomItems, "room");
  const types = hotels.slice(1).map((h) => h.hotelType);
  await addTotal(tenantId, hotelTotal(), bulk);
  for (const t of [1, 2] as const) await addTotal(tenantId, hotelTotal(t), types.filter((x) => x === t).length);
  // As every hotel create: the tenant's hotel lists changed (remembered page starts are dropped).
  await touchHotelList(tenantId);
  log(`  ${count} hotels, ${(count * roomsPerHotel).toLocaleString("en")} rooms (1 hotel through saveHotel/saveRoom, the rest in batches)`);
  await checkCatalogShape(tenantId, reference, hotels[hotels.length - 1]!);
  return hotels;
}

/** Attribute names and value types of a stored item, and of its room index entries (a HotelRooms item). */
function shapeOf(item: Record<string, unknown> | undefined): string {
  const types = (o: Record<string, unknown>) =>
    Object.keys(o)
      .sort()
      .map((k) => `${k}:${Array.isArray(o[k]) ? "list" : typeof o[k]}`)
      .join(",");
  const index = Object.values((item?.rooms ?? {}) as Record<string, Record<string, unknown>>);
  return `${types(item ?? {})} | rooms ${index.length}: ${index[0] ? types(index[0]) : ""}`;
}

/** A bulk-written hotel and room must have the shape of the ones core saved. */
async function checkCatalogShape(tenantId: string, core: SeededHotel, bulk: SeededHotel): Promise<void> {
  const raw = async (Key: Record<string, unknown>) => (await dynamo().send(new GetCommand({ TableName: config.table, Key }))).Item;
  const hotelKey = (id: number) => Hotel.get({ tenantId, id }).params().Key;
  const roomKey = (id: number) => Room.get({ tenantId, id }).params().Key;
  for (const [what, a, b] of [
    ["hotel", await raw(hotelKey(core.id)), await raw(hotelKey(bulk.id))],
    ["room", await raw(roomKey(core.roomIds[0]!)), await raw(roomKey(bulk.roomIds[0]!))],
    ["room index", await raw(roomIndexKey(tenantId, core.id)), await raw(roomIndexKey(tenantId, bulk.id))],
  ] as const) {
    if (shapeOf(a) !== shapeOf(b)) throw new Error(`hotels seed: a bulk-written ${what} differs from core's\n core: ${shapeOf(a)}\n bulk: ${shapeOf(b)}`);
  }
}
