import { useState } from "react";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { FilterSelect } from "../../ui/list/filters.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { yuanText } from "../../ui/text/money.ts";
import { succeeded } from "../../lib/routeQuery.ts";
import { useScreen } from "../../lib/screen.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { MSG, canDeletePurchase } from "@xiangyu/core/vouchers/rules";
import { PURCHASE_LIST, useDeletePurchase, type Purchase } from "./voucherQueries.ts";
import { dayOf, priceTypeName, ticketTypeName, scopeName } from "./voucherTexts.ts";
import { PurchaseWizard } from "./PurchaseWizard.tsx";
import { PurchaseDetail } from "./PurchaseDetail.tsx";

/**
 * /product/buyticket (房券购买单, 1801): room-voucher purchase orders, newest first, searched by client
 * (R186); create (A, a three-step wizard), details, delete (D) only while not bought (R194).
 */
const STATUS = [
  { value: "0", label: "未购买" },
  { value: "1", label: "已购买" },
];

export default function PurchaseList() {
  const { rights } = useScreen();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const remove = useDeletePurchase();

  async function del(p: Purchase) {
    if (!(await confirmDelete(`确定删除${p.clientName}的房券购买单 ${p.orderId} 吗？删除后不可恢复。`))) return;
    await succeeded(remove.mutateAsync({ id: p.id }));
  }

  const columns: Column<Purchase>[] = [
    { id: "orderId", header: "单号", nowrap: true },
    { id: "clientName", header: "客户", nowrap: true, text: (p) => `${p.clientName} ${p.mobile}` },
    { id: "ticketType", header: "房券类型", nowrap: true, text: (p) => ticketTypeName(p.ticketType) },
    { id: "ticketCount", header: "数量", nowrap: true, align: "right" },
    { id: "payAmount", header: "支付金额", nowrap: true, align: "right", money: true, text: (p) => yuanText(p.payAmount) },
    { id: "ticketDuration", header: "有效期限", nowrap: true, text: (p) => dayOf(p.ticketDuration) },
    { id: "priceType", header: "价格类型", nowrap: true, text: (p) => priceTypeName(p.priceType) },
    { id: "useScope", header: "使用范围", nowrap: true, text: (p) => scopeName(p.useScope) },
    { id: "bindingHotelList", header: "适用酒店", width: 160, text: (p) => p.hotelsText },
    { id: "remark", header: "备注", width: 140 },
    { id: "status", header: "状态", nowrap: true, align: "center", text: (p) => (p.status === 1 ? "已购买" : "未购买") },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (p) => (
        <RowActions
          name={`${p.clientName} ${p.orderId}`}
          locked
          deleteBlocked={canDeletePurchase(p) ? undefined : MSG.boughtUndeletable}
          onEdit={() => setViewing(p.id)}
          onDelete={() => void del(p)}
        />
      ),
    },
  ];

  return (
    <ListScreen
      tableId="voucherPurchases"
      route={PURCHASE_LIST}
      columns={columns}
      filterKeys={["status"]}
      filters={<FilterSelect name="status" label="状态" options={STATUS} />}
      keyword={{ placeholder: "客户姓名或手机号" }}
      toolbar={() => rights.a && <AddButton onClick={() => setCreating(true)}>新增房券购买单</AddButton>}
    >
      {() => (
        <>
          {creating && <PurchaseWizard onClose={() => setCreating(false)} />}
          {viewing !== null && <PurchaseDetail id={viewing} onClose={() => setViewing(null)} />}
        </>
      )}
    </ListScreen>
  );
}
