import type { ChartOption } from "../../../ui/chart/echarts.ts";
import { money } from "./splitQueries.ts";

/**
 * The month's money as a chart (issue 36): a stacked bar per store (统计) or per split object
 * (月度分账汇总) of the three amounts the tables show, whose stack is the row's 合计. Pure, so the
 * screens only hand over the rows they already read.
 */
type Amounts = { discountPrice: number; productOfflinePrice: number; productOnlinePrice: number; totalPrice: number };

/** The rows' amounts added up, in fen so the 2-decimal yuan of many rows add up exactly (总计, a month over stores). */
export function sumAmounts(rows: readonly Amounts[]): Amounts {
  const sum = (k: keyof Amounts) => Math.round(rows.reduce((s, r) => s + Math.round(r[k] * 100), 0)) / 100;
  return { discountPrice: sum("discountPrice"), productOfflinePrice: sum("productOfflinePrice"), productOnlinePrice: sum("productOnlinePrice"), totalPrice: sum("totalPrice") };
}

const PARTS = [
  { key: "discountPrice", name: "折扣酒店金额" },
  { key: "productOfflinePrice", name: "产品线下金额" },
  { key: "productOnlinePrice", name: "产品线上金额" },
] as const;

/** Category labels longer than this many characters are cut with an ellipsis (the tooltip has the whole name). */
const LABEL_CHARS = 8;

export function amountsChart<T extends Amounts>(rows: T[], nameOf: (r: T) => string, categoryName: string): ChartOption {
  const names = rows.map(nameOf);
  return {
    // Room on the right for the category axis's name, which the grid's containLabel leaves out.
    grid: { left: 8, right: 24 + 13 * categoryName.length, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      valueFormatter: (v) => `${money(Number(v))} 元`,
    },
    xAxis: {
      type: "category",
      name: categoryName,
      nameLocation: "end",
      data: names,
      axisLabel: {
        interval: 0,
        rotate: names.length > 6 ? 30 : 0,
        formatter: (n: string) => (n.length > LABEL_CHARS ? `${n.slice(0, LABEL_CHARS)}…` : n),
      },
    },
    yAxis: { type: "value", name: "金额（元）" },
    series: PARTS.map((p) => ({
      type: "bar" as const,
      name: p.name,
      stack: "amount",
      barMaxWidth: 48,
      emphasis: { focus: "series" as const },
      data: rows.map((r) => r[p.key]),
    })),
  };
}

/** Whether a month has anything to draw: no rows, or every amount zero. */
export const nothingToDraw = (rows: Amounts[]) => rows.every((r) => PARTS.every((p) => !r[p.key]));
