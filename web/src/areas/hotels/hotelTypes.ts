/**
 * What the hotels area's calls carry (docs/api.md "## Hotels"): money in yuan, picJson as JSON text
 * of picture URLs, flags 1/0.
 */
export const HOTEL_API = "/xiangyu/api/hotel";
export const HOLIDAY_API = "/xiangyu/api/holiday";

export type Hotel = {
  id: number;
  hotelType: 1 | 2;
  hotelName: string;
  province: string;
  city: string;
  area: string;
  address: string;
  lat: string;
  lng: string;
  hotelLevel: string;
  openDate: string;
  fixDate: string;
  roomCount: number;
  tel: string;
  services: string;
  cleaningFees: number;
  inoutTime: string;
  content?: string;
  picJson: string;
  shop: string;
  idisplay: number;
  sortOrder: number;
  useTicket: number;
  franchiseStore: number;
  bookingNotice: string;
  memberPrivilege: string;
  bookingInstructions: string;
  petPolicy: string;
  memberLevel: string;
  lastDate: string;
  createTime: string;
};

export type Room = {
  id: number;
  hotelId: number;
  roomName: string;
  roomArea: string;
  bedSpecifications: string;
  hasWindow: number;
  banSmoking: number;
  zaocan: string;
  network: string;
  roomFacilities: string;
  picJson: string;
  idisplay: number;
  sortOrder: number;
  hasDelete: number;
};

/** One room on one day. */
export type Cell = { inDate: string; roomCount: number; usedRoomCount: number; freeCount: number; inPrice: number };

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

export const WINDOW_NAMES: Record<number, string> = { 1: "有", 2: "部分有", 0: "无" };
export const windowName = (n: number) => WINDOW_NAMES[n] ?? "无";
