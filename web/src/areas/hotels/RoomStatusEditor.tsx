import { useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import { RoomStatusInput } from "@xiangyu/core/hotels/schemas";
import { today } from "@xiangyu/core/kernel/clock";
import { useApi } from "../../lib/screen.tsx";
import { isOk } from "../../lib/api.ts";
import { unwrap } from "../../lib/query.ts";
import { toast, toastFailure } from "../../lib/toast.ts";
import { Modal } from "../../ui/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { HOTEL_API, type Cell } from "./hotelTypes.ts";
import { buildRows, editRow, statusList, type Edits } from "./statusRows.ts";
import { StatusRowsTable } from "./StatusRowsTable.tsx";
import { DateRange } from "./DateRange.tsx";

/**
 * 设置房态 of one room (R110–R115): a date range (today → the hotel's last stored day, or a week
 * later), a sync box and one editable row per day. Nothing is stored until 保存 (R114); at least
 * one day must have a room count ('必须设置一个或以上的时间房态。', R112).
 */
type Reply = { startDate: string; endDate: string; lastDate: string; hotelType: number; roomName: string };
type Props = { room: { id: number; roomName: string }; hotelType: number; onClose: () => void; onSaved?: () => void };

export function RoomStatusEditor({ room, hotelType, onClose, onSaved }: Props) {
  const api = useApi();
  const client = useQueryClient();
  const [range, setRange] = useState<{ startDate: string; endDate: string } | null>(null);
  const [edits, setEdits] = useState<Edits>({});
  const [sync, setSync] = useState(false);
  const [saving, setSaving] = useState(false);
  const key = [HOTEL_API, "roomstatuslist", room.id, range];
  const q = useQuery({
    queryKey: key,
    queryFn: async () => {
      const r = await unwrap(api.get<Cell>(`${HOTEL_API}/roomstatuslist`, { roomId: room.id, ...range }), "list");
      return { rows: r.dataList ?? [], range: r.data as unknown as Reply };
    },
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  // The first answer names the default range (R110); afterwards the picker owns it.
  const shown = range ?? (q.data ? { startDate: q.data.range.startDate, endDate: q.data.range.endDate } : null);
  const withPrice = hotelType === 2;
  const rows = shown ? buildRows(shown.startDate, shown.endDate, q.data?.rows ?? [], edits) : [];

  async function save() {
    const input = { id: room.id, statusList: statusList(rows, withPrice) };
    const checked = v.safeParse(RoomStatusInput, input);
    if (!checked.success) return toast.error(checked.issues[0].message);
    setSaving(true);
    try {
      const r = await api.post(`${HOTEL_API}/roomstatussave`, { id: room.id, statusList: JSON.stringify(input.statusList) });
      if (!isOk(r)) return toastFailure(r.desc, "save");
      toast.success("保存成功", r.desc);
      setEdits({});
      await client.invalidateQueries({ queryKey: [HOTEL_API] });
      onSaved?.();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      width={800}
      title={`设置房态：${room.roomName}`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>关闭</Button>
          <Button variant="primary" busy={saving} onClick={() => void save()}>
            保存
          </Button>
        </>
      }
    >
      <div className="mb-3 flex flex-wrap items-center gap-4 text-sm text-slate-600">
        {shown && <DateRange value={shown} min={today()} onChange={setRange} />}
        <label className="inline-flex items-center gap-1.5">
          <input type="checkbox" className="accent-blue-600" checked={sync} onChange={(e) => setSync(e.target.checked)} />
          同步（修改一天即同步到所选日期范围的每一天）
        </label>
      </div>
      <StatusRowsTable
        rows={rows}
        withPrice={withPrice}
        loading={q.isFetching}
        onEdit={(inDate, patch) => setEdits((e) => editRow(e, rows, inDate, patch, sync))}
      />
      <p className="mt-2 text-xs text-slate-400">房间数留空的日期不保存；修改后需点击「保存」才生效。{withPrice ? "房价单位：元。" : "会员酒店不设房价。"}</p>
    </Modal>
  );
}
