import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { useStyleParams } from "../../ui/useStyleParams.ts";
import { SMS_LIST_SPEC } from "./tenantLists.ts";
import { useDeleteSms, type SmsConfig } from "./configQueries.ts";
import { SmsConfigForm } from "./SmsConfigForm.tsx";

/** /smsconfig (短信配置, R458–R467): merchant app, SMS platform, signature, AppId and secretId, paged; add, edit, delete. */
export default function SmsConfigList() {
  const { rights } = useScreen();
  const { data: platforms = [] } = useStyleParams("smsPlatform");
  const { mutateAsync: del } = useDeleteSms();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const platformName = useCallback((p: string) => platforms.find((o) => String(o.value) === p)?.label ?? p, [platforms]);

  const remove = useCallback(
    async (s: SmsConfig) => {
      if (!(await confirmDelete(`确定删除短信配置「${s.smsSignature}」吗？删除后不可恢复。`))) return;
      await succeeded(del({ ids: String(s.id) }));
    },
    [del],
  );

  const columns = useMemo<Column<SmsConfig>[]>(
    () => [
      { id: "branchId", header: "商户应用", nowrap: true },
      { id: "smsPlatform", header: "短信平台", nowrap: true, text: (s) => platformName(s.smsPlatform) },
      { id: "smsSignature", header: "短信签名" },
      { id: "appId", header: "AppId", nowrap: true },
      { id: "secretId", header: "secretId", nowrap: true },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (s) => <RowActions name={s.smsSignature} onEdit={() => setEditing({ id: s.id })} onDelete={() => void remove(s)} />,
      },
    ],
    [remove, platformName],
  );

  return (
    <ListScreen
      tableId="smsconfig"
      spec={SMS_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "签名、AppId或secretId" }}
      toolbar={() => rights.a && <AddButton onClick={() => setEditing({})}>新增短信配置</AddButton>}
    >
      {() => editing && <SmsConfigForm id={editing.id} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
