import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { useOrgName } from "../../ui/pickers/OrgCascader.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { OrderDetail } from "./OrderDetail.tsx";
import { CreateOrderWizard } from "./CreateOrderWizard.tsx";
import { ExportFiltered } from "./ExportFiltered.tsx";
import { ORDER_SEARCH, RowLinks, actionsColumn, amountColumn, categoryColumn, clientColumn, orderNameColumn, statusColumn, stayColumn, timeColumn } from "./orderColumns.tsx";
import { PROXY_LIST, useDeleteProxyOrder, type ProxyRow } from "./orderQueries.ts";

/**
 * /order/reservationservice (代客订单, R156–R159): bookings staff placed for clients, filtered by
 * store, status and order number. 创建代客订单 (A) opens the four-step creation wizard; a row opens
 * the order's detail panel; delete sends the record's rsId.
 */
type Open = { orderId: number; form?: "followup" } | null;

export default function ProxyOrders() {
  const { rights } = useScreen();
  const shopName = useOrgName();
  const deleteProxyOrder = useDeleteProxyOrder();
  const [open, setOpen] = useState<Open>(null);
  const [creating, setCreating] = useState(false);

  async function remove(o: ProxyRow) {
    if (!(await confirmDelete(`确定删除代客订单 ${o.orderId}「${o.orderName}」吗？删除后不可恢复。`))) return;
    await succeeded(deleteProxyOrder.mutateAsync({ rsId: o.rsId }));
  }

  const columns: Column<ProxyRow>[] = [
    categoryColumn(),
    { id: "orderId", header: "订单号", nowrap: true },
    orderNameColumn(),
    clientColumn(),
    stayColumn<ProxyRow>(),
    amountColumn(),
    { id: "shop", header: "门店", nowrap: true, text: (o) => shopName(o.shop) || o.shop },
    { id: "createUser", header: "下单人", nowrap: true },
    { ...timeColumn<ProxyRow>("createTime", "下单时间"), sortable: true, sortKey: "id" },
    statusColumn(),
    actionsColumn((o) => <RowLinks row={o} rights={rights} onOpen={(form) => setOpen({ orderId: o.orderId, form })} onDelete={() => void remove(o)} />),
  ];

  return (
    <ListScreen
      tableId="proxyOrders"
      route={PROXY_LIST}
      columns={columns}
      {...ORDER_SEARCH}
      toolbar={(ctx) => (
        <>
          {rights.a && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              创建代客订单
            </Button>
          )}
          <ExportFiltered route={PROXY_LIST} state={ctx.state} columns={columns} />
        </>
      )}
    >
      {() => (
        <>
          {open && <OrderDetail key={open.orderId} orderId={open.orderId} initialForm={open.form ?? null} onClose={() => setOpen(null)} />}
          {creating && <CreateOrderWizard onClose={() => setCreating(false)} />}
        </>
      )}
    </ListScreen>
  );
}
