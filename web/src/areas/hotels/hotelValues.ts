import { HOTEL_TYPES } from "@xiangyu/core/hotels/schemas";
import { pictures, type Hotel } from "./hotelTypes.ts";

/**
 * The hotel form's values: exactly the fields hotelsave takes (so the form posts its values as they
 * are: yuan, picture list), from a stored hotel or the spec's defaults (R081, R083, R085–R087).
 */
export const GUANGDONG = 440000; // R079: the area selector starts at this province.

export function hotelValues(h: Partial<Hotel> | undefined, preset: 0 | 1 | 2, shop = "") {
  return {
    id: h?.id ?? "",
    hotelType: h?.hotelType ?? (preset || ""),
    hotelName: h?.hotelName ?? "",
    address: h?.address ?? "",
    memberLevel: h?.memberLevel ?? "",
    province: h?.province || String(GUANGDONG),
    city: h?.city ?? "",
    area: h?.area ?? "",
    lat: h?.lat ?? "",
    lng: h?.lng ?? "",
    hotelLevel: h?.hotelLevel || "无",
    openDate: h?.openDate ?? "",
    fixDate: h?.fixDate ?? "",
    roomCount: h?.roomCount ?? 0,
    tel: h?.tel ?? "",
    services: h?.services ?? "",
    cleaningFees: h?.cleaningFees ?? "",
    inoutTime: h?.inoutTime ?? "",
    content: h?.content ?? "",
    picJson: pictures(h?.picJson),
    shop: h?.shop ?? shop,
    idisplay: h?.idisplay ?? 1,
    sortOrder: h?.sortOrder ?? 9_999_999,
    useTicket: h?.useTicket ?? 0,
    franchiseStore: h?.franchiseStore ?? 0,
    bookingNotice: h?.bookingNotice ?? "",
    memberPrivilege: h?.memberPrivilege ?? "",
    bookingInstructions: h?.bookingInstructions ?? "",
    petPolicy: h?.petPolicy ?? "",
  };
}
export type HotelValues = ReturnType<typeof hotelValues>;

/** What hotelsave receives: fields of the other type are not sent (R080, R081). */
export function hotelBody(v: HotelValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v };
  if (Number(v.hotelType) !== HOTEL_TYPES.club) delete body.cleaningFees;
  if (Number(v.hotelType) !== HOTEL_TYPES.discount) delete body.useTicket;
  if (!body.id) delete body.id;
  return body;
}
