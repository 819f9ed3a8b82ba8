import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton, SelectionButton } from "../../ui/list/ListActions.tsx";
import { Select } from "../../ui/form/inputs.tsx";
import { confirmDelete, requireSelection } from "../../ui/list/actions.ts";
import { useCurrentUser } from "../../ui/useCurrentUser.ts";
import type { Column } from "../../ui/table/columns.ts";
import { BRANCH_LIST, useDeleteBranchUsers, userQueries, type UserRow } from "./userQueries.ts";
import { UserForm } from "./UserForm.tsx";
import { staffActionsColumn, userColumns } from "./userColumns.tsx";

/**
 * /mgrbranchuser (商户用户列表, R385–R388): the users of one branch, the branch taken from the URL
 * (`branchId`), else chosen here (the user's own branch first). Keyword name or mobile; add (A),
 * delete (D), row edit (E) in the 800-wide user form limited to the branch's roles; with E, also
 * 重置两步验证 as on the staff list.
 */
export default function BranchUserList() {
  const { rights, params } = useScreen();
  const api = useApi();
  const { data: me } = useCurrentUser();
  const branches = useQuery(userQueries.branches(api));
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const fromUrl = Number(params.branchId) || undefined;
  const branchId = fromUrl ?? picked ?? (me?.branchid || undefined) ?? branches.data?.[0]?.id;
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const deleteUsers = useDeleteBranchUsers();

  async function remove(u: UserRow) {
    if (!branchId || !(await confirmDelete(`确定删除用户「${u.realname}」吗？删除后不可恢复，其登录会立即失效。`))) return;
    await succeeded(deleteUsers.mutateAsync({ ids: String(u.id), branchId }));
  }

  /** bmgr/delete takes the branch beside the ids (the shared bulk button sends ids only). */
  async function removeSelected(ids: string[], clear: () => void) {
    if (!branchId || !requireSelection(ids, "delete") || !(await confirmDelete())) return;
    if (await succeeded(deleteUsers.mutateAsync({ ids: ids.join(","), branchId }))) clear();
  }

  const columns: Column<UserRow>[] = userColumns<UserRow>(
    "id",
    "realname",
    "mobile",
    "sex",
    "address",
    { id: "deptname", header: "部门", nowrap: true },
    { id: "rolename", header: "角色" },
    "status",
    "twoFactor",
    staffActionsColumn<UserRow>({ mayEdit: rights.e, edit: (u) => setEditing({ id: u.id }), remove: (u) => void remove(u) }),
  );

  const branchPicker = !fromUrl && (
    <label className="inline-flex items-center gap-2 text-sm text-slate-600">
      分公司
      <Select
        aria-label="分公司"
        value={branchId ?? ""}
        onChange={(v) => setPicked(Number(v) || undefined)}
        options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.branchname }))}
        placeholder={false}
        className="w-40"
      />
    </label>
  );

  if (!branchId) return <p className="py-10 text-center text-sm text-slate-400">{branches.isPending ? "正在读取分公司…" : "暂无分公司"}</p>;
  return (
    <ListScreen
      key={branchId}
      tableId="branchUsers"
      route={BRANCH_LIST}
      params={{ branchId }}
      columns={columns}
      keyword={{ placeholder: "姓名或手机号" }}
      selectable={rights.d}
      toolbar={(ctx) => (
        <>
          {branchPicker}
          <AddButton onClick={() => setEditing({})}>新增用户</AddButton>
          {rights.d && (
            <SelectionButton selected={ctx.selected} variant="danger" onClick={() => void removeSelected(ctx.selected, ctx.clearSelection)}>
              删除
            </SelectionButton>
          )}
        </>
      )}
    >
      {() => editing && <UserForm id={editing.id} branchId={branchId} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
