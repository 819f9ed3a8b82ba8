import { describe, expect, it } from "vitest";
import { funnelOption, stepTotals, storeBarsOption, storesOf } from "./funnelChart.ts";
import type { FunnelRow } from "./workorderQueries.ts";

const row = (shop: string, shopName: string, bookingUser: number, n: [number, number, number, number, number]): FunnelRow => ({
  shop,
  shopName,
  bookingUser,
  bookingUserName: "",
  invited: n[0],
  appointed: n[1],
  present: n[2],
  bought: n[3],
  passed: n[4],
  revenue: 0,
});
const rows = [row("001001", "广州天河店", 7, [10, 6, 4, 2, 1]), row("001002", "深圳南山店", 8, [5, 2, 1, 1, 1]), row("001001", "广州天河店", 9, [3, 3, 2, 0, 0])];

describe("the funnel's charts", () => {
  it("adds each step over the rows, in the funnel's order", () => {
    expect(stepTotals(rows)).toEqual([
      { name: "已电邀", value: 18 },
      { name: "已应邀", value: 11 },
      { name: "已到场", value: 7 },
      { name: "已购买", value: 3 },
      { name: "复核通过", value: 2 },
    ]);
    const [funnel] = funnelOption(rows).series as { type: string; sort: string; data: { name: string; value: number }[]; label: { formatter: (p: object) => string } }[];
    expect(funnel).toMatchObject({ type: "funnel", sort: "none" });
    expect(funnel!.data.map(({ name, value }) => ({ name, value }))).toEqual(stepTotals(rows));
    // Each step after the first says its share of the invitations.
    expect(funnel!.label.formatter({ name: "已电邀", value: 18, dataIndex: 0 })).toBe("已电邀 18");
    expect(funnel!.label.formatter({ name: "复核通过", value: 2, dataIndex: 4 })).toBe("复核通过 2（11.1%）");
  });

  it("says each step's share of the invitations in the tooltip", () => {
    const tooltip = funnelOption(rows).tooltip as { formatter: (p: { name: string; value: number }) => string };
    expect(tooltip.formatter({ name: "已到场", value: 7 })).toBe("已到场：7 人（占已电邀 38.9%）");
    const none = funnelOption([]).tooltip as typeof tooltip;
    expect(none.formatter({ name: "已电邀", value: 0 })).toBe("已电邀：0 人（占已电邀 —）");
  });

  it("adds an inviter's rows into their store, stores in the order read", () => {
    expect(storesOf(rows).map((s) => [s.shop, s.counts.invited, s.counts.passed])).toEqual([
      ["001001", 13, 1],
      ["001002", 5, 1],
    ]);
    const o = storeBarsOption(rows);
    expect(o.xAxis).toMatchObject({ name: "门店", data: ["广州天河店", "深圳南山店"] });
    expect(o.series).toEqual([
      expect.objectContaining({ type: "bar", name: "已电邀", data: [13, 5] }),
      expect.objectContaining({ type: "bar", name: "已到场", data: [6, 1] }),
      expect.objectContaining({ type: "bar", name: "复核通过", data: [1, 1] }),
    ]);
  });
});
