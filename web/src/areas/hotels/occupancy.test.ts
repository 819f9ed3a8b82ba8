import { describe, expect, it } from "vitest";
import { noRoomsSet, occupancy, occupancyOption, occupancyText } from "./occupancy.ts";

const cal = {
  today: "2026-12-02",
  days: [
    { date: "2026-12-01", week: "星期二" },
    { date: "2026-12-02", week: "星期三" },
    { date: "2026-12-03", week: "星期四" },
  ],
  rooms: [{ cells: [{ freeCount: 2, roomCount: 5 }, { freeCount: 0, roomCount: 5 }, null] }, { cells: [{ freeCount: 3, roomCount: 3 }, null, null] }],
};

describe("the calendar's occupancy", () => {
  it("adds rooms taken and rooms set per day over the rooms; a day without rooms set has no rate", () => {
    expect(occupancy(cal)).toEqual([
      { date: "2026-12-01", week: "星期二", taken: 3, total: 8, rate: 37.5 },
      { date: "2026-12-02", week: "星期三", taken: 5, total: 5, rate: 100 },
      { date: "2026-12-03", week: "星期四", taken: 0, total: 0, rate: null },
    ]);
    expect(noRoomsSet(occupancy(cal))).toBe(false);
    expect(noRoomsSet(occupancy({ ...cal, rooms: [] }))).toBe(true);
  });

  it("draws the rate per day of the month, a gap where nothing is set, past days fainter", () => {
    const days = occupancy(cal);
    const o = occupancyOption(days, cal.today);
    expect(o.xAxis).toMatchObject({ type: "category", name: "日期", data: ["01", "02", "03"] });
    expect(o.yAxis).toMatchObject({ name: "入住率（%）", min: 0, max: 100 });
    const [line] = o.series as { type: string; data: { value: number | string; itemStyle?: unknown }[] }[];
    expect(line!.type).toBe("line");
    expect(line!.data.map((d) => d.value)).toEqual([37.5, 100, "-"]);
    expect(line!.data.map((d) => d.itemStyle)).toEqual([{ opacity: 0.5 }, undefined, undefined]);
    const tooltip = o.tooltip as { formatter: (p: { dataIndex: number }[]) => string };
    expect(tooltip.formatter([{ dataIndex: 0 }])).toBe("12-01 周二<br/>已订 3 / 8 间，入住率 37.5%");
    expect(tooltip.formatter([{ dataIndex: 2 }])).toBe("12-03 周四<br/>未设置房态");
    // Screen readers hear the days set, not ECharts' NaN for the gap.
    expect(o.aria).toEqual({ label: { description: "入住率：1日37.5%（已订3/8间），2日100%（已订5/5间）；其余日子未设置房态。" } });
    expect(occupancyText(occupancy({ ...cal, rooms: [] }))).toBe("本月没有设置房态。");
  });
});
