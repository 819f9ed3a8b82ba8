import { roomsTaken } from "@xiangyu/core/hotels/rules";
import type { ChartOption } from "../../ui/chart/echarts.ts";

/**
 * The calendar's occupancy per day (issue 36), from the cells the calendar already shows: rooms
 * taken (total less free) over the rooms set, added over the hotel's rooms. A day with no room set
 * has no rate (a gap in the line), not 0 %.
 */
type Cell = { freeCount: number; roomCount: number } | null;
type Month = { today: string; days: { date: string; week: string }[]; rooms: { cells: Cell[] }[] };
export type DayUse = { date: string; week: string; taken: number; total: number; rate: number | null };

export function occupancy(cal: Month): DayUse[] {
  return cal.days.map((d, i) => {
    let taken = 0;
    let total = 0;
    for (const r of cal.rooms) {
      const c = r.cells[i];
      if (!c) continue;
      total += c.roomCount;
      taken += roomsTaken(c);
    }
    return { date: d.date, week: d.week, taken, total, rate: total ? Math.round((taken / total) * 1000) / 10 : null };
  });
}

/** What a screen reader hears: the days with rooms set and their rates (ECharts would say NaN for the others). */
export function occupancyText(days: DayUse[]): string {
  const set = days.filter((d) => d.rate !== null);
  if (set.length === 0) return "本月没有设置房态。";
  const said = set.map((d) => `${Number(d.date.slice(8))}日${d.rate}%（已订${d.taken}/${d.total}间）`).join("，");
  return `入住率：${said}${set.length < days.length ? "；其余日子未设置房态" : ""}。`;
}

export function occupancyOption(days: DayUse[], today: string): ChartOption {
  return {
    aria: { label: { description: occupancyText(days) } },
    grid: { left: 8, right: 40, top: 32, bottom: 4, containLabel: true },
    tooltip: {
      trigger: "axis",
      formatter: (ps) => {
        const d = days[Array.isArray(ps) ? (ps[0]?.dataIndex ?? 0) : ps.dataIndex];
        if (!d) return "";
        const head = `${d.date.slice(5)} ${d.week.replace("星期", "周")}`;
        return d.rate === null ? `${head}<br/>未设置房态` : `${head}<br/>已订 ${d.taken} / ${d.total} 间，入住率 ${d.rate}%`;
      },
    },
    xAxis: {
      type: "category",
      name: "日期",
      boundaryGap: false,
      data: days.map((d) => d.date.slice(8)),
    },
    yAxis: { type: "value", name: "入住率（%）", min: 0, max: 100, interval: 25 },
    series: [
      {
        type: "line",
        name: "入住率",
        connectNulls: false,
        symbolSize: 7,
        areaStyle: { opacity: 0.08 },
        // Days already past are drawn fainter, as in the grid.
        data: days.map((d) => ({ value: d.rate ?? "-", itemStyle: d.date < today ? { opacity: 0.5 } : undefined })),
      },
    ],
  };
}

/** Whether a month has anything to draw: no day with a room set. */
export const noRoomsSet = (days: DayUse[]) => days.every((d) => d.rate === null);
