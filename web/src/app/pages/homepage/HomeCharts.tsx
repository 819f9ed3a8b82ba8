import { useMemo } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { ApiClient } from "../../../lib/api.ts";
import { ChartPanel } from "../../../ui/chart/ChartPanel.tsx";
import { listQueryOptions } from "../../../ui/list/useListQuery.ts";
import { FUNNEL } from "../../../areas/workorders/workorderQueries.ts";
import { funnelOption } from "../../../areas/workorders/funnelChart.ts";
import { SHOP_STATS, SPLIT_LIST } from "../../../areas/finance/splitbill/splitQueries.ts";
import { amountsChart, nothingToDraw, sumAmounts } from "../../../areas/finance/splitbill/splitCharts.ts";
import { noSplitRows, splitStatus, splitStatusOption } from "../../../areas/finance/splitbill/splitStatusChart.ts";
import { routeQuery } from "../../../lib/routeQuery.ts";
import { mergeTypes, noRoomsOffered, rolledUpAt, typeOccupancyOption } from "../../../areas/hotels/typeOccupancyChart.ts";
import { screenLink, screenTo, type MenuEntry } from "../../menu.ts";

/**
 * The workbench's charts (issue 36), a chunk of their own loaded after the home page drew (the
 * chart library is another, loaded by the first chart): the next 30 days' occupancy by hotel type,
 * the month's invitation funnel, the last six months' money and the split-bill month's status, each
 * for a user whose menu holds the screen it summarises, read with that screen's function (its rights
 * and departments) and titled with a link to it.
 */
const FN = { clubHotels: 1601, discountHotels: 1602, funnel: 2104, splitBill: 1902, statistics: 1903 } as const;

export default function HomeCharts({ entries }: { entries: MenuEntry[] }) {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const hotels = [byId.get(FN.clubHotels), byId.get(FN.discountHotels)].filter((e): e is MenuEntry => !!e);
  const funnel = byId.get(FN.funnel);
  const stats = byId.get(FN.statistics);
  const split = byId.get(FN.splitBill);
  if (!hotels.length && !funnel && !stats && !split) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {hotels.length > 0 && <NextDaysOccupancy entries={hotels} />}
      {funnel && <MonthFunnel entry={funnel} />}
      {stats && <MonthlyRevenue entry={stats} />}
      {split && <SplitMonthStatus entry={split} />}
    </div>
  );
}

function OpenLink({ entry, label }: { entry: MenuEntry; label: string }) {
  const { splat, search } = screenLink(entry);
  return (
    <Link to={screenTo(splat)} search={search} className="text-xs text-blue-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500">
      {label}
    </Link>
  );
}

const OCCUPANCY = "GET /xiangyu/api/hotel/occupancy";

/**
 * A value gathered anew each render from several queries, kept the same object until its contents
 * change: what a chart's option is built from, so the option (and the chart) changes only then.
 */
function useByValue<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

/**
 * 未来30天入住率: per hotel type, rooms taken over rooms offered from today on (hotel/occupancy), one
 * read per hotel screen held (会员酒店 answers the club hotels, 折扣酒店 the discount ones), each with
 * that screen's function; titled with links to those screens, where each hotel's room-status calendar is.
 */
function NextDaysOccupancy({ entries }: { entries: MenuEntry[] }) {
  const apis = useMemo(() => entries.map((e) => new ApiClient(e.id)), [entries]);
  const qs = useQueries({ queries: apis.map((api) => ({ ...routeQuery(api, OCCUPANCY, { days: 30 }), retry: false })) });
  const replies = qs.map((q) => q.data?.data);
  const same = useByValue(replies);
  const types = useMemo(() => mergeTypes(same), [same]);
  const option = useMemo(() => typeOccupancyOption(types), [types]);
  return (
    <ChartPanel
      title="未来30天入住率"
      hint={
        <span className="flex gap-3">
          {rolledUpAt(same) && <span title="每10分钟统计一次">统计于 {rolledUpAt(same)}</span>}
          {entries.map((e) => (
            <OpenLink key={e.id} entry={e} label={`查看${e.typename}`} />
          ))}
        </span>
      }
      option={option}
      pending={qs.some((q) => q.isPending)}
      empty={qs.some((q) => q.isError) || noRoomsOffered(types)}
    />
  );
}

