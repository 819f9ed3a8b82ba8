import { memo, useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { today as todayOf } from "@xiangyu/core/kernel/clock";
import { addDays, lastDayOfMonth } from "@xiangyu/core/hotels/nights";
import { Calendar } from "./Calendar.tsx";
import { CalendarToggle } from "./PickerField.tsx";
import { PickerPopover } from "./PickerPopover.tsx";
import { dayDate, dayText, readDay } from "./dates.ts";
import { withinDays } from "./DatePicker.tsx";
import { shiftMonthText } from "./MonthPicker.tsx";

/**
 * A start and an end day in one field ("YYYY-MM-DD" each): two boxes staff may type into and one
 * panel of two Chinese months. Picking in the panel sets the start, then the end (the panel closes
 * and the focus goes back to the end box); 本月 / 上月 set a whole month at once (cut to min/max).
 * The end is never less than `minNights` days after the start: a start typed or picked after the
 * end moves the end with it, as the screens did with their two native inputs.
 */
export type DayRange = { startDate: string; endDate: string };

type Props = {
  value: DayRange;
  onChange: (r: DayRange) => void;
  onBlur?: () => void;
  min?: string;
  max?: string;
  /** 0: one-day ranges (holidays, calendar settings); 1: a stay (check-out after check-in). */
  minNights?: number;
  /** The group's name for screen readers. */
  label?: string;
  /** The boxes' names, e.g. 入住日期 / 离店日期. */
  labels?: [string, string];
  shortcuts?: boolean;
  disabled?: boolean;
  error?: string;
  className?: string;
};

type End = "start" | "end";

/** A shortcut's month cut to min/max; null when nothing of it may be chosen. */
function monthSpanOf(month: string, firstEnd: (start: string) => string, min?: string, max?: string): DayRange | null {
  const first = `${month}-01`;
  const last = lastDayOfMonth(month);
  const startDate = min && first < min ? min : first;
  const endDate = max && last > max ? max : last;
  return firstEnd(startDate) <= endDate ? { startDate, endDate } : null;
}

/**
 * What the two boxes hold while typed (drafts, kept in step with the value) and the edits of the
 * range: a new start keeps the end if it still fits, else moves it; a box's draft is committed when
 * it is a day that may be chosen there, else put back.
 */
function useRangeEdits({ value, onChange, min, max, minNights }: { value: DayRange; onChange: (r: DayRange) => void; min?: string; max?: string; minNights: number }) {
  const [drafts, setDrafts] = useState<[string, string]>([value.startDate, value.endDate]);
  useEffect(() => setDrafts([value.startDate, value.endDate]), [value.startDate, value.endDate]);

  const firstEnd = (start: string) => addDays(start, minNights);
  const allowed = (end: End, d: string) => withinDays(d, end === "start" ? min : value.startDate ? firstEnd(value.startDate) : min, max);

  /** A new start keeps the end if it still fits, else moves it to the first day that does. */
  function setStart(start: string) {
    const end = value.endDate && value.endDate >= firstEnd(start) ? value.endDate : firstEnd(start);
    onChange({ startDate: start, endDate: withinDays(end, undefined, max) ? end : start });
  }
  function setEnd(end: string) {
    onChange({ startDate: value.startDate || end, endDate: end });
  }
  const set = (end: End, d: string) => (end === "start" ? setStart(d) : setEnd(d));

  function commit(end: End) {
    const i = end === "start" ? 0 : 1;
    const d = readDay(drafts[i]);
    if (d && allowed(end, d)) {
      if (d !== (end === "start" ? value.startDate : value.endDate)) set(end, d);
      setDrafts((ds) => (i === 0 ? [d, ds[1]] : [ds[0], d]));
    } else setDrafts([value.startDate, value.endDate]);
  }
  return { drafts, setDrafts, firstEnd, allowed, setStart, setEnd, set, commit };
}

/** What a pick in the open panel does: a day sets the start, then the end (closing the panel, the focus back on the end box); a shortcut sets a whole month. */
function usePanelPicks({
  open,
  setOpen,
  inputs,
  value,
  firstEnd,
  setStart,
  setEnd,
  monthSpan,
  onChange,
}: {
  open: false | End;
  setOpen: Dispatch<SetStateAction<false | End>>;
  inputs: Record<End, RefObject<HTMLInputElement | null>>;
  value: DayRange;
  firstEnd: (start: string) => string;
  setStart: (day: string) => void;
  setEnd: (day: string) => void;
  monthSpan: (month: string) => DayRange | null;
  onChange: (r: DayRange) => void;
}) {
  function hide(refocus: End | false) {
    setOpen(false);
    if (refocus) inputs[refocus].current?.focus();
  }
  function pickDay(day: string) {
    if (open === "end" && day >= (value.startDate ? firstEnd(value.startDate) : "")) {
      setEnd(day);
      hide("end");
    } else {
      setStart(day);
      setOpen("end");
    }
  }
  const pickRef = useRef(pickDay);
  pickRef.current = pickDay;
  const stablePick = useCallback((day: string) => pickRef.current(day), []);
  function pickMonth(month: string) {
    const span = monthSpan(month);
    if (span) onChange(span);
    hide("end");
  }
  return { hide, stablePick, pickMonth };
}

export function DateRangeInput({
  value,
  onChange,
  onBlur,
  min,
  max,
  minNights = 0,
  label = "日期范围",
  labels = ["开始日期", "结束日期"],
  shortcuts = true,
  disabled,
  error,
  className = "",
}: Props) {
  const { drafts, setDrafts, firstEnd, allowed, setStart, setEnd, set, commit } = useRangeEdits({ value, onChange, min, max, minNights });
  const [open, setOpen] = useState<false | End>(false);
  const [intoPanel, setIntoPanel] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const inputs = { start: useRef<HTMLInputElement>(null), end: useRef<HTMLInputElement>(null) };
  useEffect(() => {
    if (intoPanel) box.current?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]')?.focus();
  }, [intoPanel]);

  const monthSpan = (month: string) => monthSpanOf(month, firstEnd, min, max);
  const { hide, stablePick, pickMonth } = usePanelPicks({ open, setOpen, inputs, value, firstEnd, setStart, setEnd, monthSpan, onChange });

  const box1 = (end: End) => (
    <RangeDayBox
      end={end}
      inputs={inputs}
      label={labels[end === "start" ? 0 : 1]}
      draft={drafts[end === "start" ? 0 : 1]}
      disabled={disabled}
      error={error}
      open={open}
      setOpen={setOpen}
      setDrafts={setDrafts}
      onTyped={(d) => {
        if (allowed(end, d)) set(end, d);
      }}
      commit={commit}
      intoPanel={() => setIntoPanel((n) => n + 1)}
    />
  );

  const anchorDay = open === "end" && value.endDate ? value.endDate : value.startDate || todayOf();
  return (
    <div
      ref={box}
      role="group"
      aria-label={label}
      className={`relative inline-flex h-8 w-72 items-center rounded border bg-white px-1 ${error ? "border-red-400" : "border-slate-300"} focus-within:border-blue-500 focus-within:ring-2 focus-within:ring-blue-100 ${disabled ? "bg-slate-50" : ""} ${className}`}
      onBlur={(e) => {
        if (box.current?.contains(e.relatedTarget as Node | null)) return;
        commit(e.target === inputs.end.current ? "end" : "start");
        setOpen(false);
        onBlur?.();
      }}
    >
      {box1("start")}
      <span className="px-1 text-slate-400" aria-hidden="true">
        至
      </span>
      {box1("end")}
      <CalendarToggle
        open={!!open}
        disabled={disabled}
        onClick={() => {
          setOpen(open ? false : "start");
          if (!open) setIntoPanel((n) => n + 1);
        }}
      />
      <PickerPopover anchor={box} open={!!open} onClose={(how) => hide(how === "escape" ? open || "start" : false)} label={`${label}日历`}>
        <RangePanel anchorDay={anchorDay} value={value} disabledBefore={open === "end" && value.startDate ? firstEnd(value.startDate) : min} max={max} onPick={stablePick} />
        {shortcuts && <MonthShortcuts monthSpan={monthSpan} onPick={pickMonth} />}
      </PickerPopover>
    </div>
  );
}

