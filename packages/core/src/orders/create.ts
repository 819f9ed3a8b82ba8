import { computeBooking, MSG, HOTEL_CLUB, MAX_NIGHTS, type Booking, type ClassCounts, type StayNight } from "./booking.ts";
import { PAY_DEADLINES, PayDeadline, type HotelOrderItem } from "./entities.ts";
import type { CreateOrderInput } from "./schemas.ts";
import { createItems, eventItem, type Actor } from "./records.ts";
import { weeksAccountOf, type WeeksAccount } from "./memberStore.ts";
import { AWAITING_PAYMENT, AWAITING_REVIEW, checkPayWith, MEMBER_MSG, MEMBER_PAY_MINUTES, pickVouchers, type PayWith } from "./memberRules.ts";
import { getHotel, getRoom } from "../hotels/hotelQueries.ts";
import { nightsOfStay } from "../hotels/holidays.ts";
import { cellOf, daysOf, type Day } from "../hotels/days.ts";
import type { HotelItem, RoomItem } from "../hotels/entities.ts";
import { addDays, daysBetween } from "../hotels/nights.ts";
import { reserveRooms, ROOMS_SHORT } from "../hotels/availability.ts";
import { deductWeeksNow, previewDeduction, NOT_ENOUGH_WEEKS, type LotTake } from "../clients/ledger/ledger.ts";
import { readVoucherBatches, useVouchersNow, NOT_ENOUGH_VOUCHERS, type VoucherTake } from "../vouchers/ledger/ledger.ts";
import { voucherStore, type PlanBatch } from "../vouchers/ledger/plan.ts";
import type { ClientItem } from "../clients/entities.ts";
import { visibleClient } from "../clients/visible.ts";
import { nextId } from "../kernel/counters.ts";
import { transact, txPut, type TxItem } from "../kernel/tx.ts";
import { queueOf } from "../kernel/queue.ts";
import { payerOf, tallyItems } from "../finance/tallies/tally.ts";
import { formatDateTime, nowMs, shanghai, today } from "../kernel/clock.ts";
import { DomainError } from "../kernel/errors.ts";
import { who, type Caller } from "../kernel/context.ts";
import { pushItems } from "../platform/push/enqueue.ts";

/**
 * Placing a hotel order, whoever places it: staff for a client (createhotelorder, a proxy order) or
 * the client's own member in the mini-program (mp/order/create). ONE function does the work for both
 * (`placeHotelOrder`): everything is checked on the server from what is stored now — the stay's
 * nights classified with the holidays, the room's free count and price per night, the client's weeks
 * and vouchers — and the booking is written in ONE transaction: every night's rooms, the weeks or
 * vouchers, the order, its keys, the tallies and its first history line. All of it or none of it.
 *
 * What differs is who places it and how the client is found: staff read a client in their
 * departments (`createHotelOrder`); a member books for the client they are bound to, chooses how to
 * pay (`payWith`, memberRules.ts) and pays money online, so their order waits for payment (status 3)
 * until its deadline (memberRules.ts MEMBER_PAY_MINUTES; the PayDeadline queue item is written with it,
 * memberExpiry.ts closes it unpaid). The client is told (message push `orderPlaced`, in the same
 * transaction; nothing without the tenant's template).
 */
export const PRICE_CHANGED = "订单金额已变化，请重新确认";
export const HOTEL_CLOSED = "该酒店已停用，不能预订";
export const ROOM_CLOSED = "该客房已停用，不能预订";
const HOTEL_GONE = "酒店不存在或已被删除";

export type CreatedOrder = { id: number; booking: Booking; status: number };

/** Who places an order: staff for a client (`proxy`: the order gets its reservation-service record and the creator's key), or a member (userId 0). */
export type Placer = Actor & { proxy: boolean };

/** What a booking asks for, whoever asks. */
export type BookingRequest = Omit<CreateOrderInput, "clientId">;