/** 本月电邀漏斗: the steps from the first of the month to today, over the user's stores. */
function MonthFunnel({ entry }: { entry: MenuEntry }) {
  const api = useMemo(() => new ApiClient(entry.id), [entry.id]);
  const to = today();
  const from = `${to.slice(0, 8)}01`;
  const q = useQuery({ ...listQueryOptions(api, FUNNEL, { from, to, shop: "" }), select: (r) => r.dataList ?? [], retry: false });
  const option = useMemo(() => funnelOption(q.data ?? []), [q.data]);
  const rows = q.data ?? [];
  return (
    <ChartPanel
      title="本月电邀漏斗"
      hint={<OpenLink entry={entry} label={`查看${entry.typename}`} />}
      option={option}
      pending={q.isPending}
      empty={q.isError || rows.every((r) => !r.invited)}
    />
  );
}

/** The last six months, oldest first, ending with the current one. */
function lastMonths(date: string, n = 6): Array<{ year: number; month: number }> {
  const out = [{ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) }];
  while (out.length < n) out.unshift(previousMonth(`${out[0]!.year}-${String(out[0]!.month).padStart(2, "0")}-01`));
  return out;
}

/** 近六个月经营金额: 月度经营汇总's rows of each month added up over the user's stores, one stacked bar a month. */
function MonthlyRevenue({ entry }: { entry: MenuEntry }) {
  const api = useMemo(() => new ApiClient(entry.id), [entry.id]);
  const months = useMemo(() => lastMonths(today()), []);
  const qs = useQueries({ queries: months.map((m) => ({ ...listQueryOptions(api, SHOP_STATS, m), retry: false })) });
  const pending = qs.some((q) => q.isPending);
  const failed = qs.some((q) => q.isError);
  const rows = months.map((m, i) => {
    return { name: `${m.year}年${m.month}月`, ...sumAmounts(qs[i]?.data?.dataList ?? []) };
  });
  const same = useByValue(rows);
  const option = useMemo(() => amountsChart(same, (r) => r.name, "月份"), [same]);
  return (
    <ChartPanel
      title="近六个月经营金额"
      hint={<OpenLink entry={entry} label={`查看${entry.typename}`} />}
      option={option}
      pending={pending}
      empty={failed || nothingToDraw(rows)}
    />
  );
}

const SPLIT_SETTINGS = "GET /xiangyu/api/finance/splitbillsetlist";

/**
 * 分账月份状态: the month 月度分账汇总 opens on (the previous one), per split type how many split
 * objects are 未分账 and 已分账 (the summary's rows, one read per type, the screen's own query).
 */
function SplitMonthStatus({ entry }: { entry: MenuEntry }) {
  const api = useMemo(() => new ApiClient(entry.id), [entry.id]);
  const { year, month } = useMemo(() => previousMonth(today()), []);
  const settings = useQuery({ ...routeQuery(api, SPLIT_SETTINGS, {}, "list"), select: (r) => r.dataList ?? [], retry: false });
  const types = settings.data ?? [];
  const qs = useQueries({
    queries: types.map((t) => ({ ...listQueryOptions(api, SPLIT_LIST, { splitbillType: t.splitbillType, year, month }), retry: false })),
  });
  const status = splitStatus(types.map((t, i) => ({ typeName: t.typeName, rows: qs[i]?.data?.dataList ?? [] })));
  const same = useByValue(status);
  const option = useMemo(() => splitStatusOption(same), [same]);
  return (
    <ChartPanel
      title="分账月份状态"
      hint={
        <span className="flex gap-3">
          <span className="text-slate-500">
            {year}年{month}月
          </span>
          <OpenLink entry={entry} label={`查看${entry.typename}`} />
        </span>
      }
      option={option}
      pending={settings.isPending || qs.some((q) => q.isPending)}
      empty={settings.isError || qs.some((q) => q.isError) || noSplitRows(status)}
    />
  );
}
