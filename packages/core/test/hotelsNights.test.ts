import { describe, it, expect } from "vitest";
import { classifyNights, countNights, datesFrom, holidayOn, isoWeekday, weekName, addDays, isDate, businessDate } from "../src/hotels/nights.ts";

const kinds = (checkIn: string | number, checkOut: string | number, holidays: Parameters<typeof classifyNights>[2] = []) =>
  classifyNights(checkIn, checkOut, holidays).map((n) => `${n.date}:${n.kind === "weekend" ? "E" : "D"}`);

describe("weekday and weekend nights (spec 000 §9: Friday to Sunday plus listed holidays)", () => {
  it("counts Friday, Saturday and Sunday nights as weekend and Monday to Thursday as weekday", () => {
    // 2026-11-16 is a Monday.
    expect(kinds("2026-11-16", "2026-11-23")).toEqual(["2026-11-16:D", "2026-11-17:D", "2026-11-18:D", "2026-11-19:D", "2026-11-20:E", "2026-11-21:E", "2026-11-22:E"]);
    expect(countNights(classifyNights("2026-11-16", "2026-11-23", []))).toEqual({ weekday: 4, weekend: 3 });
  });

  it("names a night by the day it starts on: check-out day is no night, same-day or reversed stays have none", () => {
    expect(kinds("2026-11-19", "2026-11-20")).toEqual(["2026-11-19:D"]); // Thursday night only
    expect(kinds("2026-11-20", "2026-11-20")).toEqual([]);
    expect(kinds("2026-11-21", "2026-11-20")).toEqual([]);
  });

  it("crosses month ends, leap days and year ends", () => {
    expect(kinds("2028-02-27", "2028-03-02")).toEqual(["2028-02-27:E", "2028-02-28:D", "2028-02-29:D", "2028-03-01:D"]);
    expect(kinds("2026-02-27", "2026-03-02")).toEqual(["2026-02-27:E", "2026-02-28:E", "2026-03-01:E"]);
    expect(kinds("2026-12-29", "2027-01-05")).toEqual(["2026-12-29:D", "2026-12-30:D", "2026-12-31:D", "2027-01-01:E", "2027-01-02:E", "2027-01-03:E", "2027-01-04:D"]);
  });

  it("makes every day of a listed holiday a weekend night, across a year end", () => {
    const newYear = [{ holidayDate: "2026-12-31 00:00:00", holidayEnddate: "2027-01-01 00:00:00", holidayName: "元旦" }];
    const nights = classifyNights("2026-12-29", "2027-01-02", newYear);
    expect(nights).toEqual([
      { date: "2026-12-29", kind: "weekday" },
      { date: "2026-12-30", kind: "weekday" },
      { date: "2026-12-31", kind: "weekend", holiday: "元旦" },
      { date: "2027-01-01", kind: "weekend", holiday: "元旦" },
    ]);
    expect(countNights(nights)).toEqual({ weekday: 2, weekend: 2 });
  });

  it("counts a day once when holidays overlap, naming the earliest-starting one", () => {
    const holidays = [
      { holidayDate: "2026-10-01", holidayEnddate: "2026-10-07", holidayName: "国庆节" },
      { holidayDate: "2026-09-25", holidayEnddate: "2026-10-02", holidayName: "中秋节" },
    ];
    const nights = classifyNights("2026-09-28", "2026-10-09", holidays);
    expect(nights.filter((n) => n.kind === "weekday").map((n) => n.date)).toEqual(["2026-10-08"]);
    expect(nights.find((n) => n.date === "2026-10-01")?.holiday).toBe("中秋节");
    expect(nights.find((n) => n.date === "2026-10-03")?.holiday).toBe("国庆节");
    expect(countNights(nights)).toEqual({ weekday: 1, weekend: 10 });
    expect(holidayOn("2026-10-08", holidays)).toBeUndefined();
  });

  it("reads instants in Asia/Shanghai: 16:00 UTC on New Year's Eve is already New Year's Day", () => {
    const eve = Date.UTC(2026, 11, 31, 16, 0, 0);
    expect(businessDate(eve)).toBe("2027-01-01");
    expect(kinds(Date.UTC(2026, 11, 30, 16, 0, 0), eve)).toEqual(["2026-12-31:D"]);
  });

  it("refuses what is not a date", () => {
    expect(() => classifyNights("2026-02-30", "2026-03-02", [])).toThrow(RangeError);
    expect(isDate("2026-13-01")).toBe(false);
    expect(isDate("2028-02-29")).toBe(true);
  });
});

describe("calendar days", () => {
  it("walks ranges, weekdays and week names", () => {
    expect(datesFrom("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(isoWeekday("2026-11-22")).toBe(7);
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(weekName("2026-11-20")).toBe("星期五");
  });
});
