import { computeBooking, MSG, HOTEL_CLUB, MAX_NIGHTS, type Booking, type StayNight } from "./booking.ts";
import type { HotelOrderItem } from "./entities.ts";
import type { CreateOrderInput } from "./schemas.ts";
import { createItems, eventItem, who } from "./records.ts";
import { weeksAccountOf } from "./memberStore.ts";
import { getHotel, getRoom } from "../hotels/hotelQueries.ts";
import { nightsOfStay } from "../hotels/holidays.ts";
import { cellOf, daysOf, type Day } from "../hotels/days.ts";
import { addDays, daysBetween } from "../hotels/nights.ts";
import { reserveRooms, ROOMS_SHORT } from "../hotels/availability.ts";
import { deductWeeksNow, previewDeduction, NOT_ENOUGH_WEEKS, type LotTake } from "../clients/ledger/ledger.ts";
import { readVoucherBatches, useVouchersNow, NOT_ENOUGH_VOUCHERS, type VoucherTake } from "../vouchers/ledger/ledger.ts";
import { visibleClient } from "../clients/visible.ts";
import { nextId } from "../kernel/counters.ts";
import { transact, type TxItem } from "../kernel/tx.ts";
import { payerOf, tallyItems } from "../finance/tallies/tally.ts";
import { formatDateTime, shanghai, today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import type { Caller } from "../kernel/context.ts";

/**
 * createhotelorder: a booking staff place for a client (a proxy order). Everything is checked on
 * the server from what is stored now — the stay's nights classified with the holidays, the room's
 * free count and price per night, the client's weeks and vouchers — and the booking is written in
 * ONE transaction: every night's rooms, the weeks or vouchers, the order, its proxy record, the
 * tallies and its first history line. Either all of it happens or none of it.
 */
export const PRICE_CHANGED = "订单金额已变化，请重新确认";
export const HOTEL_CLOSED = "该酒店已停用，不能预订";
export const ROOM_CLOSED = "该客房已停用，不能预订";

export type CreatedOrder = { id: number; booking: Booking };

function checkDates(input: CreateOrderInput): void {
  if (input.checkInDate < today()) throw new DomainError(MSG.pastDate, "400");
  if (input.checkOutDate <= input.checkInDate) throw new DomainError(MSG.outAfterIn, "400");
  if (daysBetween(input.checkInDate, input.checkOutDate) > MAX_NIGHTS) throw new DomainError(MSG.tooLong, "400");
}

/** The stay's nights with the room's price and a check that enough rooms are free every night. */
function stayNights(nights: Awaited<ReturnType<typeof nightsOfStay>>, days: Day[], roomId: number, roomCount: number): StayNight[] {
  const byDate = new Map(days.map((d) => [d.inDate, d]));
  return nights.map((n) => {
    const day = byDate.get(n.date);
    const cell = day ? cellOf(day, roomId) : null;
    if (!cell || cell.freeCount < roomCount) throw new DomainError(ROOMS_SHORT(n.date), "409");
    return { date: n.date, kind: n.kind, priceFen: cell.inPrice };
  });
}

/** The outTradeNo of money taken at the desk for a staff-placed booking (the sandbox provider's order number). */
const tradeNo = (id: number) => `XY${shanghai().format("YYYYMMDD")}${String(id).padStart(8, "0")}`;

export async function createHotelOrder(caller: Caller, input: CreateOrderInput): Promise<CreatedOrder> {
  const { tenantId } = caller;
  checkDates(input);
  const lastNight = addDays(input.checkOutDate, -1);
  const [client, hotel, room, nights, days] = await Promise.all([
    visibleClient(caller, input.clientId),
    getHotel(tenantId, input.hotelId),
    getRoom(tenantId, input.roomId),
    nightsOfStay(tenantId, input.checkInDate, input.checkOutDate),
    daysOf(tenantId, input.hotelId, input.checkInDate, lastNight, input.roomId),
  ]);
  if (!client.globalId) throw new DomainError(MSG.notBound, "400");
  if (!hotel) throw new DomainError("酒店不存在或已被删除", "404");
  if (!room || room.hotelId !== hotel.id) throw new DomainError(MSG.roomRequired, "400");
  if (hotel.idisplay !== 1) throw new DomainError(HOTEL_CLOSED, "409");
  if (room.idisplay !== 1) throw new DomainError(ROOM_CLOSED, "409");

  const club = hotel.hotelType === HOTEL_CLUB;
  const experienceNo = input.ticketClass1Count;
  const batches = !club && experienceNo ? await readVoucherBatches({ tenantId, clientId: client.id }) : [];
  const experienceBatch = experienceNo ? batches.find((b) => b.batchNo === experienceNo && b.ticketType === 1) : undefined;
  if (experienceNo && !club && !experienceBatch) throw new DomainError("体验券不存在或不可用", "400");

  const stay = stayNights(nights, days, room.id, input.roomCount);
  const booking = computeBooking({
    hotelType: hotel.hotelType,
    useTicket: hotel.useTicket ?? 0,
    nights: stay,
    roomCount: input.roomCount,
    classes: input.ticketClassCountJson,
    experience: experienceNo ? { batchNo: experienceNo, ticketCount: experienceBatch?.ticketCount ?? 0 } : null,
  });
  if (input.totalPrice !== undefined && input.totalPrice !== booking.totalPriceFen) throw new DomainError(PRICE_CHANGED, "409");

  const account = club ? await weeksAccountOf(tenantId, client.id) : null;
  const nightsNeeded = { weekdayNights: booking.weekdayRoomNights, weekendNights: booking.weekendRoomNights };
  if (club) {
    if (!account) throw new DomainError(MSG.noMembership, "404");
    if (!previewDeduction(account, nightsNeeded).ok) throw new DomainError(MSG.weeksShort, "400");
  }

  const id = await nextId(tenantId, "hotelOrder");
  const now = formatDateTime();
  const money = !club && booking.totalPriceFen > 0;
  const payer = payerOf(client);
  const order = (weekTakes: LotTake[], voucherTakes: VoucherTake[]): HotelOrderItem =>
    ({
      tenantId,
      id,
      checkinType: club ? "club" : "discount",
      orderName: input.orderName || `${hotel.hotelName} ${room.roomName}`,
      picJson: hotel.pictures?.[0] ?? "",
      status: 1,
      payType: club ? 2 : 1,
      priceFen: booking.totalPriceFen,
      fullPriceFen: booking.fullPriceFen,
      discountFen: booking.discountFen,
      deductionWeeks: booking.weekCount,
      weekstartCount: booking.weekstartCount,
      weekendCount: booking.weekendCount,
      deductionWeeksFristHalt: club ? booking.weekdayRoomNights : 0,
      deductionWeeksSecondHalt: club ? booking.weekendRoomNights : 0,
      productTypeId: account?.productTypeId ?? 0,
      weekTakes: weekTakes.length ? JSON.stringify(weekTakes) : "",
      ticketClassCountJson: JSON.stringify(input.ticketClassCountJson ?? {}),
      ticketClass1Count: experienceNo,
      voucherTakes: voucherTakes.length ? JSON.stringify(voucherTakes) : "",
      ticketCount: booking.ticketCount,
      hotelId: hotel.id,
      hotelName: hotel.hotelName,
      hotelType: hotel.hotelType,
      roomId: room.id,
      roomName: room.roomName,
      checkinRoomCount: input.roomCount,
      checkinDays: stay.length,
      checkinStartdate: input.checkInDate,
      checkinEnddate: input.checkOutDate,
      nightsJson: JSON.stringify(stay.map((n) => ({ date: n.date, kind: n.kind }))),
      holding: 1,
      clientId: client.id,
      clientName: client.clientName,
      clientMobile: client.mobile,
      globalId: client.globalId,
      shop: client.shop,
      ...(money ? { payerAgent: payer.agent, payerChannel: payer.channel } : {}),
      checkInClientJson: JSON.stringify(input.checkInClientJson),
      remark: input.remark,
      bookingRemark: input.remark,
      bookingTime: now,
      orderTime: now,
      payTime: money ? now : "",
      outTradeNo: money ? tradeNo(id) : "",
      rsId: id,
      createUser: caller.userId,
      createUserName: who(caller),
      createTime: now,
      rev: 0,
    }) as HotelOrderItem;

  const rooms = reserveRooms(
    { tenantId, hotelId: hotel.id, roomId: room.id, hasDelete: room.hasDelete },
    stay.map((n) => n.date),
    input.roomCount,
  );
  const write = (weekTakes: LotTake[], voucherTakes: VoucherTake[]): TxItem[] => [
    ...rooms,
    ...createItems(order(weekTakes, voucherTakes)),
    eventItem(caller, id, "下单", 0, 1, `${stay.length}晚 × ${input.roomCount}间`),
    // Money taken at the desk counts in the month's split-bill tallies (finance/tallies).
    ...(money ? tallyItems({ tenantId, column: "discount", fen: booking.totalPriceFen, shop: client.shop, ...payer, at: now }) : []),
  ];

  try {
    if (club) {
      // The balance history names the order that took the weeks and who booked it.
      const note = { reason: "订房扣减", source: "order", sourceId: id, operator: who(caller) };
      await deductWeeksNow({ tenantId, clientId: client.id, productTypeId: account!.productTypeId }, nightsNeeded, (takes) => write(takes, []), { note });
    } else if (booking.ticketCount > 0) {
      const request = { classes: input.ticketClassCountJson, experienceBatchNo: experienceNo || undefined };
      const voucherStay = { hotelId: hotel.id, firstNight: input.checkInDate, lastNight, nights: stay.length, rooms: input.roomCount, now };
      await useVouchersNow({ tenantId, clientId: client.id }, request, voucherStay, id, (takes) => write([], takes));
    } else {
      await transact(write([], []));
    }
  } catch (e) {
    if (e instanceof DomainError && e.desc === NOT_ENOUGH_WEEKS) throw new DomainError(MSG.weeksShort, "409");
    if (e instanceof DomainError && e.desc === NOT_ENOUGH_VOUCHERS) throw new DomainError(NOT_ENOUGH_VOUCHERS, "409");
    throw e;
  }
  return { id, booking };
}
