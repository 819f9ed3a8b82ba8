import { describe, expect, it } from "vitest";
import { noSplitRows, splitStatus, splitStatusOption, splitStatusText } from "./splitStatusChart.ts";

const types = [
  {
    typeName: "门店分账",
    rows: [
      { isSplitbill: 1, totalPrice: 100.1 },
      { isSplitbill: 0, totalPrice: 0.2 },
      { isSplitbill: 0, totalPrice: 0.1 },
    ],
  },
  { typeName: "集团", rows: [{ isSplitbill: 1, totalPrice: 50 }] },
  { typeName: "区域", rows: [] },
];

describe("the month's split-bill status", () => {
  it("counts each type's objects split and not, with their money to the fen", () => {
    expect(splitStatus(types)).toEqual([
      { typeName: "门店分账", done: 1, open: 2, doneAmount: 100.1, openAmount: 0.3 },
      { typeName: "集团", done: 1, open: 0, doneAmount: 50, openAmount: 0 },
      { typeName: "区域", done: 0, open: 0, doneAmount: 0, openAmount: 0 },
    ]);
  });

  it("stacks 未分账 then 已分账 per type, with counts and money in the tooltip", () => {
    const status = splitStatus(types);
    const o = splitStatusOption(status);
    expect(o.yAxis).toMatchObject({ type: "category", data: ["门店分账", "集团", "区域"] });
    expect(o.series).toEqual([
      expect.objectContaining({ type: "bar", name: "未分账", stack: "status", data: [2, 0, 0] }),
      expect.objectContaining({ type: "bar", name: "已分账", stack: "status", data: [1, 1, 0] }),
    ]);
    const tooltip = o.tooltip as { formatter: (p: { dataIndex: number }[]) => string };
    expect(tooltip.formatter([{ dataIndex: 0 }])).toBe("门店分账<br/>未分账：2 个，0.30 元<br/>已分账：1 个，100.10 元");
    const label = (o.series as { label: { formatter: (v: { value: number }) => string } }[])[0]!.label;
    expect([label.formatter({ value: 2 }), label.formatter({ value: 0 })]).toEqual(["2", ""]);
    expect(splitStatusText(status.slice(0, 1))).toBe("门店分账：未分账2个（0.30元），已分账1个。");
  });

  it("has nothing to draw before the month is computed", () => {
    expect(noSplitRows(splitStatus([{ typeName: "区域", rows: [] }]))).toBe(true);
    expect(noSplitRows([])).toBe(true);
    expect(noSplitRows(splitStatus(types))).toBe(false);
  });
});
