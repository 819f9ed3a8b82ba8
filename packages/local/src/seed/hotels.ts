import * as v from "valibot";
import { headOffice, type Caller } from "@xiangyu/core/kernel/context";
import { HolidayInput, HotelInput, RoomInput } from "@xiangyu/core/hotels/schemas";
import { saveHotel } from "@xiangyu/core/hotels/hotels";
import { saveRoom } from "@xiangyu/core/hotels/rooms";
import { saveHoliday, holidaysBetween } from "@xiangyu/core/hotels/holidays";
import { advanceLastDate } from "@xiangyu/core/hotels/statusWrites";
import { newDayItem } from "@xiangyu/core/hotels/days";
import { hotelTotal } from "@xiangyu/core/hotels/hotelQueries";
import { addDays, datesFrom, nightOf } from "@xiangyu/core/hotels/nights";
import { OrgNode } from "@xiangyu/core/org/entities";
import { readTotal } from "@xiangyu/core/kernel/counters";
import { today } from "@xiangyu/core/kernel/clock";
import { since } from "./progress.ts";
import { putItems } from "./batchPut.ts";
import { storeScene, type SceneKind } from "./pictures.ts";

/**
 * Demo hotels: club and discount hotels with rooms, two months of room status from today (more
 * rooms and dearer nights at weekends and holidays), and this year's public holidays.
 * A no-op when the tenant already has hotels.
 *
 * Hotels, rooms and holidays go through their services (a few dozen transactions that also move
 * the list totals and the room index). Room status would be one conditional update per room and
 * day (840); a new day is instead written whole, as core's `newDayItem` builds it (what those
 * updates leave, hotelsSeed.test.ts compares), in batches, and each hotel's last stored day is
 * moved as a status save moves it.
 *
 * Each hotel has its own pictures — two views of the hotel in its setting (by the sea, a hot
 * spring, the city) and a room, each room a picture of its own — drawn at seed time and stored as
 * the tenant's uploads (seed/pictures.ts), and its coordinates (GCJ-02, like the console's map
 * picker), so the website's hotel pages show a gallery and a map.
 */

/** Public holidays as the State Council announced them (name ≤ 5 characters, R118). */
const PUBLIC_HOLIDAYS: Record<number, Array<[string, string, string]>> = {
  2025: [
    ["元旦", "01-01", "01-01"],
    ["春节", "01-28", "02-04"],
    ["清明节", "04-04", "04-06"],
    ["劳动节", "05-01", "05-05"],
    ["端午节", "05-31", "06-02"],
    ["国庆中秋", "10-01", "10-08"],
  ],
  2026: [
    ["元旦", "01-01", "01-03"],
    ["春节", "02-15", "02-23"],
    ["清明节", "04-04", "04-06"],
    ["劳动节", "05-01", "05-05"],
    ["端午节", "06-19", "06-21"],
    ["中秋节", "09-25", "09-27"],
    ["国庆节", "10-01", "10-07"],
  ],
};

/** Years not announced yet: the days fixed by law. */
const FIXED_HOLIDAYS: Array<[string, string, string]> = [
  ["元旦", "01-01", "01-01"],
  ["劳动节", "05-01", "05-01"],
  ["国庆节", "10-01", "10-03"],
];

export const holidaysOf = (year: number) =>
  (PUBLIC_HOLIDAYS[year] ?? FIXED_HOLIDAYS).map(([holidayName, from, to]) => ({ holidayName, holidayDate: `${year}-${from}`, holidayEnddate: `${year}-${to}` }));

type RoomPlan = { roomName: string; roomArea: string; bedSpecifications: string; hasWindow: number; zaocan: string; rooms: number; price: number };
type HotelPlan = {
  hotelType: 1 | 2;
  hotelName: string;
  store: string;
  province: string;
  city: string;
  area: string;
  address: string;
  hotelLevel: string;
  /** The scene its pictures show. */
  scene: SceneKind;
  /** GCJ-02, as the console's map picker stores them. */
  lat: string;
  lng: string;
  extra?: Record<string, unknown>;
  rooms: RoomPlan[];
};

