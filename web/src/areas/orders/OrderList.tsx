import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { useOrgName } from "../../ui/pickers/OrgCascader.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { OrderDetail } from "./OrderDetail.tsx";
import { ExportFiltered } from "./ExportFiltered.tsx";
import { ORDER_SEARCH, RowLinks, actionsColumn, amountColumn, categoryColumn, clientColumn, orderNameColumn, statusColumn, stayColumn, timeColumn } from "./orderColumns.tsx";
import { ORDER_LIST, useDeleteOrder, type OrderRow } from "./orderQueries.ts";

/**
 * /order/list (全部订单; 会员酒店订单 with checkinType=club, 折扣酒店订单 with checkinType=discount,
 * R122–R127): hotel orders newest first, filtered by store (the user's own by default), status and
 * order number. The discount list adds the stay's columns. Rows open the detail panel.
 */

/** Discount lists (R122): the hotel over the room. */
const hotelRoomColumn: Column<OrderRow> = {
  id: "hotelName",
  header: "酒店 / 客房",
  width: 150,
  cell: (o) => (
    <span className="flex flex-col leading-tight">
      <span>{o.hotelName}</span>
      <span className="text-xs text-slate-500">{o.roomName}</span>
    </span>
  ),
  text: (o) => `${o.hotelName} ${o.roomName}`,
};
type Open = { id: number; form?: "followup" } | null;

export default function OrderList() {
  const { params, rights } = useScreen();
  const shopName = useOrgName();
  const deleteOrder = useDeleteOrder();
  const [open, setOpen] = useState<Open>(null);
  const checkinType = params.checkinType || undefined;
  const listParams = checkinType ? { checkinType } : undefined;

  async function remove(o: OrderRow) {
    if (!(await confirmDelete(`确定删除订单 ${o.id}「${o.orderName}」吗？删除后不可恢复。`))) return;
    await succeeded(deleteOrder.mutateAsync({ orderId: o.id }));
  }

  // A list of one category (the menu's checkinType) names it in its title: the category column goes.
  const columns: Column<OrderRow>[] = [
    ...(checkinType ? [] : [categoryColumn<OrderRow>()]),
    { id: "id", header: "订单号", nowrap: true, sortable: true },
    orderNameColumn(),
    clientColumn(),
    ...(checkinType === "discount" ? [hotelRoomColumn, stayColumn<OrderRow>()] : []),
    { id: "shop", header: "门店", nowrap: true, text: (o) => shopName(o.shop) || o.shop },
    timeColumn<OrderRow>("bookingTime", "预订时间"),
    amountColumn(),
    statusColumn(),
    actionsColumn((o) => <RowLinks row={o} rights={rights} onOpen={(form) => setOpen({ id: o.id, form })} onDelete={() => void remove(o)} />),
  ];

  return (
    <ListScreen
      tableId={`orders-${checkinType ?? "all"}`}
      route={ORDER_LIST}
      params={listParams}
      columns={columns}
      {...ORDER_SEARCH}
      toolbar={(ctx) => <ExportFiltered route={ORDER_LIST} state={ctx.state} params={listParams} columns={columns} />}
    >
      {() => open && <OrderDetail key={open.id} orderId={open.id} initialForm={open.form ?? null} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}
