import { moduleRoute, type RouteTable } from "../http/define.ts";

/**
 * Hotels, rooms, room status and holidays (spec 000; paths the spec leaves open are in docs/api.md).
 * Status writes need E or A (R099): the handler checks that pair, a route declares one letter.
 * The stay rooms and the holiday days serve hotel-order creation too, so orders functions open them;
 * the hotel options serve the voucher screens as well.
 */
const read = (modules: string | readonly string[] = "hotels") => ({ ...moduleRoute(modules), log: false });

export const routes = {
  "POST /xiangyu/api/hotel/hotellist": read(),
  "GET /xiangyu/api/hotel/hotelview": read(),
  "POST /xiangyu/api/hotel/hotelsave": moduleRoute("hotels", "save"),
  "POST /xiangyu/api/hotel/hoteldelete": moduleRoute("hotels", "D"),
  "POST /xiangyu/api/hotel/hotelpassed": moduleRoute("hotels", "P"),
  "GET /xiangyu/api/hotel/allhotel": read(["hotels", "orders", "vouchers"]),
  "GET /xiangyu/api/hotel/hotelstatuslist": read(),
  "GET /xiangyu/api/hotel/roomlist": read(),
  "GET /xiangyu/api/hotel/roomview": read(),
  "POST /xiangyu/api/hotel/roomsave": moduleRoute("hotels", "save"),
  "POST /xiangyu/api/hotel/roomdelete": moduleRoute("hotels", "D"),
  "POST /xiangyu/api/hotel/roompassed": moduleRoute("hotels", "P"),
  "GET /xiangyu/api/hotel/roomstatuslist": read(),
  "POST /xiangyu/api/hotel/roomstatussave": moduleRoute("hotels"),
  "GET /xiangyu/api/hotel/roomcalendar": read(),
  "POST /xiangyu/api/hotel/roomcalendarsave": moduleRoute("hotels"),
  "GET /xiangyu/api/hotel/app/rooms": read(["hotels", "orders"]),
  "GET /xiangyu/api/holiday/list": read(),
  "POST /xiangyu/api/holiday/save": moduleRoute("hotels", "A"),
  "POST /xiangyu/api/holiday/delete": moduleRoute("hotels", "D"),
  "GET /xiangyu/api/order/getholidaylist": read(["hotels", "orders"]),
} satisfies RouteTable;
