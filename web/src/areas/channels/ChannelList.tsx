import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { Button } from "../../ui/Button.tsx";
import { AddButton, SelectionButton } from "../../ui/ListActions.tsx";
import { RowActions } from "../../ui/RowActions.tsx";
import { ListScreen } from "../../ui/ListScreen.tsx";
import { confirmDelete, requireSelection } from "../../ui/actions.ts";
import type { Column } from "../../ui/columns.ts";
import { DEFAULT_STYLEEN } from "./channelTypes.ts";
import { CHANNEL_LIST, useDeleteChannels, type Channel } from "./channelQueries.ts";
import { ChannelForm } from "./ChannelForm.tsx";
import { BoundUsers } from "./BoundUsers.tsx";

/** The bound sales persons as the cell and the export write them. */
const bound = (c: Channel) => (c.cannel?.length ? `${c.cannel.length}人：${c.cannel.map((b) => b.bindUser).join("、")}` : "未绑定");

/**
 * /channel (渠道管理, R390–R394): the client channel sources in their order, each with its bound
 * sales persons (viewer). Add (A), edit (E), delete (D, through style/attrdelete whose reply is
 * { check: 1 = done, msg }). A function may name another list with styleen in its params.
 * The shared list without paging (channel/list answers every channel of the style list).
 */
export default function ChannelList() {
  const { rights, params } = useScreen();
  const styleen = params.styleen || DEFAULT_STYLEEN;
  const deleteChannels = useDeleteChannels();
  const [editing, setEditing] = useState<{ channel?: Channel } | null>(null);
  const [viewing, setViewing] = useState<Channel | null>(null);

  // Resolves to whether it deleted, so the bulk button can clear the selection it sent.
  const remove = useCallback(
    async (ids: string[], message?: string): Promise<boolean> => {
      if (!requireSelection(ids, "delete")) return false;
      if (!(await confirmDelete(message))) return false;
      return deleteChannels(ids);
    },
    [deleteChannels],
  );

  const columns = useMemo<Column<Channel>[]>(
    () => [
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
              <Button size="sm" variant="link" aria-label={`查看业务员：${c.stylename}`} onClick={() => setViewing(c)}>
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
        cell: (c) => (
          <RowActions
            name={c.stylename}
            onEdit={() => setEditing({ channel: c })}
            onDelete={() => void remove([String(c.id)], `确定删除渠道「${c.stylename}」吗？已使用该渠道的客户会保留原编码。`)}
          />
        ),
      },
    ],
    [remove],
  );
  const listParams = useMemo(() => ({ styleen }), [styleen]);

  return (
    <ListScreen
      route={CHANNEL_LIST}
      params={listParams}
      paged={false}
      tableId="channels"
      columns={columns}
      selectable={rights.d}
      emptyText="暂无渠道"
      toolbar={({ selected, clearSelection }) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增渠道</AddButton>
          {rights.d && (
            <SelectionButton selected={selected} variant="danger" onClick={() => void remove(selected).then((done) => done && clearSelection())}>
              删除
            </SelectionButton>
          )}
          <span className="text-xs text-slate-400">客户资料的「客户来源」取自这里。</span>
        </>
      )}
    >
      {({ clearSelection }) => (
        <>
          {editing && <ChannelForm channel={editing.channel} styleen={styleen} onClose={() => setEditing(null)} onSaved={clearSelection} />}
          {viewing && <BoundUsers channel={viewing} onClose={() => setViewing(null)} />}
        </>
      )}
    </ListScreen>
  );
}
