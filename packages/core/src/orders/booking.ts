import { DomainError } from "../kernel/errors.ts";
import type { NightKind } from "../hotels/nights.ts";
import { CLASS_NAMES, type VoucherClass } from "../vouchers/ledger/plan.ts";

/**
 * The booking rules of hotel order creation (R166–R181), pure: the server decides with them and
 * the console's wizard imports the very same functions to show the numbers live as staff pick.
 *
 * Room-nights: every night of the stay counts once per room. A night is a weekday or a weekend
 * night (Friday–Sunday or a listed holiday, hotels/nights.ts). A stored week is 5 weekday nights
 * and 2 weekend nights (R169).
 *
 * Vouchers (discount hotels that accept them): weekday vouchers cover weekday room-nights, weekend
 * vouchers weekend room-nights, all-week vouchers fill what is left — the weekday side first,
 * then the weekend side (R172) — and must fit what is left on each side (R173, R174). A free voucher takes the night's price off, a half-price voucher
 * half of it (R180). An experience voucher is a batch of N nights used whole: one room, exactly N
 * nights (R177–R179), never together with discount vouchers (R175, R176).
 */
export const MSG = {
  clientRequired: "客户不能为空",
  roomRequired: "客房不能为空",
  datesRequired: "入离日期不能为空",
  roomCountRequired: "预订客房数不能为空",
  notBound: "该客户末绑定小程序，请客户先注册小程序。",
  weeksShort: "抵扣周次不足，不能提交订单。",
  weekdayTickets: "已选平日房券数不能超过平日房数",
  weekendTickets: "已选周末房券数不能超过周末房数",
  weekdayWithAll: "已选平日券和全周券合计不能超过平日房数",
  weekendWithAll: "已选周末券和全周券合计不能超过周末房数",
  notWithExperience: "不能与体验券同时使用，请选取消体验券",
  notWithDiscount: "不能与折扣券同时使用，请选取消折扣券",
  oneRoomOnly: "只能选择一间房，已重设房间数",
  experienceNights: "预订天数与体验券数量不符，请重新选择预订时间。",
  success: "下单成功",
  noMembership: "客户产品存储信息不存在",
  invalidClient: "无效的客户信息",
  // Not given by the spec (docs/orders.md):
  pastDate: "入住日期不能早于今天",
  outAfterIn: "离店日期必须晚于入住日期",
  tooLong: "预订天数不能超过30天",
  noTicketsHere: "该酒店不支持使用房券",
  clubNoTickets: "会员酒店不能使用房券",
} as const;

/** A booking holds every night in one transaction (kernel/tx.ts: at most 100 items). */
export const MAX_NIGHTS = 30;
export const MAX_ROOMS = 20;

export const WEEKDAY_PER_WEEK = 5;
export const WEEKEND_PER_WEEK = 2;

/** Discount voucher counts per class as the member store info names them (R182): price × scope. */
export type { VoucherClass };
export const VOUCHER_CLASSES = CLASS_NAMES;
export type ClassCounts = Partial<Record<VoucherClass, number>>;

export const HOTEL_CLUB = 1;
export const HOTEL_DISCOUNT = 2;

export type StayNight = { date: string; kind: NightKind; /** price of one room that night, fen (discount hotels) */ priceFen: number };
export type ExperienceChoice = { batchNo: string; ticketCount: number };
export type BookingDraft = {
  hotelType: number;
  /** 1 = the discount hotel accepts room vouchers. */
  useTicket: number;
  nights: StayNight[];
  roomCount: number;
  classes?: ClassCounts;
  experience?: ExperienceChoice | null;
};

/** How a booking is paid, computed from the draft. Money in fen. */
export type Booking = {
  nights: number;
  roomCount: number;
  weekdayRoomNights: number;
  weekendRoomNights: number;
  /** Club hotels: the stored weeks the stay costs, in whole weeks and the weekday/weekend nights left over (R181). */
  weekCount: number;
  weekstartCount: number;
  weekendCount: number;
  /** Vouchers used (all classes, or the experience batch's nights). */
  ticketCount: number;
  fullPriceFen: number;
  discountFen: number;
  totalPriceFen: number;
};

const fail = (msg: string, code = "400"): never => {
  throw new DomainError(msg, code);
};

const count = (c: ClassCounts | undefined, k: VoucherClass): number => {
  const v = c?.[k] ?? 0;
  if (!Number.isInteger(v) || v < 0) fail("房券数量不正确");
  return v;
};

export const classTotal = (c: ClassCounts | undefined): number => VOUCHER_CLASSES.reduce((s, k) => s + count(c, k), 0);

/** Whole weeks and leftover nights of a stay's room-nights (R169, R181). */
export function weekSplit(weekdayRoomNights: number, weekendRoomNights: number) {
  const weekCount = Math.min(Math.floor(weekdayRoomNights / WEEKDAY_PER_WEEK), Math.floor(weekendRoomNights / WEEKEND_PER_WEEK));
  return { weekCount, weekstartCount: weekdayRoomNights - weekCount * WEEKDAY_PER_WEEK, weekendCount: weekendRoomNights - weekCount * WEEKEND_PER_WEEK };
}

type Slot = { kind: NightKind; priceFen: number };

/** The room-nights as price slots, in date order (each night once per room). */
const slotsOf = (nights: StayNight[], rooms: number): Slot[] => nights.flatMap((n) => Array.from({ length: rooms }, () => ({ kind: n.kind, priceFen: n.priceFen })));