export type PlaceOrder = {
  by: Placer;
  /** Reads the client the booking is for, with the placer's own check (read beside the hotel, the room and the nights). */
  client: () => Promise<ClientItem>;
  request: BookingRequest;
  /** A member's choice (memberRules.ts); staff pay as the hotel's type says, with the vouchers the wizard chose. */
  payWith?: PayWith;
};

function checkDates(input: BookingRequest): void {
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

/** The outTradeNo of a booking's money: taken at the desk (staff) or to be paid online (member); the sandbox provider's order number. */
const tradeNo = (id: number) => `XY${shanghai().format("YYYYMMDD")}${String(id).padStart(8, "0")}`;

/** A read booking: the client, the hotel and room, the stay's nights with their prices. */
type Read = { client: ClientItem; hotel: HotelItem; room: RoomItem; stay: StayNight[]; club: boolean };

async function readBooking(tenantId: string, o: PlaceOrder): Promise<Read> {
  const r = o.request;
  const lastNight = addDays(r.checkOutDate, -1);
  const [client, hotel, room, nights, days] = await Promise.all([
    o.client(),
    getHotel(tenantId, r.hotelId),
    getRoom(tenantId, r.roomId),
    nightsOfStay(tenantId, r.checkInDate, r.checkOutDate),
    daysOf(tenantId, r.hotelId, r.checkInDate, lastNight, r.roomId),
  ]);
  if (!client.globalId) throw o.by.proxy ? new DomainError(MSG.notBound, "400") : new DomainError(MEMBER_MSG.notBound, "409");
  if (!hotel) throw new DomainError(HOTEL_GONE, "404");
  if (!room || room.hotelId !== hotel.id) throw new DomainError(MSG.roomRequired, "400");
  if (hotel.idisplay !== 1) throw new DomainError(HOTEL_CLOSED, "409");
  if (room.idisplay !== 1) throw new DomainError(ROOM_CLOSED, "409");
  if (o.payWith) checkPayWith(o.payWith, hotel);
  return { client, hotel, room, stay: stayNights(nights, days, room.id, r.roomCount), club: hotel.hotelType === HOTEL_CLUB };
}

/** The vouchers a booking uses: the wizard's classes and experience batch, or for a member paying with vouchers the most they hold for the stay. */
async function voucherChoice(tenantId: string, o: PlaceOrder, b: Read): Promise<{ classes: ClassCounts; experience: { batchNo: string; ticketCount: number } | null }> {
  const r = o.request;
  if (o.payWith === "vouchers") {
    const batches = (await readVoucherBatches({ tenantId, clientId: b.client.id })) as PlanBatch[];
    const held = voucherStore(batches, b.hotel.id, addDays(r.checkOutDate, -1), formatDateTime()).ticketClassCount;
    const weekday = b.stay.filter((n) => n.kind === "weekday").length * r.roomCount;
    const classes = pickVouchers(held, weekday, b.stay.length * r.roomCount - weekday);
    if (Object.keys(classes).length === 0) throw new DomainError(MEMBER_MSG.noVouchers, "400");
    return { classes, experience: null };
  }
  const experienceNo = r.ticketClass1Count;
  const batches = !b.club && experienceNo ? await readVoucherBatches({ tenantId, clientId: b.client.id }) : [];
  const batch = experienceNo ? batches.find((x) => x.batchNo === experienceNo && x.ticketType === 1) : undefined;
  if (experienceNo && !b.club && !batch) throw new DomainError("体验券不存在或不可用", "400");
  return { classes: r.ticketClassCountJson, experience: experienceNo ? { batchNo: experienceNo, ticketCount: batch?.ticketCount ?? 0 } : null };
}

type Plan = Read & {
  booking: Booking;
  classes: ClassCounts;
  experienceNo: string;
  account: WeeksAccount | null;
  id: number;
  now: string;
  status: number;
  /** Awaiting payment: when it is closed unpaid; else "". */
  payDeadline: string;
  /** The client's message (message push), written with the order. */
  push: TxItem[];
};

/** The order as stored (what was taken is filled in by the ledgers' plan). */
function orderItem(tenantId: string, o: PlaceOrder, p: Plan, weekTakes: LotTake[], voucherTakes: VoucherTake[]): HotelOrderItem {
  const r = o.request;
  const { client, hotel, room, booking, club, id, now } = p;
  const money = !club && booking.totalPriceFen > 0;
  const paid = money && p.status !== AWAITING_PAYMENT;
  const payer = payerOf(client);
  return {
    tenantId,
    id,
    checkinType: club ? "club" : "discount",
    orderName: r.orderName || `${hotel.hotelName} ${room.roomName}`,
    picJson: hotel.pictures?.[0] ?? "",
    status: p.status,
    payType: club ? 2 : 1,
    priceFen: booking.totalPriceFen,
    fullPriceFen: booking.fullPriceFen,
    discountFen: booking.discountFen,
    deductionWeeks: booking.weekCount,
    weekstartCount: booking.weekstartCount,
    weekendCount: booking.weekendCount,
    deductionWeeksFristHalt: club ? booking.weekdayRoomNights : 0,
    deductionWeeksSecondHalt: club ? booking.weekendRoomNights : 0,
    productTypeId: p.account?.productTypeId ?? 0,
    weekTakes: weekTakes.length ? JSON.stringify(weekTakes) : "",
    ticketClassCountJson: JSON.stringify(p.classes ?? {}),
    ticketClass1Count: p.experienceNo,
    voucherTakes: voucherTakes.length ? JSON.stringify(voucherTakes) : "",
    ticketCount: booking.ticketCount,
    hotelId: hotel.id,
    hotelName: hotel.hotelName,
    hotelType: hotel.hotelType,
    roomId: room.id,
    roomName: room.roomName,
    checkinRoomCount: r.roomCount,
    checkinDays: p.stay.length,
    checkinStartdate: r.checkInDate,
    checkinEnddate: r.checkOutDate,
    nightsJson: JSON.stringify(p.stay.map((n) => ({ date: n.date, kind: n.kind }))),
    holding: 1,
    clientId: client.id,
    clientName: client.clientName,
    clientMobile: client.mobile,
    globalId: client.globalId,
    shop: client.shop,
    ...(paid ? { payerAgent: payer.agent, payerChannel: payer.channel } : {}),
    checkInClientJson: JSON.stringify(r.checkInClientJson),
    remark: r.remark,
    bookingRemark: r.remark,
    bookingTime: now,
    orderTime: now,
    payTime: paid ? now : "",
    outTradeNo: money ? tradeNo(id) : "",
    payDeadline: p.payDeadline,
    rsId: o.by.proxy ? id : 0,
    createUser: o.by.userId,
    createUserName: who(o.by),
    createTime: now,
    rev: 0,
  } as HotelOrderItem;
}

/** Writes the booking: the nights, the order and its records, and the weeks or vouchers it takes, in one transaction. */
async function writeBooking(tenantId: string, o: PlaceOrder, p: Plan): Promise<void> {
  const r = o.request;
  const { client, hotel, room, booking, club, id, now, stay } = p;
  const paid = !club && booking.totalPriceFen > 0 && p.status !== AWAITING_PAYMENT;
  const rooms = reserveRooms(
    { tenantId, hotelId: hotel.id, roomId: room.id, hasDelete: room.hasDelete },
    stay.map((n) => n.date),
    r.roomCount,
  );
  const write = (weekTakes: LotTake[], voucherTakes: VoucherTake[]): TxItem[] => [
    ...rooms,
    ...createItems(orderItem(tenantId, o, p, weekTakes, voucherTakes)),
    eventItem(o.by, id, "下单", 0, p.status, `${stay.length}晚 × ${r.roomCount}间`),
    ...(p.payDeadline ? [txPut(PayDeadline.create({ queue: queueOf(PAY_DEADLINES, tenantId), dueAt: p.payDeadline, tenantId, orderId: id }))] : []),
    ...p.push,
    // Money taken at the desk counts in the month's split-bill tallies (finance/tallies); money owed online counts when paid.
    ...(paid ? tallyItems({ tenantId, column: "discount", fen: booking.totalPriceFen, shop: client.shop, ...payerOf(client), at: now }) : []),
  ];
  try {
    if (club) {
      // The balance history names the order that took the weeks and who booked it.
      const note = { reason: "订房扣减", source: "order", sourceId: id, operator: who(o.by) };
      const nights = { weekdayNights: booking.weekdayRoomNights, weekendNights: booking.weekendRoomNights };
      await deductWeeksNow({ tenantId, clientId: client.id, productTypeId: p.account!.productTypeId }, nights, (takes) => write(takes, []), { note });
    } else if (booking.ticketCount > 0) {
      const request = { classes: p.classes, experienceBatchNo: p.experienceNo || undefined };
      const voucherStay = { hotelId: hotel.id, firstNight: r.checkInDate, lastNight: addDays(r.checkOutDate, -1), nights: stay.length, rooms: r.roomCount, now };
      await useVouchersNow({ tenantId, clientId: client.id }, request, voucherStay, id, (takes) => write([], takes));
    } else {
      await transact(write([], []));
    }
  } catch (e) {
    if (e instanceof DomainError && e.desc === NOT_ENOUGH_WEEKS) throw new DomainError(MSG.weeksShort, "409");
    if (e instanceof DomainError && e.desc === NOT_ENOUGH_VOUCHERS) throw new DomainError(NOT_ENOUGH_VOUCHERS, "409");
    throw e;
  }
}

/** Places a booking (see above): reads and checks, prices it with the shared rules (booking.ts), then writes it all at once. */
export async function placeHotelOrder(o: PlaceOrder): Promise<CreatedOrder> {
  const { tenantId } = o.by;
  const r = o.request;
  checkDates(r);
  const read = await readBooking(tenantId, o);
  const { classes, experience } = await voucherChoice(tenantId, o, read);
  const booking = computeBooking({
    hotelType: read.hotel.hotelType,
    useTicket: read.hotel.useTicket ?? 0,
    nights: read.stay,
    roomCount: r.roomCount,
    classes,
    experience,
  });
  if (r.totalPrice !== undefined && r.totalPrice !== booking.totalPriceFen) throw new DomainError(PRICE_CHANGED, "409");

  const account = read.club ? await weeksAccountOf(tenantId, read.client.id) : null;
  if (read.club) {
    if (!account) throw new DomainError(MSG.noMembership, "404");
    if (!previewDeduction(account, { weekdayNights: booking.weekdayRoomNights, weekendNights: booking.weekendRoomNights }).ok) throw new DomainError(MSG.weeksShort, "400");
  }
  const owesOnline = !o.by.proxy && !read.club && booking.totalPriceFen > 0;
  const status = owesOnline ? AWAITING_PAYMENT : AWAITING_REVIEW;
  const [id, push] = await Promise.all([nextId(tenantId, "hotelOrder"), pushItems(tenantId, "orderPlaced", { to: { client: read.client.id }, address: read.hotel.hotelName })]);
  const payDeadline = status === AWAITING_PAYMENT ? formatDateTime(nowMs() + MEMBER_PAY_MINUTES * 60_000) : "";
  const plan: Plan = { ...read, booking, classes, experienceNo: experience?.batchNo ?? "", account, id, now: formatDateTime(), status, payDeadline, push };
  await writeBooking(tenantId, o, plan);
  return { id, booking, status };
}

/** createhotelorder: staff book for a client in their departments (a proxy order, paid at the desk). */
export async function createHotelOrder(caller: Caller, input: CreateOrderInput): Promise<CreatedOrder> {
  const { clientId, ...request } = input;
  return placeHotelOrder({ by: { ...caller, proxy: true }, client: () => visibleClient(caller, clientId), request });
}
