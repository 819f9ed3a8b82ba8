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
      <div className="flex items-center justify-between">
        <button
          type="button"
          aria-label="上一年"
          onClick={() => setFocus(shiftMonthText(focus, -12))}
          className="grid h-8 w-8 place-items-center rounded text-slate-500 hover:bg-slate-100"
        >
          «
        </button>
        <span role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
          {year}年
        </span>
        <button
          type="button"
          aria-label="下一年"
          onClick={() => setFocus(shiftMonthText(focus, 12))}
          className="grid h-8 w-8 place-items-center rounded text-slate-500 hover:bg-slate-100"
        >
          »
        </button>
      </div>
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
          const selected = m === value;
          return (
            <button
              key={m}
              type="button"
              role="gridcell"
              aria-selected={selected}
              aria-label={`${year}年${i + 1}月`}
              tabIndex={m === focus ? 0 : -1}
              data-focus-target={m === focus ? "true" : undefined}
              disabled={!within(m, min, max)}
              onClick={() => onPick(m)}
              className={`h-9 rounded text-sm outline-none focus-visible:ring-2 focus-visible:ring-blue-400 disabled:cursor-not-allowed disabled:text-slate-300 ${
                selected
                  ? "bg-blue-600 text-white hover:bg-blue-700"
                  : m === thisMonth
                    ? "font-semibold text-blue-600 ring-1 ring-blue-300 hover:bg-blue-50"
                    : "text-slate-700 hover:bg-blue-50"
              }`}
            >
              {i + 1}月
            </button>
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
