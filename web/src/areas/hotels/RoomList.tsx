import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useApi, useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { Button } from "../../ui/Button.tsx";
import { AddButton } from "../../ui/ListActions.tsx";
import { ConfirmSwitch } from "../../ui/ConfirmSwitch.tsx";
import { confirmDelete } from "../../ui/actions.ts";
import { tableOf } from "../../ui/tableOf.ts";
import type { Column } from "../../ui/columns.ts";
import { windowName, type Hotel, type Room } from "./hotelTypes.ts";
import { hotelQueries, useDeleteRooms, useToggleRoom } from "./hotelQueries.ts";
import { RoomForm } from "./RoomForm.tsx";
import { RoomStatusEditor } from "./RoomStatusEditor.tsx";
import { mayEditStatus } from "./statusRights.ts";

/**
 * The rooms of one hotel (R101–R106) in list order: name, area, bed, window, breakfast, the enable
 * switch, and edit / room status / delete. A room already booked (hasDelete = 1) cannot be deleted.
 */
export function RoomList({ hotel }: { hotel: Pick<Hotel, "id" | "hotelName" | "hotelType"> }) {
  const api = useApi();
  const { rights } = useScreen();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [status, setStatus] = useState<Room | null>(null);
  const q = useQuery({ ...hotelQueries.rooms(api, hotel.id), select: (r) => r.dataList ?? [] });
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
        cell: (r) => <ConfirmSwitch value={r.idisplay} allowed={rights.p} label={`启用：${r.roomName}`} onChange={() => toggle(r)} />,
      },
      {
        id: "actions",
        header: "操作",
        nowrap: true,
        cell: (r) => (
          <div className="flex gap-1">
            <Button size="sm" variant="link" onClick={() => setEditing({ id: r.id })}>
              {rights.e ? "编辑" : "查看"}
            </Button>
            {mayEditStatus(rights) && (
              <Button size="sm" variant="link" onClick={() => setStatus(r)}>
                设置房态
              </Button>
            )}
            {rights.d && (
              <Button
                size="sm"
                variant="link"
                className="text-red-600! disabled:text-slate-400!"
                disabled={r.hasDelete === 1}
                title={r.hasDelete === 1 ? "该客房已被使用，不能删除" : undefined}
                onClick={() => void remove(r)}
              >
                删除
              </Button>
            )}
          </div>
        ),
      },
    ],
    [rights, toggle, remove],
  );

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <AddButton onClick={() => setEditing({})}>新增客房</AddButton>
        <span className="text-xs text-slate-400">房态需逐间客房设置；整月批量设置请用酒店列表的「房态日历」。</span>
      </div>
      <DataTable columns={columns} {...tableOf(q)} rowId={(r) => String(r.id)} />
      {editing && <RoomForm hotelId={hotel.id} id={editing.id} onClose={() => setEditing(null)} />}
      {status && <RoomStatusEditor room={{ id: status.id, roomName: status.roomName }} hotelType={hotel.hotelType} onClose={() => setStatus(null)} />}
    </div>
  );
}
