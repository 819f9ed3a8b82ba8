import { describe, expect, it } from "vitest";
import { computeBooking, checkVoucherSides, weekSplit, MSG, type BookingDraft, type StayNight } from "../src/orders/booking.ts";
import { classifyNights } from "../src/hotels/nights.ts";

/** Nights of a stay, classified with the holidays, priced `weekday`/`weekend` fen per room. */
function stay(checkIn: string, checkOut: string, price = { weekday: 30000, weekend: 50000 }, holidays: { holidayDate: string; holidayEnddate: string }[] = []): StayNight[] {
  return classifyNights(checkIn, checkOut, holidays).map((n) => ({ date: n.date, kind: n.kind, priceFen: price[n.kind] }));
}

const club = (nights: StayNight[], roomCount = 1): BookingDraft => ({ hotelType: 1, useTicket: 0, nights, roomCount });
const discount = (nights: StayNight[], roomCount = 1, more: Partial<BookingDraft> = {}): BookingDraft => ({ hotelType: 2, useTicket: 1, nights, roomCount, ...more });

describe("room-nights from a stay's nights (R150, R168)", () => {
  it("counts Friday to Sunday as weekend nights and the others as weekday nights", () => {
    // 2026-12-07 is a Monday: Mon..Sun = 4 weekday + 3 weekend nights.
    const b = computeBooking(club(stay("2026-12-07", "2026-12-14")));
    expect([b.weekdayRoomNights, b.weekendRoomNights]).toEqual([4, 3]);
  });

  it("multiplies by the rooms", () => {
    const b = computeBooking(club(stay("2026-12-07", "2026-12-10"), 3));
    expect([b.weekdayRoomNights, b.weekendRoomNights, b.nights, b.roomCount]).toEqual([9, 0, 3, 3]);
  });

  it("makes a listed holiday a weekend night", () => {
    const b = computeBooking(club(stay("2026-12-08", "2026-12-10", undefined, [{ holidayDate: "2026-12-09", holidayEnddate: "2026-12-09" }])));
    expect([b.weekdayRoomNights, b.weekendRoomNights]).toEqual([1, 1]);
  });

  it("crosses a month and a year end", () => {
    // 2026-12-30 Wed, 31 Thu, 2027-01-01 Fri (New Year listed), 02 Sat.
    const nights = stay("2026-12-30", "2027-01-03", undefined, [{ holidayDate: "2027-01-01", holidayEnddate: "2027-01-01" }]);
    expect(nights.map((n) => n.date)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    const b = computeBooking(club(nights));
    expect([b.weekdayRoomNights, b.weekendRoomNights]).toEqual([2, 2]);
  });

  it("refuses an empty stay, too many nights and a bad room count", () => {
    expect(() => computeBooking(club([]))).toThrow(MSG.outAfterIn);
    expect(() => computeBooking(club(stay("2026-12-01", "2027-01-05")))).toThrow(MSG.tooLong);
    expect(() => computeBooking(club(stay("2026-12-07", "2026-12-08"), 0))).toThrow(MSG.roomCountRequired);
  });
});

describe("stored weeks for club hotels (R169, R181)", () => {
  it("splits room-nights into whole weeks of 5 + 2 and the nights beyond", () => {
    expect(weekSplit(5, 2)).toEqual({ weekCount: 1, weekstartCount: 0, weekendCount: 0 });
    expect(weekSplit(12, 6)).toEqual({ weekCount: 2, weekstartCount: 2, weekendCount: 2 });
    expect(weekSplit(4, 3)).toEqual({ weekCount: 0, weekstartCount: 4, weekendCount: 3 });
    expect(weekSplit(0, 2)).toEqual({ weekCount: 0, weekstartCount: 0, weekendCount: 2 });
  });

  it("costs no money and refuses vouchers", () => {
    const b = computeBooking(club(stay("2026-12-07", "2026-12-14"), 2));
    expect(b).toMatchObject({ weekdayRoomNights: 8, weekendRoomNights: 6, weekCount: 1, weekstartCount: 3, weekendCount: 4, totalPriceFen: 0 });
    expect(() => computeBooking({ ...club(stay("2026-12-07", "2026-12-08")), classes: { allday: 1 } })).toThrow(MSG.clubNoTickets);
  });
});

describe("voucher limits per side (R170–R174)", () => {
  it("keeps weekday and weekend vouchers within their room-nights", () => {
    expect(() => checkVoucherSides({ allday: 2, halfday: 1 }, 2, 5)).toThrow(MSG.weekdayTickets);
    expect(() => checkVoucherSides({ allend: 1, halfend: 2 }, 5, 2)).toThrow(MSG.weekendTickets);
    expect(() => checkVoucherSides({ allday: 2, allend: 2 }, 2, 2)).not.toThrow();
  });

  it("keeps weekday + all-week within the weekday room-nights (R173)", () => {
    expect(() => checkVoucherSides({ allday: 1, allall: 1, halfall: 1 }, 3, 3)).not.toThrow();
    expect(() => checkVoucherSides({ allday: 2, allall: 1, halfall: 1 }, 3, 5)).toThrow(MSG.weekdayWithAll);
    expect(() => checkVoucherSides({ allday: 2, allall: 2 }, 3, 0)).toThrow(MSG.weekdayWithAll);
  });

  it("keeps weekend + all-week within the weekend room-nights (R174), even with weekday nights left", () => {
    // 4 weekday and 2 weekend room-nights: 1 weekend + 2 all-week is 3 > 2, though 4 weekday nights are free.
    expect(() => checkVoucherSides({ allend: 1, allall: 2 }, 4, 2)).toThrow(MSG.weekendWithAll);
    expect(() => checkVoucherSides({ allend: 1, halfall: 2 }, 4, 2)).toThrow(MSG.weekendWithAll);
    expect(() => checkVoucherSides({ allend: 1, allall: 1 }, 4, 2)).not.toThrow();
    // A stay without a weekend night takes no all-week voucher.
    expect(() => checkVoucherSides({ allall: 1 }, 4, 0)).toThrow(MSG.weekendWithAll);
  });

  it("refuses negative or fractional counts", () => {
    expect(() => checkVoucherSides({ allday: -1 }, 3, 0)).toThrow("房券数量不正确");
    expect(() => checkVoucherSides({ allday: 1.5 }, 3, 0)).toThrow("房券数量不正确");
  });
});

describe("price of a discount-hotel stay (R180)", () => {
  // Thu 2026-12-10 (weekday 300), Fri 11 and Sat 12 (weekend 500 each).
  const nights = stay("2026-12-10", "2026-12-13");

  it("is the sum of every night's price per room", () => {
    expect(computeBooking(discount(nights, 2))).toMatchObject({ fullPriceFen: 260000, discountFen: 0, totalPriceFen: 260000 });
  });

  it("takes free nights off whole and half-price nights half", () => {
    const b = computeBooking(discount(nights, 1, { classes: { allday: 1, halfend: 1 } }));
    expect(b).toMatchObject({ fullPriceFen: 130000, discountFen: 30000 + 25000, totalPriceFen: 75000, ticketCount: 2 });
  });

  it("uses all-week vouchers on the weekday remainder first", () => {
    // Wed 9 and Thu 10 (weekday), Fri 11 and Sat 12 (weekend): all-week vouchers fit each side's remainder (R173, R174).
    const four = stay("2026-12-09", "2026-12-13");
    const b = computeBooking(discount(four, 1, { classes: { allall: 2 } }));
    expect(b.discountFen).toBe(30000 + 30000);
    const half = computeBooking(discount(four, 1, { classes: { allday: 1, halfall: 1 } }));
    expect(half.discountFen).toBe(30000 + 15000);
    // Thu, Fri, Sat: one weekday night, so two all-week vouchers break R173.
    expect(() => computeBooking(discount(nights, 1, { classes: { allall: 2 } }))).toThrow(MSG.weekdayWithAll);
  });

  it("refuses vouchers where the hotel does not take them", () => {
    expect(() => computeBooking(discount(nights, 1, { useTicket: 0, classes: { allday: 1 } }))).toThrow(MSG.noTicketsHere);
  });
});

describe("experience vouchers (R175–R179)", () => {
  const nights = stay("2026-12-10", "2026-12-12");

  it("pays the whole stay of one room for exactly its nights", () => {
    const b = computeBooking(discount(nights, 1, { experience: { batchNo: "E1", ticketCount: 2 } }));
    expect(b).toMatchObject({ totalPriceFen: 0, discountFen: b.fullPriceFen, ticketCount: 2 });
  });

  it("refuses more than one room", () => {
    expect(() => computeBooking(discount(nights, 2, { experience: { batchNo: "E1", ticketCount: 2 } }))).toThrow(MSG.oneRoomOnly);
  });

  it("refuses a stay whose nights differ from the voucher's", () => {
    expect(() => computeBooking(discount(nights, 1, { experience: { batchNo: "E1", ticketCount: 3 } }))).toThrow(MSG.experienceNights);
  });

  it("is never used together with discount vouchers", () => {
    expect(() => computeBooking(discount(nights, 1, { experience: { batchNo: "E1", ticketCount: 2 }, classes: { allday: 1 } }))).toThrow(MSG.notWithExperience);
  });
});
