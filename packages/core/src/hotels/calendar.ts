import { MAX_CALENDAR_CELLS, type CalendarSetInput } from "./schemas.ts";
import { assertInScope, type HotelScope } from "./scope.ts";
import { getHotel } from "./hotelQueries.ts";
import { holidaysBetween } from "./holidays.ts";
import { roomIndexOf } from "./roomIndex.ts";
import { cellOf, daysOf, type CellChange, type Day } from "./days.ts";
import { datesFrom, isDate, isoWeekday, lastDayOfMonth, nightOf, weekName } from "./nights.ts";
import { applyStatus } from "./statusWrites.ts";
import { cellView, type CellView } from "./views.ts";
import { PAST_DAYS } from "./roomStatus.ts";
import { today } from "../kernel/clock.ts";
import { DomainError, notFound } from "../kernel/errors.ts";

/**
 * The availability and price calendar of one hotel (beyond the spec, docs/api.md): a month of
 * rooms × days, and one write that sets count and/or price on chosen rooms, days and weekdays.
 * A month is the hotel item ∥ its room index ∥ one Query of ≤ 31 day items ∥ the holidays: all
 * four read at once, the hotel's scope checked before anything is answered.
 */

/** "YYYY-MM" → its first and last day; a missing month is the current one. */
export function monthBounds(month: string | undefined): { month: string; first: string; last: string } {
  const m = (month ?? "").trim() || today().slice(0, 7);
  if (!/^\d{4}-\d{2}$/.test(m) || !isDate(`${m}-01`)) throw new DomainError("月份格式不正确", "400");
  return { month: m, first: `${m}-01`, last: lastDayOfMonth(m) };
}

export type MonthCalendar = Awaited<ReturnType<typeof monthCalendar>>;

export async function monthCalendar(scope: HotelScope, hotelId: number, month?: string) {
  const { tenantId } = scope.caller;
  const { month: m, first, last } = monthBounds(month);
  const [found, rooms, stored, holidays] = await Promise.all([
    getHotel(tenantId, hotelId),
    roomIndexOf(tenantId, hotelId),
    daysOf(tenantId, hotelId, first, last),
    holidaysBetween(tenantId, first, last),
  ]);
  const hotel = assertInScope(scope, found);
  const dates = datesFrom(first, last);
  const byDate = new Map<string, Day>(stored.map((d) => [d.inDate, d]));
  const days = dates.map((date) => {
    const night = nightOf(date, holidays);
    return { date, week: weekName(date), weekday: isoWeekday(date), kind: night.kind, holiday: night.holiday ?? "" };
  });
  const cell = (roomId: number, date: string): CellView | null => {
    const day = byDate.get(date);
    const c = day && cellOf(day, roomId);
    return c ? cellView(c) : null;
  };
  return {
    hotelId: hotel.id,
    hotelName: hotel.hotelName,
    hotelType: hotel.hotelType,
    month: m,
    today: today(),
    days,
    rooms: rooms.map((r) => ({ roomId: r.id, roomName: r.roomName, idisplay: r.idisplay, cells: dates.map((d) => cell(r.id, d)) })),
  };
}

/** Sets count and/or price on the chosen rooms for every chosen weekday of the range. Returns the cells set. */
export async function setCalendar(scope: HotelScope, input: CalendarSetInput): Promise<number> {
  const { tenantId } = scope.caller;
  const [found, indexed] = await Promise.all([getHotel(tenantId, input.hotelId), roomIndexOf(tenantId, input.hotelId)]);
  const hotel = assertInScope(scope, found);
  const discount = hotel.hotelType === 2;
  if (!discount && input.roomCount === undefined) throw new DomainError("会员酒店不设置房价，请填写房间数", "400");
  if (input.startDate < today()) throw new DomainError(PAST_DAYS, "400");
  const rooms = new Set(indexed.map((r) => r.id));
  if (input.roomIds.some((id) => !rooms.has(id))) throw notFound("客房");
  const dates = datesFrom(input.startDate, input.endDate).filter((d) => input.weekdays.includes(isoWeekday(d)));
  if (dates.length === 0) throw new DomainError("所选日期范围内没有所选的星期", "400");
  if (dates.length * input.roomIds.length > MAX_CALENDAR_CELLS) throw new DomainError("一次设置的房态过多，请缩小日期范围", "400");
  const changes: CellChange[] = input.roomIds.flatMap((roomId) =>
    dates.map((inDate) => ({ tenantId, hotelId: hotel.id, roomId, inDate, roomCount: input.roomCount, inPrice: discount ? input.inPrice : undefined })),
  );
  const stored = input.roomCount === undefined ? [] : await daysOf(tenantId, hotel.id, dates[0]!, dates[dates.length - 1]!);
  await applyStatus(changes, stored);
  return changes.length;
}
