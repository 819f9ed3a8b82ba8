import { WEEKDAYS, type Selection } from "./calendarSelection.ts";
import { DateRangeInput } from "../../ui/pickers/DateRangePicker.tsx";
import type { Calendar } from "./RoomCalendar.tsx";

const toggle = (list: number[], n: number) => (list.includes(n) ? list.filter((x) => x !== n) : [...list, n].sort((a, b) => a - b));

/** Which room states a batch sets: the rooms, the date range and the weekdays (none chosen is every day). */
export function CalendarSelectionFields({ calendar, selection, onSelection }: { calendar: Calendar; selection: Selection; onSelection: (s: Selection) => void }) {
  return (
    <>
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
    </>
  );
}
