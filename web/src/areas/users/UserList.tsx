import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { STAFF_LIST, STALE_AFTER, useDeleteUsers, type UserRow } from "./userQueries.ts";
import { UserForm } from "./UserForm.tsx";
import { sharedColumn, staffActionsColumn, userColumns } from "./userColumns.tsx";

/**
 * /manageuser (管理用户, R371–R384): staff of the caller's departments, searched by name or mobile;
 * company and shop from the department code (R372). Add (A), edit (E), delete (D); with E, also
 * 重置两步验证 for a user who lost their authenticator (ours, docs/api.md users/totp/reset); the
 * 两步验证 column shows who has it on.
 */
export default function UserList() {
  const { rights } = useScreen();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const deleteUsers = useDeleteUsers();

  async function remove(u: UserRow) {
    if (!(await confirmDelete(`确定删除用户「${u.realname}」吗？删除后不可恢复，其登录会立即失效。`))) return;
    await succeeded(deleteUsers.mutateAsync({ ids: String(u.id) }));
  }

  const columns: Column<UserRow>[] = userColumns<UserRow>(
    { ...sharedColumn<UserRow>("id"), sortable: true },
    "realname",
    "sex",
    "mobile",
    { id: "companyname", header: "公司", nowrap: true, text: (u) => u.companyname || (u.deptid ? "" : "总部") },
    { id: "shopname", header: "门店", nowrap: true },
    { id: "rolename", header: "身份" },
    "address",
    "status",
    "twoFactor",
    staffActionsColumn<UserRow>({ mayEdit: rights.e, edit: (u) => setEditing({ id: u.id }), remove: (u) => void remove(u) }),
  );

  return (
    <ListScreen
      tableId="staff"
      route={STAFF_LIST}
      columns={columns}
      keyword={{ placeholder: "姓名或手机号" }}
      selectable={rights.d}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增用户</AddButton>
          <DeleteSelected ctx={ctx} route="POST /gateway/api/manage/users/mgr/delete" invalidates={STALE_AFTER.users} />
        </>
      )}
    >
      {() => editing && <UserForm id={editing.id} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
