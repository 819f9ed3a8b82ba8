import type { ChartOption } from "../../ui/chart/echarts.ts";
import type { FunnelRow } from "./workorderQueries.ts";

/**
 * The funnel's rows as charts (issue 36): the five steps added over the rows shown (the funnel),
 * and per store the first, the middle and the last step side by side (the bars), whose click picks
 * that store in the screen's store filter. Pure: the screen hands over the rows it already read.
 */
const STEPS = [
  { key: "invited", name: "已电邀" },
  { key: "appointed", name: "已应邀" },
  { key: "present", name: "已到场" },
  { key: "bought", name: "已购买" },
  { key: "passed", name: "复核通过" },
] as const;
type Step = (typeof STEPS)[number]["key"];

/** Each step's count over the rows, in the funnel's order. */
export const stepTotals = (rows: FunnelRow[]) => STEPS.map((s) => ({ name: s.name, value: rows.reduce((n, r) => n + r[s.key], 0) }));

const STEP_COLORS = ["#0369a1", "#0284c7", "#0ea5e9", "#10b981", "#059669"];

/** A share of the first step, as the table prints its rates. */
const rate = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10}%` : "—");

export function funnelOption(rows: FunnelRow[]): ChartOption {
  const steps = stepTotals(rows);
  const first = steps[0]!.value;
  return {
    tooltip: { trigger: "item", formatter: (p) => (Array.isArray(p) ? "" : `${p.name}：${String(p.value)} 人（占已电邀 ${rate(Number(p.value), first)}）`) },
    series: [
      {
        type: "funnel",
        name: "电邀漏斗",
        sort: "none",
        left: "4%",
        width: "60%",
        top: 8,
        bottom: 8,
        minSize: "2%",
        gap: 2,
        // Beside the steps, with each step's share of the invitations: a step of 0 is a sliver.
        label: {
          show: true,
          position: "right",
          color: "#334155",
          formatter: (p) => `${p.name} ${String(p.value)}${p.dataIndex === 0 ? "" : `（${rate(Number(p.value), first)}）`}`,
        },
        labelLine: { lineStyle: { color: "#cbd5e1" } },
        // Sky to emerald: the way down to a sale.
        data: steps.map((s, i) => ({ ...s, itemStyle: { color: STEP_COLORS[i] } })),
      },
    ],
  };
}

/** The stores of the rows (an inviter's rows added into their store's), in the order read. */
export function storesOf(rows: FunnelRow[]): { shop: string; shopName: string; counts: Record<Step, number> }[] {
  const stores = new Map<string, { shop: string; shopName: string; counts: Record<Step, number> }>();
  for (const r of rows) {
    const s = stores.get(r.shop) ?? { shop: r.shop, shopName: r.shopName, counts: { invited: 0, appointed: 0, present: 0, bought: 0, passed: 0 } };
    for (const { key } of STEPS) s.counts[key] += r[key];
    stores.set(r.shop, s);
  }
  return [...stores.values()];
}

const SHOWN = ["invited", "present", "passed"] as const;

/** Per store, 已电邀 / 已到场 / 复核通过 as grouped bars; the category order is `storesOf`'s. */
export function storeBarsOption(rows: FunnelRow[]): ChartOption {
  const stores = storesOf(rows);
  return {
    grid: { left: 8, right: 52, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, valueFormatter: (v) => `${String(v)} 人` },
    xAxis: {
      type: "category",
      name: "门店",
      data: stores.map((s) => s.shopName),
      axisLabel: { interval: 0, rotate: stores.length > 5 ? 30 : 0, formatter: (n: string) => (n.length > 8 ? `${n.slice(0, 8)}…` : n) },
    },
    yAxis: { type: "value", name: "人数", minInterval: 1 },
    series: SHOWN.map((key) => ({
      type: "bar" as const,
      name: STEPS.find((s) => s.key === key)!.name,
      barMaxWidth: 28,
      data: stores.map((s) => s.counts[key]),
    })),
  };
}
