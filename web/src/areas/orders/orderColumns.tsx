import { yuanText } from "../../ui/text/money.ts";
import type { ReactNode } from "react";
import { LIST_DELETABLE, LIST_FOLLOWUP, needsHandling } from "@xiangyu/core/orders/status";
import { StoreFilter, StyleParamFilter } from "../../ui/list/filters.tsx";
import type { Rights } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { statusName } from "./orderTypes.ts";

/**
 * The columns and row links both order lists share (R124–R127, R158–R159): 立即处理 for 1, 2, 7
 * and 查看详情 otherwise; 删除 for 6, 8, 9, 10, 11 (D); 电话回访 for 4 and 6 (A).
 */
// What the rows of both lists share (core's orderRow and proxyRow); a proxy record's copied fields
// may be absent from its item type, so they are read as optional.
type Common = { id: number; orderName?: string; clientName?: string; checkinTypeName: string; status: number; statusName: string };
type Stay = { checkinStartdate?: string; checkinEnddate?: string; checkinDays?: number; checkinRoomCount?: number };

export const categoryColumn = <T extends Common>(): Column<T> => ({ id: "checkinTypeName", header: "订单类别", nowrap: true });
export const orderNameColumn = <T extends Common>(): Column<T> => ({ id: "orderName", header: "订单名称", width: 170 });
export const clientColumn = <T extends Common>(): Column<T> => ({ id: "clientName", header: "客户", nowrap: true });
export const statusColumn = <T extends Common>(): Column<T> => ({ id: "status", header: "状态", nowrap: true, align: "center", text: (o) => statusName(o.status, o.statusName) });
export const amountColumn = <T extends { price: number; payType?: number }>(header = "支付金额"): Column<T> => ({
  id: "price",
  header,
  nowrap: true,
  align: "right",
  // Club bookings are paid in weeks (payType 2): they carry no money.
  cell: (o) => (o.payType === 2 ? <span className="text-slate-500">{WEEK_PAID}</span> : yuanText(o.price, "0.00")),
  // The export says what the screen says: 周次抵扣 for week-paid orders, else the amount as a number.
  text: (o) => (o.payType === 2 ? WEEK_PAID : Number(o.price ?? 0)),
  money: true,
});
const WEEK_PAID = "周次抵扣";

/** A cell of two short lines (dates, times): keeps the wide lists within the screen. */
function TwoLines({ top, bottom }: { top: string; bottom: string }) {
  return (
    <span className="flex flex-col leading-tight whitespace-nowrap">
      <span>{top}</span>
      <span className="text-xs text-slate-500">{bottom}</span>
    </span>
  );
}

/** The stay: check-in and check-out over nights × rooms (R122's added columns, in one). */
export const stayColumn = <T extends Stay>(): Column<T> => ({
  id: "checkinStartdate",
  header: "入离日期",
  cell: (o) => <TwoLines top={`${o.checkinStartdate ?? ""} 至 ${(o.checkinEnddate ?? "").slice(5)}`} bottom={`${o.checkinDays ?? 0}晚 × ${o.checkinRoomCount ?? 0}间`} />,
  text: (o) => `${o.checkinStartdate ?? ""} 至 ${o.checkinEnddate ?? ""}，${o.checkinDays ?? 0}晚 × ${o.checkinRoomCount ?? 0}间`,
});

/**
 * The stay as the order export writes it: one cell per fact (dates as dates, nights and rooms as
 * numbers), whether or not the list shows the stay — an exported order always carries its dates.
 */
export const stayExportColumns = <T extends Stay>(): Column<T>[] => [
  { id: "checkinStartdate", header: "入住日期", text: (o) => o.checkinStartdate ?? "" },
  { id: "checkinEnddate", header: "离店日期", text: (o) => o.checkinEnddate ?? "" },
  { id: "checkinDays", header: "晚数", text: (o) => o.checkinDays ?? 0 },
  { id: "checkinRoomCount", header: "间数", text: (o) => o.checkinRoomCount ?? 0 },
];

/** The export's columns: the list's, with the stay written as stayExportColumns (in place of the stay column, or after the client). */
export function withStayColumns<T extends Stay>(columns: Column<T>[]): Column<T>[] {
  const rest = columns.filter((c) => c.id !== "checkinStartdate");
  const at = columns.findIndex((c) => c.id === "checkinStartdate");
  const after = at >= 0 ? at : rest.findIndex((c) => c.id === "clientName") + 1 || rest.length;
  return [...rest.slice(0, after), ...stayExportColumns<T>(), ...rest.slice(after)];
}

/** A date-time as date over time. */
export const timeColumn = <T,>(id: keyof T & string, header: string): Column<T> => ({
  id,
  header,
  cell: (o) => {
    const v = String(o[id] ?? "");
    return <TwoLines top={v.slice(0, 10)} bottom={v.slice(11)} />;
  },
});

export type RowOpen = (form?: "followup") => void;

export function RowLinks({ row, rights, onOpen, onDelete }: { row: Common; rights: Rights; onOpen: RowOpen; onDelete: () => void }) {
  const who = `${row.id} ${row.orderName ?? ""}`;
  const handle = needsHandling(row.status);
  return (
    <div className="flex gap-1">
      <Button size="sm" variant="link" aria-label={`${handle ? "立即处理" : "查看详情"}：${who}`} onClick={() => onOpen()}>
        {handle ? "立即处理" : "查看详情"}
      </Button>
      {rights.a && LIST_FOLLOWUP.includes(row.status) && (
        <Button size="sm" variant="link" aria-label={`电话回访：${who}`} onClick={() => onOpen("followup")}>
          电话回访
        </Button>
      )}
      {rights.d && LIST_DELETABLE.includes(row.status) && (
        <Button size="sm" variant="link" className="text-red-600!" aria-label={`删除：${who}`} onClick={onDelete}>
          删除
        </Button>
      )}
    </div>
  );
}

export const actionsColumn = <T extends Common>(cell: (row: T) => ReactNode): Column<T> => ({
  id: "actions",
  header: "操作",
  hideable: false,
  exported: false,
  nowrap: true,
  cell,
});

/**
 * What both order lists search by (R123, R156): store (the user's own by default), status from the
 * orderStatus list, and the order number. They export the whole filtered list themselves (ExportFiltered).
 */
export const ORDER_SEARCH: { filterKeys: string[]; storeFilter: string; filters: ReactNode; keyword: { placeholder: string }; exportName: false } = {
  filterKeys: ["orderStatus"],
  storeFilter: "shop",
  filters: (
    <>
      <StoreFilter name="shop" label="门店" />
      <StyleParamFilter name="orderStatus" label="状态" styleen="orderStatus" />
    </>
  ),
  keyword: { placeholder: "订单号" },
  exportName: false,
};
