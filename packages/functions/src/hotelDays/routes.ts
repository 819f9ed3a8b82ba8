import { data, dataAndList, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import {
  CalendarSetInput,
  DateRangeInput,
  HolidayDeleteInput,
  HolidayInput,
  HolidayListQuery,
  HotelStatusQuery,
  MonthQuery,
  RoomStatusInput,
  RoomStatusQuery,
  StayInput,
} from "@xiangyu/core/hotels/schemas";
import type { HolidayView, StatusView } from "@xiangyu/core/hotels/views";
import type { HotelStatusRow } from "@xiangyu/core/hotels/statusList";
import type { MonthCalendar } from "@xiangyu/core/hotels/calendar";
import type { StayRoom } from "@xiangyu/core/hotels/stay";
import type { Night } from "@xiangyu/core/hotels/nights";
import type { RoomStatusPage } from "@xiangyu/core/hotels/roomStatus";

/**
 * A hotel's days (module "hotels", spec 000): room status, the price calendar, holidays and the rooms
 * of a stay — the daily work, apart from the hotel and room catalogue (hotels/routes.ts, with the
 * rich-text sanitiser): together they went over the 300 kB bundle budget (docs/decisions.md).
 * Status writes need E or A (R099): the handler checks that pair, a route declares one letter.
 * The stay rooms and the holiday days serve hotel-order creation too, so orders functions open them.
 */
const HOTELS = "hotels";
/** Writing a room's status or its calendar prices needs E or A (R099). */
const EDIT_OR_ADD = ["E", "A"] as const;

export const routes = {
  "GET /xiangyu/api/hotel/hotelstatuslist": moduleRoute(HOTELS, { scope: "department", input: HotelStatusQuery, reply: list<HotelStatusRow>(), log: false }),

  "GET /xiangyu/api/hotel/roomstatuslist": moduleRoute(HOTELS, {
    scope: "department",
    input: RoomStatusQuery,
    reply: dataAndList<RoomStatusPage["range"], StatusView>(),
    log: false,
  }),
  "POST /xiangyu/api/hotel/roomstatussave": moduleRoute(HOTELS, {
    right: EDIT_OR_ADD,
    scope: "department",
    input: RoomStatusInput,
    reply: data<{ count: number }>(),
    log: "设置房态",
  }),
  "GET /xiangyu/api/hotel/roomcalendar": moduleRoute(HOTELS, { scope: "department", input: MonthQuery, reply: data<MonthCalendar>(), log: false }),
  "POST /xiangyu/api/hotel/roomcalendarsave": moduleRoute(HOTELS, {
    right: EDIT_OR_ADD,
    scope: "department",
    input: CalendarSetInput,
    reply: data<{ count: number }>(),
    log: "设置房价日历",
  }),
  "GET /xiangyu/api/hotel/app/rooms": moduleRoute([HOTELS, "orders"], {
    input: StayInput,
    reply: dataAndList<{ nights: Night[]; weekdayNights: number; weekendNights: number }, StayRoom>(),
    log: false,
  }),

  "GET /xiangyu/api/holiday/list": moduleRoute(HOTELS, { input: HolidayListQuery, reply: list<HolidayView>(), log: false }),
  "POST /xiangyu/api/holiday/save": moduleRoute(HOTELS, { right: "A", input: HolidayInput, reply: data<HolidayView>(), log: "新增节假日" }),
  "POST /xiangyu/api/holiday/delete": moduleRoute(HOTELS, { right: "D", input: HolidayDeleteInput, reply: done(), log: "删除节假日" }),
  "GET /xiangyu/api/order/getholidaylist": moduleRoute([HOTELS, "orders"], { input: DateRangeInput, reply: list<{ holidayDate: string; holidayName: string }>(), log: false }),
} satisfies RouteTable;
