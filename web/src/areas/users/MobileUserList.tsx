import { useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { DeleteSelected } from "../../ui/list/ListActions.tsx";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { ClientFinder, type FoundClient } from "../../ui/pickers/ClientFinder.tsx";
import { Field } from "../../ui/form/Field.tsx";
import { confirm } from "../../ui/dialogs/Confirm.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { MOBILE_LIST, STALE_AFTER, useBindMobileUser, useToggleMobileUsers, useUnbindMobileUser, type MobileUser } from "./userQueries.ts";
import { userColumns } from "./userColumns.tsx";

/**
 * /user/manage (小程序用户, R389): mini-program users, newest first; keyword a full mobile or the
 * mini-program's user id. Enable/disable needs P, delete D; binding to a client (E, ours) lets the
 * client book through the mini-program (R165).
 */
export default function MobileUserList() {
  const { rights } = useScreen();
  const toggle = useToggleMobileUsers();
  const unbind = useUnbindMobileUser();
  const [binding, setBinding] = useState<MobileUser | null>(null);

  async function release(u: MobileUser) {
    if (!(await confirm({ title: "解绑确认", message: `确定解除「${u.realname || u.userId}」与客户的绑定吗？` }))) return;
    await succeeded(unbind.mutateAsync({ id: u.id }));
  }

  const columns: Column<MobileUser>[] = userColumns<MobileUser>(
    "id",
    { id: "userId", header: "用户ID", nowrap: true },
    "realname",
    "mobile",
    "sex",
    { id: "createTime", header: "注册时间", nowrap: true },
    { id: "clientId", header: "绑定客户", nowrap: true, text: (u) => (u.clientId ? `客户 #${u.clientId}` : "未绑定") },
    {
      id: "displayornot",
      header: "启用",
      align: "center",
      exported: false,
      cell: (u) => (
        <ConfirmSwitch
          value={u.displayornot ?? 1}
          allowed={rights.p}
          label={`启用：${u.realname || u.userId}`}
          onChange={() => succeeded(toggle.mutateAsync({ ids: String(u.id) }))}
        />
      ),
      text: (u) => (u.displayornot === 1 ? "启用" : "禁用"),
    },
    {
      id: "actions",
      header: "操作",
      hideable: false,
      exported: false,
      nowrap: true,
      cell: (u) =>
        rights.e && (
          <Button
            size="sm"
            variant="link"
            aria-label={`${u.clientId ? "解绑" : "绑定客户"}：${u.realname || u.userId}`}
            onClick={() => (u.clientId ? void release(u) : setBinding(u))}
          >
            {u.clientId ? "解绑" : "绑定客户"}
          </Button>
        ),
    },
  );

  return (
    <ListScreen
      tableId="mobileUsers"
      route={MOBILE_LIST}
      columns={columns}
      keyword={{ placeholder: "手机号或用户ID" }}
      selectable={rights.d}
      toolbar={(ctx) => <DeleteSelected ctx={ctx} route="POST /gateway/api/manage/users/m/delete" invalidates={STALE_AFTER.mobile} />}
    >
      {() => binding && <BindDialog user={binding} onClose={() => setBinding(null)} />}
    </ListScreen>
  );
}

function BindDialog({ user, onClose }: { user: MobileUser; onClose: () => void }) {
  const bind = useBindMobileUser();
  const [client, setClient] = useState<FoundClient | null>(null);
  async function save() {
    if (client && (await succeeded(bind.mutateAsync({ id: user.id, clientId: client.id })))) onClose();
  }
  return (
    <Modal open width={600} title={`绑定客户：${user.realname || user.userId}`} onClose={onClose}>
      <Field label="客户" required hint="按姓名、手机号或会员编号查找">
        <ClientFinder value={client} onChange={setClient} label="客户" />
      </Field>
      <div className="mt-3 flex justify-end gap-2 border-t border-slate-200 pt-3">
        <Button onClick={onClose}>取消</Button>
        <Button variant="primary" disabled={!client} busy={bind.isPending} onClick={() => void save()}>
          绑定
        </Button>
      </div>
    </Modal>
  );
}
