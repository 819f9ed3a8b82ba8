import { describe, expect, it } from "vitest";
import { amountsChart, nothingToDraw, sumAmounts } from "./splitCharts.ts";

const rows = [
  { shopName: "广州天河店", discountPrice: 100.5, productOfflinePrice: 2000, productOnlinePrice: 0, totalPrice: 2100.5 },
  { shopName: "深圳南山店", discountPrice: 0, productOfflinePrice: 0, productOnlinePrice: 30.25, totalPrice: 30.25 },
];

describe("the month's amounts as stacked bars", () => {
  it("has a category per row and a stacked series per amount, in the table's order", () => {
    const o = amountsChart(rows, (r) => r.shopName, "门店");
    expect(o.xAxis).toMatchObject({ type: "category", name: "门店", data: ["广州天河店", "深圳南山店"] });
    expect(o.yAxis).toMatchObject({ name: "金额（元）" });
    expect(o.series).toEqual([
      expect.objectContaining({ type: "bar", name: "折扣酒店金额", stack: "amount", data: [100.5, 0] }),
      expect.objectContaining({ type: "bar", name: "产品线下金额", stack: "amount", data: [2000, 0] }),
      expect.objectContaining({ type: "bar", name: "产品线上金额", stack: "amount", data: [0, 30.25] }),
    ]);
  });

  it("shows money to the fen in the tooltip, cuts long names and tilts many of them", () => {
    const o = amountsChart(rows, (r) => r.shopName, "门店");
    const tooltip = o.tooltip as { valueFormatter: (v: number) => string };
    expect(tooltip.valueFormatter(2100.5)).toBe("2100.50 元");
    const many = Array.from({ length: 8 }, (_, i) => ({ ...rows[0]!, shopName: `华南分公司第${i}号旗舰门店` }));
    const axis = amountsChart(many, (r) => r.shopName, "门店").xAxis as { axisLabel: { rotate: number; formatter: (n: string) => string } };
    expect(axis.axisLabel.rotate).toBe(30);
    expect(axis.axisLabel.formatter("华南分公司第1号旗舰门店")).toBe("华南分公司第1号…");
    expect(axis.axisLabel.formatter("天河店")).toBe("天河店");
  });

  it("has nothing to draw for no rows or only zeros", () => {
    expect(nothingToDraw([])).toBe(true);
    expect(nothingToDraw([{ ...rows[0]!, discountPrice: 0, productOfflinePrice: 0 }])).toBe(true);
    expect(nothingToDraw(rows)).toBe(false);
  });
});

describe("sumAmounts: 总计 and a month over the stores", () => {
  it("adds 2-decimal yuan exactly (in fen), every amount", () => {
    const row = (x: number) => ({ discountPrice: x, productOfflinePrice: x * 2, productOnlinePrice: 0.1, totalPrice: x * 3 + 0.1 });
    expect(sumAmounts([row(0.1), row(0.2)])).toEqual({ discountPrice: 0.3, productOfflinePrice: 0.6, productOnlinePrice: 0.2, totalPrice: 1.1 });
    expect(sumAmounts([])).toEqual({ discountPrice: 0, productOfflinePrice: 0, productOnlinePrice: 0, totalPrice: 0 });
  });
});
