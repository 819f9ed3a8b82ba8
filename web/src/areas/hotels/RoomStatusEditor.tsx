import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import * as v from "valibot";
import { RoomStatusInput } from "@xiangyu/core/hotels/schemas";
import { today } from "@xiangyu/core/kernel/clock";
import { useApi } from "../../lib/screen.tsx";
import { succeeded } from "../../lib/routeQuery.ts";
import { toast } from "../../lib/toast.ts";
import { Modal } from "../../ui/dialogs/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { hotelQueries, useSaveRoomStatus } from "./hotelQueries.ts";
import { buildRows, editRow, statusList, type Edits } from "./statusRows.ts";
import { StatusRowsTable } from "./StatusRowsTable.tsx";
import { DateRangeInput } from "../../ui/pickers/DateRangePicker.tsx";

/**
 * 设置房态 of one room (R110–R115): a date range (today → the hotel's last stored day, or a week
 * later), a sync box and one editable row per day. Nothing is stored until 保存 (R114); at least
 * one day must have a room count ('必须设置一个或以上的时间房态。', R112).
 */
type Props = { room: { id: number; roomName: string }; hotelType: number; onClose: () => void };

export function RoomStatusEditor({ room, hotelType, onClose }: Props) {
  const api = useApi();
  const saveStatus = useSaveRoomStatus();
  const [range, setRange] = useState<{ startDate: string; endDate: string } | null>(null);
  const [edits, setEdits] = useState<Edits>({});
  const [sync, setSync] = useState(false);
  const q = useQuery({
    ...hotelQueries.roomStatus(api, room.id, range),
    select: (r) => ({ rows: r.dataList ?? [], range: r.data }),
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  // The first answer names the default range (R110); afterwards the picker owns it.
  const shown = range ?? (q.data?.range ? { startDate: q.data.range.startDate, endDate: q.data.range.endDate } : null);
  const withPrice = hotelType === 2;
  const rows = shown ? buildRows(shown.startDate, shown.endDate, q.data?.rows ?? [], edits) : [];

  async function save() {
    const input = { id: room.id, statusList: statusList(rows, withPrice) };
    const checked = v.safeParse(RoomStatusInput, input);
    if (!checked.success) return toast.error(checked.issues[0].message);
    // The days travel as JSON text (formBody), as the spec's editor sent them.
    if (await succeeded(saveStatus.mutateAsync(input))) setEdits({});
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
          <Button variant="primary" busy={saveStatus.isPending} onClick={() => void save()}>
            保存
          </Button>
        </>
      }
    >
      <div className="mb-3 flex flex-wrap items-center gap-4 text-sm text-slate-600">
        {shown && (
          <span className="inline-flex items-center gap-1.5">
            日期范围
            <DateRangeInput value={shown} min={today()} onChange={setRange} />
          </span>
        )}
        <label className="inline-flex items-center gap-1.5">
          <input type="checkbox" className="accent-blue-600" checked={sync} onChange={(e) => setSync(e.target.checked)} />
          同步（修改一天即同步到所选日期范围的每一天）
        </label>
      </div>
      <StatusRowsTable rows={rows} withPrice={withPrice} loading={q.isFetching} onEdit={(inDate, patch) => setEdits((e) => editRow(e, rows, inDate, patch, sync))} />
      <p className="mt-2 text-xs text-slate-400">房间数留空的日期不保存；修改后需点击「保存」才生效。{withPrice ? "房价单位：元。" : "会员酒店不设房价。"}</p>
    </Modal>
  );
}
