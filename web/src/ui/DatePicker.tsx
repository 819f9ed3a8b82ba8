import { memo, useEffect, useState } from "react";
import { today as todayOf } from "@xiangyu/core/kernel/clock";
import { Calendar } from "./Calendar.tsx";
import { dayDate, dayText, readDay } from "./dates.ts";
import { PickerField, type PickerBinding } from "./PickerField.tsx";

/**
 * A day field ("YYYY-MM-DD", what the screens send), bound like the form kit's inputs
 * (`{...form.field("shipDuration")}`) or free-standing. The panel is a Chinese calendar with a 今天
 * shortcut; days outside min/max cannot be picked or typed.
 */
type Props = PickerBinding & { min?: string; max?: string; shortcuts?: boolean };

export const withinDays = (day: string, min?: string, max?: string) => (!min || day >= min) && (!max || day <= max);

export function DateInput({ min, max, shortcuts = true, ...field }: Props) {
  const allowed = (d: string) => withinDays(d, min, max);
  return (
    <PickerField
      {...field}
      className={field.className ?? "w-40"}
      read={readDay}
      typing={/^\d{4}-\d{2}-\d{2}$/}
      allowed={allowed}
      defaultPlaceholder="请选择日期"
      panelLabel={`${field["aria-label"] ?? ""}日历`}
      panel={({ pick, draft }) => <DayPanel value={readDay(draft) ?? String(field.value ?? "")} min={min} max={max} onPick={pick} shortcuts={shortcuts} />}
    />
  );
}

/** Memoised: typing into the box re-renders the field, the calendar only when the day changes. */
const DayPanel = memo(function DayPanel({ value, min, max, onPick, shortcuts }: { value: string; min?: string; max?: string; onPick: (d: string) => void; shortcuts: boolean }) {
  const today = todayOf();
  // With no value the calendar opens on today, or on the nearest month that may be chosen.
  const [month, setMonth] = useState(() => dayDate(value || (min && today < min ? min : max && today > max ? max : today)));
  // A whole day typed into the box shows its month.
  useEffect(() => {
    if (value) setMonth(dayDate(value));
  }, [value]);
  return (
    <>
      <Calendar
        mode="single"
        selected={value ? dayDate(value) : undefined}
        onSelect={(_, day) => onPick(dayText(day))}
        month={month}
        onMonthChange={setMonth}
        disabled={[...(min ? [{ before: dayDate(min) }] : []), ...(max ? [{ after: dayDate(max) }] : [])]}
      />
      {shortcuts && (
        <div className="border-t border-slate-100 px-2 py-1.5 text-center">
          <button type="button" disabled={!withinDays(today, min, max)} onClick={() => onPick(today)} className="text-sm text-blue-600 hover:text-blue-800 disabled:text-slate-300">
            今天
          </button>
        </div>
      )}
    </>
  );
});
