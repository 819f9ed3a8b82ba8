import { describe, expect, it } from "vitest";
import { buildRows, editRow, statusList } from "./statusRows.ts";

const stored = [{ inDate: "2030-05-02", roomCount: 5, usedRoomCount: 2, freeCount: 3, inPrice: 399 }];

describe("room status editor rows", () => {
  it("shows one row per day of the range with the stored numbers, blank where nothing is stored", () => {
    const rows = buildRows("2030-05-01", "2030-05-03", stored, {});
    expect(rows.map((r) => [r.inDate, r.week, r.roomCount, r.inPrice, r.usedRoomCount])).toEqual([
      ["2030-05-01", "星期三", "", "", 0],
      ["2030-05-02", "星期四", "5", "399", 2],
      ["2030-05-03", "星期五", "", "", 0],
    ]);
    expect(buildRows("2030-05-03", "2030-05-01", stored, {})).toEqual([]);
  });

  it("copies an edit to every day of the range only with the sync box", () => {
    const rows = buildRows("2030-05-01", "2030-05-03", stored, {});
    const one = buildRows("2030-05-01", "2030-05-03", stored, editRow({}, rows, "2030-05-01", { roomCount: "8" }, false));
    expect(one.map((r) => r.roomCount)).toEqual(["8", "5", ""]);
    const all = buildRows("2030-05-01", "2030-05-03", stored, editRow({}, rows, "2030-05-01", { roomCount: "8" }, true));
    expect(all.map((r) => r.roomCount)).toEqual(["8", "8", "8"]);
    expect(all.every((r) => r.edited)).toBe(true);
  });

  it("sends the days with a room count, with the price only for discount hotels", () => {
    const rows = buildRows("2030-05-01", "2030-05-03", stored, { "2030-05-01": { roomCount: " 4 ", inPrice: "288" } });
    expect(statusList(rows, true)).toEqual([
      { inDate: "2030-05-01", roomCount: "4", inPrice: "288" },
      { inDate: "2030-05-02", roomCount: "5", inPrice: "399" },
    ]);
    expect(statusList(rows, false)).toEqual([
      { inDate: "2030-05-01", roomCount: "4" },
      { inDate: "2030-05-02", roomCount: "5" },
    ]);
  });
});
