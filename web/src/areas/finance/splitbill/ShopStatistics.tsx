import { useState } from "react";
import { previousMonth } from "@xiangyu/core/finance/splitBill/rules";
import { today } from "@xiangyu/core/kernel/clock";
import { ListScreen } from "../../../ui/ListScreen.tsx";
import { MonthInput } from "../../../ui/MonthPicker.tsx";
import { Button } from "../../../ui/Button.tsx";
import type { Column } from "../../../ui/columns.ts";
import { SHOP_STATS, money, yearMonth, type ShopStat } from "./splitQueries.ts";

/**
 * /finance/statistics (月度经营汇总, function 1903): statisticsforshop for a month — one row per store
 * with the split summary's money columns, a 总计 row, no paging, money to 2 decimals (R251, docs/gaps.md §8).
 */
const prev = () => {
  const p = previousMonth(today());
  return `${p.year}-${String(p.month).padStart(2, "0")}`;
};

type Row = ShopStat & { id: string };
const withTotal = (rows: ShopStat[]): Row[] => {
  if (rows.length === 0) return [];
  const sum = (k: "discountPrice" | "productOfflinePrice" | "productOnlinePrice" | "totalPrice") => Math.round(rows.reduce((s, r) => s + Math.round(r[k] * 100), 0)) / 100;
  const total: Row = {
    id: "total",
    shop: "",
    shopName: "总计",
    discountPrice: sum("discountPrice"),
    productOfflinePrice: sum("productOfflinePrice"),
    productOnlinePrice: sum("productOnlinePrice"),
    totalPrice: sum("totalPrice"),
  };
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
