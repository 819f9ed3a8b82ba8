import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { AddButton, SelectionButton } from "../../ui/list/ListActions.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { confirmDelete, requireSelection } from "../../ui/list/actions.ts";
import { DEFAULT_STYLEEN } from "./channelTypes.ts";
import { CHANNEL_LIST, useDeleteChannels, type Channel } from "./channelQueries.ts";
import { ChannelForm } from "./ChannelForm.tsx";
import { BoundUsers } from "./BoundUsers.tsx";
import { channelColumns } from "./channelColumns.tsx";

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

  const columns = useMemo(
    () =>
      channelColumns({
        onView: setViewing,
        onEdit: (c) => setEditing({ channel: c }),
        onDelete: (c) => void remove([String(c.id)], `确定删除渠道「${c.stylename}」吗？已使用该渠道的客户会保留原编码。`),
      }),
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
