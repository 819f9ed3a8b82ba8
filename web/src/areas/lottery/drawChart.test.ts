import { describe, expect, it } from "vitest";
import { drawChart, drawChartHeight } from "./drawChart.ts";

const rows = [
  { prizeName: "一等奖：双人豪华游", won: 1, remaining: 2 },
  { prizeName: "谢谢参与", won: 40, remaining: null },
];

describe("the draw summary chart", () => {
  it("stacks won and remaining per prize, in the table's order", () => {
    const o = drawChart(rows);
    expect(o.yAxis).toMatchObject({ type: "category", data: ["一等奖：双人豪华游", "谢谢参与"], inverse: true });
    expect(o.series).toEqual([
      expect.objectContaining({ type: "bar", name: "已中奖", stack: "prize", data: [1, 40] }),
      expect.objectContaining({ type: "bar", name: "剩余", stack: "prize", data: [2, 0] }),
    ]);
  });

  it("says 不限 for an unlimited prize, on its bar and in the tooltip", () => {
    const o = drawChart(rows);
    const left = (o.series as { label?: { formatter: (p: { dataIndex: number }) => string } }[])[1]!.label!;
    expect(left.formatter({ dataIndex: 1 })).toBe("不限");
    expect(left.formatter({ dataIndex: 0 })).toBe("");
    const tooltip = o.tooltip as { formatter: (p: { dataIndex: number }[]) => string };
    expect(tooltip.formatter([{ dataIndex: 1 }])).toBe("谢谢参与<br/>已中奖：40<br/>剩余：不限");
    expect(tooltip.formatter([{ dataIndex: 0 }])).toBe("一等奖：双人豪华游<br/>已中奖：1<br/>剩余：2");
  });

  it("escapes a prize's name in the tooltip's HTML", () => {
    const tooltip = drawChart([{ prizeName: "<b>券</b>", won: 0, remaining: 1 }]).tooltip as { formatter: (p: { dataIndex: number }[]) => string };
    expect(tooltip.formatter([{ dataIndex: 0 }])).toBe("&#60;b&#62;券&#60;/b&#62;<br/>已中奖：0<br/>剩余：1");
  });

  it("grows with the prizes, within bounds", () => {
    expect(drawChartHeight(1)).toBe(160);
    expect(drawChartHeight(5)).toBe(236);
    expect(drawChartHeight(50)).toBe(420);
  });
});
