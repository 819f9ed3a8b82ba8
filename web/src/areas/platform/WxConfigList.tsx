import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { WX_LIST_SPEC } from "./tenantLists.ts";
import { useDeleteWx, usePassWx, type WxConfig } from "./configQueries.ts";
import { WxConfigForm } from "./WxConfigForm.tsx";

/**
 * /wxconfig (微信平台账号, R451–R457; title from module info as every screen's): each tenant's
 * official accounts, mini-programs and apps — tenant, app type, AppId, name, main and default
 * account, the enable switch (status 1/0), edit and delete.
 */
const yes = (n: number | undefined) => (n === 1 ? "是" : "否");

export default function WxConfigList() {
  const { rights } = useScreen();
  const { data: appTypes = [] } = useStyleParams("wxAppType");
  const { mutateAsync: pass } = usePassWx();
  const { mutateAsync: del } = useDeleteWx();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const appTypeName = useCallback((t: number) => appTypes.find((o) => String(o.value) === String(t))?.label ?? String(t), [appTypes]);

  const remove = useCallback(
    async (w: WxConfig) => {
      if (!(await confirmDelete(`确定删除微信平台账号「${w.appName || w.appid}」吗？删除后不可恢复。`))) return;
      await succeeded(del({ ids: String(w.id) }));
    },
    [del],
  );

  const columns = useMemo<Column<WxConfig>[]>(
    () => [
      { id: "systemName", header: "平台租户", text: (w) => w.systemName || w.clientId },
      { id: "appType", header: "应用类型", nowrap: true, text: (w) => appTypeName(w.appType) },
      { id: "appid", header: "AppId", nowrap: true },
      { id: "appName", header: "应用名称" },
      { id: "masterAccount", header: "主账号", align: "center", nowrap: true, text: (w) => yes(w.masterAccount) },
      { id: "dfAccount", header: "默认账号", align: "center", nowrap: true, text: (w) => yes(w.dfAccount) },
      {
        id: "status",
        header: "启用",
        align: "center",
        exported: false,
        cell: (w) => (
          <ConfirmSwitch
            value={w.status ?? 1}
            allowed={rights.p}
            label={`启用：${w.appName || w.appid}`}
            onChange={(next) => succeeded(pass({ ids: String(w.id), status: next }))}
          />
        ),
        text: (w) => (w.status === 1 ? "启用" : "停用"),
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (w) => <RowActions name={w.appName || w.appid} onEdit={() => setEditing({ id: w.id })} onDelete={() => void remove(w)} />,
      },
    ],
    [rights, pass, remove, appTypeName],
  );

  return (
    <ListScreen
      tableId="wxconfig"
      spec={WX_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "AppId、应用名称或租户ID" }}
      toolbar={() => rights.a && <AddButton onClick={() => setEditing({})}>新增账号</AddButton>}
    >
      {() => editing && <WxConfigForm id={editing.id} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
