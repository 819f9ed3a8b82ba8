import { areaApp, lambda, type Impls, type RouteContext } from "../http/app.ts";
import { parse, idList, intParam, optionalInt } from "../http/input.ts";
import { routes } from "./routes.ts";
import { CalendarSetInput, DateRangeInput, HolidayInput, HotelInput, RoomInput, RoomStatusInput, StayInput, MSG } from "@xiangyu/core/hotels/schemas";
import { presetHotelType, type HotelScope } from "@xiangyu/core/hotels/scope";
import { listHotels, viewHotel, saveHotel, deleteHotels, toggleHotel, hotelOptions } from "@xiangyu/core/hotels/hotels";
import { listRooms, viewRoom, saveRoom, deleteRooms, toggleRoom } from "@xiangyu/core/hotels/rooms";
import { roomStatusList, saveRoomStatus } from "@xiangyu/core/hotels/roomStatus";
import { hotelStatusList } from "@xiangyu/core/hotels/statusList";
import { monthCalendar, setCalendar } from "@xiangyu/core/hotels/calendar";
import { roomsForStay } from "@xiangyu/core/hotels/stay";
import { listHolidays, saveHoliday, deleteHoliday, holidayDates } from "@xiangyu/core/hotels/holidays";
import { isDate } from "@xiangyu/core/hotels/nights";
import { functionsOf } from "@xiangyu/core/platform/menu";
import { ok, okList } from "@xiangyu/core/kernel/envelope";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { DENIAL } from "@xiangyu/core/kernel/rights";
import { readPaging } from "@xiangyu/core/kernel/paging";

/** The screen's scope: the caller and the hotel type its function presets (会员酒店 → 1, 折扣酒店 → 2). */
async function scopeOf({ caller, fn }: RouteContext): Promise<HotelScope> {
  const params = fn ? (await functionsOf(caller.tenantId)).get(fn.id)?.params : undefined;
  return { caller, hotelType: presetHotelType(params) };
}

/** Hotel status editing needs E or A (R099); a route can declare one letter only. */
function needEditOrAdd({ caller }: RouteContext): void {
  const letters = caller.rights[String(caller.functionId)] ?? "";
  if (!letters.includes("E") && !letters.includes("A")) throw new DomainError(DENIAL.E, "403");
}

/** Hotel lists keep their own order: sortOrder ascending, then newest first (R086). */
const hotelPaging = (input: Record<string, unknown>) => ({ ...readPaging(input), sort: "sortOrder", order: "asc" as const });

const optionalDate = (raw: unknown): string | undefined => {
  const s = String(raw ?? "").trim().slice(0, 10);
  if (!s) return undefined;
  if (!isDate(s)) throw new DomainError("日期格式不正确", "400");
  return s;
};

