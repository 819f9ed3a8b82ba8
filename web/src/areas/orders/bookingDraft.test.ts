import { describe, expect, it } from "vitest";
import { stayNightsOf } from "./bookingDraft.ts";
import type { StayRoom } from "./orderQueries.ts";

const roomAt = (...prices: number[]) =>
  ({
    nights: prices.map((inPrice, i) => ({ inDate: `2030-03-0${i + 4}`, kind: "weekday", holiday: "", stored: true, roomCount: 5, usedRoomCount: 0, freeCount: 5, inPrice })),
  }) as unknown as StayRoom;

describe("stayNightsOf", () => {
  it("prices each night in fen through the kernel's yuan converter", () => {
    expect(stayNightsOf(roomAt(199.99, 0.29, 300)).map((n) => n.priceFen)).toEqual([19999, 29, 30000]);
  });
  it("refuses a price that is not a yuan amount instead of rounding it into another one", () => {
    // 1.005 * 100 rounds to 100 (the float is 100.4999…): a silent 1.00.
    expect(() => stayNightsOf(roomAt(1.005))).toThrow("金额格式不正确");
  });
});
