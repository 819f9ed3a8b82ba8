import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { PAY_MSG } from "@xiangyu/core/platform/schemas";
import { PAY_LIST_SPEC } from "./tenantLists.ts";
import { useDeletePay, usePassPay, type PayConfig } from "./configQueries.ts";
import { PayConfigForm } from "./PayConfigForm.tsx";

/**
 * /payconfig (支付通道, R443–R450): the platform's merchant accounts — app type, merchant number and
 * name, how many WeChat accounts are bound (a real count), the enable switch, edit and delete. A
 * bound channel is not deleted: 该通道已绑定，请先解除绑定 (the server refuses it too).
 */
export default function PayConfigList() {
  const { rights } = useScreen();
  const { data: appTypes = [] } = useStyleParams("payAppType");
  const { mutateAsync: pass } = usePassPay();
  const { mutateAsync: del } = useDeletePay();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const appTypeName = useCallback((t: number) => appTypes.find((o) => String(o.value) === String(t))?.label ?? String(t), [appTypes]);

  const remove = useCallback(
    async (p: PayConfig) => {
      if ((p.bindingCount ?? 0) > 0) return void toast.warning(PAY_MSG.bound);
      if (!(await confirmDelete(`确定删除支付通道「${p.mchName}」吗？删除后不可恢复。`))) return;
      await succeeded(del({ ids: String(p.id) }));
    },
    [del],
  );

  const columns = useMemo<Column<PayConfig>[]>(
    () => [
      { id: "appType", header: "应用类型", nowrap: true, text: (p) => appTypeName(p.appType) },
      { id: "mchId", header: "商户号", nowrap: true },
      { id: "mchName", header: "商户名称" },
      { id: "bindingCount", header: "绑定数", align: "right", nowrap: true, text: (p) => String(p.bindingCount ?? 0) },
      {
        id: "isUsing",
        header: "启用",
        align: "center",
        exported: false,
        cell: (p) => (
          <ConfirmSwitch value={p.isUsing ?? 1} allowed={rights.p} label={`启用：${p.mchName}`} onChange={(next) => succeeded(pass({ ids: String(p.id), isUsing: next }))} />
        ),
        text: (p) => (p.isUsing === 1 ? "启用" : "停用"),
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (p) => <RowActions name={p.mchName} onEdit={() => setEditing({ id: p.id })} onDelete={() => void remove(p)} />,
      },
    ],
    [rights, pass, remove, appTypeName],
  );

  return (
    <ListScreen
      tableId="payconfig"
      spec={PAY_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "商户号或商户名称" }}
      toolbar={() => rights.a && <AddButton onClick={() => setEditing({})}>新增支付通道</AddButton>}
    >
      {() => editing && <PayConfigForm id={editing.id} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
