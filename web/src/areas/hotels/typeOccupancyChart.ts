import type { ChartOption } from "../../ui/chart/echarts.ts";
import { HOTEL_TYPE_NAMES } from "./hotelTypes.ts";

/**
 * The next days' occupancy per hotel type as a line each (issue 36, the workbench's 未来30天入住率),
 * from `hotel/occupancy` (docs/api.md): rooms taken over rooms offered, added over the type's hotels,
 * the rate as the room-status calendar's line computes it. A day with no room offered has no rate
 * (a gap), not 0 %. Pure: the home hands over the replies it read, one per hotel function held.
 */
type Day = { date: string; week: string; taken: number; total: number };
export type TypeDays = { hotelType: number; days: Day[] };

const rateOf = (d: Day): number | null => (d.total ? Math.round((d.taken / d.total) * 1000) / 10 : null);
const typeName = (t: number) => HOTEL_TYPE_NAMES[t] ?? `类型${t}`;

/** The replies' types, each once (a function without a preset answers both), club before discount. */
export function mergeTypes(replies: ReadonlyArray<{ types: TypeDays[] } | undefined>): TypeDays[] {
  const byType = new Map<number, TypeDays>();
  for (const r of replies) for (const t of r?.types ?? []) if (!byType.has(t.hotelType)) byType.set(t.hotelType, t);
  return [...byType.values()].sort((a, b) => a.hotelType - b.hotelType);
}

/** When the replies' numbers were rolled up (the server keeps them, refreshed every ten minutes): the oldest, as HH:mm. */
export function rolledUpAt(replies: ReadonlyArray<{ updatedAt: string } | undefined>): string {
  const times = replies.flatMap((r) => (r?.updatedAt ? [r.updatedAt] : [])).sort();
  return times[0]?.slice(11, 16) ?? "";
}

/** Whether there is nothing to draw: no type, or no room offered on any day. */
export const noRoomsOffered = (types: TypeDays[]) => types.every((t) => t.days.every((d) => !d.total));

/** What a screen reader hears: each type's average over the days with rooms offered, and its fullest day. */
export function typeOccupancyText(types: TypeDays[]): string {
  const said = types.map((t) => {
    const set = t.days.filter((d) => d.total);
    if (set.length === 0) return `${typeName(t.hotelType)}未设置房态`;
    const taken = set.reduce((n, d) => n + d.taken, 0);
    const total = set.reduce((n, d) => n + d.total, 0);
    const top = set.reduce((a, d) => ((rateOf(d) ?? 0) > (rateOf(a) ?? 0) ? d : a));
    return `${typeName(t.hotelType)}平均入住率${Math.round((taken / total) * 1000) / 10}%，最高${Number(top.date.slice(5, 7))}月${Number(top.date.slice(8))}日${rateOf(top)}%`;
  });
  return `未来${types[0]?.days.length ?? 0}天入住率：${said.join("；")}。`;
}

/**
 * The rate axis's top: 100 % once a day is over half full; below, the next ten above the fullest day
 * (at least 10 %), so a quiet month is not a flat line on the floor.
 */
export function axisTop(types: TypeDays[]): number {
  const top = Math.max(0, ...types.flatMap((t) => t.days.map((d) => rateOf(d) ?? 0)));
  return top > 50 ? 100 : Math.max(10, Math.ceil(top / 10) * 10);
}

export function typeOccupancyOption(types: TypeDays[]): ChartOption {
  const dates = types[0]?.days ?? [];
  return {
    aria: { label: { description: typeOccupancyText(types) } },
    // Room on the left for the rate axis's name over short labels ("10").
    grid: { left: 28, right: 40, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: {
      trigger: "axis",
      formatter: (ps) => {
        const list = Array.isArray(ps) ? ps : [ps];
        const i = list[0]?.dataIndex ?? 0;
        const day = dates[i];
        if (!day) return "";
        const lines = types.map((t) => {
          const d = t.days[i];
          const rate = d && rateOf(d);
          return d && rate !== null ? `${typeName(t.hotelType)}：已订 ${d.taken} / ${d.total} 间，入住率 ${rate}%` : `${typeName(t.hotelType)}：未设置房态`;
        });
        return [`${day.date.slice(5)} ${day.week.replace("星期", "周")}`, ...lines].join("<br/>");
      },
    },
    xAxis: { type: "category", name: "日期", boundaryGap: false, data: dates.map((d) => d.date.slice(5)) },
    yAxis: { type: "value", name: "入住率（%）", min: 0, max: axisTop(types) },
    series: types.map((t) => ({
      type: "line" as const,
      name: typeName(t.hotelType),
      connectNulls: false,
      symbolSize: 5,
      data: t.days.map((d) => rateOf(d) ?? "-"),
    })),
  };
}
