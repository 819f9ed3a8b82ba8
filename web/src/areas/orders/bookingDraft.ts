import { fenText } from "../../ui/text/money.ts";
import {
  classTotal,
  computeBooking,
  checkStayShape,
  HOTEL_CLUB,
  MSG,
  VOUCHER_CLASSES,
  type Booking,
  type ClassCounts,
  type StayNight,
  type VoucherClass,
} from "@xiangyu/core/orders/booking";
import { previewDeduction, type DeductionPreview } from "@xiangyu/core/clients/ledger/plan";
import { MOBILE_PATTERN } from "@xiangyu/core/clients/rules";
import { OCCUPANTS_BAD } from "@xiangyu/core/orders/schemas";
import { daysBetween } from "@xiangyu/core/hotels/nights";
import { DomainError } from "@xiangyu/core/kernel/errors";
import { yuanToFen } from "@xiangyu/core/kernel/money";
import type { FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import type { HotelOption, MemberStore, StayRoom } from "./orderQueries.ts";

/**
 * The hotel-order wizard's state and its rules, pure: the very functions the server decides with
 * (core/orders/booking.ts, core/clients/ledger/plan.ts) give the live numbers and messages, so what
 * the console shows is what the server will do. The server has the last word (prices and stock may
 * move between the screen and the submit).
 */
export type Occupant = { name: string; mobile: string };
export type Experience = { batchNo: string; ticketCount: number };

export type Draft = {
  client: FoundClient | null;
  hotel: HotelOption | null;
  checkInDate: string;
  checkOutDate: string;
  room: StayRoom | null;
  roomCount: number | "";
  classes: ClassCounts;
  experience: Experience | null;
  occupants: Occupant[];
  remark: string;
};

export const EMPTY_DRAFT: Draft = {
  client: null,
  hotel: null,
  checkInDate: "",
  checkOutDate: "",
  room: null,
  roomCount: 1,
  classes: {},
  experience: null,
  occupants: [],
  remark: "",
};

export const CLASSES: readonly VoucherClass[] = VOUCHER_CLASSES;

/**
 * A room's nights as the booking rules price them (fen per room), through the kernel's converter: a
 * price that is not a yuan amount (more than 2 decimals) blocks the booking with 金额格式不正确
 * instead of being rounded into a different one.
 */
export const stayNightsOf = (room: StayRoom): StayNight[] => room.nights.map((n) => ({ date: n.inDate, kind: n.kind, priceFen: yuanToFen(n.inPrice) }));

export const isClub = (d: Pick<Draft, "room" | "hotel">) => (d.room?.hotelType ?? d.hotel?.hotelType) === HOTEL_CLUB;

/** The message of a rule the draft breaks (the rules throw DomainError). */
const messageOf = (e: unknown) => (e instanceof DomainError ? e.desc : (e as Error).message);

export type Live = {
  booking: Booking | null;
  /** The first broken rule; submit is blocked while there is one. */
  error: string | null;
  /** Club hotels: what the stored weeks give (and what is left after). */
  weeks: DeductionPreview | null;
};

/** The payment step's live numbers (R166, R169–R181). */
export function livePayment(d: Draft, store: MemberStore | undefined): Live {
  if (!d.room || !d.roomCount) return { booking: null, error: MSG.roomCountRequired, weeks: null };
  let booking: Booking;
  try {
    booking = computeBooking({
      hotelType: d.room.hotelType,
      useTicket: d.room.useTicket ?? 0,
      nights: stayNightsOf(d.room),
      roomCount: Number(d.roomCount),
      classes: d.classes,
      experience: d.experience,
    });
  } catch (e) {
    return { booking: null, error: messageOf(e), weeks: null };
  }
  if (!isClub(d)) return { booking, error: null, weeks: null };
  if (!store?.membership) return { booking, error: MSG.noMembership, weeks: null };
  const weeks = previewDeduction(store.membership, { weekdayNights: booking.weekdayRoomNights, weekendNights: booking.weekendRoomNights });
  return { booking, error: weeks.ok ? null : MSG.weeksShort, weeks };
}

export type Change = { draft: Draft; message?: string };

/** A discount voucher count (at most what the client holds); refused while an experience voucher is chosen (R175). */
export function pickClass(d: Draft, held: number, cls: VoucherClass, n: number): Change {
  const count = Math.max(0, Math.min(Math.floor(Number(n) || 0), held));
  if (count > 0 && d.experience) return { draft: d, message: MSG.notWithExperience };
  return { draft: { ...d, classes: { ...d.classes, [cls]: count } } };
}

/** The experience voucher (or none): refused with discount vouchers chosen (R176); one room only (R177). */
export function pickExperience(d: Draft, batch: Experience | null): Change {
  if (!batch) return { draft: { ...d, experience: null } };
  if (classTotal(d.classes) > 0) return { draft: d, message: MSG.notWithDiscount };
  if (d.roomCount !== 1) return { draft: { ...d, experience: batch, roomCount: 1, occupants: d.occupants.slice(0, 1) }, message: MSG.oneRoomOnly };
  return { draft: { ...d, experience: batch } };
}

/** The stay step (R161–R164, R167): the first problem, or null. */
export function stayError(d: Draft, today: string): string | null {
  if (!d.hotel) return "酒店不能为空";
  if (!d.checkInDate || !d.checkOutDate) return MSG.datesRequired;
  if (d.checkInDate < today) return MSG.pastDate;
  if (d.checkOutDate <= d.checkInDate) return MSG.outAfterIn;
  if (!d.room) return MSG.roomRequired;
  if (!d.roomCount) return MSG.roomCountRequired;
  try {
    checkStayShape(daysBetween(d.checkInDate, d.checkOutDate), Number(d.roomCount));
  } catch (e) {
    return messageOf(e);
  }
  if (Number(d.roomCount) > d.room.freeCount) return d.room.freeCount > 0 ? `该客房所选日期仅剩${d.room.freeCount}间` : "该客房所选日期已满房";
  return null;
}

/** Occupants: a row is blank or complete, with a mobile number. */
export function occupantsError(list: Occupant[]): string | null {
  for (const o of list) {
    const name = o.name.trim();
    const mobile = o.mobile.trim();
    if (!name && !mobile) continue;
    if (!name || !MOBILE_PATTERN.test(mobile)) return OCCUPANTS_BAD;
  }
  return null;
}

/** One occupant row per room, the first one the client. */
export function occupantRows(d: Draft, rooms: number): Occupant[] {
  const rows = d.occupants.slice(0, rooms);
  while (rows.length < rooms) rows.push(rows.length === 0 && d.client ? { name: d.client.clientName, mobile: d.client.mobile } : { name: "", mobile: "" });
  return rows;
}

/** The createhotelorder payload (R181): weeks and price as the console computed them; the server recomputes and compares. */
export function orderPayload(d: Draft, booking: Booking): Record<string, unknown> {
  const classes = Object.fromEntries(CLASSES.map((c) => [c, d.classes[c] ?? 0]));
  return {
    clientId: d.client?.id,
    orderName: d.room ? `${d.room.hotelName} ${d.room.roomName}` : "",
    hotelId: d.hotel?.id,
    roomId: d.room?.id,
    hotelType: d.room?.hotelType,
    checkInDate: d.checkInDate,
    checkOutDate: d.checkOutDate,
    roomCount: d.roomCount,
    totalPrice: fenText(booking.totalPriceFen),
    ticketClassCountJson: JSON.stringify(classes),
    ticketClass1Count: d.experience?.batchNo ?? "",
    remark: d.remark.trim(),
    weekCount: booking.weekCount,
    weekstartCount: booking.weekstartCount,
    weekendCount: booking.weekendCount,
    checkInClientJson: JSON.stringify(d.occupants.filter((o) => o.name.trim() || o.mobile.trim()).map((o) => ({ name: o.name.trim(), mobile: o.mobile.trim() }))),
  };
}
