import type { StayInput } from "./schemas.ts";
import { getHotel, roomsOf } from "./hotelQueries.ts";
import { nightsOfStay } from "./holidays.ts";
import { cellOf, daysOf, type Day } from "./days.ts";
import { addDays, countNights } from "./nights.ts";
import { roomView } from "./views.ts";
import { fenToYuan } from "../kernel/money.ts";
import { DomainError, notFound } from "../kernel/errors.ts";

/**
 * Rooms of a hotel for a stay (hotel/app/rooms), as hotel-order creation shows them: each
 * enabled room with its free count and price per night, the nights classified weekday/weekend,
 * how many rooms can be booked for the whole stay and what the stay costs per room.
 * Reads: the hotel, its rooms, one Query of its days in the stay, the holidays touching it.
 */
/** A room offered for a stay, with its nights. */
export type StayRoom = Awaited<ReturnType<typeof roomsForStay>>["dataList"][number];

export async function roomsForStay(tenantId: string, stay: StayInput) {
  const hotel = await getHotel(tenantId, stay.hotelId);
  if (!hotel) throw notFound("酒店");
  if (hotel.idisplay !== 1) throw new DomainError("该酒店已停用，不能预订", "400");
  const lastNight = addDays(stay.checkOutDate, -1);
  const [rooms, stored, nights] = await Promise.all([
    roomsOf(tenantId, hotel.id),
    daysOf(tenantId, hotel.id, stay.checkInDate, lastNight),
    nightsOfStay(tenantId, stay.checkInDate, stay.checkOutDate),
  ]);
  const byDate = new Map<string, Day>(stored.map((d) => [d.inDate, d]));
  const counts = countNights(nights);
  const discount = hotel.hotelType === 2;
  const dataList = rooms
    .filter((r) => r.idisplay === 1)
    .map((r) => {
      const perNight = nights.map((n) => {
        const day = byDate.get(n.date);
        const c = day ? cellOf(day, r.id) : null;
        return {
          inDate: n.date,
          kind: n.kind,
          holiday: n.holiday ?? "",
          stored: !!c,
          roomCount: c?.roomCount ?? 0,
          usedRoomCount: c?.usedRoomCount ?? 0,
          freeCount: c?.freeCount ?? 0,
          priceFen: discount ? (c?.inPrice ?? 0) : 0,
        };
      });
      return {
        ...roomView(r),
        hotelType: hotel.hotelType,
        hotelName: hotel.hotelName,
        /** 1 = the (discount) hotel takes room vouchers. */
        useTicket: hotel.useTicket ?? 0,
        /** Rooms free on every night of the stay: the most that can be booked. */
        freeCount: Math.min(...perNight.map((n) => n.freeCount)),
        totalPrice: fenToYuan(perNight.reduce((sum, n) => sum + n.priceFen, 0)),
        weekdayNights: counts.weekday,
        weekendNights: counts.weekend,
        nights: perNight.map(({ priceFen, ...n }) => ({ ...n, inPrice: fenToYuan(priceFen) })),
      };
    });
  return { dataList, nights, counts };
}
