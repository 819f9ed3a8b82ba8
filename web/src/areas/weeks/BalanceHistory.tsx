import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/screen.tsx";
import { PagedTable, usePaging } from "../../ui/table/PagedTable.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { weeksQueries, type HistoryEntry } from "./weeksQueries.ts";

/**
 * 周次流水: every move of a client's stored weeks, newest first — when, why, which record, who,
 * and the balance before and after (whole weeks, loose weekday/weekend nights, weeks at the
 * exchange service). Opened from the membership viewer (clients area). Beyond the spec: it answers
 * "where did my weeks go?" (docs/weeks.md).
 */
const SOURCE: Record<string, string> = { giftWeek: "赠送周次", rciExchange: "RCI交换单", membershipLot: "产品明细", order: "订单", voucherExchange: "房券兑换单" };

type Snapshot = HistoryEntry["before"];
const balance = (s: Snapshot) =>
  `${s.remainingCount}周${s.remainingFirstHaltCount || s.remainingSecondHaltCount ? ` + 平日${s.remainingFirstHaltCount}晚 + 周末${s.remainingSecondHaltCount}晚` : ""}`;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
function changeText(e: HistoryEntry): string {
  if (e.kind === "expiry") return e.detail;
  const c = e.change;
  const parts = [
    c.remainingCount && `${signed(c.remainingCount)}周`,
    c.remainingFirstHaltCount && `平日${signed(c.remainingFirstHaltCount)}晚`,
    c.remainingSecondHaltCount && `周末${signed(c.remainingSecondHaltCount)}晚`,
  ];
  return parts.filter(Boolean).join("，") || "—";
}

const COLUMNS: Column<HistoryEntry>[] = [
  { id: "time", header: "时间", nowrap: true },
  { id: "productTypeName", header: "产品类型", nowrap: true },
  { id: "reason", header: "事由", nowrap: true },
  { id: "source", header: "关联记录", nowrap: true, text: (e) => (e.source ? `${SOURCE[e.source] ?? e.source} #${e.sourceId}` : "—") },
  { id: "change", header: "变动", nowrap: true, text: changeText },
  { id: "before", header: "变动前", nowrap: true, text: (e) => balance(e.before) },
  { id: "after", header: "变动后", nowrap: true, text: (e) => balance(e.after) },
  {
    id: "rci",
    header: "交换服务周次",
    nowrap: true,
    align: "right",
    text: (e) => (e.change.rciStoreCount ? `${e.before.rciStoreCount} → ${e.after.rciStoreCount}` : String(e.after.rciStoreCount)),
  },
  { id: "operator", header: "操作人", nowrap: true, text: (e) => e.operator || "系统" },
];

export function BalanceHistory({ clientId }: { clientId: number }) {
  const api = useApi();
  const paging = usePaging();
  const q = useQuery({ ...weeksQueries.history(api, clientId, paging.page, paging.size), placeholderData: keepPreviousData });
  return <PagedTable query={q} paging={paging} columns={COLUMNS} rowId={(e) => e.at} emptyText="暂无周次流水" maxHeight="60vh" />;
}
