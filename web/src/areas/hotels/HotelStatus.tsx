import { useCallback, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { presetType, type StatusHotel } from "./hotelTypes.ts";
import { HOTEL_STATUS_SPEC } from "./hotelLists.ts";
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
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<StatusLine | null>(null);

  const toggle = useCallback(
    (hotelId: number) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(hotelId)) next.add(hotelId);
        return next;
      }),
    [],
  );
  const display = useCallback((hotels: StatusHotel[]) => flatten(hotels, collapsed), [collapsed]);
  const columns = useCallback(
    (hotels: StatusHotel[]) => statusColumns({ first: hotels[0], withPrice: hotelType === 2, collapsed, toggle, onEdit: mayEditStatus(rights) ? setEditing : undefined }),
    [hotelType, collapsed, toggle, rights],
  );

  return (
    <ListScreen
      tableId={`hotel-status-${hotelType}`}
      spec={HOTEL_STATUS_SPEC}
      display={display}
      columns={columns}
      rowId={(r) => `${r.hotelId}-${r.roomId}`}
      keyword={{ placeholder: "酒店名称" }}
    >
      {() =>
        editing && (
          <RoomStatusEditor room={{ id: editing.roomId, roomName: `${editing.hotelName} · ${editing.roomName}` }} hotelType={editing.hotelType} onClose={() => setEditing(null)} />
        )
      }
    </ListScreen>
  );
}
