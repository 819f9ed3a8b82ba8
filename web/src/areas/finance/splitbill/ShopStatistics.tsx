import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { MonthInput } from "../../../ui/pickers/MonthPicker.tsx";
import { Button } from "../../../ui/Button.tsx";
import { ChartPanel } from "../../../ui/chart/ChartPanel.tsx";
import { listQueryOptions } from "../../../ui/list/useListQuery.ts";
import { useApi } from "../../../lib/screen.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import { SHOP_STATS, money, yearMonth, type ShopStat } from "./splitQueries.ts";
import { amountsChart, nothingToDraw, sumAmounts } from "./splitCharts.ts";

/**
 * /finance/statistics (月度经营汇总, function 1903): statisticsforshop for a month — one row per store
 * with the split summary's money columns, a 总计 row, no paging, money to 2 decimals (R251, docs/gaps.md §8).
 * Above the table, the same rows as stacked bars per store (issue 36), from the table's own read.
 */
const prev = () => {
  const p = previousMonth(today());
  return `${p.year}-${String(p.month).padStart(2, "0")}`;
};

type Row = ShopStat & { id: string };
const withTotal = (rows: ShopStat[]): Row[] => {
  if (rows.length === 0) return [];
  const total: Row = { id: "total", shop: "", shopName: "总计", ...sumAmounts(rows) };
  return [...rows.map((r) => ({ ...r, id: r.shop })), total];
};

const COLUMNS: Column<Row>[] = [
  { id: "shopName", header: "门店", nowrap: true, cell: (r) => (r.id === "total" ? <b>{r.shopName}</b> : r.shopName), text: (r) => r.shopName },
  { id: "discountPrice", header: "折扣酒店金额", nowrap: true, align: "right", text: (r) => money(r.discountPrice) },
  { id: "productOfflinePrice", header: "产品线下金额", nowrap: true, align: "right", text: (r) => money(r.productOfflinePrice) },
  { id: "productOnlinePrice", header: "产品线上金额", nowrap: true, align: "right", text: (r) => money(r.productOnlinePrice) },
  { id: "totalPrice", header: "合计", nowrap: true, align: "right", text: (r) => money(r.totalPrice) },
];

export default function ShopStatistics() {
  const [draft, setDraft] = useState(prev);
  const [month, setMonth] = useState(prev);
  const { year, month: m } = yearMonth(month);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 rounded border border-slate-200 bg-white px-3 py-2">
        <span className="text-sm text-slate-600">月份</span>
        <MonthInput aria-label="月份" value={draft} onChange={(v) => setDraft(String(v || prev()))} />
        <Button variant="primary" onClick={() => setMonth(draft)}>
          查询
        </Button>
      </div>
      <StoreChart year={year} month={m} />
      <ListScreen
        key={month}
        tableId="shopStatistics"
        route={SHOP_STATS}
        params={{ year, month: m }}
        paged={false}
        keyword={false}
        display={withTotal}
        columns={COLUMNS}
        exportName={`月度经营汇总-${month}`}
      />
    </div>
  );
}

/** The month per store: one read with the table (the same query key), drawn as stacked amounts. */
function StoreChart({ year, month }: { year: number; month: number }) {
  const api = useApi();
  const q = useQuery({ ...listQueryOptions(api, SHOP_STATS, { year, month }), select: (r) => r.dataList ?? [], retry: false });
  const option = useMemo(() => amountsChart(q.data ?? [], (r) => r.shopName || "其他", "门店"), [q.data]);
  return <ChartPanel title={`${year}年${month}月各门店经营金额`} option={option} pending={q.isPending} empty={q.isError || nothingToDraw(q.data ?? [])} />;
}
