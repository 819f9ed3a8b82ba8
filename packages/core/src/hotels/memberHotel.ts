import { getHotel, getHotelContent, roomsOf } from "./hotelQueries.ts";
import { nightsOfStay } from "./holidays.ts";
import { cellOf, daysOf, type Day } from "./days.ts";
import { addDays } from "./nights.ts";
import { memberHotelView, memberRoomView, type MemberHotelView, type RoomNight } from "./memberViews.ts";
import { HOTEL_CLUB, MSG } from "../orders/booking.ts";
import { MEMBER_MSG } from "../orders/memberRules.ts";
import type { MemberHotelQuery } from "../orders/member/schemas.ts";
import type { Member } from "../auth/memberAuth.ts";
import { today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";

/**
 * One hotel for a member's stay (GET mp/hotel, issue 34): the hotel as a guest reads it, with its
 * introduction, and each enabled room with its free count over the stay (the least free of its
 * nights: what can be booked) and its price per night. A hotel not displayed is not there for a
 * member (404, as one that does not exist).
 *
 * Reads, all at once: the hotel, its introduction, its rooms, one Query of its days in the stay,
 * the holidays touching the stay (the nights' weekday/weekend kinds the booking counts by).
 */
export async function memberHotel(m: Member, q: MemberHotelQuery): Promise<MemberHotelView> {
  if (q.checkInDate < today()) throw new DomainError(MSG.pastDate, "400");
  const { tenantId } = m;
  const [hotel, content, rooms, stored, nights] = await Promise.all([
    getHotel(tenantId, q.id),
    getHotelContent(tenantId, q.id),
    roomsOf(tenantId, q.id),
    daysOf(tenantId, q.id, q.checkInDate, addDays(q.checkOutDate, -1)),
    nightsOfStay(tenantId, q.checkInDate, q.checkOutDate),
  ]);
  if (!hotel || hotel.idisplay !== 1) throw new DomainError(MEMBER_MSG.hotelGone, "404");
  const byDate = new Map<string, Day>(stored.map((d) => [d.inDate, d]));
  const club = hotel.hotelType === HOTEL_CLUB;
  const views = rooms
    .filter((r) => r.idisplay === 1)
    .map((r) => {
      const perNight: RoomNight[] = nights.map((n) => {
        const day = byDate.get(n.date);
        const c = day ? cellOf(day, r.id) : null;
        return { inDate: n.date, kind: n.kind, holiday: n.holiday ?? "", freeCount: c?.freeCount ?? 0, priceFen: c?.inPrice ?? 0 };
      });
      return memberRoomView(r, perNight, club);
    });
  return memberHotelView(hotel, content, views, nights);
}
