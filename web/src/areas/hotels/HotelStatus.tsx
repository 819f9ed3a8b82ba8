import { useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { DataTable } from "../../ui/DataTable.tsx";
import { FilterBar } from "../../ui/FilterBar.tsx";
import { Pager } from "../../ui/Pager.tsx";
import { useTableState } from "../../ui/useTableState.ts";
import { useListQuery } from "../../ui/useListQuery.ts";
import { HOTEL_API, presetType } from "./hotelTypes.ts";
import { flatten, statusColumns, type StatusLine } from "./statusTree.tsx";
import { RoomStatusEditor } from "./RoomStatusEditor.tsx";
import { mayEditStatus } from "./statusRights.ts";

/**
 * /hotel/hotelstatus?hotelType=1|2 (会员酒店房态, 折扣酒店房态房价; R095–R100): a tree table of
 * hotels with their rooms, free/total rooms today, tomorrow, the day after and on the last stored
 * day (prices too for discount hotels). Room rows open the room status editor (E or A, R099).
 */
export default function HotelStatus() {
  const { params, rights } = useScreen();
  const hotelType = presetType(params);
  const [state, actions] = useTableState();
  const list = useListQuery<StatusLine>(`${HOTEL_API}/hotelstatuslist`, state, { params: { hotelType } });
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<StatusLine | null>(null);

  const toggle = (hotelId: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(hotelId)) next.add(hotelId);
      return next;
    });
  const rows = useMemo(() => flatten(list.rows, collapsed), [list.rows, collapsed]);
  const columns = useMemo(
    () => statusColumns({ first: list.rows[0], withPrice: hotelType === 2, collapsed, toggle, onEdit: mayEditStatus(rights) ? setEditing : undefined }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.rows, hotelType, collapsed, rights],
  );

  return (
    <div className="flex flex-col gap-2">
      <FilterBar state={state} actions={actions} keyword={{ placeholder: "酒店名称" }} />
      <DataTable columns={columns} rows={rows} rowId={(r) => `${r.hotelId}-${r.roomId}`} loading={list.loading} error={list.error} onRetry={() => void list.refetch()} />
      <Pager page={state.page} size={state.size} total={list.total} onPage={actions.setPage} onSize={actions.setSize} />
      {editing && (
        <RoomStatusEditor
          room={{ id: editing.roomId, roomName: `${editing.hotelName} · ${editing.roomName}` }}
          hotelType={editing.hotelType}
          onClose={() => setEditing(null)}
          onSaved={() => void list.refetch()}
        />
      )}
    </div>
  );
}
