import { describe, it, expect, beforeAll } from "vitest";
import { get, post, testTenant } from "./harness.ts";
import { seedHotels, SEED_STATUS_DAYS } from "../../local/src/seed/hotels.ts";
import { variantsOf, variantUrl } from "@xiangyu/core/content/pictureVariants";
import { today } from "@xiangyu/core/kernel/clock";
import { addDays } from "@xiangyu/core/hotels/nights";
import { daysOf, dayKey, roomsOfDay, cellOf, writeCells } from "@xiangyu/core/hotels/days";
import { Hotel } from "@xiangyu/core/hotels/entities";
import { dynamo } from "@xiangyu/core/kernel/aws";
import { config } from "@xiangyu/core/kernel/config";
import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";

/** The demo hotels: what `npm start` shows a newcomer, through the real routes. */
let t: Awaited<ReturnType<typeof testTenant>>;
const lines: string[] = [];

beforeAll(async () => {
  t = await testTenant();
  expect(await seedHotels(t.clientId, (s) => lines.push(s))).toBe(true);
}, 120_000);

describe("demo hotels seed", () => {
  it("adds club and discount hotels with rooms in the demo stores", async () => {
    const club = await post("/xiangyu/api/hotel/hotellist", { token: t.adminToken, functionId: 1601, form: {} });
    const discount = await post("/xiangyu/api/hotel/hotellist", { token: t.adminToken, functionId: 1602, form: {} });
    expect(club.body.pageParams.maxCount).toBeGreaterThanOrEqual(2);
    expect(discount.body.pageParams.maxCount).toBeGreaterThanOrEqual(2);
    const stores = new Set([...t.depts.values()].map((d) => d.code));
    for (const h of [...club.body.dataList, ...discount.body.dataList]) expect(stores.has(h.shop)).toBe(true);
    expect(lines.join("\n")).toMatch(/^hotels: /);
  });

  it("stores two months of room status from today, priced for discount hotels", async () => {
    const list = await get("/xiangyu/api/hotel/hotelstatuslist", { token: t.adminToken, functionId: 1604 });
    const hotel = list.body.dataList[0];
    expect(hotel.lastDate).toBe(addDays(today(), SEED_STATUS_DAYS - 1));
    const room = hotel.children[0];
    expect(room.roomStatusList.find((c: any) => c.inDate === today())).toMatchObject({ freeCount: expect.any(Number), inPrice: expect.any(Number) });
    expect(room.roomStatusList.every((c: any) => c.roomCount > 0 && c.inPrice > 0)).toBe(true);
    const days = await get("/xiangyu/api/hotel/roomstatuslist", { token: t.adminToken, functionId: 1604, query: { roomId: room.roomId } });
    expect(days.body.dataList).toHaveLength(SEED_STATUS_DAYS);
  });

  it("adds this year's public holidays, and does nothing the second time", async () => {
    const year = today().slice(0, 4);
    const holidays = (await get("/xiangyu/api/holiday/list", { token: t.adminToken, functionId: 1605, query: { pageSize: 100 } })).body.dataList;
    expect(holidays.filter((h: any) => h.holidayDate.startsWith(year)).map((h: any) => h.holidayName)).toContain("国庆节");
    expect(holidays.every((h: any) => h.holidayName.length <= 5)).toBe(true);
    expect(await seedHotels(t.clientId)).toBe(false);
  });

  it("gives every hotel its own pictures (PNG scenes stored as the tenant's uploads, ≤ 60 kB) and coordinates, every room a picture", async () => {
    const hotels = [
      ...(await Hotel.query.byType({ tenantId: t.clientId, hotelType: 1 }).go()).data,
      ...(await Hotel.query.byType({ tenantId: t.clientId, hotelType: 2 }).go()).data,
    ];
    expect(hotels.length).toBeGreaterThanOrEqual(4);
    const all = hotels.flatMap((h) => h.pictures ?? []);
    expect(new Set(all).size).toBe(all.length);
    for (const h of hotels) {
      expect(h.pictures?.length, h.hotelName).toBe(3);
      expect(Number(h.lat), h.hotelName).toBeGreaterThan(18);
      expect(Number(h.lng), h.hotelName).toBeGreaterThan(100);
    }
    // Served as any uploaded picture is: a redirect to the bucket, then a PNG of its own; its
    // address names a 480-wide copy beside it (core/content/pictureVariants.ts), served alike.
    const copies = variantsOf(hotels[0]!.pictures![0]!)!;
    expect(copies).toMatchObject({ widths: [480], type: "png", original: 800 });
    const read = async (url: string) => {
      const r = await get(url);
      expect(r.status, url).toBe(302);
      return Buffer.from(await (await fetch(r.headers["location"]!)).arrayBuffer());
    };
    const png = await read(copies.src);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeLessThanOrEqual(60_000);
    const small = await read(variantUrl(copies.src, 480, "png"));
    expect(small.readUInt32BE(16)).toBe(480);
    expect(small.length).toBeLessThan(png.length);
    const rooms = await get("/xiangyu/api/hotel/roomlist", { token: t.adminToken, functionId: 1601, query: { hotelId: hotels[0]!.id } });
    expect(rooms.body.dataList.length).toBeGreaterThan(0);
    for (const r of rooms.body.dataList) expect(JSON.stringify(r.picJson ?? r.pictures ?? "")).toContain("/uploader/files/");
  });

  it("writes each day whole as the status save would have left it", async () => {
    // The seed batch-writes days (core's newDayItem); a day written again room by room through
    // writeCells, what a status save does, must be the very same item.
    const hotel = (await Hotel.query.byType({ tenantId: t.clientId, hotelType: 2 }).go()).data[0]!;
    const inDate = addDays(today(), 5);
    const [day] = await daysOf(t.clientId, hotel.id, inDate, inDate);
    const Key = dayKey({ tenantId: t.clientId, hotelId: hotel.id, inDate });
    const raw = async () => (await dynamo().send(new GetCommand({ TableName: config.table, Key, ConsistentRead: true }))).Item;
    const sorted = (o: Record<string, unknown> | undefined) => Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b));
    const seeded = await raw();
    const changes = roomsOfDay(day!).map((roomId) => {
      const c = cellOf(day!, roomId)!;
      return { tenantId: t.clientId, hotelId: hotel.id, inDate, roomId, roomCount: c.roomCount, inPrice: c.inPrice };
    });
    expect(changes.length).toBeGreaterThan(1);
    await dynamo().send(new DeleteCommand({ TableName: config.table, Key }));
    expect(await writeCells(changes)).toEqual([]);
    expect(sorted(await raw())).toEqual(sorted(seeded));
  });
});
