import type { HotelItem, RoomItem } from "./entities.ts";
import type { Night } from "./nights.ts";
import { roomFacts } from "./roomFacts.ts";
import { fenToYuan } from "../kernel/money.ts";
import { payWithOf } from "../orders/memberRules.ts";

/**
 * What the mini-program member sees of hotels and rooms (issue 34): the fields the staff views hold
 * for a guest (name, address, pictures as picJson, the introduction), never the store, sort keys or
 * bookkeeping; money in yuan. A club hotel is paid with stored weeks, so its prices show 0, as the
 * booking wizard's (hotels/stay.ts).
 */
export type StayRoomPrice = { roomId: number; freeCount: number; prices: number[] };

/** The hotel's part shared by a search row and the hotel's page. */
const hotelFacts = (h: Pick<HotelItem, "id" | "hotelType" | "hotelName" | "hotelLevel" | "address" | "province" | "city" | "area" | "lat" | "lng" | "pictures" | "useTicket">) => ({
  id: h.id,
  hotelType: h.hotelType,
  hotelName: h.hotelName,
  hotelLevel: h.hotelLevel ?? "",
  address: h.address ?? "",
  province: h.province ?? "",
  city: h.city ?? "",
  area: h.area ?? "",
  lat: h.lat ?? "",
  lng: h.lng ?? "",
  picJson: JSON.stringify(h.pictures ?? []),
  useTicket: h.useTicket ?? 0,
  /** How a member may pay here (POST mp/order/create `payWith`). */
  payWith: payWithOf(h),
});

export type HotelSearchFacts = Parameters<typeof hotelFacts>[0];

export type MemberHotelRow = ReturnType<typeof memberHotelRow>;
/**
 * A hotel of the search: rooms free on every night of the stay. `lowestPrice` is the lowest night's
 * price among those rooms, `lowestStayPrice` the cheapest of them for the whole stay (one room);
 * `freeCount` how many rooms (of all its room types) can be booked for the whole stay.
 */
export function memberHotelRow(h: HotelSearchFacts, rooms: StayRoomPrice[], club: boolean) {
  const price = (fen: number) => (club ? 0 : fenToYuan(fen));
  return {
    ...hotelFacts(h),
    lowestPrice: price(Math.min(...rooms.flatMap((r) => r.prices))),
    lowestStayPrice: price(Math.min(...rooms.map((r) => r.prices.reduce((s, p) => s + p, 0)))),
    freeCount: rooms.reduce((s, r) => s + r.freeCount, 0),
  };
}

/** A night of a room on the hotel's page. */
export type RoomNight = { inDate: string; kind: Night["kind"]; holiday: string; freeCount: number; priceFen: number };

export type MemberRoomView = ReturnType<typeof memberRoomView>;
/** An enabled room for the stay: `freeCount` is the least free over the nights (what can be booked), with each night's price. */
export function memberRoomView(r: RoomItem, nights: RoomNight[], club: boolean) {
  const price = (fen: number) => (club ? 0 : fenToYuan(fen));
  return {
    ...roomFacts(r),
    picJson: JSON.stringify(r.pictures ?? []),
    freeCount: nights.length ? Math.min(...nights.map((n) => n.freeCount)) : 0,
    totalPrice: price(nights.reduce((s, n) => s + n.priceFen, 0)),
    nights: nights.map((n) => ({ inDate: n.inDate, kind: n.kind, holiday: n.holiday, freeCount: n.freeCount, inPrice: price(n.priceFen) })),
  };
}

export type MemberHotelView = ReturnType<typeof memberHotelView>;
/** The hotel's page for a stay: the hotel as a guest reads it, its introduction, and each enabled room. */
export function memberHotelView(h: HotelItem, content: string, rooms: MemberRoomView[], nights: Night[]) {
  return {
    ...hotelFacts(h),
    tel: h.tel ?? "",
    services: h.services ?? "",
    inoutTime: h.inoutTime ?? "",
    openDate: h.openDate ?? "",
    fixDate: h.fixDate ?? "",
    bookingNotice: h.bookingNotice ?? "",
    memberPrivilege: h.memberPrivilege ?? "",
    bookingInstructions: h.bookingInstructions ?? "",
    petPolicy: h.petPolicy ?? "",
    content,
    weekdayNights: nights.filter((n) => n.kind === "weekday").length,
    weekendNights: nights.filter((n) => n.kind === "weekend").length,
    rooms,
  };
}
