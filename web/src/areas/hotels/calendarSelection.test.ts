import { describe, expect, it } from "vitest";
import { monthRange, selectedDates, shiftMonth } from "./calendarSelection.ts";

describe("calendar selection", () => {
  it("takes every Friday and Saturday of a month", () => {
    const days = selectedDates({ startDate: "2030-06-01", endDate: "2030-06-30", weekdays: [5, 6] });
    expect([...days]).toEqual(["2030-06-01", "2030-06-07", "2030-06-08", "2030-06-14", "2030-06-15", "2030-06-21", "2030-06-22", "2030-06-28", "2030-06-29"]);
  });

  it("takes every day when no weekday is chosen, and nothing for a reversed range", () => {
    expect(selectedDates({ startDate: "2030-06-01", endDate: "2030-06-03", weekdays: [] }).size).toBe(3);
    expect(selectedDates({ startDate: "2030-06-03", endDate: "2030-06-01", weekdays: [] }).size).toBe(0);
  });

  it("moves between months and starts the range no earlier than today", () => {
    expect(shiftMonth("2030-12", 1)).toBe("2031-01");
    expect(shiftMonth("2030-01", -1)).toBe("2029-12");
    expect(monthRange("2030-06", "2030-06-12")).toEqual({ startDate: "2030-06-12", endDate: "2030-06-30" });
    expect(monthRange("2030-07", "2030-06-12")).toEqual({ startDate: "2030-07-01", endDate: "2030-07-31" });
  });
});
