import { useCallback, useMemo, useState } from "react";
import { useScreen } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { ConfirmSwitch } from "../../ui/dialogs/ConfirmSwitch.tsx";
import { AddButton, DeleteSelected } from "../../ui/list/ListActions.tsx";
import { confirmDelete } from "../../ui/list/actions.ts";
import type { Column } from "../../ui/table/columns.ts";
import { ListScreen } from "../../ui/list/ListScreen.tsx";
import { HOTEL_TYPE_NAMES, presetType, type Hotel } from "./hotelTypes.ts";
import { HOTEL_LIST_SPEC } from "./hotelLists.ts";
import { STALE_AFTER, useDeleteHotels, useToggleHotel } from "./hotelQueries.ts";
import { HotelForm } from "./HotelForm.tsx";
import { RoomSettings } from "./RoomSettings.tsx";
import { RoomCalendar } from "./RoomCalendar.tsx";
import { HotelRowActions } from "./HotelRowActions.tsx";

/**
 * /hotel/hotel?hotelType=1|2 (会员酒店, 折扣酒店; R070–R076): the hotels in list order (sortOrder, then
 * newest first), searched by name. Each row opens the hotel form (800), its rooms (1200, titled with
 * the hotel name) and its availability and price calendar. The list is a POST (spec §7).
 */
type Editing = { id?: number } | null;

export default function HotelList() {
  const { params, rights } = useScreen();
  const hotelType = presetType(params);
  const { mutateAsync: toggleHotel } = useToggleHotel();
  const { mutateAsync: deleteHotels } = useDeleteHotels();
  const [editing, setEditing] = useState<Editing>(null);
  const [rooms, setRooms] = useState<Hotel | null>(null);
  const [calendar, setCalendar] = useState<Hotel | null>(null);
  const toggle = useCallback((h: Hotel) => succeeded(toggleHotel({ id: h.id })), [toggleHotel]);

  const remove = useCallback(
    async (h: Hotel) => {
      if (!(await confirmDelete(`确定删除酒店「${h.hotelName}」吗？其客房和房态会一并删除，且不可恢复。`))) return;
      await succeeded(deleteHotels({ ids: String(h.id) }));
    },
    [deleteHotels],
  );

  const columns = useMemo<Column<Hotel>[]>(
    () => [
      { id: "hotelName", header: "酒店名称" },
      ...(hotelType === 0 ? [{ id: "hotelType", header: "酒店类型", nowrap: true, text: (h: Hotel) => HOTEL_TYPE_NAMES[h.hotelType] }] : []),
      { id: "address", header: "地址" },
      { id: "franchiseStore", header: "加盟店", nowrap: true, align: "center", text: (h) => (h.franchiseStore === 1 ? "是" : "否") },
      { id: "roomCount", header: "客房数量", nowrap: true, align: "right" },
      ...(hotelType === 2 ? [{ id: "useTicket", header: "可用房券", nowrap: true, align: "center" as const, text: (h: Hotel) => (h.useTicket === 1 ? "是" : "否") }] : []),
      {
        id: "idisplay",
        header: "启用",
        align: "center",
        exported: false,
        cell: (h) => <ConfirmSwitch value={h.idisplay} allowed={rights.p} label={`启用：${h.hotelName}`} onChange={() => toggle(h)} />,
        text: (h) => (h.idisplay === 1 ? "启用" : "禁用"),
      },
      {
        id: "actions",
        header: "操作",
        hideable: false,
        exported: false,
        nowrap: true,
        cell: (h) => (
          <HotelRowActions rights={rights} onEdit={() => setEditing({ id: h.id })} onRooms={() => setRooms(h)} onCalendar={() => setCalendar(h)} onRemove={() => void remove(h)} />
        ),
      },
    ],
    [hotelType, rights, toggle, remove],
  );

  return (
    <ListScreen
      tableId={`hotels-${hotelType}`}
      spec={HOTEL_LIST_SPEC}
      columns={columns}
      keyword={{ placeholder: "酒店名称" }}
      selectable={rights.d}
      toolbar={(ctx) => (
        <>
          <AddButton onClick={() => setEditing({})}>新增酒店</AddButton>
          <DeleteSelected ctx={ctx} route="POST /xiangyu/api/hotel/hoteldelete" invalidates={STALE_AFTER.hotels} />
        </>
      )}
    >
      {() => (
        <>
          {editing && <HotelForm id={editing.id} presetType={hotelType} onClose={() => setEditing(null)} />}
          {rooms && <RoomSettings hotel={rooms} onClose={() => setRooms(null)} />}
          {calendar && <RoomCalendar hotel={calendar} onClose={() => setCalendar(null)} />}
        </>
      )}
    </ListScreen>
  );
}
