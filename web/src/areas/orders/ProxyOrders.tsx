import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useApi, useScreen } from "../../lib/screen.tsx";
import type { ListKey } from "../../lib/contract.ts";
import { ListScreen } from "../../ui/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { confirmDelete, perform } from "../../ui/actions.ts";
import { useOrgName } from "../../ui/OrgCascader.tsx";
import type { Column } from "../../ui/columns.ts";
import { OrderDetail } from "./OrderDetail.tsx";
import { CreateOrderWizard } from "./CreateOrderWizard.tsx";
import { ExportFiltered } from "./ExportFiltered.tsx";
import { ORDER_SEARCH, RowLinks, actionsColumn, amountColumn, categoryColumn, clientColumn, orderNameColumn, statusColumn, stayColumn, timeColumn } from "./orderColumns.tsx";
import { LIST_ROUTE, PROXY_DELETE_PATH, PROXY_LIST_PATH, PROXY_LIST_ROUTE, type ProxyRow } from "./orderTypes.ts";

/**
 * /order/reservationservice (代客订单, R156–R159): bookings staff placed for clients, filtered by
 * store, status and order number. 创建代客订单 (A) opens the four-step creation wizard; a row opens
 * the order's detail panel; delete sends the record's rsId.
 */
type Open = { orderId: number; form?: "followup" } | null;

export default function ProxyOrders() {
  const api = useApi();
  const { rights } = useScreen();
  const shopName = useOrgName();
  const qc = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [creating, setCreating] = useState(false);
  const refetch = () => {
    void qc.invalidateQueries({ queryKey: [PROXY_LIST_ROUTE] });
    void qc.invalidateQueries({ queryKey: [LIST_ROUTE] });
  };

  async function remove(o: ProxyRow) {
    if (!(await confirmDelete(`确定删除代客订单 ${o.orderId}「${o.orderName}」吗？删除后不可恢复。`))) return;
    if (await perform(api.post(PROXY_DELETE_PATH, { rsId: o.rsId }), "删除成功", "handle")) refetch();
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
    timeColumn<ProxyRow>("createTime", "下单时间"),
    statusColumn(),
    actionsColumn((o) => <RowLinks row={o} rights={rights} onOpen={(form) => setOpen({ orderId: o.orderId, form })} onDelete={() => void remove(o)} />),
  ];

  return (
    <ListScreen<ListKey, ProxyRow>
      tableId="proxyOrders"
      route={PROXY_LIST_ROUTE}
      columns={columns}
      {...ORDER_SEARCH}
      toolbar={(ctx) => (
        <>
          {rights.a && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              创建代客订单
            </Button>
          )}
          <ExportFiltered path={PROXY_LIST_PATH} state={ctx.state} columns={columns} />
        </>
      )}
    >
      {() => (
        <>
          {open && <OrderDetail key={open.orderId} orderId={open.orderId} initialForm={open.form ?? null} onClose={() => setOpen(null)} onChanged={refetch} />}
          {creating && <CreateOrderWizard onClose={() => setCreating(false)} onCreated={refetch} />}
        </>
      )}
    </ListScreen>
  );
}
