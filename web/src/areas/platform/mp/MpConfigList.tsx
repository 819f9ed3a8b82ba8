import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../../lib/screen.tsx";
import { succeeded } from "../../../lib/routeQuery.ts";
import { toast } from "../../../lib/toast.ts";
import { ConfirmSwitch } from "../../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton } from "../../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../../ui/list/actions.ts";
import type { Column } from "../../../ui/table/columns.ts";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { useOrgName } from "../../../ui/pickers/OrgCascader.tsx";
import { MP_LIST_SPEC } from "./mpLists.ts";
import { useDeleteMp, usePassMp, type MpConfig } from "./mpQueries.ts";
import { MpBasicForm } from "./MpBasicForm.tsx";
import { MpAccountConfig } from "./MpAccountConfig.tsx";
import { MpRowActions } from "./MpRowActions.tsx";

/**
 * /mp/index (小程序管理, R488–R503): the tenant's mini-programs — name, AppId, store, created time,
 * the enable switch (read-only text without P, R499) and 基本设置 (A/E), 账户配置 (S, R500) and 删除 (D).
 */
export default function MpConfigList() {
  const { rights } = useScreen();
  const orgName = useOrgName();
  const { mutateAsync: pass } = usePassMp();
  const { mutateAsync: del } = useDeleteMp();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [configuring, setConfiguring] = useState<number | null>(null);

  const remove = useCallback(
    async (m: MpConfig) => {
      if (!(await confirmDelete(`确定删除小程序「${m.mpName}」吗？删除后不可恢复。`))) return;
      await succeeded(del({ id: m.id }));
    },
    [del],
  );

  const columns = useMemo<Column<MpConfig>[]>(
    () => [
      { id: "mpName", header: "小程序名称" },
      { id: "appId", header: "AppId", nowrap: true },
      { id: "shop", header: "所属门店", text: (m) => orgName(m.shop ?? "") || (m.shop ?? "") },
      { id: "createTime", header: "创建时间", nowrap: true },
      {
        id: "idisplay",
        header: "启用",
        align: "center",
        exported: false,
        cell: (m) =>
          rights.p ? (
            <ConfirmSwitch
              value={m.idisplay ?? 1}
              label={`启用：${m.mpName}`}
              onChange={(next) => succeeded(pass({ id: m.id, idisplay: next }).then((r) => toast.success(r.desc)))}
            />
          ) : (
            <span className={m.idisplay === 1 ? "text-green-700" : "text-slate-400"}>{m.idisplay === 1 ? "启用" : "停用"}</span>
          ),
        text: (m) => (m.idisplay === 1 ? "启用" : "停用"),
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (m) => <MpRowActions mp={m} rights={rights} onEdit={() => setEditing({ id: m.id })} onConfigure={() => setConfiguring(m.id)} onRemove={() => void remove(m)} />,
      },
    ],
    [rights, pass, remove, orgName],
  );

  return (
    <ListScreen
      tableId="mpconfig"
      spec={MP_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "小程序名称" }}
      toolbar={() => rights.a && <AddButton onClick={() => setEditing({})}>新增小程序</AddButton>}
    >
      {() => (
        <>
          {editing && <MpBasicForm id={editing.id} onClose={() => setEditing(null)} />}
          {configuring && <MpAccountConfig id={configuring} onClose={() => setConfiguring(null)} />}
        </>
      )}
    </ListScreen>
  );
}
