import { screensOf } from "../../app/screen/entry.ts";
import { HOLIDAY_SPEC, HOTEL_LIST_SPEC, HOTEL_STATUS_SPEC } from "./hotelLists.ts";

/** The hotels area's screens by menu path, each a file of this folder loaded with the area's chunk (./chunk.ts). */
export default screensOf("hotels", () => import("./chunk.ts"), {
  "/hotel/hotel": ["HotelList", HOTEL_LIST_SPEC],
  "/hotel/hotelstatus": ["HotelStatus", HOTEL_STATUS_SPEC],
  "/holidayset": ["Holidays", HOLIDAY_SPEC],
});
