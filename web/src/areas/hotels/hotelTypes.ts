import type { DataOf, RowOf } from "../../lib/contract.ts";
import type { HOTEL_STATUS_LIST, HOTEL_VIEW, ROOM_VIEW } from "./hotelQueries.ts";

/**
 * What the hotels area's calls carry (docs/api.md "## Hotels"): money in yuan, picJson as JSON text
 * of picture URLs, flags 1/0. The types come from the route table; the routes live in hotelQueries.ts.
 */

/** A hotel as hotelview answers it (core/hotels/views.ts), the list's rows without the content. */
export type Hotel = DataOf<typeof HOTEL_VIEW>;
export type Room = DataOf<typeof ROOM_VIEW>;
/** A hotel of the status list with its rooms. */
export type StatusHotel = RowOf<typeof HOTEL_STATUS_LIST>;
/** One room on one day. */
export type Cell = StatusHotel["roomStatusList"][number];

/** Each hotel or room picture may be up to 2000 KB (R078, R109). */
export const PICTURE_KB = 2000;

export const HOTEL_TYPE_NAMES: Record<number, string> = { 1: "会员酒店", 2: "折扣酒店" };

/** The hotel type a screen's function presets (hotelType=1|2 in its params); 0 when none (R071, R077). */
export function presetType(params: Record<string, string>): 0 | 1 | 2 {
  const t = Number(params.hotelType);
  return t === 1 || t === 2 ? t : 0;
}

/** A stored picJson as a list of URLs (tolerates blank and broken text). */
export function pictures(picJson: string | undefined): string[] {
  try {
    const list = JSON.parse(picJson || "[]");
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

const WINDOW_NAMES: Record<number, string> = { 1: "有", 2: "部分有", 0: "无" };
export const windowName = (n: number) => WINDOW_NAMES[n] ?? "无";
