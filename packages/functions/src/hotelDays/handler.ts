import { areaApp, lambda, type Impls } from "../http/app.ts";
import { routes } from "./routes.ts";
import { scopeOf } from "../hotels/scope.ts";
import { roomStatusList, saveRoomStatus } from "@xiangyu/core/hotels/roomStatus";
import { hotelStatusList } from "@xiangyu/core/hotels/statusList";
import { monthCalendar, setCalendar } from "@xiangyu/core/hotels/calendar";
import { roomsForStay } from "@xiangyu/core/hotels/stay";
import { listHolidays, saveHoliday, deleteHoliday, holidayDates } from "@xiangyu/core/hotels/holidays";
import { ok, okList } from "@xiangyu/core/kernel/envelope";

/** A hotel's days (routes.ts). */
const impls: Impls<typeof routes> = {
  "GET /xiangyu/api/hotel/hotelstatuslist": async (ctx) =>
    hotelStatusList(await scopeOf(ctx), ctx.input.paging, { hotelType: ctx.input.hotelType, keyword: ctx.input.paging.keyword }),

  "GET /xiangyu/api/hotel/roomstatuslist": async (ctx) => {
    const page = await roomStatusList(await scopeOf(ctx), ctx.input.roomId, ctx.input);
    return { ...okList(page.rows), data: page.range };
  },
  "POST /xiangyu/api/hotel/roomstatussave": async (ctx) => {
    const count = await saveRoomStatus(await scopeOf(ctx), ctx.input);
    ctx.actedOn(ctx.input.id);
    return ok({ count }, "保存成功");
  },
  "GET /xiangyu/api/hotel/roomcalendar": async (ctx) => ok(await monthCalendar(await scopeOf(ctx), ctx.input.hotelId, ctx.input.month)),
  "POST /xiangyu/api/hotel/roomcalendarsave": async (ctx) => {
    const count = await setCalendar(await scopeOf(ctx), ctx.input);
    ctx.actedOn(ctx.input.hotelId);
    return ok({ count }, "保存成功");
  },
  "GET /xiangyu/api/hotel/app/rooms": async ({ caller, input }) => {
    const stay = await roomsForStay(caller.tenantId, input);
    return { ...okList(stay.dataList), data: { nights: stay.nights, weekdayNights: stay.counts.weekday, weekendNights: stay.counts.weekend } };
  },

  "GET /xiangyu/api/holiday/list": async ({ caller, input }) => listHolidays(caller.tenantId, input.paging),
  "POST /xiangyu/api/holiday/save": async ({ caller, input }) => ok(await saveHoliday(caller.tenantId, input), "保存成功"),
  "POST /xiangyu/api/holiday/delete": async ({ caller, input, actedOn }) => {
    await deleteHoliday(caller.tenantId, input.holidayDate);
    actedOn(input.holidayDate);
    return ok(undefined, "删除成功");
  },
  "GET /xiangyu/api/order/getholidaylist": async ({ caller, input }) => okList(await holidayDates(caller.tenantId, input.startDate, input.endDate)),
};

export const app = areaApp(routes, impls);
export const handler = lambda(app);
