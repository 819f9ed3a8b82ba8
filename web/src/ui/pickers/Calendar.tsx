import { DayPicker, type DayPickerProps } from "react-day-picker";
import { zhCN } from "react-day-picker/locale/zh-CN";
import { today } from "@xiangyu/core/kernel/clock";
import { WEEKDAY_HEADS, dayDate, monthCaption } from "./dates.ts";

/**
 * react-day-picker in the console's look: date-fns' zh-CN (weeks from Monday, 一 … 日 heads,
 * "2026年12月" captions, Chinese labels for screen readers) whatever the browser's language.
 * Today is Shanghai's. Arrow keys move the focused day, PageUp/PageDown the month, Enter or Space picks.
 */
const CLASSES = {
  root: "relative p-2 select-none",
  months: "flex items-start gap-4",
  month: "grid grid-cols-[2rem_1fr_2rem] content-start items-center gap-y-1",
  month_caption: "col-start-2 flex h-8 items-center justify-center text-sm font-medium text-slate-800",
  caption_label: "",
  button_previous: "col-start-1 row-start-1 grid h-8 w-8 place-items-center rounded text-slate-500 hover:bg-slate-100 aria-disabled:opacity-30",
  button_next: "col-start-3 row-start-1 grid h-8 w-8 place-items-center rounded text-slate-500 hover:bg-slate-100 aria-disabled:opacity-30",
  chevron: "h-3.5 w-3.5 fill-current",
  month_grid: "col-span-3 border-collapse",
  weekdays: "",
  weekday: "h-7 w-8 text-center text-xs font-normal text-slate-500",
  week: "",
  day: "p-0 text-center",
  day_button:
    "m-px h-7 w-7 rounded text-sm text-slate-700 outline-none hover:bg-blue-50 focus-visible:ring-2 focus-visible:ring-blue-400 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent",
  footer: "col-span-3",
};
const MODIFIER_CLASSES = {
  today: "[&>button]:font-semibold [&>button]:text-blue-600 [&>button]:ring-1 [&>button]:ring-blue-300",
  outside: "[&>button]:text-slate-300",
  selected: "[&>button]:bg-blue-600 [&>button]:!text-white [&>button]:hover:bg-blue-700",
  // Doubled class (&&): the middle of a range is also "selected", and must win over its blue.
  range_middle: "[&&>button]:bg-blue-50 [&&>button]:!text-slate-800 [&&>button]:rounded-none",
};
const formatters = { formatCaption: monthCaption, formatWeekdayName: (d: Date) => WEEKDAY_HEADS[d.getDay()] };

export function Calendar(props: DayPickerProps) {
  return (
    <DayPicker
      locale={zhCN}
      today={dayDate(today())}
      navLayout="around"
      showOutsideDays
      fixedWeeks
      classNames={CLASSES}
      modifiersClassNames={MODIFIER_CLASSES}
      formatters={formatters}
      {...props}
    />
  );
}
