import { useCallback, useMemo, useState } from "react";
import { DATA_SCOPE_NAMES } from "@xiangyu/core/users/rules";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { AddButton, SelectionButton } from "../../ui/list/ListActions.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { confirmDelete, requireSelection } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ROLE_LIST, useDeleteRoles, type Role } from "./userQueries.ts";
import { RoleEditor } from "./RoleEditor.tsx";

/**
 * /role (角色管理, ours): the tenant's roles with their data scope and how many screens each opens.
 * Add (A), edit (E), delete (D); a role wider than the caller (or 超级管理员) opens read-only and
 * cannot be deleted — the server refuses it anyway. The shared list, paged oldest first, with a
 * keyword over the role's name, code and remark.
 */
export default function RoleList() {
  const { rights } = useScreen();
  const { mutateAsync: deleteRoles } = useDeleteRoles();
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);

  // Resolves to whether it deleted, so the bulk button can clear the selection it sent.
  const remove = useCallback(
    async (ids: string[], message?: string): Promise<boolean> => {
      if (!requireSelection(ids, "delete")) return false;
      if (!(await confirmDelete(message ?? "确定删除选中的角色吗？持有这些角色的用户将失去相应权限。"))) return false;
      return succeeded(deleteRoles({ ids: ids.join(",") }));
    },
    [deleteRoles],
  );

  const columns = useMemo<Column<Role>[]>(
    () => [
      { id: "id", header: "ID", nowrap: true, align: "right" },
      { id: "name", header: "角色名称", nowrap: true },
      { id: "dataScope", header: "数据范围", nowrap: true, text: (r) => DATA_SCOPE_NAMES[r.dataScope as keyof typeof DATA_SCOPE_NAMES] ?? r.dataScope },
      { id: "screens", header: "可用功能", nowrap: true, align: "right", text: (r) => `${Object.keys(r.rights ?? {}).length}项` },
      { id: "remark", header: "备注" },
      { id: "createTime", header: "创建时间", nowrap: true },
      {
        id: "actions",
        header: "操作",
        nowrap: true,
        hideable: false,
        exported: false,
        cell: (r) => (
          <RowActions
            name={r.name}
            locked={!r.editable}
            deleteBlocked={r.editable ? undefined : r.code === "super" ? "超级管理员角色不能删除" : "该角色的权限大于你的权限"}
            onEdit={() => setEditing({ role: r })}
            onDelete={() => void remove([String(r.id)], `确定删除角色「${r.name}」吗？持有该角色的用户将失去相应权限。`)}
          />
        ),
      },
    ],
    [remove],
  );

  return (
    <ListScreen
      route={ROLE_LIST}
      sort="id"
      order="asc"
      keyword={{ placeholder: "角色名称、编码或备注" }}
      tableId="roles"
      columns={columns}
      selectable={rights.d}
      emptyText="暂无角色"
      toolbar={({ selected, clearSelection }) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增角色</AddButton>
          {rights.d && (
            <SelectionButton selected={selected} variant="danger" onClick={() => void remove(selected).then((done) => done && clearSelection())}>
              删除
            </SelectionButton>
          )}
          <span className="text-xs text-slate-400">只能授予自己拥有的权限；角色的权限变更在持有者的下一次操作时生效。</span>
        </>
      )}
    >
      {() => editing && <RoleEditor role={editing.role} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
