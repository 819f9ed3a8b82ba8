import { describe, expect, it } from "vitest";
import { axisTop, mergeTypes, noRoomsOffered, rolledUpAt, typeOccupancyOption, typeOccupancyText, type TypeDays } from "./typeOccupancyChart.ts";

const club: TypeDays = {
  hotelType: 1,
  days: [
    { date: "2026-12-01", week: "星期二", taken: 3, total: 8 },
    { date: "2026-12-02", week: "星期三", taken: 8, total: 8 },
    { date: "2026-12-03", week: "星期四", taken: 0, total: 0 },
  ],
};
const discount: TypeDays = {
  hotelType: 2,
  days: [
    { date: "2026-12-01", week: "星期二", taken: 0, total: 10 },
    { date: "2026-12-02", week: "星期三", taken: 1, total: 10 },
    { date: "2026-12-03", week: "星期四", taken: 5, total: 10 },
  ],
};

describe("the next days' occupancy by hotel type", () => {
  it("takes each type once from the replies, club first", () => {
    expect(mergeTypes([{ types: [discount] }, undefined, { types: [club, discount] }])).toEqual([club, discount]);
    expect(mergeTypes([undefined])).toEqual([]);
  });

  it("draws a line per type of its rate per day, a gap where no room is offered", () => {
    const o = typeOccupancyOption([club, discount]);
    expect(o.xAxis).toMatchObject({ type: "category", name: "日期", data: ["12-01", "12-02", "12-03"] });
    expect(o.yAxis).toMatchObject({ name: "入住率（%）", min: 0, max: 100 });
    // A quiet month: the axis ends at the next ten above the fullest day, not at 100 %.
    expect(axisTop([discount])).toBe(50);
    expect(axisTop([{ ...discount, days: [discount.days[1]!] }])).toBe(10);
    expect(axisTop([{ ...club, days: [club.days[2]!] }])).toBe(10);
    expect(o.series).toEqual([
      expect.objectContaining({ type: "line", name: "会员酒店", data: [37.5, 100, "-"] }),
      expect.objectContaining({ type: "line", name: "折扣酒店", data: [0, 10, 50] }),
    ]);
    const tooltip = o.tooltip as { formatter: (p: { dataIndex: number }[]) => string };
    expect(tooltip.formatter([{ dataIndex: 2 }])).toBe("12-03 周四<br/>会员酒店：未设置房态<br/>折扣酒店：已订 5 / 10 间，入住率 50%");
  });

  it("tells a screen reader each type's average and fullest day", () => {
    expect(typeOccupancyText([club, discount])).toBe("未来3天入住率：会员酒店平均入住率68.8%，最高12月2日100%；折扣酒店平均入住率20%，最高12月3日50%。");
    expect(typeOccupancyText([{ ...club, days: [club.days[2]!] }])).toBe("未来1天入住率：会员酒店未设置房态。");
  });

  it("says when the numbers were rolled up: the oldest of the replies", () => {
    expect(rolledUpAt([{ updatedAt: "2026-12-01 09:50:00" }, undefined, { updatedAt: "2026-12-01 09:40:02" }])).toBe("09:40");
    expect(rolledUpAt([undefined])).toBe("");
  });

  it("has nothing to draw without types or rooms offered", () => {
    expect(noRoomsOffered([])).toBe(true);
    expect(noRoomsOffered([{ ...club, days: [club.days[2]!] }])).toBe(true);
    expect(noRoomsOffered([club])).toBe(false);
  });
});
