import { Button } from "../../ui/Button.tsx";
import { RowActions } from "../../ui/list/RowActions.tsx";
import type { Column } from "../../ui/table/columns.ts";
import type { Channel } from "./channelQueries.ts";

/** The bound sales persons as the cell and the export write them. */
const bound = (c: Channel) => (c.cannel?.length ? `${c.cannel.length}人：${c.cannel.map((b) => b.bindUser).join("、")}` : "未绑定");

/** The channel list's columns; the row's buttons open its bound users, its editor, or delete it. */
export function channelColumns({ onView, onEdit, onDelete }: { onView: (c: Channel) => void; onEdit: (c: Channel) => void; onDelete: (c: Channel) => void }): Column<Channel>[] {
  return [
    { id: "styleid", header: "渠道编码", nowrap: true },
    { id: "stylename", header: "渠道名称", nowrap: true },
    { id: "pseudocode", header: "描述" },
    {
      id: "bindUser",
      header: "绑定业务员",
      text: bound,
      cell: (c) => (
        <div className="flex items-center gap-2">
          <span className="text-slate-700">{bound(c)}</span>
          {c.cannel?.length > 0 && (
            <Button size="sm" variant="link" aria-label={`查看业务员：${c.stylename}`} onClick={() => onView(c)}>
              查看
            </Button>
          )}
        </div>
      ),
    },
    { id: "seq", header: "排序", nowrap: true, align: "right" },
    { id: "displayornot", header: "状态", nowrap: true, align: "center", text: (c) => (c.displayornot === 1 ? "显示" : "隐藏") },
    {
      id: "actions",
      header: "操作",
      nowrap: true,
      hideable: false,
      exported: false,
      cell: (c) => <RowActions name={c.stylename} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />,
    },
  ];
}
