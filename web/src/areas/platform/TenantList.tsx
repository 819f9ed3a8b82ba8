import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { TENANT_LIST_SPEC } from "./tenantLists.ts";
import { useDeleteTenants, usePassTenant, type Tenant } from "./tenantQueries.ts";
import { TenantForm } from "./TenantForm.tsx";
import { TenantRemovals } from "./TenantRemovals.tsx";
import { CodeLabel, codeName } from "../../ui/text/CodeLabel.tsx";
import { TENANT_GRANT_TYPE_NAMES, TENANT_SCOPE_NAMES } from "./tenantTexts.ts";

/**
 * /platformsetting (平台租户, R430–R442): the platform operator's tenants, searched by clientId, name
 * or domain. A locked tenant (locked = 1) shows no edit, delete or switch (R430); delete asks for no
 * letter on click (R431: the server still checks D). Disabling signs the tenant's users out at once;
 * a tenant is deleted only once disabled, and its data goes in the background: the panel above the
 * list shows those removals in progress (TenantRemovals.tsx).
 */
type Editing = { clientId?: string } | null;

export default function TenantList() {
  const { rights } = useScreen();
  const { mutateAsync: pass } = usePassTenant();
  const { mutateAsync: del } = useDeleteTenants();
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useCallback((t: Tenant) => succeeded(pass({ ids: String(t.id), idisplay: t.idisplay === 1 ? 0 : 1 })), [pass]);

  const remove = useCallback(
    async (t: Tenant) => {
      if (!(await confirmDelete(`确定删除租户「${t.systemName}」吗？其全部数据将在后台删除，且不可恢复。`))) return;
      await succeeded(del({ ids: String(t.id) }));
    },
    [del],
  );

  const columns = useMemo<Column<Tenant>[]>(
    () => [
      { id: "systemName", header: "平台名称" },
      { id: "domain", header: "绑定域名", text: (t) => (t.domain ?? []).join("\n"), cell: (t) => <div className="whitespace-pre-line">{(t.domain ?? []).join("\n")}</div> },
      { id: "clientId", header: "租户ID", nowrap: true },
      { id: "scope", header: "授权范围", nowrap: true, text: (t) => codeName(TENANT_SCOPE_NAMES, t.scope), cell: (t) => <CodeLabel names={TENANT_SCOPE_NAMES} code={t.scope} /> },
      {
        id: "grantType",
        header: "授权类型",
        nowrap: true,
        text: (t) => codeName(TENANT_GRANT_TYPE_NAMES, t.grantType),
        cell: (t) => <CodeLabel names={TENANT_GRANT_TYPE_NAMES} code={t.grantType} />,
      },
      {
        id: "idisplay",
        header: "启用",
        align: "center",
        exported: false,
        cell: (t) =>
          t.locked === 1 ? (
            <span className="text-slate-500">{t.idisplay === 1 ? "启用" : "禁用"}</span>
          ) : (
            <ConfirmSwitch value={t.idisplay ?? 0} allowed={rights.p} label={`启用：${t.systemName}`} onChange={() => toggle(t)} />
          ),
        text: (t) => (t.idisplay === 1 ? "启用" : "禁用"),
      },
      { id: "locked", header: "锁定", nowrap: true, align: "center", text: (t) => (t.locked === 1 ? "是" : "否") },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (t) =>
          t.locked === 1 ? null : (
            <div className="flex gap-1">
              <Button size="sm" variant="link" onClick={() => setEditing({ clientId: t.clientId })}>
                {rights.e ? "编辑" : "查看"}
              </Button>
              <Button size="sm" variant="link" className="text-red-600!" onClick={() => void remove(t)}>
                删除
              </Button>
            </div>
          ),
      },
    ],
    [rights, toggle, remove],
  );

  return (
    <div className="flex flex-col gap-3">
      <TenantRemovals />
      <ListScreen
        tableId="tenants"
        spec={TENANT_LIST_SPEC}
        columns={columns}
        keyword={{ placeholder: "租户ID、平台名称或域名" }}
        toolbar={() => rights.a && <AddButton onClick={() => setEditing({})}>新增租户</AddButton>}
      >
        {() => editing && <TenantForm clientId={editing.clientId} onClose={() => setEditing(null)} />}
      </ListScreen>
    </div>
  );
}
