import { yuanText } from "../../ui/text/money.ts";
import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { useOrgName } from "../../ui/pickers/OrgCascader.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { BOUGHT, ORDER_STATUS } from "./productTypes.ts";
import { PRICE_ORDER_LIST, STALE_AFTER, useDeletePriceOrders, type PriceOrder } from "./productQueries.ts";
import { PriceOrderForm } from "./PriceOrderForm.tsx";
import { SandboxPayButton } from "../../ui/SandboxPayButton.tsx";

/**
 * The records of productprice/list, newest first, as two screens show them: price modification
 * (1908: what was granted to whom) and membership purchase orders (2202: order no. and whether the
 * client bought). Searched by client name, mobile, product or the exact order no.; a bought order
 * cannot be changed or deleted (R370).
 */
export const BOUGHT_UNDELETABLE = "该单已完成购买，不允许删除";
const FILTERS = ["status"];
const STATUS_OPTIONS = Object.entries(ORDER_STATUS).map(([value, label]) => ({ value, label }));

type Variant = {
  tableId: string;
  noun: string;
  newLabel: string;
  columns: (shopName: (code: string) => string) => Column<PriceOrder>[];
  /** A waiting order offers the sandbox's 模拟支付 (a purchase order is paid by the client). */
  payable?: boolean;
};

/** Name over mobile: one column, so the money and the remark keep their room. */
const client: Column<PriceOrder> = {
  id: "clientName",
  header: "客户",
  nowrap: true,
  text: (o) => `${o.clientName} ${o.mobile}`,
  cell: (o) => (
    <div className="leading-tight">
      <div>{o.clientName}</div>
      <div className="text-xs text-slate-400">{o.mobile}</div>
    </div>
  ),
};
const product: Column<PriceOrder> = { id: "productName", header: "会员套餐", width: 160 };
const duration: Column<PriceOrder> = { id: "duration", header: "年限", nowrap: true, align: "right" };
const money = (id: "amount" | "groupAmount" | "payAmount", header: string): Column<PriceOrder> => ({ id, header, nowrap: true, align: "right", text: (o) => yuanText(o[id]) });
const remark: Column<PriceOrder> = { id: "remark", header: "备注", width: 160 };
const status: Column<PriceOrder> = { id: "status", header: "购买状态", nowrap: true, align: "center", text: (o) => ORDER_STATUS[o.status ?? 0] ?? String(o.status) };

export const MODIFICATION: Variant = {
  tableId: "priceModification",
  noun: "改价",
  newLabel: "新增改价",
  columns: (shopName) => [
    client,
    product,
    duration,
    { id: "proCount", header: "数量", nowrap: true, align: "right" },
    money("amount", "产品金额"),
    money("groupAmount", "集团独立收款"),
    money("payAmount", "支付金额"),
    remark,
    { id: "shop", header: "门店", nowrap: true, text: (o) => shopName(o.shop ?? "") || o.shop },
    { id: "contractType", header: "合同类型", nowrap: true },
    status,
  ],
};

export const PURCHASE_ORDERS: Variant = {
  tableId: "productOrders",
  noun: "购买单",
  newLabel: "创建购买单",
  payable: true,
  columns: () => [
    client,
    product,
    duration,
    { id: "proCount", header: "周数", nowrap: true, align: "right" },
    money("amount", "原价"),
    money("payAmount", "支付金额"),
    remark,
    // The number ends in the id, issued in creation order.
    { id: "orderId", header: "单号", nowrap: true, sortable: true, sortKey: "id" },
    status,
  ],
};

export function PriceOrderList({ variant }: { variant: Variant }) {
  const { rights } = useScreen();
  const shopName = useOrgName();
  const deleteOrders = useDeletePriceOrders();
  const [editing, setEditing] = useState<{ order?: PriceOrder } | null>(null);

  async function remove(o: PriceOrder) {
    if (!(await confirmDelete(`确定删除${o.clientName}的${variant.noun}「${o.productName}」吗？删除后不可恢复。`))) return;
    await succeeded(deleteOrders.mutateAsync({ id: o.id }));
  }

  const columns: Column<PriceOrder>[] = [
    ...variant.columns(shopName),
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (o) => {
        const bought = o.status === BOUGHT;
        return (
          <RowActions
            name={`${o.clientName} ${o.productName}`}
            locked={bought}
            deleteBlocked={bought ? BOUGHT_UNDELETABLE : undefined}
            onEdit={() => setEditing({ order: o })}
            onDelete={() => void remove(o)}
          >
            {variant.payable && !bought && (
              <SandboxPayButton
                size="sm"
                variant="link"
                name={`${o.clientName} ${o.productName}`}
                outTradeNo={o.orderId}
                totalFee={o.payAmount ?? 0}
                invalidates={STALE_AFTER.priceOrders}
              />
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListScreen
      tableId={variant.tableId}
      route={PRICE_ORDER_LIST}
      columns={columns}
      filterKeys={FILTERS}
      filters={<FilterSelect name="status" label="购买状态" options={STATUS_OPTIONS} />}
      keyword={{ placeholder: "客户、手机号、产品或单号" }}
      selectable={rights.d}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setEditing({})}>{variant.newLabel}</AddButton>
          <DeleteSelected ctx={ctx} route="POST /xiangyu/api/order/productprice/delete" invalidates={STALE_AFTER.priceOrders} />
        </>
      )}
    >
      {() =>
        editing && (
          <PriceOrderForm
            order={editing.order}
            title={editing.order ? `${editing.order.status === BOUGHT || !rights.e ? "查看" : "编辑"}${variant.noun}` : variant.newLabel}
            onClose={() => setEditing(null)}
          />
        )
      }
    </ListScreen>
  );
}
