import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { today } from "@xiangyu/core/kernel/clock";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { DateRangeInput, type DayRange } from "../../ui/pickers/DateRangePicker.tsx";
import { OrgCascader } from "../../ui/pickers/OrgCascader.tsx";
import { Button } from "../../ui/Button.tsx";
import { storeReach, useCurrentUser } from "../../ui/useCurrentUser.ts";
import type { Column } from "../../ui/table/columns.ts";
import { yuanText } from "../../ui/text/money.ts";
import { ChartPanel } from "../../ui/chart/ChartPanel.tsx";
import { listQueryOptions } from "../../ui/list/useListQuery.ts";
import { useApi } from "../../lib/screen.tsx";
import { FUNNEL, type FunnelRow } from "./workorderQueries.ts";
import { funnelOption, storeBarsOption, storesOf } from "./funnelChart.ts";

/**
 * /client/funnel (电邀漏斗, 2104, beyond the spec — issue 16): for a period, per store and
 * inviter, how many clients were invited, appointed, present, bought and passed the last review, and
 * the revenue of those passes — read from the counters each save and review keeps, not from the work
 * orders. A 总计 row adds the rows up; the rates are of the row's invitations. An inviter sees their
 * own row, a store its stores (the server's data scope). Above the table (issue 36), the steps as a
 * funnel and per store the invitations, presences and passes as bars; a store's bar picks that store
 * in the filter.
 */
type Row = FunnelRow & { id: string };
const STEPS = ["invited", "appointed", "present", "bought", "passed"] as const;

const withTotal = (rows: FunnelRow[]): Row[] => {
  if (rows.length === 0) return [];
  const sum = (k: (typeof STEPS)[number] | "revenue") => rows.reduce((s, r) => s + r[k], 0);
  const total: Row = {
    id: "total",
    shop: "",
    shopName: "总计",
    bookingUser: 0,
    bookingUserName: "",
    ...(Object.fromEntries(STEPS.map((k) => [k, sum(k)])) as Record<(typeof STEPS)[number], number>),
    // Fen-exact: the rows are yuan with two decimals.
    revenue: Math.round(rows.reduce((s, r) => s + Math.round(r.revenue * 100), 0)) / 100,
  };
  return [...rows.map((r) => ({ ...r, id: `${r.shop}.${r.bookingUser}` })), total];
};

const rate = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10}%` : "—");

const COLUMNS: Column<Row>[] = [
  { id: "shopName", header: "门店", nowrap: true, cell: (r) => (r.id === "total" ? <b>{r.shopName}</b> : r.shopName), text: (r) => r.shopName },
  { id: "bookingUserName", header: "电邀员", nowrap: true, text: (r) => (r.id === "total" ? "" : r.bookingUserName || "未分配") },
  { id: "invited", header: "已电邀", nowrap: true, align: "right" },
  { id: "appointed", header: "已应邀", nowrap: true, align: "right" },
  { id: "present", header: "已到场", nowrap: true, align: "right" },
  { id: "bought", header: "已购买", nowrap: true, align: "right" },
  { id: "passed", header: "复核通过", nowrap: true, align: "right" },
  { id: "revenue", header: "成交金额", nowrap: true, align: "right", text: (r) => yuanText(r.revenue) },
  { id: "presentRate", header: "到场率", nowrap: true, align: "right", text: (r) => rate(r.present, r.invited) },
  { id: "passedRate", header: "成交率", nowrap: true, align: "right", text: (r) => rate(r.passed, r.invited) },
];

const thisMonth = (): DayRange => {
  const d = today();
  return { startDate: `${d.slice(0, 8)}01`, endDate: d };
};

export default function Funnel() {
  const { data: me } = useCurrentUser();
  const reach = storeReach(me);
  const [draft, setDraft] = useState<DayRange & { shop: string }>(() => ({ ...thisMonth(), shop: "" }));
  const [query, setQuery] = useState(draft);
  const pickStore = useCallback((shop: string) => {
    setDraft((d) => ({ ...d, shop }));
    setQuery((q) => ({ ...q, shop }));
  }, []);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-white px-3 py-2">
        <span className="text-sm text-slate-600">统计区间</span>
        <DateRangeInput value={draft} onChange={(r) => setDraft((d) => ({ ...d, ...r }))} label="统计区间" />
        <span className="text-sm text-slate-600">门店</span>
        <OrgCascader
          value={draft.shop}
          onChange={(shop) => setDraft((d) => ({ ...d, shop }))}
          limitTo={reach.limitTo}
          exact={reach.exact}
          allLabel={reach.whole ? "全部" : undefined}
          label="门店"
        />
        <Button variant="primary" onClick={() => setQuery(draft)}>
          查询
        </Button>
      </div>
      <FunnelCharts from={query.startDate} to={query.endDate} shop={query.shop} onStore={pickStore} />
      <ListScreen
        key={`${query.startDate}.${query.endDate}.${query.shop}`}
        tableId="workorderFunnel"
        route={FUNNEL}
        params={{ from: query.startDate, to: query.endDate, shop: query.shop }}
        paged={false}
        keyword={false}
        display={withTotal}
        columns={COLUMNS}
        rowId={(r) => r.id}
        exportName={`电邀漏斗-${query.startDate}-${query.endDate}`}
      />
    </div>
  );
}

/** The period's funnel and stores: one read with the table (the same query key). */
function FunnelCharts({ from, to, shop, onStore }: { from: string; to: string; shop: string; onStore: (shop: string) => void }) {
  const api = useApi();
  const q = useQuery({ ...listQueryOptions(api, FUNNEL, { from, to, shop }), select: (r) => r.dataList ?? [], retry: false });
  const rows = q.data;
  const charts = useMemo(() => ({ funnel: funnelOption(rows ?? []), stores: storeBarsOption(rows ?? []), shops: storesOf(rows ?? []) }), [rows]);
  const empty = q.isError || !rows?.some((r) => r.invited > 0);
  const onPick = useCallback(
    (p: { dataIndex: number }) => {
      const picked = charts.shops[p.dataIndex];
      if (picked) onStore(picked.shop);
    },
    [charts.shops, onStore],
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartPanel title={`电邀漏斗（${from} 至 ${to}）`} option={charts.funnel} pending={q.isPending} empty={empty} />
      <ChartPanel
        title="各门店电邀、到场与成交"
        hint={charts.shops.length > 1 ? "点击门店的柱子，只看该门店" : undefined}
        option={charts.stores}
        pending={q.isPending}
        empty={empty}
        onPick={charts.shops.length > 1 ? onPick : undefined}
      />
    </div>
  );
}