const room = (roomName: string, rooms: number, price: number, over: Partial<RoomPlan> = {}): RoomPlan => ({
  roomName,
  roomArea: "35㎡",
  bedSpecifications: roomName.includes("双") ? "1.2米双床" : "1.8米大床",
  hasWindow: 1,
  zaocan: "含双早",
  rooms,
  price,
  ...over,
});

/** All in Guangdong: the console's area selector starts at province 440000 (R079). */
const HOTELS: HotelPlan[] = [
  {
    hotelType: 1,
    hotelName: "享域珠海横琴度假酒店",
    store: "珠海香洲店",
    province: "440000",
    city: "440400",
    area: "440402",
    address: "珠海市香洲区横琴环岛东路88号",
    scene: "resort",
    lat: "22.101436",
    lng: "113.548218",
    hotelLevel: "五星",
    extra: { cleaningFees: "80", inoutTime: "15:00后入住，12:00前退房", services: "免费停车、海洋乐园接驳、儿童乐园", franchiseStore: 0 },
    rooms: [room("海景大床房", 6, 0), room("海景双床房", 6, 0), room("家庭套房", 2, 0, { roomArea: "68㎡" })],
  },
  {
    hotelType: 1,
    hotelName: "享域清远温泉度假酒店",
    store: "广州天河店",
    province: "440000",
    city: "441800",
    area: "441802",
    address: "清远市清城区银盏温泉大道1号",
    scene: "spring",
    lat: "23.592087",
    lng: "113.106445",
    hotelLevel: "四星",
    extra: { cleaningFees: "50", inoutTime: "14:00后入住，12:00前退房", services: "免费停车、温泉泡池", franchiseStore: 1 },
    rooms: [room("温泉大床房", 5, 0), room("温泉双床房", 5, 0, { hasWindow: 2 })],
  },
  {
    hotelType: 1,
    hotelName: "享域惠州巽寮湾度假酒店",
    store: "深圳南山店",
    province: "440000",
    city: "441300",
    area: "441323",
    address: "惠州市惠东县巽寮湾滨海大道6号",
    scene: "resort",
    lat: "22.726214",
    lng: "114.737549",
    hotelLevel: "四星",
    extra: { cleaningFees: "60", inoutTime: "14:00后入住，12:00前退房", services: "行李寄存、沙滩活动" },
    rooms: [room("花园大床房", 4, 0), room("花园双床房", 4, 0)],
  },
  {
    hotelType: 2,
    hotelName: "享域广州天河商务酒店",
    store: "广州天河店",
    province: "440000",
    city: "440100",
    area: "440106",
    address: "广州市天河区体育西路191号",
    scene: "city",
    lat: "23.136573",
    lng: "113.322830",
    hotelLevel: "四星",
    extra: { useTicket: 1, inoutTime: "14:00后入住，12:00前退房", services: "免费WiFi、健身房" },
    rooms: [room("商务大床房", 10, 39800), room("商务双床房", 8, 41800), room("行政套房", 2, 88800, { roomArea: "60㎡" })],
  },
  {
    hotelType: 2,
    hotelName: "享域深圳南山精选酒店",
    store: "深圳南山店",
    province: "440000",
    city: "440300",
    area: "440305",
    address: "深圳市南山区科技园科苑路15号",
    scene: "city",
    lat: "22.542883",
    lng: "113.946152",
    hotelLevel: "五星",
    extra: { useTicket: 1, inoutTime: "14:00后入住，12:00前退房", services: "免费WiFi、行政酒廊" },
    rooms: [room("高级大床房", 8, 56800), room("高级双床房", 8, 56800, { zaocan: "含单早" })],
  },
  {
    hotelType: 2,
    hotelName: "享域佛山禅城酒店",
    store: "广州天河店",
    province: "440000",
    city: "440600",
    area: "440604",
    address: "佛山市禅城区祖庙路33号",
    scene: "garden",
    lat: "23.031710",
    lng: "113.109474",
    hotelLevel: "三星",
    extra: { useTicket: 0, inoutTime: "14:00后入住，12:00前退房", services: "免费停车" },
    rooms: [room("舒适大床房", 6, 26800), room("舒适双床房", 6, 22800, { hasWindow: 0, zaocan: "不含早" })],
  },
];

/** Days of room status seeded from today. */
export const SEED_STATUS_DAYS = 60;

