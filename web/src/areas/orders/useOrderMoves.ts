import { useState } from "react";
import { CTRL } from "@xiangyu/core/orders/status";
import { succeeded } from "../../lib/routeQuery.ts";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { useDeleteOrder, useHandleOrder } from "./orderQueries.ts";

/** The detail panel's two moves without a form: marking the order complete and deleting it, each after a question. */
export function useOrderMoves(orderId: number, { done, onChanged, onClose }: { done: () => void; onChanged?: () => void; onClose: () => void }) {
  const handleOrder = useHandleOrder();
  const deleteOrder = useDeleteOrder();
  const [busy, setBusy] = useState(false);

  async function complete() {
    if (!(await confirm({ title: "标记完成", message: `确定将订单 ${orderId} 标记为已完成吗？` }))) return;
    setBusy(true);
    try {
      if (await succeeded(handleOrder.mutateAsync({ orderId, currentCtrl: CTRL.complete, status: 1, handleResult: "" }))) done();
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!(await confirmDelete(`确定删除订单 ${orderId} 吗？删除后不可恢复。`))) return;
    setBusy(true);
    try {
      if (await succeeded(deleteOrder.mutateAsync({ orderId }))) {
        onChanged?.();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  }

  return { busy, complete, remove };
}
