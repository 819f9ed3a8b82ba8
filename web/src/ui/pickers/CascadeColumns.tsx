import type { KeyboardEvent } from "react";
import type { Cell, Row } from "./cascadeMoves.ts";

/** The open panel: one listbox per level, the opened path's rows marked, the chosen one blue, one that may not be chosen grey. */
export function CascadeColumns({
  label,
  columns,
  value,
  opened,
  cursor,
  choosable,
  onKey,
  onClick,
}: {
  label: string;
  columns: Row[][];
  value: string[];
  opened: string[];
  cursor: Cell;
  choosable: (r: Row) => boolean;
  onKey: (e: KeyboardEvent) => void;
  onClick: (col: number, row: number) => void;
}) {
  const chosen = (col: number, r: Row) => (r.all ? value.length === 0 : value.length === col + 1 && value[col] === r.key && opened.slice(0, col).every((k, i) => k === value[i]));
  return (
    <div className="flex max-h-72" onKeyDown={onKey}>
      {columns.map((rows, col) => (
        <ul key={col} role="listbox" aria-label={`${label}第${col + 1}级`} className="min-w-36 overflow-y-auto border-r border-slate-100 py-1 last:border-r-0">
          {rows.map((r, row) => {
            const on = r.all ? col === 0 && opened.length === 0 && value.length === 0 : opened[col] === r.key;
            const may = choosable(r);
            const isChosen = chosen(col, r);
            return (
              <li
                key={r.all ? "\u0000all" : r.key}
                role="option"
                data-cell={`${col}-${row}`}
                tabIndex={cursor.col === col && cursor.row === row ? 0 : -1}
                aria-selected={isChosen}
                aria-disabled={may ? undefined : true}
                onClick={() => onClick(col, row)}
                className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 outline-none focus:bg-blue-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-300 ${
                  on ? "bg-slate-50 font-medium" : ""
                } ${isChosen && may ? "text-blue-600" : may ? "text-slate-700" : "text-slate-400"}`}
              >
                <span className="truncate">{r.name}</span>
                {r.hasChildren ? <span aria-hidden="true">›</span> : null}
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}
