import { memo, useEffect, useRef, useState } from "react";
import { today as todayOf } from "@xiangyu/core/kernel/clock";
import { readMonth } from "./dates.ts";
import { PickerField, type PickerBinding } from "./PickerField.tsx";

/**
 * A month field ("YYYY-MM"): the panel is a year with its twelve months (一月 … as 1月 … 12月),
 * years changed with ‹ ›, and 本月 / 上月 shortcuts. Arrow keys move the month (up/down by a row
 * of three), PageUp/PageDown the year, Enter or Space picks.
 */
type Props = PickerBinding & { min?: string; max?: string; shortcuts?: boolean };

const within = (m: string, min?: string, max?: string) => (!min || m >= min) && (!max || m <= max);
const monthOf = (year: number, index: number) => {
  const y = year + Math.floor(index / 12);
  const m = ((index % 12) + 12) % 12;
  return `${y}-${String(m + 1).padStart(2, "0")}`;
};
/** "YYYY-MM" moved by n months. */
export const shiftMonthText = (month: string, n: number) => monthOf(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n);

export function MonthInput({ min, max, shortcuts = true, ...field }: Props) {
  return (
    <PickerField
      {...field}
      className={field.className ?? "w-36"}
      read={readMonth}
      typing={/^\d{4}-\d{2}$/}
      allowed={(m) => within(m, min, max)}
      defaultPlaceholder="请选择月份"
      panelLabel={`${field["aria-label"] ?? ""}月份选择`}
      panel={({ pick, draft }) => <MonthPanel value={readMonth(draft) ?? String(field.value ?? "")} min={min} max={max} onPick={pick} shortcuts={shortcuts} />}
    />
  );
}

const MonthPanel = memo(function MonthPanel({
  value,
  min,
  max,
  onPick,
  shortcuts,
}: {
  value: string;
  min?: string;
  max?: string;
  onPick: (m: string) => void;
  shortcuts: boolean;
}) {
  const thisMonth = todayOf().slice(0, 7);
  const [focus, setFocus] = useState(value || thisMonth);
  const year = Number(focus.slice(0, 4));
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (value) setFocus(value);
  }, [value]);
  // After a key moved the focus (also into another year), the new month's button takes it.
  useEffect(() => {
    if (moved.current) grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    moved.current = false;
  }, [focus]);

  function move(n: number) {
    moved.current = true;
    setFocus(shiftMonthText(focus, n));
  }
  const shortcut = (label: string, m: string) => (
    <button type="button" disabled={!within(m, min, max)} onClick={() => onPick(m)} className="text-sm text-blue-600 hover:text-blue-800 disabled:text-slate-300">
      {label}
    </button>
  );

  return (
    <div className="w-64 p-2">
      <YearBar year={year} onShift={(n) => setFocus(shiftMonthText(focus, n))} />
      <div
        ref={grid}
        role="grid"
        aria-label={`${year}年`}
        className="mt-1 grid grid-cols-3 gap-1"
        onKeyDown={(e) => {
          const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3, PageUp: -12, PageDown: 12 }[e.key];
          if (step === undefined) return;
          e.preventDefault();
          move(step);
        }}
      >
        {Array.from({ length: 12 }, (_, i) => {
          const m = monthOf(year, i);
          return (
            <MonthCell
              key={m}
              month={m}
              label={`${year}年${i + 1}月`}
              text={`${i + 1}月`}
              selected={m === value}
              focused={m === focus}
              thisMonth={m === thisMonth}
              disabled={!within(m, min, max)}
              onPick={onPick}
            />
          );
        })}
      </div>
      {shortcuts && (
        <div className="mt-2 flex justify-center gap-4 border-t border-slate-100 pt-1.5">
          {shortcut("本月", thisMonth)}
          {shortcut("上月", shiftMonthText(thisMonth, -1))}
        </div>
      )}
    </div>
  );
});

/** The panel's year, with « and » a year back and on. */
function YearBar({ year, onShift }: { year: number; onShift: (months: number) => void }) {
  return (
    <div className="flex items-center justify-between">
      <button type="button" aria-label="上一年" onClick={() => onShift(-12)} className="grid h-8 w-8 place-items-center rounded text-slate-500 hover:bg-slate-100">
        «
      </button>
      <span role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
        {year}年
      </span>
      <button type="button" aria-label="下一年" onClick={() => onShift(12)} className="grid h-8 w-8 place-items-center rounded text-slate-500 hover:bg-slate-100">
        »
      </button>
    </div>
  );
}

/** One month of the year's grid: the chosen one filled, this month ringed, one outside min/max disabled; the focused one is the grid's tab stop. */
function MonthCell({
  month,
  label,
  text,
  selected,
  focused,
  thisMonth,
  disabled,
  onPick,
}: {
  month: string;
  label: string;
  text: string;
  selected: boolean;
  focused: boolean;
  thisMonth: boolean;
  disabled: boolean;
  onPick: (m: string) => void;
}) {
  return (
    <button
      type="button"
      role="gridcell"
      aria-selected={selected}
      aria-label={label}
      tabIndex={focused ? 0 : -1}
      data-focus-target={focused ? "true" : undefined}
      disabled={disabled}
      onClick={() => onPick(month)}
      className={`h-9 rounded text-sm outline-none focus-visible:ring-2 focus-visible:ring-blue-400 disabled:cursor-not-allowed disabled:text-slate-300 ${
        selected ? "bg-blue-600 text-white hover:bg-blue-700" : thisMonth ? "font-semibold text-blue-600 ring-1 ring-blue-300 hover:bg-blue-50" : "text-slate-700 hover:bg-blue-50"
      }`}
    >
      {text}
    </button>
  );
}
