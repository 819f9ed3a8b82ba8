import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../../lib/screen.tsx";
import { succeeded } from "../../../lib/routeQuery.ts";
import { AddButton } from "../../../ui/list/ListActions.tsx";
import { RowActions } from "../../../ui/list/RowActions.tsx";
import { confirmDelete } from "../../../ui/list/actions.ts";
import type { Column } from "../../../ui/table/columns.ts";
import { ListScreen } from "../../../ui/list/ListScreen.tsx";
import { PUSH_TEMPLATE_SPEC } from "./pushLists.ts";
import { useDeleteTemplates, type PushTemplate } from "./pushQueries.ts";
import { PushTemplateForm } from "./PushTemplateForm.tsx";
import { TemplateBody, templateWords } from "./templateText.tsx";

/** /messagepushconfig (消息推送模板, R512–R514): the tenant's templates, paged; add, edit, delete (after a confirmation). */
export default function PushTemplateList() {
  const { rights } = useScreen();
  const { mutateAsync: del } = useDeleteTemplates();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);

  const remove = useCallback(
    async (t: PushTemplate) => {
      if (!(await confirmDelete(`确定删除推送模板「${t.tempName}」吗？删除后不可恢复。`))) return;
      await succeeded(del({ ids: String(t.id) }));
    },
    [del],
  );

  const columns = useMemo<Column<PushTemplate>[]>(
    () => [
      { id: "tempName", header: "模板名称" },
      { id: "tempId", header: "模板代码", nowrap: true },
      { id: "eventName", header: "触发事件", nowrap: true, text: (t) => t.eventName || "—" },
      { id: "brandId", header: "商户应用", nowrap: true, text: (t) => (t.brandId ? String(t.brandId) : "全部") },
      { id: "weixinTemp", header: "微信模板", cell: (t) => <TemplateBody text={t.weixinTemp} />, text: (t) => (t.weixinTemp ? templateWords(t.weixinTemp) : "—") },
      { id: "smsTemp", header: "短信模板", cell: (t) => <TemplateBody text={t.smsTemp} />, text: (t) => (t.smsTemp ? templateWords(t.smsTemp) : "—") },
      { id: "updateTime", header: "更新时间", nowrap: true },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (t) => <RowActions name={t.tempName} onEdit={() => setEditing({ id: t.id })} onDelete={() => void remove(t)} />,
      },
    ],
    [remove],
  );

  return (
    <ListScreen
      tableId="messagepushconfig"
      spec={PUSH_TEMPLATE_SPEC}
      columns={columns}
      keyword={{ placeholder: "模板名称或代码" }}
      toolbar={() => rights.a && <AddButton onClick={() => setEditing({})}>新增推送模板</AddButton>}
    >
      {() => editing && <PushTemplateForm id={editing.id} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}
