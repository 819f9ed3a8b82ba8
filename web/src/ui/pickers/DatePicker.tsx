import { memo, useEffect, useState } from "react";
import { today as todayOf } from "@xiangyu/core/kernel/clock";
import { Calendar } from "./Calendar.tsx";
import { dayDate, dayText, readDay } from "./dates.ts";
import { PickerField, type PickerBinding } from "./PickerField.tsx";
import { controlClass } from "../form/inputs.tsx";

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

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A moment ("YYYY-MM-DD HH:mm:ss", as information's publish, start and end times are sent): the day
 * from the same calendar, the time of day typed beside it as HH:mm (`time` while it is left blank).
 * The value changes only to a whole moment, or to "" when the day is cleared; a half-typed time
 * waits (and is put back on leaving the box). `second` is the moment's seconds: "59" for an end
 * that lasts to the end of its minute (a lottery's 23:59:59).
 */
export function DateTimeInput({ time: fallback = "00:00", second = "00", min, max, ...field }: Props & { time?: string; second?: "00" | "59" }) {
  const value = String(field.value ?? "");
  const day = value.slice(0, 10);
  const stored = value.length >= 16 ? value.slice(11, 16) : "";
  const [draft, setDraft] = useState(stored);
  useEffect(() => setDraft(stored), [stored]);
  const label = field["aria-label"] ?? "";
  const moment = (d: string, t: string) => (d ? `${d} ${HH_MM.test(t) ? t : fallback}:${second}` : "");
  return (
    <span className="inline-flex items-center gap-2">
      <DateInput {...field} min={min} max={max} value={day} onChange={(d: unknown) => field.onChange(moment(String(d ?? ""), draft))} />
      <input
        aria-label={`${label}时刻`}
        placeholder={fallback}
        value={draft}
        maxLength={5}
        inputMode="numeric"
        disabled={field.disabled || field.readOnly}
        onChange={(e) => {
          setDraft(e.target.value);
          if (day && HH_MM.test(e.target.value)) field.onChange(moment(day, e.target.value));
        }}
        onBlur={() => {
          if (!HH_MM.test(draft)) setDraft(stored);
          field.onBlur?.();
        }}
        className={`${controlClass} w-20`}
      />
    </span>
  );
}
