import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import type { Column } from "./columns.ts";
import type { Hidden } from "./useColumnVisibility.ts";

/** The '列' menu: shows or hides each column the user may hide; at least one column stays. */
export function ColumnPicker<T>({ columns, hidden, onChange }: { columns: Column<T>[]; hidden: Hidden; onChange: (next: Hidden) => void }) {
  const hideable = columns.filter((c) => c.hideable !== false);
  const shown = hideable.filter((c) => hidden[c.id] !== false);
  return (
    <Popover className="relative">
      <PopoverButton className="inline-flex h-8 items-center gap-1 rounded border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:border-blue-500 hover:text-blue-600">
        列
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className="z-[700] mt-1 w-44 rounded border border-slate-200 bg-white p-2 shadow-lg">
        <p className="px-1 pb-1 text-xs text-slate-400">显示的列</p>
        {hideable.map((c) => {
          const on = hidden[c.id] !== false;
          return (
            <label key={c.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-700 hover:bg-slate-50">
              <input
                type="checkbox"
                className="accent-blue-600"
                checked={on}
                disabled={on && shown.length === 1}
                onChange={() => {
                  const next = { ...hidden };
                  if (on) next[c.id] = false;
                  else delete next[c.id];
                  onChange(next);
                }}
              />
              {c.header}
            </label>
          );
        })}
      </PopoverPanel>
    </Popover>
  );
}
