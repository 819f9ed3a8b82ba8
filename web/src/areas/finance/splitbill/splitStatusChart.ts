import type { ChartOption } from "../../../ui/chart/echarts.ts";
import { money } from "./splitQueries.ts";

/**
 * A month's split-bill status (issue 36, the workbench's 分账月份状态): per split type, how many
 * split objects of 月度分账汇总 are 已分账 and how many 未分账 (the screen's 是否已分账 switch), with
 * the money of each in the tooltip — what is still to pay out. Pure: the home hands over each type's
 * rows as the summary's list route answers them.
 */
type Row = { isSplitbill: number; totalPrice: number };
export type TypeRows = { typeName: string; rows: readonly Row[] };
export type TypeStatus = { typeName: string; done: number; open: number; doneAmount: number; openAmount: number };

/** Fen sums, so the 2-decimal yuan of many rows add up exactly. */
const yuanSum = (rows: readonly Row[]) => Math.round(rows.reduce((s, r) => s + Math.round(r.totalPrice * 100), 0)) / 100;

export function splitStatus(types: readonly TypeRows[]): TypeStatus[] {
  return types.map(({ typeName, rows }) => {
    const done = rows.filter((r) => r.isSplitbill);
    const open = rows.filter((r) => !r.isSplitbill);
    return { typeName, done: done.length, open: open.length, doneAmount: yuanSum(done), openAmount: yuanSum(open) };
  });
}

/** Nothing to draw: the month has no rows yet (not computed) in any type. */
export const noSplitRows = (status: readonly TypeStatus[]) => status.every((s) => s.done + s.open === 0);

const PARTS = [
  { key: "open", amount: "openAmount", name: "未分账", color: "#f59e0b" },
  { key: "done", amount: "doneAmount", name: "已分账", color: "#10b981" },
] as const;

/** What a screen reader hears: each type's counts and the money still to split. */
export function splitStatusText(status: readonly TypeStatus[]): string {
  return `${status.map((s) => `${s.typeName}：未分账${s.open}个（${money(s.openAmount)}元），已分账${s.done}个`).join("；")}。`;
}

/** A stacked horizontal bar per split type: 未分账 first (amber, what needs doing), then 已分账. */
export function splitStatusOption(status: TypeStatus[]): ChartOption {
  return {
    aria: { label: { description: splitStatusText(status) } },
    grid: { left: 8, right: 56, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (ps) => {
        const s = status[(Array.isArray(ps) ? ps[0]?.dataIndex : ps.dataIndex) ?? 0];
        if (!s) return "";
        return [s.typeName, ...PARTS.map((p) => `${p.name}：${s[p.key]} 个，${money(s[p.amount])} 元`)].join("<br/>");
      },
    },
    xAxis: { type: "value", name: "分账对象", minInterval: 1 },
    yAxis: { type: "category", inverse: true, data: status.map((s) => s.typeName) },
    series: PARTS.map((p) => ({
      type: "bar" as const,
      name: p.name,
      stack: "status",
      barMaxWidth: 28,
      itemStyle: { color: p.color },
      label: { show: true, formatter: (v: { value: unknown }) => (Number(v.value) ? String(v.value) : "") },
      data: status.map((s) => s[p.key]),
    })),
  };
}
