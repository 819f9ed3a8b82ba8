import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { AddButton } from "../../ui/list/ListActions.tsx";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { windowName, type Hotel, type Room } from "./hotelTypes.ts";
import { useDeleteRooms, useToggleRoom } from "./hotelQueries.ts";
import { RoomForm } from "./RoomForm.tsx";
import { RoomStatusEditor } from "./RoomStatusEditor.tsx";
import { RoomRowActions } from "./RoomRowActions.tsx";

/**
 * The rooms of one hotel (R101–R106) in list order: name, area, bed, window, breakfast, the enable
 * switch, and edit / room status / delete. A room already booked (hasDelete = 1) cannot be deleted.
 * The shared list in the dialog: its paging stays out of the address, the route answers every room.
 */
/** The rooms scroll inside the dialog, its title and the pager staying in view. */
const ROOMS_HEIGHT = "max(14rem, calc(100vh - 20rem))";

export function RoomList({ hotel }: { hotel: Pick<Hotel, "id" | "hotelName" | "hotelType"> }) {
  const { rights } = useScreen();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [status, setStatus] = useState<Room | null>(null);
  const { mutateAsync: toggleRoom } = useToggleRoom();
  const { mutateAsync: deleteRooms } = useDeleteRooms();
  const toggle = useCallback((r: Room) => succeeded(toggleRoom({ id: r.id })), [toggleRoom]);

  const remove = useCallback(
    async (r: Room) => {
      if (!(await confirmDelete(`确定删除客房「${r.roomName}」吗？其房态会一并删除，且不可恢复。`))) return;
      await succeeded(deleteRooms({ ids: String(r.id) }));
    },
    [deleteRooms],
  );

  const columns = useMemo<Column<Room>[]>(
    () => [
      { id: "roomName", header: "客房名称" },
      { id: "roomArea", header: "面积", nowrap: true },
      { id: "bedSpecifications", header: "床型规格" },
      { id: "hasWindow", header: "窗户", nowrap: true, align: "center", text: (r) => windowName(r.hasWindow) },
      { id: "zaocan", header: "早餐" },
      {
        id: "idisplay",
        header: "启用",
        align: "center",
        exported: false,
        text: (r) => (r.idisplay === 1 ? "启用" : "禁用"),
        cell: (r) => <ConfirmSwitch value={r.idisplay} allowed={rights.p} label={`启用：${r.roomName}`} onChange={() => toggle(r)} />,
      },
      {
        id: "actions",
        header: "操作",
        nowrap: true,
        hideable: false,
        exported: false,
        cell: (r) => <RoomRowActions room={r} rights={rights} onEdit={() => setEditing({ id: r.id })} onStatus={() => setStatus(r)} onRemove={() => void remove(r)} />,
      },
    ],
    [rights, toggle, remove],
  );

  return (
    <ListScreen
      local
      paged={false}
      route="GET /xiangyu/api/hotel/roomlist"
      params={{ hotelId: hotel.id }}
      tableId="hotel-rooms"
      exportName={`${hotel.hotelName}客房`}
      columns={columns}
      maxHeight={ROOMS_HEIGHT}
      toolbar={() => (
        <>
          <AddButton onClick={() => setEditing({})}>新增客房</AddButton>
          <span className="text-xs text-slate-400">房态需逐间客房设置；整月批量设置请用酒店列表的「房态日历」。</span>
        </>
      )}
    >
      {() => (
        <>
          {editing && <RoomForm hotelId={hotel.id} id={editing.id} onClose={() => setEditing(null)} />}
          {status && <RoomStatusEditor room={{ id: status.id, roomName: status.roomName }} hotelType={hotel.hotelType} onClose={() => setStatus(null)} />}
        </>
      )}
    </ListScreen>
  );
}