const impls: Impls<typeof routes> = {
  "POST /xiangyu/api/hotel/hotellist": async (ctx) =>
    listHotels(await scopeOf(ctx), hotelPaging(ctx.input), { hotelType: optionalInt(ctx.input.hotelType, 0, "酒店类型不正确") || undefined, keyword: String(ctx.input.keyword ?? "") }),
  "GET /xiangyu/api/hotel/hotelview": async (ctx) => ok(await viewHotel(await scopeOf(ctx), intParam(ctx.input.id))),
  "POST /xiangyu/api/hotel/hotelsave": async (ctx) => ok(await saveHotel(await scopeOf(ctx), parse(HotelInput, ctx.input)), "保存成功"),
  "POST /xiangyu/api/hotel/hoteldelete": async (ctx) => {
    await deleteHotels(await scopeOf(ctx), idList(ctx.input.ids ?? ctx.input.id));
    return ok(undefined, "删除成功");
  },
  "POST /xiangyu/api/hotel/hotelpassed": async (ctx) => ok(await toggleHotel(await scopeOf(ctx), intParam(ctx.input.id, "并没有选择审核项")), "操作成功"),
  "GET /xiangyu/api/hotel/allhotel": async ({ caller, input }) => okList(await hotelOptions(caller.tenantId, optionalInt(input.hotelType, 0))),
  "GET /xiangyu/api/hotel/hotelstatuslist": async (ctx) =>
    hotelStatusList(await scopeOf(ctx), readPaging(ctx.input), { hotelType: optionalInt(ctx.input.hotelType, 0, "酒店类型不正确") || undefined, keyword: String(ctx.input.keyword ?? "") }),

  "GET /xiangyu/api/hotel/roomlist": async (ctx) => okList(await listRooms(await scopeOf(ctx), intParam(ctx.input.hotelId))),
  "GET /xiangyu/api/hotel/roomview": async (ctx) => ok(await viewRoom(await scopeOf(ctx), intParam(ctx.input.id))),
  "POST /xiangyu/api/hotel/roomsave": async (ctx) => ok(await saveRoom(await scopeOf(ctx), parse(RoomInput, ctx.input)), "保存成功"),
  "POST /xiangyu/api/hotel/roomdelete": async (ctx) => {
    await deleteRooms(await scopeOf(ctx), idList(ctx.input.ids ?? ctx.input.id));
    return ok(undefined, "删除成功");
  },
  "POST /xiangyu/api/hotel/roompassed": async (ctx) => ok(await toggleRoom(await scopeOf(ctx), intParam(ctx.input.id, "并没有选择审核项")), "操作成功"),

  "GET /xiangyu/api/hotel/roomstatuslist": async (ctx) => {
    const page = await roomStatusList(await scopeOf(ctx), intParam(ctx.input.roomId ?? ctx.input.id), {
      startDate: optionalDate(ctx.input.startDate),
      endDate: optionalDate(ctx.input.endDate),
    });
    return { ...okList(page.rows), data: page.range };
  },
  "POST /xiangyu/api/hotel/roomstatussave": async (ctx) => {
    needEditOrAdd(ctx);
    const count = await saveRoomStatus(await scopeOf(ctx), parse(RoomStatusInput, ctx.input));
    return ok({ count }, "保存成功");
  },
  "GET /xiangyu/api/hotel/roomcalendar": async (ctx) => ok(await monthCalendar(await scopeOf(ctx), intParam(ctx.input.hotelId), String(ctx.input.month ?? ""))),
  "POST /xiangyu/api/hotel/roomcalendarsave": async (ctx) => {
    needEditOrAdd(ctx);
    const count = await setCalendar(await scopeOf(ctx), parse(CalendarSetInput, ctx.input));
    return ok({ count }, "保存成功");
  },
  "GET /xiangyu/api/hotel/app/rooms": async ({ caller, input }) => {
    const stay = await roomsForStay(caller.tenantId, parse(StayInput, input));
    return { ...okList(stay.dataList), data: { nights: stay.nights, weekdayNights: stay.counts.weekday, weekendNights: stay.counts.weekend } };
  },

  "GET /xiangyu/api/holiday/list": async ({ caller, input }) => listHolidays(caller.tenantId, readPaging(input)),
  "POST /xiangyu/api/holiday/save": async ({ caller, input }) => ok(await saveHoliday(caller.tenantId, parse(HolidayInput, input)), "保存成功"),
  "POST /xiangyu/api/holiday/delete": async ({ caller, input }) => {
    const day = String(input.holidayDate ?? "").trim().slice(0, 10);
    if (!day) throw new DomainError(MSG.date, "400");
    if (!isDate(day)) throw new DomainError("日期格式不正确", "400");
    await deleteHoliday(caller.tenantId, day);
    return ok(undefined, "删除成功");
  },
  "GET /xiangyu/api/order/getholidaylist": async ({ caller, input }) => {
    const r = parse(DateRangeInput, input);
    return okList(await holidayDates(caller.tenantId, r.startDate, r.endDate));
  },
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
