import { hotelStatusList } from "@xiangyu/core/hotels/statusList";
import { headOffice } from "@xiangyu/core/kernel/context";
import { monthCalendar, monthBounds } from "@xiangyu/core/hotels/calendar";
import { getHotel, hotelPage } from "@xiangyu/core/hotels/hotelQueries";
import { dayKey, daysOf } from "@xiangyu/core/hotels/days";
import { batchGet } from "@xiangyu/core/hotels/batchGet";
import { roomIndexKey, roomIndexOf } from "@xiangyu/core/hotels/roomIndex";
import { holidaysBetween } from "@xiangyu/core/hotels/holidays";
import { addDays, datesFrom } from "@xiangyu/core/hotels/nights";
import type { HotelScope } from "@xiangyu/core/hotels/scope";
import { today } from "@xiangyu/core/kernel/clock";
import { readPaging } from "@xiangyu/core/kernel/paging";
import type { SeededHotel, SeedSize, seedHotelStatus } from "./seedHotels.ts";
import type { Variant } from "./timing.ts";

/**
 * Issue 4's target: with 500 hotels × 20 rooms × 365 days of status stored, the hotel status list
 * of one type and one hotel's month calendar each answer in ≤ 150 ms at p95. Each is timed
 * through the real gateway with a real session, as the service function alone (no session, no
 * HTTP: the reads plus building the reply) and as the bare DynamoDB reads the service makes.
 */
const STATUS = "/xiangyu/api/hotel/hotelstatuslist";
const CALENDAR = "/xiangyu/api/hotel/roomcalendar";
/** Menu functions (core platform/standardMenu.ts): 会员酒店 / 折扣酒店 open the calendar, 会员酒店房态 / 折扣酒店房态房价 the status list. */
export const HOTELS_FN = { 1: 1601, 2: 1602 } as const;
const STATUS_FN = { 1: 1603, 2: 1604 } as const;
export const PAGE_SIZE = 20;

export type Layer = "gateway" | "service" | "bare";
export type Scenario = { name: string; path: string; fn: number; query: Record<string, string | number>; check: (body: any) => void; service: Variant; bare: Variant };

const fail = (what: string, detail: unknown): never => {
  throw new Error(`${what}: incomplete reply ${JSON.stringify(detail).slice(0, 300)}`);
};

/** The tenant and the status the scenarios read. */
type Setup = { tenantId: string; size: SeedSize; seed: Awaited<ReturnType<typeof seedHotelStatus>> };

export const hotelsOfType = (seed: Setup["seed"], type: 1 | 2) => seed.hotels.filter((h) => h.hotelType === type).length;
/** The head office's view of one hotel type: every store's hotels. */
const scopeOf = (tenantId: string, hotelType: 1 | 2): HotelScope => ({ caller: headOffice(tenantId, { username: "bench", sessionId: "bench" }), hotelType });
/** The status list's first three days: today and the two after. */
const nearDays = () => [today(), addDays(today(), 1), addDays(today(), 2)];

/** The status list of one hotel type, one page: every hotel row and every room with its four days. */
export function statusListScenario(s: Setup, type: 1 | 2, page: number): Scenario {
  const { tenantId, size, seed } = s;
  const perType = (t: 1 | 2) => hotelsOfType(seed, t);
  const scope = scopeOf(tenantId, type);
  const near = nearDays();
  const rows = Math.min(PAGE_SIZE, perType(type) - (page - 1) * PAGE_SIZE);
  const paging = readPaging({ currentPage: page, pageSize: PAGE_SIZE });
  return {
    name: `status list, ${type === 1 ? "club" : "discount"} hotels, page ${page} (${rows} hotels × ${size.rooms} rooms)`,
    path: STATUS,
    fn: STATUS_FN[type],
    query: { currentPage: page, pageSize: PAGE_SIZE, hotelType: type },
    // Every hotel row and every room with its four days (today, +1, +2, the last stored day).
    check: (body) => {
      if (body.dataList?.length !== rows || body.pageParams?.maxCount !== perType(type)) fail(STATUS, body.pageParams);
      for (const h of body.dataList) {
        if (h.hotelType !== type || h.roomStatusList?.length !== 4 || h.children?.length !== size.rooms || h.lastDate !== seed.last)
          fail(STATUS, { ...h, children: h.children?.length });
        for (const c of h.children) if (c.roomStatusList?.length !== 4) fail(STATUS, c);
      }
    },
    service: () => hotelStatusList(scope, paging, { hotelType: type }),
    // The service's reads: the page of hotels ∥ the kept total, then one batch get of their room indexes and days.
    bare: async () => {
      const { rows: hotels } = await hotelPage(scope, paging, { hotelType: type });
      const days = hotels.flatMap((h) => [...new Set([...near, ...(h.lastDate ? [h.lastDate] : [])])].map((inDate) => dayKey({ tenantId, hotelId: h.id, inDate })));
      return batchGet([...days, ...hotels.map((h) => roomIndexKey(tenantId, h.id))]);
    },
  };
}

/** One hotel's calendar of `month` (every day of it stored for every room): every room, every cell. */
export function calendarScenario(s: Setup, h: SeededHotel, month: string): Scenario {
  const { tenantId, size } = s;
  const scope = scopeOf(tenantId, h.hotelType);
  const { first, last } = monthBounds(month);
  const monthDays = datesFrom(first, last).length;
  return {
    name: `month calendar, one ${h.hotelType === 1 ? "club" : "discount"} hotel (${size.rooms} rooms × ${monthDays} days)`,
    path: CALENDAR,
    fn: HOTELS_FN[h.hotelType],
    query: { hotelId: h.id, month },
    check: (body) => {
      const d = body.data;
      if (d?.hotelId !== h.id || d.days?.length !== monthDays || d.rooms?.length !== size.rooms) fail(CALENDAR, { ...d, rooms: d?.rooms?.length });
      for (const r of d.rooms) {
        if (r.cells.length !== monthDays || r.cells.some((c: any, i: number) => c?.inDate !== d.days[i].date || !(c.roomCount > 0))) fail(CALENDAR, r);
        if (h.hotelType === 2 && r.cells.some((c: any) => !(Number(c.inPrice) > 0))) fail(CALENDAR, r);
      }
    },
    service: () => monthCalendar(scope, h.id, month),
    // The service's reads, all at once: the hotel item ∥ its room index ∥ the month's days ∥ its holidays.
    bare: () => Promise.all([getHotel(tenantId, h.id), roomIndexOf(tenantId, h.id), daysOf(tenantId, h.id, first, last), holidaysBetween(tenantId, first, last)]),
  };
}