/**
 * Voucher side limits, as the rules state them (docs/rules-index.md), in their order: weekday vouchers ≤ weekday
 * room-nights (R170), weekend vouchers ≤ weekend room-nights (R171), weekday + all-week ≤ weekday
 * room-nights (R173), weekend + all-week ≤ weekend room-nights (R174). So the all-week vouchers must
 * fit the remainder of *each* side (a stay with nights of one side only takes none); R172's "fill the
 * remainder" is then where they are priced (voucherDiscount). Not the sum of both remainders: that let
 * weekend + all-week exceed the weekend room-nights without R174's message.
 */
export function checkVoucherSides(c: ClassCounts | undefined, weekdayRoomNights: number, weekendRoomNights: number): void {
  const weekday = count(c, "allday") + count(c, "halfday");
  const weekend = count(c, "allend") + count(c, "halfend");
  const all = count(c, "allall") + count(c, "halfall");
  if (weekday > weekdayRoomNights) fail(MSG.weekdayTickets);
  if (weekend > weekendRoomNights) fail(MSG.weekendTickets);
  if (weekday + all > weekdayRoomNights) fail(MSG.weekdayWithAll);
  if (weekend + all > weekendRoomNights) fail(MSG.weekendWithAll);
}

/** Experience voucher rules (R175–R179). */
export function checkExperience(d: Pick<BookingDraft, "experience" | "classes" | "roomCount" | "nights">): void {
  if (!d.experience) return;
  if (classTotal(d.classes) > 0) fail(MSG.notWithExperience);
  if (d.roomCount !== 1) fail(MSG.oneRoomOnly);
  if (d.experience.ticketCount !== d.nights.length) fail(MSG.experienceNights);
}

/** The discount the chosen vouchers give, in fen (free nights whole, half-price nights half). */
function voucherDiscount(slots: Slot[], c: ClassCounts | undefined): number {
  let discount = 0;
  const open = slots.map((s) => ({ ...s, used: false }));
  const apply = (kinds: NightKind[], n: number, share: (fen: number) => number) => {
    for (const s of open) {
      if (n === 0) return;
      if (!s.used && kinds.includes(s.kind)) {
        s.used = true;
        discount += share(s.priceFen);
        n--;
      }
    }
  };
  const whole = (fen: number) => fen;
  const half = (fen: number) => Math.floor(fen / 2);
  apply(["weekday"], count(c, "allday"), whole);
  apply(["weekday"], count(c, "halfday"), half);
  apply(["weekend"], count(c, "allend"), whole);
  apply(["weekend"], count(c, "halfend"), half);
  // All-week vouchers: the weekday remainder first, then the weekend one.
  const allFree = count(c, "allall");
  const allHalf = count(c, "halfall");
  const weekdayOpen = open.filter((s) => !s.used && s.kind === "weekday").length;
  const freeOnWeekday = Math.min(allFree, weekdayOpen);
  apply(["weekday"], freeOnWeekday, whole);
  const halfOnWeekday = Math.min(allHalf, weekdayOpen - freeOnWeekday);
  apply(["weekday"], halfOnWeekday, half);
  apply(["weekend"], allFree - freeOnWeekday, whole);
  apply(["weekend"], allHalf - halfOnWeekday, half);
  return discount;
}

/** The shape checks of a stay: rooms and nights present and within what one booking can hold. */
export function checkStayShape(nights: number, roomCount: number): void {
  if (!Number.isInteger(roomCount) || roomCount < 1) fail(MSG.roomCountRequired);
  if (roomCount > MAX_ROOMS) fail(`预订客房数不能超过${MAX_ROOMS}间`);
  if (nights < 1) fail(MSG.outAfterIn);
  if (nights > MAX_NIGHTS) fail(MSG.tooLong);
}

/** Computes a booking from the draft; throws the first broken rule's message. */
export function computeBooking(d: BookingDraft): Booking {
  checkStayShape(d.nights.length, d.roomCount);
  const weekdayNights = d.nights.filter((n) => n.kind === "weekday").length;
  const weekdayRoomNights = weekdayNights * d.roomCount;
  const weekendRoomNights = (d.nights.length - weekdayNights) * d.roomCount;
  const tickets = classTotal(d.classes);
  const base = { nights: d.nights.length, roomCount: d.roomCount, weekdayRoomNights, weekendRoomNights };

  if (d.hotelType === HOTEL_CLUB) {
    if (tickets > 0 || d.experience) fail(MSG.clubNoTickets);
    return { ...base, ...weekSplit(weekdayRoomNights, weekendRoomNights), ticketCount: 0, fullPriceFen: 0, discountFen: 0, totalPriceFen: 0 };
  }

  const slots = slotsOf(d.nights, d.roomCount);
  const fullPriceFen = slots.reduce((s, x) => s + x.priceFen, 0);
  if ((tickets > 0 || d.experience) && d.useTicket !== 1) fail(MSG.noTicketsHere);
  checkExperience(d);
  checkVoucherSides(d.classes, weekdayRoomNights, weekendRoomNights);
  const discountFen = d.experience ? fullPriceFen : voucherDiscount(slots, d.classes);
  return {
    ...base,
    weekCount: 0,
    weekstartCount: 0,
    weekendCount: 0,
    ticketCount: d.experience ? d.experience.ticketCount : tickets,
    fullPriceFen,
    discountFen,
    totalPriceFen: fullPriceFen - discountFen,
  };
}
