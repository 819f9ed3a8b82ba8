import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { DB_LIST_SPEC } from "./tenantLists.ts";
import { useDeleteDb, usePassDb, type DbConfig } from "./configQueries.ts";
import { DbConfigForm } from "./DbConfigForm.tsx";

/**
 * /dbconfig (数据库连接, R468–R475): connection records of the systems connected to the platform,
 * with the enable toggle, edit and delete. The product reads none of them (docs/decisions.md).
 */
export default function DbConfigList() {
  const { rights } = useScreen();
  const { mutateAsync: pass } = usePassDb();
  const { mutateAsync: del } = useDeleteDb();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const name = (d: DbConfig) => `${d.systemCode}/${d.databaseCode}/${d.activeCode}`;

  const remove = useCallback(
    async (d: DbConfig) => {
      if (!(await confirmDelete(`确定删除数据库连接「${d.systemCode}/${d.databaseCode}/${d.activeCode}」吗？删除后不可恢复。`))) return;
      await succeeded(del({ ids: String(d.id) }));
    },
    [del],
  );

  const columns = useMemo<Column<DbConfig>[]>(
    () => [
      { id: "systemCode", header: "系统代码", nowrap: true },
      { id: "databaseCode", header: "环境代码", nowrap: true },
      { id: "activeCode", header: "数据库编号", nowrap: true },
      { id: "jdbcUrl", header: "数据库地址" },
      { id: "username", header: "用户名", nowrap: true },
      { id: "redisHost", header: "Redis地址", nowrap: true, text: (d) => (d.redisHost ? `${d.redisHost}:${d.redisPort}` : "") },
      {
        id: "idisplay",
        header: "启用",
        align: "center",
        exported: false,
        cell: (d) => (
          <ConfirmSwitch value={d.idisplay ?? 1} allowed={rights.p} label={`启用：${name(d)}`} onChange={(next) => succeeded(pass({ ids: String(d.id), idisplay: next }))} />
        ),
        text: (d) => (d.idisplay === 1 ? "启用" : "停用"),
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (d) => <RowActions name={name(d)} onEdit={() => setEditing({ id: d.id })} onDelete={() => void remove(d)} />,
      },
    ],
    [rights, pass, remove],
  );

  return (
    <ListScreen
      tableId="dbconfig"
      spec={DB_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "系统代码、环境代码或地址" }}
      toolbar={() => rights.a && <AddButton onClick={() => setEditing({})}>新增数据库连接</AddButton>}
    >
      {() => editing && <DbConfigForm id={editing.id} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
