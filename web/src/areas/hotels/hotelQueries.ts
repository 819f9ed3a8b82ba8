import type { ApiClient } from "../../lib/api.ts";
import { routeQuery, useRouteMutation, staleReads } from "../../lib/routeQuery.ts";
import { useSave, type SaveOptions } from "../../ui/form/useSave.ts";
import { HOLIDAY_SPEC, HOTEL_LIST_SPEC, HOTEL_STATUS_SPEC } from "./hotelLists.ts";

/**
 * The hotels area's reads and writes by route: screens take their queries from `hotelQueries` and
 * their writes from the hooks below, and each write names the reads it makes stale, so a screen
 * never keeps its own query key nor refetches by hand.
 */
const HOTEL_LIST = HOTEL_LIST_SPEC.route;
export const HOTEL_STATUS_LIST = HOTEL_STATUS_SPEC.route;
export const HOLIDAY_LIST = HOLIDAY_SPEC.route;
/** The records the edit dialogs read afresh (RecordModal, never cached). */
export const HOTEL_VIEW = "GET /xiangyu/api/hotel/hotelview";
export const ROOM_VIEW = "GET /xiangyu/api/hotel/roomview";

export const hotelQueries = {
  /** A room's days; without a range the server picks today → the last stored day and says so in data. */
  roomStatus: (api: ApiClient, roomId: number, range: { startDate: string; endDate: string } | null) =>
    routeQuery(api, "GET /xiangyu/api/hotel/roomstatuslist", { roomId, ...range }, "list"),
  month: (api: ApiClient, hotelId: number, month: string) => routeQuery(api, "GET /xiangyu/api/hotel/roomcalendar", { hotelId, month }),
  /** Enabled hotels as options (order wizards, vouchers); both types when none is given. */
  options: (api: ApiClient, hotelType?: 1 | 2) => routeQuery(api, "GET /xiangyu/api/hotel/allhotel", { hotelType }, "list"),
  /** The rooms of a hotel for a stay, with what is free each night and the price (order creation). */
  stayRooms: (api: ApiClient, hotelId: number, checkInDate: string, checkOutDate: string) =>
    routeQuery(api, "GET /xiangyu/api/hotel/app/rooms", { hotelId, checkInDate, checkOutDate }, "list"),
};

/**
 * What each kind of write makes stale. Rooms and their days show in the hotel list (room count),
 * the status list, the month calendar and the order wizard's stay rooms; holidays count as
 * weekend nights there too. The view routes are not named: the dialogs never cache them, and
 * naming them would read again the record of the dialog that is closing.
 */
const DAYS = staleReads(HOTEL_STATUS_LIST, "GET /xiangyu/api/hotel/roomstatuslist", "GET /xiangyu/api/hotel/roomcalendar", "GET /xiangyu/api/hotel/app/rooms");
const ROOMS = staleReads(HOTEL_LIST, "GET /xiangyu/api/hotel/roomlist", ...DAYS);
const HOTELS = staleReads(HOTEL_LIST, "GET /xiangyu/api/hotel/allhotel", ...DAYS);
const HOLIDAYS = staleReads(HOLIDAY_LIST, "GET /xiangyu/api/order/getholidaylist", "GET /xiangyu/api/hotel/roomcalendar", "GET /xiangyu/api/hotel/app/rooms");
export const STALE_AFTER = { hotels: HOTELS, rooms: ROOMS, days: DAYS, holidays: HOLIDAYS } as const;

export const useSaveHotel = (o: SaveOptions) => useSave("POST /xiangyu/api/hotel/hotelsave", { ...o, invalidates: HOTELS });
export const useDeleteHotels = () => useRouteMutation("POST /xiangyu/api/hotel/hoteldelete", { invalidates: HOTELS, success: "删除成功" });
export const useToggleHotel = () => useRouteMutation("POST /xiangyu/api/hotel/hotelpassed", { invalidates: HOTELS, kind: "handle" });

export const useSaveRoom = (o: SaveOptions) => useSave("POST /xiangyu/api/hotel/roomsave", { ...o, invalidates: ROOMS });
export const useDeleteRooms = () => useRouteMutation("POST /xiangyu/api/hotel/roomdelete", { invalidates: ROOMS, success: "删除成功" });
export const useToggleRoom = () => useRouteMutation("POST /xiangyu/api/hotel/roompassed", { invalidates: ROOMS, kind: "handle" });

export const useSaveRoomStatus = () => useRouteMutation("POST /xiangyu/api/hotel/roomstatussave", { invalidates: DAYS, success: "保存成功" });
/** The calendar's own toast counts the cells set, so none here. */
export const useSaveCalendar = () => useRouteMutation("POST /xiangyu/api/hotel/roomcalendarsave", { invalidates: DAYS });

export const useSaveHoliday = (o: SaveOptions) => useSave("POST /xiangyu/api/holiday/save", { ...o, invalidates: HOLIDAYS });
export const useDeleteHoliday = () => useRouteMutation("POST /xiangyu/api/holiday/delete", { invalidates: HOLIDAYS, success: "删除成功" });
