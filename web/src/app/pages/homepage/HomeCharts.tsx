import { useMemo } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { ApiClient } from "../../../lib/api.ts";
import { ChartPanel } from "../../../ui/chart/ChartPanel.tsx";
import { listQueryOptions } from "../../../ui/useListQuery.ts";
import { FUNNEL } from "../../../areas/workorders/workorderQueries.ts";
import { funnelOption } from "../../../areas/workorders/funnelChart.ts";
import { SHOP_STATS } from "../../../areas/finance/splitbill/splitQueries.ts";
import { amountsChart, nothingToDraw, sumAmounts } from "../../../areas/finance/splitbill/splitCharts.ts";
import { screenLink, screenTo, type MenuEntry } from "../../menu.ts";

/**
 * The workbench's charts (issue 36), a chunk of their own loaded after the home page drew (the
 * chart library is another, loaded by the first chart): the month's invitation funnel and the last
 * six months' money, each for a user whose menu holds the screen it summarises, read with that
 * screen's function (its rights and departments) and titled with a link to it.
 */
const FN = { funnel: 2104, statistics: 1903 } as const;

export default function HomeCharts({ entries }: { entries: MenuEntry[] }) {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const funnel = byId.get(FN.funnel);
  const stats = byId.get(FN.statistics);
  if (!funnel && !stats) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {funnel && <MonthFunnel entry={funnel} />}
      {stats && <MonthlyRevenue entry={stats} />}
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
  const key = JSON.stringify(rows);
  // The rows are rebuilt each render; their values decide when the chart's option changes.
  const option = useMemo(() => amountsChart(JSON.parse(key) as typeof rows, (r) => r.name, "月份"), [key]);
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
