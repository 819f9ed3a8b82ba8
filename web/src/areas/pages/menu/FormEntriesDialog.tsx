import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/screen.tsx";
import { Modal } from "../../../ui/dialogs/Modal.tsx";
import { Button } from "../../../ui/Button.tsx";
import { PagedTable, usePaging } from "../../../ui/table/PagedTable.tsx";
import type { Column } from "../../../ui/table/columns.ts";
import { pageQueries, type FormEntry, type PageNode } from "../pageQueries.ts";

/**
 * 表单记录: what members sent through the chosen page's forms (POST mp/form/submit), newest first —
 * when, who (the name and mobile they were bound with), and each answer under its label as the
 * member saw it. Read-only: a consultation is followed up by phone.
 */
const COLUMNS: Column<FormEntry>[] = [
  { id: "createTime", header: "提交时间", nowrap: true },
  { id: "member", header: "会员", nowrap: true, text: (e) => [e.realname, e.mobile].filter(Boolean).join(" ") || "未绑定会员" },
  {
    id: "answers",
    header: "填写内容",
    text: (e) => e.answers.map((a) => `${a.label}：${a.value}`).join("；"),
    cell: (e) => (
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        {e.answers.map((a) => (
          <div key={a.name} className="contents">
            <dt className="text-slate-500">{a.label}</dt>
            <dd className="whitespace-pre-wrap break-all">{a.value}</dd>
          </div>
        ))}
      </dl>
    ),
  },
];

export function FormEntriesDialog({ page, onClose }: { page: PageNode; onClose: () => void }) {
  const api = useApi();
  const paging = usePaging();
  const q = useQuery({ ...pageQueries.formEntries(api, page.id, paging.page, paging.size), placeholderData: keepPreviousData });
  return (
    <Modal open title={`表单记录：${page.name}`} width={1000} onClose={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <PagedTable query={q} paging={paging} columns={COLUMNS} rowId={(e) => String(e.id)} emptyText="该页面暂无表单记录" maxHeight="60vh" />
    </Modal>
  );
}
