import { listSpec } from "../../ui/list/listSpec.ts";
import { presetType } from "./hotelTypes.ts";

/** The hotels area's lists as the registry preloads them and the screens read them (ui/list/listSpec.ts). */
const byType = (p: Record<string, string>) => ({ hotelType: presetType(p) || undefined });

/** Hotels in list order: sortOrder ascending, then newest first (R086). The list is a POST (spec §7). */
export const HOTEL_LIST_SPEC = listSpec({ route: "POST /xiangyu/api/hotel/hotellist", sort: "sortOrder", order: "asc", params: byType });
export const HOTEL_STATUS_SPEC = listSpec({ route: "GET /xiangyu/api/hotel/hotelstatuslist", params: byType });
export const HOLIDAY_SPEC = listSpec({ route: "GET /xiangyu/api/holiday/list" });