const systemCaller = (tenantId: string): Caller => headOffice(tenantId, { username: "seed", realname: "演示数据", sessionId: "seed" });

async function storeCodes(tenantId: string): Promise<Map<string, string>> {
  const { data } = await OrgNode.query.byCode({ tenantId, orgType: "dept" }).go({ pages: "all" });
  return new Map(data.map((n) => [n.orgName, n.orgCode]));
}

export async function seedHotels(tenantId: string, log: (s: string) => void = () => undefined): Promise<boolean> {
  if ((await readTotal(tenantId, hotelTotal())) > 0) return false;
  const t0 = Date.now();
  const scope = { caller: systemCaller(tenantId) };

  const year = Number(today().slice(0, 4));
  // This year's holidays, and next New Year's Day, which the two months of status may reach.
  const holidays = [...holidaysOf(year), ...holidaysOf(year + 1).slice(0, 1)];
  // Each holiday is its own item and the total an ADD: they need no order.
  await Promise.all(holidays.map((h) => saveHoliday(tenantId, v.parse(HolidayInput, h))));

  const stores = await storeCodes(tenantId);
  const first = today();
  const days = datesFrom(first, addDays(first, SEED_STATUS_DAYS - 1));
  const last = days[days.length - 1]!;
  const known = await holidaysBetween(tenantId, first, last);
  const weekend = new Set(days.filter((d) => nightOf(d, known).kind === "weekend"));
  const dayItems: Record<string, unknown>[] = [];
  const hotelIds: number[] = [];
  let rooms = 0;
  // One hotel after another: ids come from the counters in this order, the same on every machine.
  for (const plan of HOTELS) {
    const pictures = [
      await storeScene(tenantId, plan.hotelName, plan.scene),
      await storeScene(tenantId, `${plan.hotelName} 2`, plan.scene),
      await storeScene(tenantId, plan.hotelName, "room"),
    ];
    const hotel = await saveHotel(
      scope,
      v.parse(HotelInput, {
        hotelType: plan.hotelType,
        hotelName: plan.hotelName,
        province: plan.province,
        city: plan.city,
        area: plan.area,
        address: plan.address,
        lat: plan.lat,
        lng: plan.lng,
        picJson: JSON.stringify(pictures),
        hotelLevel: plan.hotelLevel,
        memberLevel: "1",
        shop: stores.get(plan.store) ?? "",
        roomCount: plan.rooms.reduce((n, r) => n + r.rooms, 0),
        tel: "400-800-8888",
        content: `<p>${plan.hotelName}欢迎您。</p>`,
        bookingNotice: "请至少提前一天预订。",
        ...plan.extra,
      }),
    );
    hotelIds.push(hotel.id);
    const roomIds: number[] = [];
    for (const r of plan.rooms) {
      roomIds.push(
        (
          await saveRoom(
            scope,
            v.parse(RoomInput, {
              hotelId: hotel.id,
              roomName: r.roomName,
              roomArea: r.roomArea,
              bedSpecifications: r.bedSpecifications,
              hasWindow: r.hasWindow,
              zaocan: r.zaocan,
              network: "免费WiFi",
              picJson: JSON.stringify([await storeScene(tenantId, `${plan.hotelName} ${r.roomName}`, "room")]),
            }),
          )
        ).id,
      );
      rooms++;
    }
    for (const inDate of days) {
      const end = weekend.has(inDate);
      // Weekends and holidays: fewer rooms left to give, a dearer night.
      const cells = plan.rooms.map((r, i) => ({
        roomId: roomIds[i]!,
        roomCount: end ? Math.max(1, r.rooms - 2) : r.rooms,
        inPrice: plan.hotelType === 2 ? (end ? Math.round((r.price * 1.3) / 100) * 100 : r.price) : undefined,
      }));
      dayItems.push(newDayItem({ tenantId, hotelId: hotel.id, inDate }, cells));
    }
  }
  await putItems(dayItems, "room status");
  await Promise.all(hotelIds.map((id) => advanceLastDate(tenantId, id, last)));
  log(`hotels: ${HOTELS.length} (club and discount), ${rooms} rooms, ${SEED_STATUS_DAYS} days of status; holidays ${year}: ${holidays.length} (${since(t0)})`);
  return true;
}
