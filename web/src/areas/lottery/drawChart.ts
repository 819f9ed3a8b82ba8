import type { ChartOption } from "../../ui/chart/echarts.ts";

/**
 * The draw summary as a chart (issue 36): per prize, what was won and what is left, stacked, so a
 * bar's length is the prize's stock; an unlimited prize has no 剩余 bar and says 不限.
 */
type Prize = { prizeName: string; won: number; remaining: number | null };

/** The tooltip is HTML: a prize's name is staff's text, so it is escaped. */
const escape = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function drawChart(rows: Prize[]): ChartOption {
  const names = rows.map((r) => r.prizeName);
  return {
    grid: { left: 8, right: 40, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (ps) => {
        const i = Array.isArray(ps) ? (ps[0]?.dataIndex ?? 0) : ps.dataIndex;
        const r = rows[i];
        return r ? `${escape(r.prizeName)}<br/>已中奖：${r.won}<br/>剩余：${r.remaining === null ? "不限" : r.remaining}` : "";
      },
    },
    // Prizes top to bottom in the table's order; long names cut (the tooltip has them whole).
    yAxis: { type: "category", data: names, inverse: true, axisLabel: { formatter: (n: string) => (n.length > 8 ? `${n.slice(0, 8)}…` : n) } },
    xAxis: { type: "value", name: "数量", minInterval: 1 },
    series: [
      { type: "bar", name: "已中奖", stack: "prize", barMaxWidth: 24, data: rows.map((r) => r.won) },
      {
        type: "bar",
        name: "剩余",
        stack: "prize",
        barMaxWidth: 24,
        itemStyle: { color: "#cbd5e1" },
        label: { show: true, position: "right", color: "#64748b", formatter: (p) => (rows[p.dataIndex]?.remaining === null ? "不限" : "") },
        data: rows.map((r) => r.remaining ?? 0),
      },
    ],
  };
}

/** The chart's height for n prizes: a row of 36px each, within 160–420px. */
export const drawChartHeight = (n: number) => Math.min(420, Math.max(160, 56 + n * 36));
