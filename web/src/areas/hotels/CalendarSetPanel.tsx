import { useState } from "react";
import * as v from "valibot";
import { CalendarSetInput } from "@xiangyu/core/hotels/schemas";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/Button.tsx";
import { controlClass } from "../../ui/form/inputs.tsx";
import { useSaveCalendar } from "./hotelQueries.ts";
import { WEEKDAYS, selectedDates, type Selection } from "./calendarSelection.ts";
import { DateRangeInput } from "../../ui/DateRangePicker.tsx";
import type { Calendar } from "./RoomCalendar.tsx";

/**
 * 批量设置: the chosen rooms × the chosen weekdays of a date range get a room count and/or (discount
 * hotels) a price in one roomcalendarsave. Blank count or price leaves that number as it is.
 */
type Props = { calendar: Calendar; selection: Selection; onSelection: (s: Selection) => void };

const toggle = (list: number[], n: number) => (list.includes(n) ? list.filter((x) => x !== n) : [...list, n].sort((a, b) => a - b));

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
      <fieldset>
        <legend className="mb-1 text-slate-500">客房</legend>
        {calendar.rooms.map((r) => (
          <label key={r.roomId} className="flex items-center gap-1.5 py-0.5">
            <input
              type="checkbox"
              className="accent-blue-600"
              checked={selection.roomIds.includes(r.roomId)}
              onChange={() => onSelection({ ...selection, roomIds: toggle(selection.roomIds, r.roomId) })}
            />
            {r.roomName}
          </label>
        ))}
      </fieldset>
      <div>
        <div className="mb-1 text-slate-500">日期</div>
        <div className="[&_input]:w-32">
          <DateRangeInput label="设置日期范围" value={selection} min={calendar.today} onChange={(r) => onSelection({ ...selection, ...r })} className="w-full" />
        </div>
      </div>
      <fieldset>
        <legend className="mb-1 text-slate-500">星期（不选为每天）</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {WEEKDAYS.map((w) => (
            <label key={w.value} className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                aria-label={`周${w.label}`}
                className="accent-blue-600"
                checked={selection.weekdays.includes(w.value)}
                onChange={() => onSelection({ ...selection, weekdays: toggle(selection.weekdays, w.value) })}
              />
              {w.label}
            </label>
          ))}
        </div>
      </fieldset>
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
