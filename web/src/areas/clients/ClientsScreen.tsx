import { useCallback, useMemo, useState } from "react";
import { PROSPECT_STATUS } from "@xiangyu/core/clients/rules";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { Button } from "../../ui/Button.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { FilterSelect, StoreFilter } from "../../ui/list/filters.tsx";
import { FilterItem, useFilter } from "../../ui/list/FilterBar.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { CLIENT_LIST, MEMBER_LIST, STALE_AFTER, useClientsChanged, useDeleteClients, type Client } from "./clientQueries.ts";
import { clientColumns, type RowAction } from "./clientColumns.tsx";
import { useClientNames } from "./lookups.ts";
import { ClientModal } from "./ClientModal.tsx";
import { ImportModal } from "./ImportModal.tsx";
import { InviteRecords } from "./InviteRecords.tsx";
import { InUseProducts } from "./InUseProducts.tsx";
import { MembershipViewer } from "./MembershipViewer.tsx";

/**
 * The client list (/client/manage) and the member list (/client/member, every status but 1): store
 * (the user's departments, default their own), status, keyword and 'exclude staff' filters (R277);
 * add (A), delete selected (D), import (S, client list only) (R283); the row's dialogs.
 */
type Dialog = { kind: "form"; id?: number; mode: "view" | "edit" } | { kind: "invites" | "products" | "membership"; client: Client } | { kind: "import" } | null;

export function ClientsScreen({ members }: { members: boolean }) {
  const { rights } = useScreen();
  const { mutateAsync: deleteClients } = useDeleteClients();
  const imported = useClientsChanged();
  const names = useClientNames();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data: statuses = [] } = useStyleParams("clientStatus");
  const route = members ? MEMBER_LIST : CLIENT_LIST;
  const statusOptions = members ? statuses.filter((s) => Number(s.value) !== PROSPECT_STATUS) : statuses;

  const remove = useCallback(
    async (c: Client) => {
      if (!(await confirmDelete(`确定删除客户「${c.clientName}」吗？删除后不可恢复。`))) return;
      await succeeded(deleteClients({ ids: String(c.id) }));
    },
    [deleteClients],
  );

  const columns = useMemo(
    () =>
      clientColumns(names, rights, (action: RowAction, c: Client) => {
        if (action === "view" || action === "edit") setDialog({ kind: "form", id: c.id, mode: action });
        else if (action === "delete") void remove(c);
        else setDialog({ kind: action, client: c });
      }),
    [names, rights, remove],
  );

  const close = () => setDialog(null);
  return (
    <ListScreen
      tableId={members ? "client-members" : "clients"}
      route={route}
      columns={columns}
      storeFilter="shop"
      filterKeys={["status", "excludeMgr"]}
      keyword={{ placeholder: "姓名、手机号码或会员编号" }}
      selectable={rights.d}
      filters={
        <>
          <StoreFilter name="shop" label="门店" />
          <FilterSelect name="status" label="状态" options={statusOptions} />
          <ExcludeStaffFilter />
        </>
      }
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setDialog({ kind: "form", mode: "edit" })}>新增客户</AddButton>
          <DeleteSelected ctx={ctx} route="POST /xiangyu/api/client/clientdelete" invalidates={STALE_AFTER.clients} />
          {!members && rights.s && <Button onClick={() => setDialog({ kind: "import" })}>客户导入</Button>}
        </>
      )}
      exportName={members ? "会员列表" : "客户列表"}
    >
      {() => (
        <>
          {dialog?.kind === "form" && <ClientModal id={dialog.id} mode={dialog.mode} onClose={close} />}
          {dialog?.kind === "import" && <ImportModal onClose={close} onImported={imported} />}
          {dialog?.kind === "invites" && <InviteRecords client={dialog.client} onClose={close} />}
          {dialog?.kind === "products" && <InUseProducts client={dialog.client} onClose={close} />}
          {dialog?.kind === "membership" && <MembershipViewer client={dialog.client} names={names} onClose={close} />}
        </>
      )}
    </ListScreen>
  );
}

/** 排除员工 (excludeMgr = 1): hides clients whose mobile is also a staff login. */
function ExcludeStaffFilter() {
  const [value, set] = useFilter("excludeMgr");
  return (
    <FilterItem label="">
      <label className="inline-flex items-center gap-1.5">
        <input type="checkbox" className="accent-blue-600" checked={value === "1"} onChange={(e) => set(e.target.checked ? "1" : "")} />
        排除员工
      </label>
    </FilterItem>
  );
}
