import { useState } from "react";
import { today } from "@xiangyu/core/kernel/clock";
import { ListScreen } from "../../ui/ListScreen.tsx";
import { DateRangeInput, type DayRange } from "../../ui/DateRangePicker.tsx";
import { OrgCascader } from "../../ui/OrgCascader.tsx";
import { Button } from "../../ui/Button.tsx";
import { storeReach, useCurrentUser } from "../../ui/useCurrentUser.ts";
import type { Column } from "../../ui/columns.ts";
import { yuanText } from "../../ui/money.ts";
import { FUNNEL, type FunnelRow } from "./workorderQueries.ts";

/**
 * /client/funnel (电邀漏斗, 2104, beyond the spec — issue 16): for a period, per store and
 * inviter, how many clients were invited, appointed, present, bought and passed the last review, and
 * the revenue of those passes — read from the counters each save and review keeps, not from the work
 * orders. A 总计 row adds the rows up; the rates are of the row's invitations. An inviter sees their
 * own row, a store its stores (the server's data scope).
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
