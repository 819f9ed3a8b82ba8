import { data, done, list, moduleRoute, type RouteTable } from "../http/define.ts";
import { idInput, idsInput } from "@xiangyu/core/kernel/fields";
import { HotelInput, HotelListQuery, HotelOptionsQuery, OccupancyQuery, RoomInput, RoomsOfHotelQuery } from "@xiangyu/core/hotels/schemas";
import type { HotelView, RoomView } from "@xiangyu/core/hotels/views";
import type { Occupancy } from "@xiangyu/core/hotels/occupancy";

/**
 * Hotels and rooms (spec 000; paths the spec leaves open are in docs/api.md). The hotel options serve
 * the order and voucher screens as well. Reads are not written to the operation log. A hotel's days
 * (room status, the price calendar, holidays, the rooms of a stay) are the `hotelDays` area, a Lambda
 * of its own (docs/decisions.md).
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
  // Ours (docs/api.md, issue 36): the next days' occupancy per hotel type, the workbench's chart.
  "GET /xiangyu/api/hotel/occupancy": moduleRoute(HOTELS, { scope: "department", input: OccupancyQuery, reply: data<Occupancy>(), log: false }),

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
} satisfies RouteTable;