const RangePanel = memo(function RangePanel({
  anchorDay,
  value,
  disabledBefore,
  max,
  onPick,
}: {
  anchorDay: string;
  value: DayRange;
  disabledBefore?: string;
  max?: string;
  onPick: (d: string) => void;
}) {
  const [month, setMonth] = useState(() => dayDate(anchorDay.slice(0, 7) + "-01"));
  return (
    <Calendar
      mode="range"
      numberOfMonths={2}
      showOutsideDays={false}
      selected={value.startDate ? { from: dayDate(value.startDate), to: value.endDate ? dayDate(value.endDate) : undefined } : undefined}
      onSelect={(_, day) => onPick(dayText(day))}
      month={month}
      onMonthChange={setMonth}
      disabled={[...(disabledBefore ? [{ before: dayDate(disabledBefore) }] : []), ...(max ? [{ after: dayDate(max) }] : [])]}
    />
  );
});

/** 本月 and 上月: a whole month at once, cut to min/max (disabled when nothing of it may be chosen). */
function MonthShortcuts({ monthSpan, onPick }: { monthSpan: (month: string) => DayRange | null; onPick: (month: string) => void }) {
  const thisMonth = todayOf().slice(0, 7);
  return (
    <div className="flex justify-center gap-4 border-t border-slate-100 px-2 py-1.5">
      {[
        ["本月", thisMonth],
        ["上月", shiftMonthText(thisMonth, -1)],
      ].map(([name, m]) => (
        <button key={name} type="button" disabled={!monthSpan(m)} onClick={() => onPick(m)} className="text-sm text-blue-600 hover:text-blue-800 disabled:text-slate-300">
          {name}
        </button>
      ))}
    </div>
  );
}

