import { data, dataAndList, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { idInput, idsInput } from "@xiangyu/core/kernel/fields";
import {
  CalendarSetInput,
  DateRangeInput,
  HolidayDeleteInput,
  HolidayInput,
  HolidayListQuery,
  HotelInput,
  HotelListQuery,
  HotelOptionsQuery,
  HotelStatusQuery,
  MonthQuery,
  RoomInput,
  RoomStatusInput,
  RoomStatusQuery,
  RoomsOfHotelQuery,
  StayInput,
} from "@xiangyu/core/hotels/schemas";
import type { HolidayView, HotelView, RoomView, StatusView } from "@xiangyu/core/hotels/views";
import type { HotelStatusRow } from "@xiangyu/core/hotels/statusList";
import type { MonthCalendar } from "@xiangyu/core/hotels/calendar";
import type { StayRoom } from "@xiangyu/core/hotels/stay";
import type { Night } from "@xiangyu/core/hotels/nights";
import type { RoomStatusPage } from "@xiangyu/core/hotels/roomStatus";

/**
 * Hotels, rooms, room status and holidays (spec 000; paths the spec leaves open are in docs/api.md).
 * Status writes need E or A (R099): the handler checks that pair, a route declares one letter.
 * The stay rooms and the holiday days serve hotel-order creation too, so orders functions open them;
 * the hotel options serve the voucher screens as well. Reads are not written to the operation log.
 */
const HOTELS = "hotels";
const PASS = "并没有选择审核项";

export const routes = {
  "POST /xiangyu/api/hotel/hotellist": moduleRoute(HOTELS, { scope: "department", input: HotelListQuery, reply: list<HotelView>(), log: false }),
  "GET /xiangyu/api/hotel/hotelview": moduleRoute(HOTELS, { scope: "department", input: idInput(), reply: data<HotelView>(), log: false }),
  "POST /xiangyu/api/hotel/hotelsave": moduleRoute(HOTELS, { scope: "department", right: "save", input: HotelInput, reply: data<HotelView>(), log: "保存酒店" }),
  "POST /xiangyu/api/hotel/hoteldelete": moduleRoute(HOTELS, { scope: "department", right: "D", input: idsInput(), reply: done(), log: "删除酒店" }),
  "POST /xiangyu/api/hotel/hotelpassed": moduleRoute(HOTELS, {
    scope: "department",
    right: "P",
    input: idInput(PASS),
    reply: data<{ id: number; idisplay: number }>(),
    log: "启禁用酒店",
  }),
  "GET /xiangyu/api/hotel/allhotel": moduleRoute([HOTELS, "orders", "vouchers"], {
    input: HotelOptionsQuery,
    reply: list<{ id: number; hotelName: string; hotelType: number }>(),
    log: false,
    // Every enabled hotel: a member of any store books any hotel of the tenant (docs/decisions.md "Data scope").
    scope: "tenant",
  }),
  "GET /xiangyu/api/hotel/hotelstatuslist": moduleRoute(HOTELS, { scope: "department", input: HotelStatusQuery, reply: list<HotelStatusRow>(), log: false }),

  "GET /xiangyu/api/hotel/roomlist": moduleRoute(HOTELS, { scope: "department", input: RoomsOfHotelQuery, reply: list<RoomView>(), log: false }),
  "GET /xiangyu/api/hotel/roomview": moduleRoute(HOTELS, { scope: "department", input: idInput(), reply: data<RoomView>(), log: false }),
  "POST /xiangyu/api/hotel/roomsave": moduleRoute(HOTELS, { scope: "department", right: "save", input: RoomInput, reply: data<RoomView>(), log: "保存客房" }),
  "POST /xiangyu/api/hotel/roomdelete": moduleRoute(HOTELS, { scope: "department", right: "D", input: idsInput(), reply: done(), log: "删除客房" }),
  "POST /xiangyu/api/hotel/roompassed": moduleRoute(HOTELS, {
    scope: "department",
    right: "P",
    input: idInput(PASS),
    reply: data<{ id: number; idisplay: number }>(),
    log: "启禁用客房",
  }),

  "GET /xiangyu/api/hotel/roomstatuslist": moduleRoute(HOTELS, {
    scope: "department",
    input: RoomStatusQuery,
    reply: dataAndList<RoomStatusPage["range"], StatusView>(),
    log: false,
  }),
  "POST /xiangyu/api/hotel/roomstatussave": moduleRoute(HOTELS, { scope: "department", input: RoomStatusInput, reply: data<{ count: number }>(), log: "设置房态" }),
  "GET /xiangyu/api/hotel/roomcalendar": moduleRoute(HOTELS, { scope: "department", input: MonthQuery, reply: data<MonthCalendar>(), log: false }),
  "POST /xiangyu/api/hotel/roomcalendarsave": moduleRoute(HOTELS, { scope: "department", input: CalendarSetInput, reply: data<{ count: number }>(), log: "设置房价日历" }),
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
