import { useState } from "react";
import * as v from "valibot";
import { CalendarSetInput } from "@xiangyu/core/hotels/schemas";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/Button.tsx";
import { controlClass } from "../../ui/form/inputs.tsx";
import { useSaveCalendar } from "./hotelQueries.ts";
import { selectedDates, type Selection } from "./calendarSelection.ts";
import { CalendarSelectionFields } from "./CalendarSelectionFields.tsx";
import type { Calendar } from "./RoomCalendar.tsx";

/**
 * 批量设置: the chosen rooms × the chosen weekdays of a date range get a room count and/or (discount
 * hotels) a price in one roomcalendarsave. Blank count or price leaves that number as it is.
 */
type Props = { calendar: Calendar; selection: Selection; onSelection: (s: Selection) => void };

export function CalendarSetPanel({ calendar, selection, onSelection }: Props) {
  const saveCalendar = useSaveCalendar();
  const [roomCount, setRoomCount] = useState("");
  const [inPrice, setInPrice] = useState("");
  const withPrice = calendar.hotelType === 2;
  const days = selectedDates(selection).size;

  async function apply() {
    const body = {
      hotelId: calendar.hotelId,
      roomIds: selection.roomIds.join(","),
      startDate: selection.startDate,
      endDate: selection.endDate,
      weekdays: selection.weekdays.join(","),
      roomCount,
      ...(withPrice ? { inPrice } : {}),
    };
    const checked = v.safeParse(CalendarSetInput, body);
    if (!checked.success) return toast.error(checked.issues[0].message);
    const r = await saveCalendar.mutateAsync(body).catch(() => null);
    if (r) toast.success(`已设置${r.data?.count ?? 0}个房态`);
  }

  return (
    <aside aria-label="批量设置" className="flex w-80 shrink-0 flex-col gap-3 overflow-y-auto rounded border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <h3 className="font-medium">批量设置</h3>
      <CalendarSelectionFields calendar={calendar} selection={selection} onSelection={onSelection} />
      <label className="flex items-center gap-2">
        <span className="w-14 text-slate-500">房间数</span>
        <input
          aria-label="批量房间数"
          inputMode="numeric"
          value={roomCount}
          onChange={(e) => setRoomCount(e.target.value)}
          placeholder="不改则留空"
          className={`${controlClass} w-full`}
        />
      </label>
      {withPrice && (
        <label className="flex items-center gap-2">
          <span className="w-14 text-slate-500">房价</span>
          <input
            aria-label="批量房价"
            inputMode="decimal"
            value={inPrice}
            onChange={(e) => setInPrice(e.target.value)}
            placeholder="元，不改则留空"
            className={`${controlClass} w-full`}
          />
        </label>
      )}
      <p className="text-xs text-slate-500">
        将设置 {selection.roomIds.length} 间客房 × {days} 天 = {selection.roomIds.length * days} 个房态
      </p>
      <Button variant="primary" busy={saveCalendar.isPending} onClick={() => void apply()}>
        批量设置
      </Button>
    </aside>
  );
}