/**
 * One of the two boxes: typing a whole day sets it at once (when it may be chosen there); ArrowDown
 * opens the panel and moves into it, Enter and Tab commit the draft, Escape closes the panel.
 */
function RangeDayBox({
  end,
  inputs,
  label,
  draft,
  disabled,
  error,
  open,
  setOpen,
  setDrafts,
  onTyped,
  commit,
  intoPanel,
}: {
  end: End;
  inputs: Record<End, RefObject<HTMLInputElement | null>>;
  label: string;
  draft: string;
  disabled?: boolean;
  error?: string;
  open: false | End;
  setOpen: Dispatch<SetStateAction<false | End>>;
  setDrafts: Dispatch<SetStateAction<[string, string]>>;
  onTyped: (day: string) => void;
  commit: (end: End) => void;
  intoPanel: () => void;
}) {
  const i = end === "start" ? 0 : 1;
  return (
    <input
      ref={inputs[end]}
      aria-label={label}
      value={draft}
      placeholder={label}
      autoComplete="off"
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      className="h-full w-0 min-w-0 flex-1 bg-transparent px-1 text-sm text-slate-800 outline-none placeholder:text-slate-400"
      onFocus={() => setOpen((o) => o && end)}
      onClick={() => !disabled && setOpen(end)}
      onChange={(e) => {
        const t = e.target.value;
        setDrafts((ds) => (i === 0 ? [t, ds[1]] : [ds[0], t]));
        const d = /^\d{4}-\d{2}-\d{2}$/.test(t.trim()) ? readDay(t) : null;
        if (d) onTyped(d);
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowDown") {
          e.preventDefault();
          setOpen(end);
          intoPanel();
        } else if (e.key === "Enter") {
          e.preventDefault();
          commit(end);
          setOpen(false);
        } else if (e.key === "Tab") {
          commit(end);
          if (end === "end" || e.shiftKey) setOpen(false);
        } else if (e.key === "Escape" && open) {
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
        }
      }}
      onBlur={(e) => {
        if (e.relatedTarget !== inputs[end === "start" ? "end" : "start"].current) return;
        commit(end);
      }}
    />
  );
}
