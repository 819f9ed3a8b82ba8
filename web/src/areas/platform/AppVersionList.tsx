import { useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { Button } from "../../ui/Button.tsx";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { APP_LIST_SPEC } from "./tenantLists.ts";
import { APP_STALE, type AppVersion } from "./configQueries.ts";
import { AppVersionForm } from "./AppVersionForm.tsx";

/** /appupdate (APP版本更新, R484–R487): app versions with a selection column — app name, appid, version name, versionCode, updateTime; add, edit, delete the selected. */
export default function AppVersionList() {
  const { rights } = useScreen();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);

  const columns = useMemo<Column<AppVersion>[]>(
    () => [
      { id: "appName", header: "APP" },
      { id: "appid", header: "APPID", nowrap: true },
      { id: "version", header: "版本名称", nowrap: true },
      { id: "versionCode", header: "版本号", nowrap: true, align: "right" },
      { id: "updateTime", header: "更新时间", nowrap: true },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (a) => (
          <Button size="sm" variant="link" aria-label={`${rights.e ? "编辑" : "查看"}：${a.appName} ${a.version}`} onClick={() => setEditing({ id: a.id })}>
            {rights.e ? "编辑" : "查看"}
          </Button>
        ),
      },
    ],
    [rights],
  );

  return (
    <ListScreen
      tableId="appupdate"
      spec={APP_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "APP名称、APPID或版本名称" }}
      selectable
      toolbar={(ctx) => (
        <>
          {rights.a && <AddButton onClick={() => setEditing({})}>新增版本</AddButton>}
          {rights.d && <DeleteSelected ctx={ctx} route="POST /gateway/api/appupdate/delete" invalidates={APP_STALE} />}
        </>
      )}
    >
      {() => editing && <AppVersionForm id={editing.id} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
